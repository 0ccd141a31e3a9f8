"""The two placement rules and the check that a solution obeys them.

Kept apart from the puzzle model so that every backend, the logic engine and the
verifier share one definition of "these two queens clash".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Literal

from queens_sat.model.errors import cell_name, shown

Rule = Literal["no-touch", "queens"]
RULES: tuple[str, ...] = ("no-touch", "queens")
DEFAULT_RULE: Rule = "no-touch"

Cell = tuple[int, int]

# From this size on a board without regions is first checked in bulk (bit sets or
# numpy); the dictionaries below, which name every problem, run only if it fails.
FAST_CHECK_N = 2048


def clash(rule: str, a: Cell, b: Cell) -> bool:
    """True when queens on distinct cells ``a`` and ``b`` may not coexist (regions aside).

    Same row or column always clash; "no-touch" adds the eight neighbours, "queens"
    adds both diagonals (which include the diagonal neighbours).
    """
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    if dr == 0 or dc == 0:
        return True
    if rule == "queens":
        return dr == dc
    return dr <= 1 and dc <= 1



def solution_violations(
    n: int,
    rule: str,
    regions: Sequence[Sequence[int]] | None,
    cols: Sequence[int],
    queens: Iterable[Cell] = (),
    blocked: Iterable[Cell] = (),
) -> list[str]:
    """Every way in which ``cols`` (the queen's column in each row) breaks the puzzle.

    An empty list means the placement is a solution. Runs in O(n) so that it can
    verify a million-queen answer too.
    """
    problems: list[str] = []
    if len(cols) != n:
        return [f"expected {n} queens (one per row), got {len(cols)}"]
    if regions is None and n >= FAST_CHECK_N:
        from queens_sat.model.columns import first_violation

        if first_violation(cols, rule) < 0:  # valid: only the givens are left to check
            return _given_violations(cols, queens, blocked)
    seen_col: dict[int, int] = {}
    for r, c in enumerate(cols):
        if not isinstance(c, int) or not 0 <= c < n:
            problems.append(f"row {r + 1}: column {c + 1 if isinstance(c, int) else shown(c)} is off the board")
            continue
        if c in seen_col:
            problems.append(f"column {c + 1} holds queens in rows {seen_col[c] + 1} and {r + 1}")
        seen_col[c] = r
    if problems:
        return problems
    if rule == "queens":
        for name, sign in (("diagonal", -1), ("anti-diagonal", 1)):
            first: dict[int, int] = {}
            for r in range(n):
                k = r + sign * cols[r]
                if k in first:
                    problems.append(
                        f"queens {cell_name(first[k], cols[first[k]])} and {cell_name(r, cols[r])} share a {name}"
                    )
                first.setdefault(k, r)
    else:
        for r in range(n - 1):
            if abs(cols[r] - cols[r + 1]) <= 1:
                problems.append(f"queens {cell_name(r, cols[r])} and {cell_name(r + 1, cols[r + 1])} touch")
    if regions is not None:
        owner: dict[int, int] = {}
        for r, c in enumerate(cols):
            k = regions[r][c]
            if k in owner:
                problems.append(f"region {k} holds queens in rows {owner[k] + 1} and {r + 1}")
            owner[k] = r
    return problems + _given_violations(cols, queens, blocked)


def _given_violations(cols: Sequence[int], queens: Iterable[Cell], blocked: Iterable[Cell]) -> list[str]:
    problems = []
    for r, c in queens:
        if cols[r] != c:
            problems.append(f"given queen {cell_name(r, c)} is not in the placement")
    for r, c in blocked:
        if cols[r] == c:
            problems.append(f"queen {cell_name(r, c)} stands on a blocked cell")
    return problems


def star_rows(solution: Sequence[int], stars: int) -> list[list[int]]:
    """A k-star solution's columns grouped by row: ``solution`` holds the k star columns
    of row 0 (ascending), then of row 1, and so on; for k = 1 this is one column a row."""
    return [list(solution[r * stars : (r + 1) * stars]) for r in range(len(solution) // stars)]


def star_cells(solution: Sequence[int], stars: int) -> list[Cell]:
    """The cells holding a star (a queen when k = 1), row by row."""
    return [(i // stars, c) for i, c in enumerate(solution)]


def star_violations(
    n: int,
    stars: int,
    regions: Sequence[Sequence[int]] | None,
    solution: Sequence[int],
    queens: Iterable[Cell] = (),
    blocked: Iterable[Cell] = (),
) -> list[str]:
    """Every way in which a k-star placement (see ``star_rows``) breaks a Star Battle puzzle:
    k stars in every row, column and region, no two touching, diagonals included."""
    k = stars
    if len(solution) != k * n:
        return [f"expected {k * n} stars ({k} per row), got {len(solution)}"]
    problems: list[str] = []
    for r, cols in enumerate(star_rows(solution, k)):
        if any(not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < n for c in cols):
            problems.append(f"row {r + 1}: a column in {shown(cols)} is off the board")
        elif any(b <= a for a, b in pairwise(cols)):
            problems.append(f"row {r + 1}: star columns {shown(cols)} are not distinct and ascending")
    if problems:
        return problems
    cells = star_cells(solution, k)
    placed = set(cells)
    for r, c in cells:
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            if (r + dr, c + dc) in placed:
                problems.append(f"stars {cell_name(r, c)} and {cell_name(r + dr, c + dc)} touch")
    column_count = [0] * n
    region_count = [0] * n
    for r, c in cells:
        column_count[c] += 1
        if regions is not None:
            region_count[regions[r][c]] += 1
    problems += [f"column {c + 1} holds {m} stars, not {k}" for c, m in enumerate(column_count) if m != k]
    if regions is not None:
        problems += [f"region {g} holds {m} stars, not {k}" for g, m in enumerate(region_count) if m != k]
    for r, c in queens:
        if (r, c) not in placed:
            problems.append(f"given star {cell_name(r, c)} is not in the placement")
    for r, c in blocked:
        if (r, c) in placed:
            problems.append(f"star {cell_name(r, c)} stands on a blocked cell")
    return problems
