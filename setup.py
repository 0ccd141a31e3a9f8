"""Build hook: compiles the native kernels under native/ into the queens_sat package.

Everything else about the package lives in pyproject.toml; native/README.md describes the
layout. The extension is optional: without a working C compiler the package still installs
and runs on the pure-Python search (``auto`` warns once); ``.ci/run`` insists that it built.

Each module is one Cython file (its Python entries) and plain C: ``common`` (shared by every
module), the C compiled once, and the C compiled once per *variant* (native/common/cpu.h):
``portable`` with the target's baseline flags, and with GCC or Clang on x86-64 ``popcnt``
(-mpopcnt -msse4.2 -mbmi) and ``avx512`` (+ -mavx512f -mavx512vpopcntdq), each with
``-DQS_VARIANT=<name>``. All the copies link into the one module, which takes the best the
running CPU has at import. A variant whose flags the compiler lacks is left out.
``QUEENS_SAT_PORTABLE_BUILD=1`` leaves out every variant but the portable one;
``QUEENS_SAT_NATIVE_BUILD=1`` opts in to ``-march=native`` for everything (fastest here,
runs only on CPUs like this one).
"""

from __future__ import annotations

import os
import platform
import sys
from dataclasses import dataclass, field
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
NATIVE = "native"
COMMON = ["native/common/clock.c", "native/common/cpu.c", "native/common/stop.c"]
# The variants past the portable one, their flags and the macro that tells a module they were built.
# The kernels' own C has no signed overflow: Python's CFLAGS carry -fwrapv (for CPython's sake), which
# keeps the compiler from some loop optimisations (1.5% of the k-star search's time), so it goes here.
KERNEL_FLAGS = ["-fno-wrapv"] if sys.platform != "win32" else []
VARIANT_FLAGS = {
    "popcnt": ["-mpopcnt", "-msse4.2", "-mbmi"],
    "avx512": ["-mpopcnt", "-msse4.2", "-mbmi", "-mavx512f", "-mavx512vpopcntdq"],
}


@dataclass
class Module:
    """One compiled module: ``queens_sat._<name>`` from ``folder/pyx`` and its C."""

    name: str
    folder: str
    pyx: str
    once: list[str] = field(default_factory=list)  # C compiled once (beside native/common/)
    per_variant: list[str] = field(default_factory=list)  # C compiled once per variant
    variants: tuple[str, ...] = ()  # the variants past portable this module has

    def path(self, file: str) -> str:
        return f"{NATIVE}/{self.folder}/{file}"


MODULES = [
    Module("bitsearch", "regions", "bitsearch.pyx", once=["tables.c"], per_variant=["search.c", "hall.c"], variants=("popcnt", "avx512")),
    Module("stars", "stars", "stars.pyx", once=["board.c"], per_variant=["search.c", "lines.c", "flow.c"], variants=("popcnt",)),
    Module("nqueens", "nqueens", "nqueens.pyx"),
    Module("gridcheck", "model", "gridcheck.pyx"),
    Module("connectivity", "generator", "connectivity.pyx"),
    Module(
        "logic", "logic", "logic.pyx", once=["kernels.c", "pace.c"],
        per_variant=["board.c", "rules.c", "pigeonhole.c", "blocks.c", "witness.c", "probes.c", "engine.c"], variants=("popcnt",),
    ),
]


def gcc_like_x86_64() -> bool:
    """Whether the compiler takes GCC's -m flags and the target is x86-64 (not MSVC, not ARM)."""
    return sys.platform != "win32" and platform.machine().lower() in ("x86_64", "amd64")


def opted_in(variable: str) -> bool:
    return os.environ.get(variable, "").strip() not in ("", "0")


def base_flags() -> list[str]:
    flags = ["-O3"] if sys.platform != "win32" else ["/O2"]
    if opted_in("QUEENS_SAT_NATIVE_BUILD") and sys.platform != "win32":
        flags.append("-march=native")  # opt-in: runs only on CPUs with what this one has
    return flags


def wanted_variants(module: Module) -> tuple[str, ...]:
    """The variants past portable to try building for ``module`` here."""
    if not gcc_like_x86_64() or opted_in("QUEENS_SAT_PORTABLE_BUILD"):
        return ()
    return module.variants


class BuildVariants(build_ext):
    """``build_ext`` that first compiles each module's per-variant C once per variant (other flags,
    ``-DQS_VARIANT``) and links those objects into the module, defining ``QS_HAVE_<VARIANT>`` for
    the ones that compiled."""

    def build_extension(self, ext):
        module = next(m for m in MODULES if ext.name == f"queens_sat._{m.name}")
        if self.force or out_of_date(self.get_ext_fullpath(ext.name), [*ext.sources, *ext.depends]):
            ext.extra_objects = [obj for obj in ext.extra_objects if "variant-" not in obj]
            for variant in ("portable", *wanted_variants(module)):
                objects = self.compile_variant(ext, module, variant)
                if objects is None:
                    continue
                ext.extra_objects.extend(objects)
                if variant != "portable":
                    ext.define_macros.append((f"QS_HAVE_{variant.upper()}", "1"))
        super().build_extension(ext)

    def compile_variant(self, ext, module: Module, variant: str) -> list[str] | None:
        """The objects of ``module``'s per-variant C for ``variant``; None when the compiler cannot
        (for the portable variant that fails the module, which is optional)."""
        from setuptools.errors import CompileError

        flags = [*base_flags(), *KERNEL_FLAGS, *VARIANT_FLAGS.get(variant, [])]
        try:
            return self.compiler.compile(
                [module.path(f) for f in module.per_variant],
                output_dir=os.path.join(self.build_temp, f"variant-{variant}"),
                macros=[("QS_VARIANT", variant)],
                include_dirs=ext.include_dirs,
                extra_postargs=flags,
                depends=ext.depends,
            )
        except CompileError:
            if variant == "portable":
                raise
            self.warn(f"{ext.name}: the {variant} variant did not compile ({' '.join(flags)}); left out")
            return None


def out_of_date(target: str, sources: list[str]) -> bool:
    """Whether ``target`` is missing or older than one of ``sources`` (as build_ext itself decides)."""
    if not os.path.exists(target):
        return True
    built = os.path.getmtime(target)
    return any(os.path.getmtime(s) > built for s in sources if os.path.exists(s))


CYTHON_OUT = "build/cython"  # the generated C stays out of native/


def cython_source(module: Module, sources: list[str]) -> str:
    """The module's .pyx, or the C that Cython made of it in an earlier build when that C is newer
    than every file under native/. pip builds in a fresh environment each time, whose Cython
    headers are newer than any C made before, so cythonize alone would make the C again and every
    install (one per extra) would compile everything again: one to two minutes."""
    generated = f"{CYTHON_OUT}/{module.path(module.pyx)[: -len('.pyx')]}.c"
    if os.environ.get("QUEENS_SAT_RECYTHONIZE") or out_of_date(generated, sources):
        return module.path(module.pyx)
    return generated


def native_extensions() -> list:
    from Cython.Build import cythonize
    from setuptools import Extension

    headers = sorted(str(p.relative_to(ROOT)) for p in (ROOT / NATIVE).rglob("*") if p.suffix in (".h", ".pxi", ".pxd", ".c", ".pyx"))
    modules = [
        Extension(
            f"queens_sat._{m.name}",
            [cython_source(m, headers), *COMMON, *(m.path(f) for f in m.once)],
            depends=headers,  # the C and declarations the module is built from
            include_dirs=[f"{NATIVE}/common", f"{NATIVE}/{m.folder}"],
            extra_compile_args=base_flags(),
        )
        for m in MODULES
    ]
    built = cythonize(
        modules,
        language_level=3,
        include_path=[f"{NATIVE}/common"],
        build_dir=CYTHON_OUT,
        compiler_directives={"boundscheck": False, "wraparound": False},
    )
    for ext in built:  # set here: cythonize makes new Extension objects and drops the flag
        ext.optional = True  # no compiler: install anyway, the pure-Python twins take over
    return built


setup(ext_modules=native_extensions(), cmdclass={"build_ext": BuildVariants})
