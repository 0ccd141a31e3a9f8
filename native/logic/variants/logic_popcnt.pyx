# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# The logic engine (native/logic/logic.pyx) built again with the compiler flags setup.py gives
# the "popcnt" build (its C from engine_popcnt.c, which includes every engine file);
# queens_sat/extension.py imports it instead of the portable build only where the CPU has POPCNT.
"""The logic engine of native/logic/logic.pyx, built for POPCNT + SSE4.2 (see that file's docstring)."""

include "../logic.pyx"
