"""The arguments of the region-free kernels, checked where a caller hands them in (the backend's
own calls come with a checked ``Puzzle``): a typed ``PuzzleError`` naming the problem, never an
empty answer for a negative n or an unknown rule read as no-touch."""

from __future__ import annotations

from typing import Any

from queens_sat.model.arguments import whole_number
from queens_sat.model.errors import PuzzleError, shown
from queens_sat.model.limits import FREE_N
from queens_sat.model.placement import RULES


def board_size(n: Any, least: int = 1, most: int = FREE_N, why: str = "") -> int:
    """``n`` as an int from ``least`` to ``most`` (numpy integers too), else ``PuzzleError``."""
    size = whole_number(n, "n", PuzzleError, "an integer")
    if not least <= size <= most:
        raise PuzzleError(f"n must be from {least} to {most:,}{why}, got {shown(size)}")
    return size


def rule_name(rule: Any) -> str:
    """``rule`` when it is one of the rules, else ``PuzzleError`` listing them."""
    if rule not in RULES:
        raise PuzzleError(f"rule {shown(rule)} is not one of {', '.join(RULES)}")
    return str(rule)
