"""Whole-number arguments of the Python API, checked once: ints and numpy integers alike, never bools."""

from __future__ import annotations

import operator
from typing import Any

from queens_sat.model.errors import QueensSatError, UsageError, shown


def whole_number(value: Any, what: str, error: type[QueensSatError] = UsageError, noun: str = "a whole number") -> int:
    """``value`` as a Python int when it is a whole number (``int``, a numpy integer, anything with
    ``__index__``), else ``error`` naming ``what``: 2.5, "3" and True are refused, not rounded or
    read."""
    if isinstance(value, bool):
        raise error(f"{what} must be {noun}, got {shown(value)}")
    try:
        return operator.index(value)
    except TypeError:
        raise error(f"{what} must be {noun}, got {shown(value)}") from None
