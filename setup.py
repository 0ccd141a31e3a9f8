"""Build hook: compiles the Cython sources under native/ into the queens_sat package.

Everything else about the package lives in pyproject.toml.

The extension is optional: without a working C compiler the package still
installs and runs on the pure-Python search (``auto`` warns once); ``.ci/run``
insists that it was built. On an x86-64 Linux machine whose CPU has POPCNT and
SSE4.2 (every x86-64 CPU since about 2009) the search uses them, and AVX-512
with VPOPCNTQ where the CPU has it (the scan of boards up to 11x11); set
``QUEENS_SAT_PORTABLE_BUILD=1`` to leave them out, e.g. for a wheel meant for
other machines.
"""

import os
import platform
import sys
from pathlib import Path

from setuptools import setup

NATIVE = Path(__file__).parent / "native"


def cpu_flags() -> list:
    """Compiler flags for the instructions the search profits from, when this machine has them."""
    if os.environ.get("QUEENS_SAT_PORTABLE_BUILD") or not sys.platform.startswith("linux"):
        return []
    if platform.machine() not in ("x86_64", "AMD64"):
        return []
    try:
        flags = set(Path("/proc/cpuinfo").read_text().split())
    except OSError:
        return []
    if not {"popcnt", "sse4_2"} <= flags:
        return []
    if {"avx512f", "avx512_vpopcntdq"} <= flags:  # the flat scan counts eight units per instruction
        return ["-mpopcnt", "-msse4.2", "-mavx512f", "-mavx512vpopcntdq"]
    return ["-mpopcnt", "-msse4.2"]


def native_extensions() -> list:
    sources = sorted(NATIVE.glob("*.pyx"))
    if not sources:
        return []
    headers = sorted(NATIVE.glob("*.h"))
    from Cython.Build import cythonize
    from setuptools import Extension

    modules = [
        Extension(
            f"queens_sat._{src.stem}",
            [str(src.relative_to(Path(__file__).parent))],
            depends=[str(h.relative_to(Path(__file__).parent)) for h in headers],  # plain C the .pyx includes
            extra_compile_args=["-O3", *cpu_flags()],
        )
        for src in sources
    ]
    built = cythonize(modules, language_level=3, compiler_directives={"boundscheck": False, "wraparound": False})
    for ext in built:  # set here: cythonize makes new Extension objects and drops the flag
        ext.optional = True  # no compiler: install anyway, the pure-Python path takes over
    return built


setup(ext_modules=native_extensions())
