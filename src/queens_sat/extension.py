"""The one door to the compiled modules: nothing else in the package imports them.

``bitsearch()`` (the region-board search, native/regions/), ``nqueens()`` (the
kernels for boards without regions, native/nqueens/), ``gridcheck()`` (the
plain-grid checks, native/model/), ``connectivity()`` (the generator's region passes,
native/generator/), ``stars()`` (the k-star search,
native/stars/) and ``logic()`` (the logic engine, native/logic/) return the compiled module, or None when the pure-Python twins
must run: when the extension was not built (after one warning per module) or
when ``QUEENS_SAT_PURE_PYTHON=1`` turns it off on purpose (tests and
comparisons, no warning; its changes are followed, so a test can switch it).
Each is typed by its stub (``_bitsearch.pyi`` and the like, beside the module),
so mypy checks every compiled call.

The region search, the k-star search and the logic engine carry their hot C in variants for the
CPU, linked into the one module (native/README.md): ``portable``, ``popcnt``
(POPCNT + SSE4.2 + BMI1) and ``avx512`` (+ AVX-512 F/VPOPCNTDQ). Each module
takes the best one the running CPU has when it is imported (``native_path()``
names the region search's); ``QUEENS_SAT_NATIVE_PATH=portable|popcnt|avx512``
asks for a lesser one (for comparisons; a variant the CPU lacks is never taken).
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Final, Literal, cast, overload

if TYPE_CHECKING:  # the stubs of the compiled modules, for the typed views below
    from queens_sat import _bitsearch, _connectivity, _gridcheck, _logic, _nqueens, _stars

    class BitsearchModule:
        """What ``bitsearch()`` returns, as its stub types it (a view for mypy: the module itself at run time)."""

        MAX_N = _bitsearch.MAX_N
        CHECK_EVERY = _bitsearch.CHECK_EVERY
        BUILD_LEVEL = _bitsearch.BUILD_LEVEL
        cpu_level = staticmethod(_bitsearch.cpu_level)
        variants = staticmethod(_bitsearch.variants)
        variant = staticmethod(_bitsearch.variant)
        use_variant = staticmethod(_bitsearch.use_variant)
        count = staticmethod(_bitsearch.count)
        count_rows = staticmethod(_bitsearch.count_rows)
        count_batch = staticmethod(_bitsearch.count_batch)
        Search = _bitsearch.Search

    class StarsModule:
        """What ``stars()`` returns, as its stub types it."""

        MAX_N = _stars.MAX_N
        variants = staticmethod(_stars.variants)
        variant = staticmethod(_stars.variant)
        use_variant = staticmethod(_stars.use_variant)
        count = staticmethod(_stars.count)

    class LogicModule:
        """What ``logic()`` returns, as its stub types it."""

        MAX_N = _logic.MAX_N
        MAX_STAR_N = _logic.MAX_STAR_N
        MAX_K = _logic.MAX_K
        HEAD = _logic.HEAD
        variants = staticmethod(_logic.variants)
        variant = staticmethod(_logic.variant)
        use_variant = staticmethod(_logic.use_variant)
        solve = staticmethod(_logic.solve)
        Engine = _logic.Engine

    class NQueensModule:
        """What ``nqueens()`` returns, as its stub types it."""

        MAX_BITS_N = _nqueens.MAX_BITS_N
        monotonic = staticmethod(_nqueens.monotonic)
        count_task = staticmethod(_nqueens.count_task)
        Enumerator = _nqueens.Enumerator
        local_search = staticmethod(_nqueens.local_search)
        first_violation = staticmethod(_nqueens.first_violation)
        ColumnChecker = _nqueens.ColumnChecker

    class GridcheckModule:
        """What ``gridcheck()`` returns, as its stub types it."""

        fill = staticmethod(_gridcheck.fill)
        solution_ok = staticmethod(_gridcheck.solution_ok)
        canonical = staticmethod(_gridcheck.canonical)
        canonical_labels = staticmethod(_gridcheck.canonical_labels)
        region_parts = staticmethod(_gridcheck.region_parts)
        fill_canonical = staticmethod(_gridcheck.fill_canonical)
        covers_regions = staticmethod(_gridcheck.covers_regions)

    class ConnectivityModule:
        """What ``connectivity()`` returns, as its stub types it."""

        cut_off = staticmethod(_connectivity.cut_off)
        paths_out = staticmethod(_connectivity.paths_out)
        stays_connected = staticmethod(_connectivity.stays_connected)

PURE_PYTHON_ENV = "QUEENS_SAT_PURE_PYTHON"
PATH_ENV = "QUEENS_SAT_NATIVE_PATH"
BITSEARCH: Final = "queens_sat._bitsearch"
NQUEENS: Final = "queens_sat._nqueens"
GRIDCHECK: Final = "queens_sat._gridcheck"
CONNECTIVITY: Final = "queens_sat._connectivity"
STARS: Final = "queens_sat._stars"
LOGIC: Final = "queens_sat._logic"
MODULE: Final = BITSEARCH  # the region-board search, the one most callers mean
PATHS = ("portable", "popcnt", "avx512")  # the variants of the searches, by the CPU level they need
WITH_VARIANTS = (BITSEARCH, STARS, LOGIC)  # the modules whose C comes in those variants
SEARCHING = (BITSEARCH, STARS, LOGIC, NQUEENS)  # the modules whose kernels read a cancel flag
RULE_CODES = {"no-touch": 0, "queens": 1}  # how the compiled modules number the rules

_loaded: dict[str, ModuleType | None] = {}
_missing: dict[str, str] = {}  # module -> why it could not be imported


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


def _import(name: str) -> ModuleType:
    """The module, with the variant ``QUEENS_SAT_NATIVE_PATH`` asks for (it starts on the best)."""
    module = importlib.import_module(name)
    wanted = os.environ.get(PATH_ENV, "").strip()
    if name in WITH_VARIANTS and wanted:
        if wanted in PATHS:
            module.use_variant(wanted)
        elif name == BITSEARCH:  # warned once, by the module most callers mean
            warnings.warn(f"{PATH_ENV}={wanted!r} is not one of {', '.join(PATHS)}; ignored", RuntimeWarning, stacklevel=3)
    return module


def missing_remedy(package: str | None = None) -> str:
    """What to do about a missing compiled module, by where the package was imported from: a
    folder outside any site-packages is a source tree on the path (PYTHONPATH, a copied
    folder), which was never built, not an installation that lacked a compiler."""
    folder = package or os.path.dirname(os.path.abspath(__file__))
    if "site-packages" in folder.split(os.sep) or "dist-packages" in folder.split(os.sep):
        return "it was installed without a working C compiler: reinstall with one, pip install ."
    return f"queens_sat was imported from the unbuilt source folder {folder}: install it (pip install .) and run the installed one"


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
                    f"which is much slower ({missing_remedy()})"
                ),
                stacklevel=2,
            )
    return _loaded[name]


def bitsearch() -> BitsearchModule | None:
    """The region-board search, or None for the pure-Python reference."""
    return cast("BitsearchModule | None", native_module(BITSEARCH))


def nqueens() -> NQueensModule | None:
    """The kernels for boards without regions (count, enumerate, local search, check), or None."""
    return cast("NQueensModule | None", native_module(NQUEENS))


def gridcheck() -> GridcheckModule | None:
    """The one-pass checks of plain grids, or None."""
    return cast("GridcheckModule | None", native_module(GRIDCHECK))


def connectivity() -> ConnectivityModule | None:
    """The generator's region-connectivity passes (native/generator/), or None."""
    return cast("ConnectivityModule | None", native_module(CONNECTIVITY))


def stars() -> StarsModule | None:
    """The k-star (Star Battle) search, or None for the pure-Python reference."""
    return cast("StarsModule | None", native_module(STARS))


def logic() -> LogicModule | None:
    """The logic engine (native/logic/), or None for the pure-Python reference (engines/logic/)."""
    return cast("LogicModule | None", native_module(LOGIC))


@overload
def required(name: Literal["queens_sat._bitsearch"] = ...) -> BitsearchModule: ...
@overload
def required(name: Literal["queens_sat._stars"]) -> StarsModule: ...
@overload
def required(name: Literal["queens_sat._nqueens"]) -> NQueensModule: ...
@overload
def required(name: Literal["queens_sat._gridcheck"]) -> GridcheckModule: ...
def required(name: str = MODULE) -> object:
    """The compiled module ``name``; RuntimeError saying why when it cannot be used."""
    module = native_module(name)
    if module is None:
        raise RuntimeError(f"the native extension is not available: {unavailable_reason(name)}")
    return module


def set_cancel_flag(flag: bytearray | None) -> None:
    """Point this thread's cancel flag in every compiled search at ``flag[0]`` (None: at none); see
    runtime/cancel.py. Each module links its own copy of native/common/stop.c, so each is told.
    Modules already loaded are told even when the pure-Python switch is on now: none may keep
    pointing at a flag that is gone."""
    for name in SEARCHING:
        module = _loaded.get(name) if flag is None or pure_python_forced() else native_module(name)
        if module is not None:
            module.set_cancel_flag(flag)


def native_path() -> str:
    """Which variant of the region search runs: ``portable``, ``popcnt``, ``avx512``, or ``python``."""
    module = bitsearch()
    return module.variant() if module is not None else "python"


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
