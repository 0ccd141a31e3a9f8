"""The puzzle model: an immutable, validated, hashable Queens board.

Everything else (formats, backends, logic engine, generator) takes a ``Puzzle``,
so every check of well-formedness lives here and nowhere else.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Union

from queens_sat.extension import gridcheck
from queens_sat.model.arguments import whole_number
from queens_sat.model.errors import PuzzleError, cell_name, shown
from queens_sat.model.grids import Grid, PlainGrid, int64_grid, normalise_regions
from queens_sat.model.limits import FREE_N, REGION_N

if TYPE_CHECKING:
    from numpy.typing import NDArray

from queens_sat.model.placement import DEFAULT_RULE, RULES, Cell, Rule, clash, solution_violations, star_violations

# What every public call takes as a puzzle: a ``Puzzle``, or a bare grid of region labels (rows of
# integers or of label characters, text, a 2-D numpy array), which ``as_puzzle`` builds into one.
RegionGrid = Union[Sequence[Sequence[int]], Sequence[Sequence[str]], Sequence[str], str, "NDArray[Any]"]
PuzzleLike = Union["Puzzle", RegionGrid]

MAX_REGION_N = REGION_N  # boards with regions (see ``limits``)
MAX_FREE_N = FREE_N  # boards without regions


# One character per region, in the order labels are handed out when writing.
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$"
assert len(LABELS) == MAX_REGION_N



def split_warnings(pieces: Iterable[int], label: Callable[[int], str]) -> list[str]:
    """The warning of each region in more than one piece (``pieces``: the count of each, region by
    region; ``label``: how region k is shown)."""
    return [f"region {label(k)} is split into {parts} disconnected parts" for k, parts in enumerate(pieces) if parts > 1]


class Puzzle:
    """An n×n Queens board: regions (or none), a rule, and givens.

    ``regions`` is stored in canonical form: a tuple of row tuples of region
    numbers 0..n-1, numbered by first appearance in row-major order, whatever the
    input's labels were (letters, digits, any integers). Two boards that differ only
    in their labels are therefore equal. One-character input labels are remembered
    in ``labels`` for display.
    """

    __slots__ = ("_cells", "_hash", "_region_cells", "blocked", "labels", "n", "queens", "regions", "rule", "stars")

    n: int
    regions: Grid | None
    rule: Rule
    stars: int  # k: stars (queens) in every row, column and region; 1 is Queens, k > 1 Star Battle
    queens: frozenset[Cell]
    blocked: frozenset[Cell]
    labels: tuple[str, ...] | None  # the input's one-character label of each region, for display only
    _hash: int | None  # cached on first use
    _region_cells: tuple[tuple[Cell, ...], ...] | None  # cached on first use
    _cells: memoryview | None  # cached on first use

    def __init__(
        self,
        regions: Any = None,
        *,
        n: int | None = None,
        rule: str = DEFAULT_RULE,
        queens: Iterable[Sequence[int]] = (),
        blocked: Iterable[Sequence[int]] = (),
        stars: int = 1,
    ) -> None:
        if rule not in RULES:
            raise PuzzleError(f"rule {shown(rule)} is not one of {', '.join(RULES)}")
        stars = check_stars(stars, rule)
        grid, labels = normalise_regions(regions, n) if regions is not None else (None, None)
        if grid is None:
            if n is None:
                raise PuzzleError("a board without regions needs its size n")
            n = _check_size(n, MAX_FREE_N, "boards without regions")
        else:
            n = len(grid)
        if stars > 1:
            check_star_room(n, stars)
        set_ = object.__setattr__
        set_(self, "n", n)
        set_(self, "regions", grid)
        set_(self, "rule", rule)
        set_(self, "stars", stars)
        set_(self, "queens", _cells(queens, n, "queen", n * stars))
        set_(self, "blocked", _cells(blocked, n, "blocked cell", n * n))
        set_(self, "labels", labels)
        set_(self, "_hash", None)
        set_(self, "_region_cells", None)
        set_(self, "_cells", None)
        self._check_givens()

    # ------------------------------------------------------------------ identity
    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Puzzle is immutable")

    def _key(self) -> tuple[Any, ...]:
        return (self.n, self.regions, self.rule, self.queens, self.blocked, self.stars)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and self._key() == other._key()

    def __hash__(self) -> int:
        value = self._hash
        if value is None:
            value = hash(self._key())
            object.__setattr__(self, "_hash", value)
        return value

    def __repr__(self) -> str:
        shape = f"{self.n}x{self.n}"
        extra = ""
        if self.queens or self.blocked:
            extra = f", {len(self.queens)} given queens, {len(self.blocked)} blocked"
        kind = "regions" if self.regions is not None else "no regions"
        stars = f", {self.stars} stars" if self.stars > 1 else ""
        return f"<Puzzle {shape} {self.rule}{stars}, {kind}{extra}>"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickling for process pools
        grid = self.label_rows() if self.labels is not None else self.regions
        return (_rebuild, (grid, self.n, self.rule, tuple(self.queens), tuple(self.blocked), self.stars))

    # ------------------------------------------------------------------ views
    @property
    def has_regions(self) -> bool:
        return self.regions is not None

    @property
    def has_givens(self) -> bool:
        return bool(self.queens or self.blocked)

    def region_cells(self) -> tuple[tuple[Cell, ...], ...]:
        """The cells of each region, region by region (rows of a region-free board)."""
        found = self._region_cells
        if found is None:
            cells: list[list[Cell]] = [[] for _ in range(self.n)]
            if self.regions is not None:
                for r, row in enumerate(self.regions):
                    for c, k in enumerate(row):
                        cells[k].append((r, c))
            found = tuple(tuple(x) for x in cells)
            object.__setattr__(self, "_region_cells", found)
        return found

    @classmethod
    def of_plain(cls, grid: PlainGrid) -> Puzzle:
        """A plain grid as a ``Puzzle``, for a backend that takes nothing else (raising the
        ``PuzzleError`` that names what is wrong with it, where the compiled check only said that
        something is)."""
        return cls(grid.source, rule=grid.rule, queens=grid.queens)

    def cells(self) -> memoryview | None:
        """The regions as the compiled searches read them: an n x n int64 buffer (None without
        regions), made once, without numpy."""
        found = self._cells
        if found is None and self.regions is not None:
            found = int64_grid(self.regions, self.n)
            object.__setattr__(self, "_cells", found)
        return found

    def label(self, k: int) -> str:
        """The character that shows region ``k``: the input's own label when it had one."""
        return self.labels[k] if self.labels is not None else LABELS[k]

    def label_rows(self) -> list[str]:
        """Regions as strings of one label character per cell ("AABB...")."""
        if self.regions is None:
            raise PuzzleError("this board has no regions to label")
        return ["".join(self.label(k) for k in row) for row in self.regions]

    def warnings(self) -> list[str]:
        """Legal but suspicious features: regions that fall apart into pieces."""
        out = []
        if self.regions is not None:
            check = gridcheck()
            pieces = check.region_parts(self.regions) if check is not None else map(_count_components, self.region_cells())
            out = split_warnings(pieces, self.label)
        return out

    def violations(self, cols: Sequence[int]) -> list[str]:
        """Why ``cols`` is not a solution; empty if it is one.

        ``cols`` is the queen's column in each row, or for ``stars`` = k > 1 the k star
        columns of each row, row after row, ascending within a row (``k * n`` numbers;
        see ``rules.star_rows``)."""
        if self.stars > 1:
            return star_violations(self.n, self.stars, self.regions, cols, self.queens, self.blocked)
        return solution_violations(self.n, self.rule, self.regions, cols, self.queens, self.blocked)

    def is_solution(self, cols: Sequence[int]) -> bool:
        return not self.violations(cols)

    # ------------------------------------------------------------------ derived puzzles
    def replace(self, **changes: Any) -> Puzzle:
        """A copy with some fields changed (regions, n, rule, queens, blocked, stars)."""
        fields: dict[str, Any] = dict(
            regions=self.regions,
            n=None if self.regions is not None else self.n,
            rule=self.rule,
            queens=self.queens,
            blocked=self.blocked,
            stars=self.stars,
        )
        fields.update(changes)
        if changes.get("regions") is not None:
            fields["n"] = None
        copy = Puzzle(**fields)
        if "regions" not in changes and self.labels is not None:
            object.__setattr__(copy, "labels", self.labels)
        return copy

    def canonical(self) -> Puzzle:
        """The puzzle with its canonical labels (A, B, C... by first appearance) for display.

        The region numbers are canonical already; this only drops the input's labels.
        """
        if self.labels is None:
            return self
        return self.replace(regions=self.regions)

    def transformed(self, symmetry: int) -> Puzzle:
        """The puzzle under one of the 8 symmetries of the square (0 is the identity).

        Symmetry ``s`` transposes when ``s & 4``, then mirrors rows when ``s & 1``
        and columns when ``s & 2``; both rules are invariant under all eight.
        """
        n = self.n

        def move(r: int, c: int) -> Cell:
            return moved_cell(r, c, n, symmetry)

        grid = None
        if self.regions is not None:
            out = [[0] * n for _ in range(n)]
            for r, row in enumerate(self.regions):
                for c, k in enumerate(row):
                    rr, cc = move(r, c)
                    out[rr][cc] = k
            grid = out
        return Puzzle(
            grid,
            n=None if grid is not None else n,
            rule=self.rule,
            queens=[move(*q) for q in self.queens],
            blocked=[move(*b) for b in self.blocked],
            stars=self.stars,
        )

    def symmetry_key(self) -> tuple[Any, ...]:
        """A key equal for two puzzles exactly when one is a rotation, reflection and
        relabelling of the other; used to drop duplicates."""
        return min(self.transformed(s)._key_sortable() for s in range(8))

    def _key_sortable(self) -> tuple[Any, ...]:
        return (self.n, self.regions or (), self.rule, tuple(sorted(self.queens)), tuple(sorted(self.blocked)), self.stars)

    # ------------------------------------------------------------------ validation
    def _check_givens(self) -> None:
        both = self.queens & self.blocked
        if both:
            r, c = min(both)
            raise PuzzleError("cell is both a given queen and blocked", row=r, col=c)
        placed = sorted(self.queens)
        if self.stars > 1:
            self._check_star_givens(placed)
            return
        for i, a in enumerate(placed):
            for b in placed[i + 1 :]:
                why = self._clash_reason(a, b)
                if why:
                    raise PuzzleError(
                        f"given queens {cell_name(*a)} and {cell_name(*b)} {why}", row=b[0], col=b[1]
                    )

    def _check_star_givens(self, placed: list[Cell]) -> None:
        """Given stars: none touching, and no row, column or region holding more than k."""
        for i, a in enumerate(placed):
            for b in placed[i + 1 :]:
                if a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1:
                    raise PuzzleError(f"given stars {cell_name(*a)} and {cell_name(*b)} touch", row=b[0], col=b[1])
        units: list[tuple[str, Any]] = [("row", lambda q: q[0]), ("column", lambda q: q[1])]
        if self.regions is not None:
            regions = self.regions
            units.append(("region", lambda q: regions[q[0]][q[1]]))
        for what, key in units:
            seen: dict[int, int] = {}
            for q in placed:
                unit = key(q)
                seen[unit] = seen.get(unit, 0) + 1
                if seen[unit] > self.stars:
                    name = self.label(unit) if what == "region" else str(unit + 1)
                    raise PuzzleError(f"{what} {name} holds {seen[unit]} given stars, more than {self.stars}", row=q[0], col=q[1])

    def _clash_reason(self, a: Cell, b: Cell) -> str | None:
        if a[0] == b[0]:
            return "share a row"
        if a[1] == b[1]:
            return "share a column"
        if self.regions is not None and self.regions[a[0]][a[1]] == self.regions[b[0]][b[1]]:
            return "share a region"
        if clash(self.rule, a, b):
            return "touch" if self.rule == "no-touch" else "share a diagonal"
        return None


def moved_cell(r: int, c: int, n: int, symmetry: int) -> Cell:
    """Cell (r, c) of an n x n board under symmetry ``symmetry`` of the square (0 is the identity):
    transposed when ``symmetry & 4``, then rows mirrored when ``& 1`` and columns when ``& 2``."""
    if symmetry & 4:
        r, c = c, r
    if symmetry & 1:
        r = n - 1 - r
    if symmetry & 2:
        c = n - 1 - c
    return r, c


def as_puzzle(puzzle: PuzzleLike, rule: str | None = None, stars: int | None = None) -> Puzzle:
    """``puzzle`` as a ``Puzzle``: every public call takes a ``Puzzle`` or a bare region grid.

    A grid (lists, strings, numpy) is built with ``rule`` (the default rule when None)
    and ``stars`` (k stars a row, column and region; 1 when None).
    A ``Puzzle`` keeps its own rule and stars when they are None; another value gives a
    copy with it (checked again: a ``PuzzleError`` if its givens clash or k does not fit),
    so an explicit ``rule=`` or ``stars=`` is never silently ignored."""
    if isinstance(puzzle, Puzzle):
        changes: dict[str, Any] = {}
        if rule is not None and rule != puzzle.rule:
            changes["rule"] = rule
        if stars is not None and stars != puzzle.stars:
            changes["stars"] = stars
        return puzzle.replace(**changes) if changes else puzzle
    return Puzzle(puzzle, rule=DEFAULT_RULE if rule is None else rule, stars=1 if stars is None else stars)


def _rebuild(regions: Any, n: int, rule: str, queens: tuple[Cell, ...], blocked: tuple[Cell, ...], stars: int = 1) -> Puzzle:
    return Puzzle(regions, n=None if regions is not None else n, rule=rule, queens=queens, blocked=blocked, stars=stars)


def check_stars(stars: Any, rule: str) -> int:
    """``stars`` as a valid k, or a ``PuzzleError``: a whole number from 1, and above 1 only
    under the no-touch rule (under the queens rule two stars in one row attack each other)."""
    k = whole_number(stars, "stars", PuzzleError)
    if k < 1:
        raise PuzzleError(f"stars = {shown(k)}: every row, column and region needs at least 1 star")
    if k > 1 and rule != "no-touch":
        raise PuzzleError(f'stars = {k} needs the no-touch rule: under the "{rule}" rule two stars in one row attack each other')
    return k


def check_star_room(n: int, stars: int) -> None:
    """Refuse a board too small for ``stars`` = k > 1 non-touching stars a row: it needs n >= 4k.

    Two neighbouring rows must hold 2k stars, and a 2×n strip splits into ceil(n/2) blocks of
    2×2 (or 2×1) cells holding at most one star each: so n >= 4k - 1. At n = 4k - 1 every block
    of both splittings (from the left and from the right) holds a star, which puts every star
    of the two rows in an even column; every row is in such a pair, so the odd columns get no
    star at all, yet each needs k."""
    if n < 4 * stars:
        room = (n + 1) // 2
        why = (
            f"two neighbouring rows need {2 * stars} stars but hold at most {room} without touching"
            if 2 * stars > room
            else f"{2 * stars} stars in two neighbouring rows of {n} cells all stand in even columns, leaving the odd columns none"
        )
        raise PuzzleError(f"a {n}x{n} board cannot hold {stars} stars a row: {why} (n must be at least {4 * stars})")


def _check_size(n: Any, limit: int, what: str) -> int:
    size = whole_number(n, "size n", PuzzleError, "an integer")
    if size < 1:
        raise PuzzleError("empty board: n must be at least 1" if size == 0 else f"size n = {shown(size)} is negative")
    if size > limit:
        raise PuzzleError(f"n = {shown(size)} exceeds the limit of {limit} for {what}")
    return size


def _cells(items: Iterable[Sequence[int]], n: int, what: str, most: int) -> frozenset[Cell]:
    """The given cells as a set: each a [row, column] pair on the board, and no more distinct
    cells than the board can hold (``most``: k a row for stars, every cell for blocked ones)."""
    out: set[Cell] = set()
    for item in items:
        if (
            not isinstance(item, (list, tuple))
            or len(item) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
        ):
            raise PuzzleError(f"{what} {shown(item)} is not a [row, column] pair of integers")
        r, c = int(item[0]), int(item[1])
        if not (0 <= r < n and 0 <= c < n):
            raise PuzzleError(f"{what} [{shown(r)}, {shown(c)}] is off the {n}x{n} board (JSON counts rows and columns from 0)")
        if len(out) == most and (r, c) not in out:
            raise PuzzleError(f"more {what}s given than the {n}x{n} board can hold ({most:,})")
        out.add((r, c))
    return frozenset(out)


def check_distinct_givens(items: Any, what: str) -> None:
    """A ``PuzzleError`` at the first cell an input lists twice (a reader's check: the model takes a
    set of cells, so ``Puzzle`` itself forgives a repeat); pairs of anything else are left to ``Puzzle``."""
    if not isinstance(items, list):
        return
    seen: set[tuple[Any, ...]] = set()
    for item in items:
        if isinstance(item, (list, tuple)) and len(item) == 2 and all(type(v) is int for v in item):
            cell = (item[0], item[1])
            if cell in seen:
                raise PuzzleError(f"{what} {cell_name(*cell)} is given twice", row=cell[0], col=cell[1])
            seen.add(cell)


def _count_components(cells: Sequence[Cell]) -> int:
    todo = set(cells)
    parts = 0
    while todo:
        parts += 1
        queue = deque([todo.pop()])
        while queue:
            r, c = queue.popleft()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in todo:
                    todo.remove(nb)
                    queue.append(nb)
    return parts
