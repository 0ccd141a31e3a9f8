"""The compiled modules (``queens_sat._bitsearch``, ``queens_sat._nqueens``), if they are there.

The package installs without them when no C compiler was at hand; everything then
runs on the pure-Python twins, after one warning per module. ``QUEENS_SAT_PURE_PYTHON=1``
turns the extensions off on purpose (for tests and comparisons), without a warning;
it is read on every call, so a test can switch it.
"""

from __future__ import annotations

import importlib
import os
import warnings
from types import ModuleType

PURE_PYTHON_ENV = "QUEENS_SAT_PURE_PYTHON"
MODULE = "queens_sat._bitsearch"  # the region-board search, the one most callers mean

_loaded: dict[str, ModuleType | None] = {}
_missing: dict[str, str] = {}  # module -> why it could not be imported


class NativeMissingWarning(RuntimeWarning):
    """A compiled module is not built; its pure-Python twin stands in (slower)."""


# ``os.environ.get`` encodes its key on every call: about a microsecond, a quarter of a
# validator call on a bare grid. CPython's ``os.environ`` keeps the encoded mapping it
# updates in ``_data``; that is read directly where it is there (same answers, 30x faster).
_ENVIRON = getattr(os.environ, "_data", None)
_ENV_KEY = os.environ.encodekey(PURE_PYTHON_ENV) if _ENVIRON is not None and hasattr(os.environ, "encodekey") else None


def pure_python_forced() -> bool:
    """Whether ``QUEENS_SAT_PURE_PYTHON`` asks for the pure-Python path (any value but empty or 0)."""
    if _ENV_KEY is not None:
        value = _ENVIRON.get(_ENV_KEY)  # type: ignore[union-attr]
        return value is not None and value.strip() not in (b"", b"0", "", "0")
    return os.environ.get(PURE_PYTHON_ENV, "").strip() not in ("", "0")


def native_module(name: str = MODULE) -> ModuleType | None:
    """The compiled module ``name``, or None (warning once when it is missing by accident)."""
    if pure_python_forced():
        return None
    if name not in _loaded:
        try:
            _loaded[name] = importlib.import_module(name)
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


def unavailable_reason(name: str = MODULE) -> str | None:
    """Why the compiled module is not used (None when it is)."""
    if pure_python_forced():
        return f"turned off by {PURE_PYTHON_ENV}={os.environ[PURE_PYTHON_ENV]}"
    native_module(name)
    return _missing.get(name)
