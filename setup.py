"""Build hook: compiles the Cython sources under native/ into the queens_sat package.

Everything else about the package lives in pyproject.toml.

The extension is optional: without a working C compiler the package still
installs and runs on the pure-Python search (``auto`` warns once); ``.ci/run``
insists that it was built.

The default build is portable: no instruction beyond the baseline of the target
(x86-64 without POPCNT, say), so a wheel runs on any CPU of its platform. With
GCC or Clang on x86-64 the region search (native/bitsearch.pyx) is built twice
more, as ``_bitsearch_popcnt`` (-mpopcnt -msse4.2) and ``_bitsearch_avx512``
(+ -mavx512f -mavx512vpopcntdq, the vector scan of native/scan_avx512.h);
``src/queens_sat/extension.py`` imports the best one the running CPU has
(``__builtin_cpu_supports``), once. A build whose flags the compiler lacks is
skipped, and the portable one runs. ``QUEENS_SAT_PORTABLE_BUILD=1`` leaves the
extra builds out; ``QUEENS_SAT_NATIVE_BUILD=1`` opts in to ``-march=native``
for every module (fastest here, runs only on CPUs like this one).
"""

import os
import platform
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).parent
NATIVE = ROOT / "native"
# The extra builds of the region search, by module suffix: their flags and source (native/variants/).
VARIANTS = {
    "popcnt": ["-mpopcnt", "-msse4.2"],
    "avx512": ["-mpopcnt", "-msse4.2", "-mavx512f", "-mavx512vpopcntdq"],
}


def gcc_like_x86_64() -> bool:
    """Whether the compiler takes GCC's -m flags and the target is x86-64 (not MSVC, not ARM)."""
    return sys.platform != "win32" and platform.machine().lower() in ("x86_64", "amd64")


def base_flags() -> list[str]:
    flags = ["-O3"] if sys.platform != "win32" else ["/O2"]
    if os.environ.get("QUEENS_SAT_NATIVE_BUILD", "").strip() not in ("", "0") and sys.platform != "win32":
        flags.append("-march=native")  # opt-in: runs only on CPUs with what this one has
    return flags


LOGIC = NATIVE / "logic"


def logic_extensions(extension, variants: bool) -> list:
    """``queens_sat._logic``: the logic engine, plain C files (native/logic/*.c, each with its
    header) behind the thin wrapper native/logic/logic.pyx (whose generated logic.c is not one
    of them); with ``variants``, ``queens_sat._logic_popcnt`` too: the same, built for POPCNT
    from native/logic/variants/ (one unit including every engine file, so that its objects
    are its own)."""
    engine = [str(p.relative_to(ROOT)) for p in sorted(LOGIC.glob("*.c")) if p.stem != "logic"]
    depends = [str(p.relative_to(ROOT)) for p in sorted(LOGIC.glob("*.h"))] + engine + [str((LOGIC / "logic.pyx").relative_to(ROOT))]
    builds = [("logic", LOGIC / "logic.pyx", engine, [])]
    if variants:
        builds.append(("logic_popcnt", LOGIC / "variants" / "logic_popcnt.pyx", [str((LOGIC / "variants" / "engine_popcnt.c").relative_to(ROOT))], VARIANTS["popcnt"]))
    modules = []
    for name, wrapper, sources, flags in builds:
        ext = extension(name, wrapper, flags)
        ext.sources += sources
        ext.include_dirs = [str(LOGIC.relative_to(ROOT))]
        ext.depends = depends
        modules.append(ext)
    return modules


def native_extensions() -> list:
    sources = sorted(NATIVE.glob("*.pyx"))
    if not sources:
        return []
    headers = [str(h.relative_to(ROOT)) for h in sorted([*NATIVE.glob("*.h"), *NATIVE.glob("*/*.pxi")])]
    from Cython.Build import cythonize
    from setuptools import Extension

    def extension(name: str, source: Path, flags: list[str]) -> Extension:
        return Extension(
            f"queens_sat._{name}",
            [str(source.relative_to(ROOT))],
            depends=headers,  # plain C the .pyx includes
            include_dirs=[str(NATIVE.relative_to(ROOT))],
            extra_compile_args=[*base_flags(), *flags],
        )

    modules = [extension(src.stem, src, []) for src in sources]
    portable_only = os.environ.get("QUEENS_SAT_PORTABLE_BUILD", "").strip() not in ("", "0")
    if gcc_like_x86_64() and not portable_only:
        for suffix, flags in VARIANTS.items():
            source = NATIVE / "variants" / f"bitsearch_{suffix}.pyx"
            modules.append(extension(f"bitsearch_{suffix}", source, flags))
    modules += logic_extensions(extension, gcc_like_x86_64() and not portable_only)
    built = cythonize(
        modules,
        language_level=3,
        include_path=[str(NATIVE)],
        compiler_directives={"boundscheck": False, "wraparound": False},
    )
    for ext in built:  # set here: cythonize makes new Extension objects and drops the flag
        ext.optional = True  # no compiler (or no such flags): install anyway, a plainer build takes over
        ext.depends = [*ext.depends, *(str(p.relative_to(ROOT)) for p in sources)]  # the variants include bitsearch.pyx
    return built


setup(ext_modules=native_extensions())
