# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# The region search (native/bitsearch.pyx) built again with the compiler flags setup.py gives
# the "avx512" build; queens_sat/extension.py imports it instead of the portable build only where
# the CPU has those instructions. The source is the same, included whole.
"""The region search of native/bitsearch.pyx, built for POPCNT + SSE4.2 + AVX-512 F/VPOPCNTDQ (see that file's docstring)."""

include "../bitsearch.pyx"
