"""Arguments of the Python API, checked once: whole numbers (ints and numpy integers alike, never
bools or floats), choices among names, seconds. Each refusal is an ``ArgumentError`` naming the
argument, so no public function lets a bare ``ValueError`` or ``TypeError`` escape for a bad call."""

from __future__ import annotations

import math
import numbers
import operator
import os
from collections.abc import Iterable
from typing import Any

from queens_sat.model.errors import ArgumentError, QueensSatError, UsageError, shown


def whole_number(value: Any, what: str, error: type[QueensSatError] = UsageError, noun: str = "a whole number") -> int:
    """``value`` as a Python int when it is a whole number (``int``, a numpy integer, anything with
    ``__index__``), else ``error`` naming ``what``: 2.5, "3" and True are refused, not rounded or
    read."""
    if isinstance(value, bool):
        raise _refusal(error, f"{what} must be {noun}, got {shown(value)}", what)
    try:
        return operator.index(value)
    except TypeError:
        raise _refusal(error, f"{what} must be {noun}, got {shown(value)}", what) from None


def _refusal(error: type[QueensSatError], message: str, what: str) -> QueensSatError:
    """``error`` with ``message``; an ``ArgumentError`` (naming ``what``) where a plain usage error was asked."""
    if error is UsageError:
        return ArgumentError(message, argument=what.split()[-1])
    return error(message)


def counted(value: Any, what: str, least: int = 0, most: int | None = None) -> int:
    """``value`` as a whole number in ``least..most`` (numpy integers too), else an ``ArgumentError``
    naming ``what``: a count, a depth, a number of workers."""
    number = whole_number(value, what)
    if number < least or (most is not None and number > most):
        span = f"at least {least}" if most is None else f"from {least} to {most}"
        raise ArgumentError(f"{what} must be {span}, got {number}", argument=what)
    return number


def optional_counted(value: Any, what: str, least: int = 0, most: int | None = None) -> int | None:
    """``counted``, with None passed through (no limit)."""
    return None if value is None else counted(value, what, least, most)


def choice(value: Any, what: str, choices: Iterable[str]) -> str:
    """``value`` when it is one of ``choices`` (a string), else an ``ArgumentError`` listing them."""
    names = tuple(choices)
    if not isinstance(value, str) or value not in names:
        raise ArgumentError(f"{what} {shown(value)} is not one of {', '.join(names)}", argument=what)
    return value


def seconds_or_none(value: Any, what: str = "time_limit") -> float | None:
    """A number of seconds (positive, finite or ``inf`` for none) or None, else an ``ArgumentError``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArgumentError(f"{what}: a time limit is a number of seconds, got {shown(value)}", argument=what)
    try:
        number = float(value)
    except OverflowError:
        return None
    if not number > 0:
        raise ArgumentError(f"{what}: a time limit must be a positive number of seconds, got {shown(value)}", argument=what)
    return None if number == math.inf else number


def path_of(value: Any, what: str = "path") -> str:
    """A file name (``str`` or ``os.PathLike``) as a string, else an ``ArgumentError`` naming ``what``."""
    if isinstance(value, str):
        return value
    try:
        name = os.fspath(value)
    except TypeError:
        raise ArgumentError(f"{what} must be a file name (str or a Path), got {shown(value)}", argument=what) from None
    if not isinstance(name, str):
        raise ArgumentError(f"{what} must be a file name as text, got {shown(value)}", argument=what)
    return name


def instance_of(value: Any, kind: type, what: str) -> None:
    """An ``ArgumentError`` naming ``what`` unless ``value`` is a ``kind``."""
    if not isinstance(value, kind):
        raise ArgumentError(f"{what} must be a {kind.__name__}, got {shown(value)}", argument=what)
