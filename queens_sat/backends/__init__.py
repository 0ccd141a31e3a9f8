"""The backend registry: names to classes, imported only when asked for.

The order of ``AUTO_ORDER`` is the preference of ``backend="auto"``: the first
available backend that supports the puzzle is used.
"""

from __future__ import annotations

import importlib
import warnings

from ..errors import BackendError
from ..puzzle import Puzzle
from .base import Backend

# name -> (module, class); the module is imported only when the backend is used.
_REGISTRY: dict[str, tuple[str, str]] = {
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
    """Every registered backend name, available or not."""
    return list(_REGISTRY)


def _backend_class(name: str) -> type[Backend]:
    module, cls = _REGISTRY[name]
    return getattr(importlib.import_module(module), cls)


def available_backends() -> list[str]:
    """The names of the backends whose libraries are installed, in auto order first."""
    ordered = list(AUTO_ORDER) + [n for n in _REGISTRY if n not in AUTO_ORDER]
    return [n for n in ordered if _backend_class(n).available()]


def backend_info() -> list[dict[str, object]]:
    """Name, availability, install hint, auto rank and one-line summary of every backend."""
    out = []
    for name in _REGISTRY:
        cls = _backend_class(name)
        doc = (cls.__doc__ or importlib.import_module(cls.__module__).__doc__ or "").strip().splitlines()
        out.append(
            {
                "name": name,
                "available": cls.available(),
                "install_hint": cls.install_hint,
                "auto_rank": AUTO_ORDER.index(name) + 1 if name in AUTO_ORDER else None,
                "summary": doc[0].replace("``", "") if doc else "",
            }
        )
    return out


def _choices() -> str:
    lines = []
    for n in _REGISTRY:
        cls = _backend_class(n)
        state = "available" if cls.available() else f"not installed ({cls.install_hint})"
        lines.append(f"  {n}: {state}")
    return "\n".join(lines)


def get_backend(name: str = "auto", puzzle: Puzzle | None = None, **options: object) -> Backend:
    """The backend called ``name`` (``"sat:glucose4"`` picks a variant), ready to search.

    ``"auto"`` takes the first available entry of ``AUTO_ORDER`` that supports
    ``puzzle``. Unknown or missing backends raise ``BackendError`` listing the choices.
    """
    if isinstance(name, Backend):
        return name
    base, _, variant = name.partition(":")
    if base == "auto":
        return _auto_backend(puzzle, options)
    if base not in _REGISTRY:
        raise BackendError(f"unknown backend {name!r}; choose auto or one of:\n{_choices()}")
    cls = _backend_class(base)
    if not cls.available():
        raise BackendError(f"backend {base!r} is not installed: {cls.install_hint}\nchoices:\n{_choices()}")
    try:
        return cls(variant or None, **options)
    except ValueError as err:
        raise BackendError(str(err)) from None


def _auto_backend(puzzle: Puzzle | None, options: dict) -> Backend:
    reasons = []
    declined = []  # general backends that could not take the puzzle: worth a warning
    for n in AUTO_ORDER:
        cls = _backend_class(n)
        if not cls.available():
            reasons.append(f"{n}: not installed")
            continue
        backend = cls(None, **options)
        why = backend.unsupported(puzzle) if puzzle is not None else None
        if why is None:
            if declined:  # a preferred backend could not take this puzzle: say so, once per reason
                warnings.warn(f"using backend {n!r}: {'; '.join(declined)}", stacklevel=3)
            return backend
        reasons.append(f"{n}: {why}")
        if not cls.specialist:  # a specialist passing on what it was never for is no news
            declined.append(f"{n}: {why}")
    raise BackendError("no backend can search this puzzle:\n  " + "\n  ".join(reasons))
