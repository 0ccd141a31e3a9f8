"""The backend registry: names to classes, imported only when asked for.

``backend="auto"`` is ``AutoBackend`` (``backends/auto.py``): per puzzle, the first
available entry of ``AUTO_ORDER`` that supports it, and, when that is the native
search and a SAT solver is installed too, the two taking turns with doubling
budgets (a portfolio: see that module).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from queens_sat.backends.base import Backend
from queens_sat.extension import on_switch
from queens_sat.model.errors import BackendError, UsageError
from queens_sat.model.puzzle import Puzzle

# name -> (module, class); the module is imported only when the backend is used.
_REGISTRY: dict[str, tuple[str, str]] = {
    "auto": ("queens_sat.backends.auto", "AutoBackend"),
    "nqueens": ("queens_sat.backends.nqueens", "NQueensBackend"),
    "native": ("queens_sat.backends.native", "NativeBackend"),
    "python": ("queens_sat.backends.python", "PythonBackend"),
    "cpsat": ("queens_sat.backends.cpsat", "CpSatBackend"),
    "sat": ("queens_sat.backends.sat", "SatBackend"),
    # reasoning alone: settles only what logic can, so never chosen by "auto"
    "logic": ("queens_sat.backends.logic", "LogicBackend"),
}
# nqueens first: it takes only boards without regions or givens, whatever their size,
# and says so through ``unsupported``; every other board goes on to the general ones.
AUTO_ORDER: tuple[str, ...] = ("nqueens", "native", "python")


def backend_names() -> list[str]:
    """Every registered backend name, available or not (``auto`` aside: it is a choice among them)."""
    return [name for name in _REGISTRY if name != "auto"]


def backend_class(name: str) -> type[Backend]:
    """The class registered as ``name`` (its module imported now)."""
    module, cls = _REGISTRY[name]
    found: type[Backend] = getattr(importlib.import_module(module), cls)
    return found


def available_backends() -> list[str]:
    """The names of the backends whose libraries are installed, in auto order first."""
    ordered = list(AUTO_ORDER) + [n for n in backend_names() if n not in AUTO_ORDER]
    return [n for n in ordered if backend_class(n).available()]


def backend_info() -> list[dict[str, object]]:
    """Name, availability, install hint (None when available), auto rank and one-line summary of every backend."""
    out = []
    for name in backend_names():
        cls = backend_class(name)
        doc = (cls.__doc__ or importlib.import_module(cls.__module__).__doc__ or "").strip().splitlines()
        available = cls.available()
        out.append(
            {
                "name": name,
                "available": available,
                "install_hint": None if available else cls.install_hint,  # nothing to install for what is there
                "auto_rank": AUTO_ORDER.index(name) + 1 if name in AUTO_ORDER else None,
                "summary": doc[0].replace("``", "") if doc else "",
            }
        )
    return out


def _choices() -> str:
    lines = []
    for n in backend_names():
        cls = backend_class(n)
        state = "available" if cls.available() else f"not installed ({cls.install_hint})"
        lines.append(f"  {n}: {state}")
    return "\n".join(lines)


_SHARED: dict[str, Backend] = {}  # one object per plain name, for calls without options: they hold no state worth a copy
on_switch(_SHARED.clear)  # QUEENS_SAT_PURE_PYTHON read again: native may come or go


def forget_with_backends(forget: Callable[[], None]) -> None:
    """Call ``forget`` whenever the shared backends are dropped (``QUEENS_SAT_PURE_PYTHON`` read
    again): for a choice kept per backend name above this module (``searching.unique_rows``)."""
    on_switch(forget)


def make_backend(name: str, options: dict[str, object]) -> Backend | None:
    """The backend called ``name`` with its default variant, or None when it is not installed
    (without options, the one object of this process: ``auto`` keeps its choices in it)."""
    if not options:
        found = _SHARED.get(name)
        if found is not None:
            return found
    cls = backend_class(name)
    if not cls.available():
        return None
    backend = cls(None, **options)
    if not options:
        _SHARED[name] = backend
    return backend


def get_backend(name: str | Backend = "auto", puzzle: Puzzle | None = None, **options: object) -> Backend:
    """The backend called ``name`` (``"sat:glucose4"`` picks a variant), ready to search.

    ``"auto"`` routes each puzzle by ``AUTO_ORDER`` (with ``puzzle``, the choice is
    made now, so that a puzzle nothing can search fails here). Unknown or missing
    backends raise ``BackendError`` listing the choices.
    """
    if isinstance(name, Backend):
        return name
    if not isinstance(name, str):
        raise BackendError(f"a backend is a name (auto or one of:\n{_choices()}) or a Backend object, not {type(name).__name__}")
    if not options:
        shared = _SHARED.get(name)
        if shared is not None:
            if puzzle is not None and name == "auto":
                shared.resolve(puzzle)  # auto's choice, made now
            return shared
    base, _, variant = name.partition(":")
    if base not in _REGISTRY:
        raise BackendError(f"unknown backend {name!r}; choose auto or one of:\n{_choices()}")
    cls = backend_class(base)
    if not cls.available():
        raise BackendError(f"backend {base!r} is not installed: {cls.install_hint}\nchoices:\n{_choices()}")
    try:
        backend = cls(variant or None, **options)
    except ValueError as err:
        raise BackendError(str(err)) from None
    if not options and not variant:
        _SHARED[name] = backend
    if base == "auto" and puzzle is not None:
        backend.resolve(puzzle)  # auto's choice, made now
    return backend


NQUEENS_ONLY_OPTIONS = ("method", "seed")  # options that mean something to the nqueens backend alone


def routed_with_options(name: str, puzzle: Puzzle, options: dict[str, Any]) -> str | Backend:
    """The backend ``name`` for ``puzzle`` with ``options`` (method, seed, workers, on_progress)
    applied when the backend that will search the board takes them (``Backend.option_names``:
    the nqueens counter on a board without regions or givens). Otherwise ``name`` as it is;
    ``method`` or ``seed`` given for a board whose backend does not take them is a ``UsageError``
    rather than silently ignored."""
    engine = get_backend(name, puzzle).resolve(puzzle)
    taken = {key: value for key, value in options.items() if key in engine.option_names}
    if taken:
        return get_backend(engine.full_name, puzzle, **taken)
    given = [f"--{key}" for key in NQUEENS_ONLY_OPTIONS if key in options]
    if given:
        verb = "applies" if len(given) == 1 else "apply"
        raise UsageError(f"{' and '.join(given)} {verb} to boards without regions or givens (the nqueens backend)")
    return name
