"""Build hook: compiles the Cython sources under native/ into the queens_sat package.

Everything else about the package lives in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup

NATIVE = Path(__file__).parent / "native"


def native_extensions() -> list:
    sources = sorted(NATIVE.glob("*.pyx"))
    if not sources:
        return []
    from Cython.Build import cythonize
    from setuptools import Extension

    modules = [
        Extension(f"queens_sat._{src.stem}", [str(src.relative_to(Path(__file__).parent))], extra_compile_args=["-O3"])
        for src in sources
    ]
    return cythonize(modules, language_level=3, compiler_directives={"boundscheck": False, "wraparound": False})


setup(ext_modules=native_extensions())
