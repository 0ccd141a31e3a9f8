"""The compiled search (``queens_sat._bitsearch``), if it is there, and why not when it is not.

The package installs without it when no C compiler was at hand; everything then
runs on the pure-Python reference, after one warning. ``QUEENS_SAT_PURE_PYTHON=1``
turns the extension off on purpose (for tests and comparisons), without a warning.
"""

from __future__ import annotations

import importlib
import os
import warnings
from types import ModuleType

PURE_PYTHON_ENV = "QUEENS_SAT_PURE_PYTHON"
MODULE = "queens_sat._bitsearch"

_cache: dict[str, ModuleType | str | None] = {}


class NativeMissingWarning(RuntimeWarning):
    """The compiled search is not built; the pure-Python one stands in (slower)."""


def pure_python_forced() -> bool:
    """Whether ``QUEENS_SAT_PURE_PYTHON`` asks for the pure-Python path (any value but empty or 0)."""
    return os.environ.get(PURE_PYTHON_ENV, "").strip() not in ("", "0")


def native_module() -> ModuleType | None:
    """The compiled search module, or None (warning once when it is missing by accident)."""
    if "module" not in _cache:
        module, reason = None, None
        if pure_python_forced():
            reason = f"turned off by {PURE_PYTHON_ENV}={os.environ[PURE_PYTHON_ENV]}"
        else:
            try:
                module = importlib.import_module(MODULE)
            except ImportError as err:
                reason = f"not built ({err})"
                warnings.warn(
                    NativeMissingWarning(
                        f"the native extension {MODULE} is {reason}; using the pure-Python search, "
                        "which is much slower (reinstall with a C compiler: pip install .)"
                    ),
                    stacklevel=2,
                )
        _cache["module"], _cache["reason"] = module, reason
    return _cache["module"]  # type: ignore[return-value]


def unavailable_reason() -> str | None:
    """Why the compiled search is not used (None when it is)."""
    native_module()
    return _cache["reason"]  # type: ignore[return-value]
