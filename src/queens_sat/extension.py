"""The one door to the compiled modules: nothing else in the package imports them.

``bitsearch()`` (the region-board search, native/bitsearch.pyx), ``nqueens()``
(the kernels for boards without regions), ``gridcheck()`` (the plain-grid
checks), ``stars()`` (the k-star search, native/stars.pyx) and ``logic()`` (the logic engine,
native/logic/) return the compiled module, or None when the pure-Python twins must run:
when the extension was not built (after one warning per module) or when
``QUEENS_SAT_PURE_PYTHON=1`` turns it off on purpose (tests and comparisons, no
warning; its changes are followed, so a test can switch it).

The region search comes in up to three builds of the same source (setup.py):
portable, ``popcnt`` (POPCNT + SSE4.2) and ``avx512`` (+ AVX-512 F/VPOPCNTDQ).
The best one the running CPU has is imported, once (``native_path()`` names it);
``QUEENS_SAT_NATIVE_PATH=portable|popcnt|avx512`` asks for a lesser one (for
comparisons; a build the CPU lacks is never taken).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import warnings
from collections.abc import Callable
from types import ModuleType

PURE_PYTHON_ENV = "QUEENS_SAT_PURE_PYTHON"
PATH_ENV = "QUEENS_SAT_NATIVE_PATH"
BITSEARCH = "queens_sat._bitsearch"
NQUEENS = "queens_sat._nqueens"
GRIDCHECK = "queens_sat._gridcheck"
STARS = "queens_sat._stars"
LOGIC = "queens_sat._logic"
MODULE = BITSEARCH  # the region-board search, the one most callers mean
PATHS = ("portable", "popcnt", "avx512")  # the builds of the region search, by the CPU level they need
RULE_CODES = {"no-touch": 0, "queens": 1}  # how the compiled modules number the rules

_loaded: dict[str, ModuleType | None] = {}
_missing: dict[str, str] = {}  # module -> why it could not be imported
_path: dict[str, str] = {}  # BITSEARCH, LOGIC -> the build imported


class NativeMissingWarning(RuntimeWarning):
    """A compiled module is not built; its pure-Python twin stands in (slower)."""


# ``os.environ.get`` encodes its key on every call and raises and catches a KeyError when the
# variable is unset: about a microsecond, a quarter of a validator call on a bare grid. So the
# switch is read once, when this module is imported, like most libraries' environment switches
# (OMP_NUM_THREADS and the like). A program that changes it later calls ``reread_environment``.
# (An audit hook on os.putenv could follow every change, but it would run on every audited
# event of the whole process, for ever: a library must not tax its host for this.)
_forced = False


def _forcing(value: str) -> bool:
    """Whether a value of ``QUEENS_SAT_PURE_PYTHON`` asks for the pure-Python path (any but empty or 0)."""
    return value.strip() not in ("", "0")


_on_switch: list[Callable[[], None]] = []  # what to forget when the switch is read again (choices made on the old value)


def on_switch(forget: Callable[[], None]) -> None:
    """Call ``forget`` whenever ``reread_environment`` reads the switch again: the layers above keep
    choices made from it (the backends made, ``auto``'s routes) and drop them then."""
    _on_switch.append(forget)


def reread_environment() -> None:
    """Read ``QUEENS_SAT_PURE_PYTHON`` again (it is read once, at import; see above)."""
    global _forced
    _forced = _forcing(os.environ.get(PURE_PYTHON_ENV, ""))
    for forget in _on_switch:
        forget()


reread_environment()


def pure_python_forced() -> bool:
    """Whether ``QUEENS_SAT_PURE_PYTHON`` asked for the pure-Python path when it was last read
    (at import, or by ``reread_environment``): a global read, not an environment look-up."""
    return _forced


# The modules built more than once, by the CPU level each extra build needs (setup.py).
_BUILDS = {BITSEARCH: PATHS, LOGIC: PATHS[:2]}


def _import(name: str) -> ModuleType:
    if name not in _BUILDS:
        return importlib.import_module(name)
    paths = _BUILDS[name]
    portable = importlib.import_module(name)
    level = min(int(portable.cpu_level()), len(paths) - 1)
    wanted = os.environ.get(PATH_ENV, "").strip()
    if wanted in PATHS:
        level = min(level, PATHS.index(wanted))
    elif wanted:
        warnings.warn(f"{PATH_ENV}={wanted!r} is not one of {', '.join(PATHS)}; ignored", RuntimeWarning, stacklevel=3)
    for path in reversed(paths[1 : level + 1]):  # the best build this CPU runs that was built
        try:
            module = importlib.import_module(f"{name}_{path}")
        except ImportError:
            continue
        _path[name] = path
        return module
    _path[name] = "portable"
    return portable


def native_module(name: str = MODULE) -> ModuleType | None:
    """The compiled module ``name``, or None (warning once when it is missing by accident)."""
    if pure_python_forced():
        return None
    if name not in _loaded:
        try:
            _loaded[name] = _import(name)
        except ImportError as err:
            _loaded[name], _missing[name] = None, f"not built ({err})"
            warnings.warn(
                NativeMissingWarning(
                    f"the native extension {name} is {_missing[name]}; using the pure-Python twin, "
                    "which is much slower (reinstall with a C compiler: pip install .)"
                ),
                stacklevel=2,
            )
    return _loaded[name]


def bitsearch() -> ModuleType | None:
    """The region-board search (the best build for this CPU), or None for the pure-Python reference."""
    return native_module(BITSEARCH)


def nqueens() -> ModuleType | None:
    """The kernels for boards without regions (count, enumerate, local search, check), or None."""
    return native_module(NQUEENS)


def gridcheck() -> ModuleType | None:
    """The one-pass checks of plain grids, or None."""
    return native_module(GRIDCHECK)


def stars() -> ModuleType | None:
    """The k-star (Star Battle) search (native/stars.pyx), or None for the pure-Python reference."""
    return native_module(STARS)


def logic() -> ModuleType | None:
    """The logic engine (native/logic/; its POPCNT build where the CPU has it), or None for the
    pure-Python reference (engines/logic/)."""
    return native_module(LOGIC)


def logic_path() -> str:
    """Which build of the logic engine runs: ``portable``, ``popcnt``, or ``python``."""
    return _path.get(LOGIC, "portable") if logic() is not None else "python"


def required(name: str = MODULE) -> ModuleType:
    """The compiled module ``name``; RuntimeError saying why when it cannot be used."""
    module = native_module(name)
    if module is None:
        raise RuntimeError(f"the native extension is not available: {unavailable_reason(name)}")
    return module


def bitsearch_builds() -> dict[str, ModuleType]:
    """Every build of the region search that is there and that this CPU runs, by path (for tests)."""
    portable = bitsearch()
    if portable is None:
        return {}
    found = {"portable": importlib.import_module(BITSEARCH)}
    for path in PATHS[1 : int(portable.cpu_level()) + 1]:
        with contextlib.suppress(ImportError):  # not built (no such compiler flags)
            found[path] = importlib.import_module(f"{BITSEARCH}_{path}")
    return found


def native_path() -> str:
    """Which build of the region search runs: ``portable``, ``popcnt``, ``avx512``, or ``python``."""
    return _path.get(BITSEARCH, "portable") if bitsearch() is not None else "python"


def rule_code(rule: str) -> int:
    """The number the compiled modules know ``rule`` by; ValueError for an unknown rule."""
    if rule not in RULE_CODES:
        raise ValueError(f"rule {rule!r} is not one of {', '.join(RULE_CODES)}")
    return RULE_CODES[rule]


def native_limit(limit: int | None) -> int:
    """``limit`` as the compiled search takes it (0: no limit); ValueError below 1."""
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1 (or None for all), got {limit}")
    # the native search counts in 64 bits; a limit past that can never be reached anyway
    return 0 if limit is None else min(int(limit), 2**63 - 1)


def unavailable_reason(name: str = MODULE) -> str | None:
    """Why the compiled module is not used (None when it is)."""
    if pure_python_forced():
        return f"turned off by {PURE_PYTHON_ENV}={os.environ[PURE_PYTHON_ENV]}"
    native_module(name)
    return _missing.get(name)
