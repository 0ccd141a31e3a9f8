"""The reference backend: a readable pure-Python search, the oracle for every other.

The board is one Python integer with a bit per cell (bit ``r * n + c``). A unit is
a row, a column or a region; each must receive exactly one queen. The search
always branches on the open unit with the fewest candidate cells, which keeps
even 18x18 community puzzles with 100,000 solutions to about a second. From
12x12 up, every node first crosses out the cells no matching of rows, columns
and regions can use (``hall.py``), as the native search does: random boards of
n = 20 and more otherwise send it into subtrees of millions of nodes that a
pigeonhole argument closes at their root.

Star Battle boards (k > 1 stars a unit) have their own search below (``_StarBoard``):
the one-queen-a-unit moves do not carry over, and the k = 1 path stays as it is.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator, Iterable, Iterator, Sequence

from queens_sat.backends.base import Backend
from queens_sat.backends.hall import HALL_N, hall_rows
from queens_sat.model.limits import CELL_MODEL_N
from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution

MAX_N = CELL_MODEL_N  # masks of n*n bits stay small and fast up to here


class _Stop(Exception):
    """Raised inside the search when the time limit has passed."""


class PythonBackend(Backend):
    name = "python"
    takes_turns = True
    star_battle = True

    def unsupported(self, puzzle: Puzzle) -> str | None:
        if self.refuses_stars(puzzle):
            return self.refuses_stars(puzzle)
        if puzzle.n > MAX_N:
            return f"the pure-Python search handles n <= {MAX_N}, this board has n = {puzzle.n}"
        return None

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        if puzzle.stars > 1:
            return search_stars(
                puzzle.n, puzzle.stars, _flat(puzzle), puzzle.queens, puzzle.blocked,
                limit=limit, keep=keep, time_limit=time_limit,
            )
        return search_parts(
            puzzle.n, puzzle.rule, _flat(puzzle), puzzle.queens, puzzle.blocked,
            limit=limit, keep=keep, time_limit=time_limit,
        )

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Generator[Solution, None, bool]:
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        board: _Board | _StarBoard
        if puzzle.stars > 1:
            board = _StarBoard(puzzle.n, puzzle.stars, _flat(puzzle), puzzle.queens, puzzle.blocked, deadline)
        else:
            board = _Board(puzzle.n, puzzle.rule, _flat(puzzle), puzzle.queens, puzzle.blocked, deadline)
        try:
            yield from board.solutions()
        except _Stop:
            return True
        return False


def _flat(puzzle: Puzzle) -> list[int] | None:
    return None if puzzle.regions is None else [k for row in puzzle.regions for k in row]


def search_parts(
    n: int,
    rule: str,
    region_of: Sequence[int] | None,
    queens: Iterable[Cell] = (),
    blocked: Iterable[Cell] = (),
    *,
    limit: int | None,
    keep: int,
    time_limit: float | None,
) -> Outcome:
    """The search on a board given by parts, no ``Puzzle`` needed (``queens_sat.backends.fast`` uses it).

    ``region_of`` lists the region of each cell row by row (None: no regions).
    """
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    return _collect(_Board(n, rule, region_of, queens, blocked, deadline), limit, keep)


def _collect(board: _Board | _StarBoard, limit: int | None, keep: int) -> Outcome:
    """Run a board's search up to ``limit`` solutions, keeping the first ``keep``."""
    kept: list[Solution] = []
    count = 0
    complete = True
    timed_out = False
    try:
        for solution in board.solutions():
            count += 1
            if len(kept) < keep:
                kept.append(solution)
            if limit is not None and count >= limit:
                complete = False
                break
    except _Stop:
        complete, timed_out = False, True
    return Outcome(kept, count, complete, timed_out, {"nodes": board.nodes})


class _Board:
    """Precomputed masks of one board and the recursive search over them."""

    CHECK_EVERY = 1024  # nodes between two looks at the clock

    def __init__(
        self,
        n: int,
        rule: str,
        region_of: Sequence[int] | None,
        queens: Iterable[Cell],
        blocked: Iterable[Cell],
        deadline: float | None,
    ) -> None:
        self.n = n
        self.rule = rule
        self.deadline = deadline
        self.nodes = 0
        full_row = (1 << n) - 1
        self.row_mask = [full_row << (r * n) for r in range(n)]
        column0 = sum(1 << (r * n) for r in range(n))
        self.col_mask = [column0 << c for c in range(n)]
        # units: rows are 0..n-1, columns n..2n-1, regions 2n..3n-1
        self.unit_mask = self.row_mask + self.col_mask
        self.region_of = None if region_of is None else list(region_of)
        if self.region_of is not None:
            region_mask = [0] * n
            for i, k in enumerate(self.region_of):
                region_mask[k] |= 1 << i
            self.unit_mask += region_mask
        if self.rule == "queens":
            self.diag = [0] * (2 * n - 1)  # r - c + n - 1
            self.anti = [0] * (2 * n - 1)  # r + c
            for r in range(n):
                for c in range(n):
                    self.diag[r - c + n - 1] |= 1 << (r * n + c)
                    self.anti[r + c] |= 1 << (r * n + c)
        self._kill: dict[int, int] = {}
        self.hall = n >= HALL_N
        self.reg_row = [0] * (n * n)  # reg_row[k * n + r]: the columns of region k in row r
        self.reg_col = [0] * (n * n)  # reg_col[k * n + c]: the rows of region k in column c
        if self.region_of is not None:
            for i, k in enumerate(self.region_of):
                r, c = divmod(i, n)
                self.reg_row[k * n + r] |= 1 << c
                self.reg_col[k * n + c] |= 1 << r
        self.queens = sorted(queens)
        self.blocked = list(blocked)

    def units_of(self, i: int) -> tuple[int, ...]:
        r, c = divmod(i, self.n)
        if self.region_of is None:
            return (r, self.n + c)
        return (r, self.n + c, 2 * self.n + self.region_of[i])

    def kill(self, i: int) -> int:
        """Every cell a queen on cell ``i`` rules out, ``i`` itself included."""
        mask = self._kill.get(i)
        if mask is None:
            n = self.n
            r, c = divmod(i, n)
            mask = self.row_mask[r] | self.col_mask[c]
            if self.region_of is not None:
                mask |= self.unit_mask[2 * n + self.region_of[i]]
            if self.rule == "queens":
                mask |= self.diag[r - c + n - 1] | self.anti[r + c]
            else:
                for rr in (r - 1, r + 1):
                    for cc in (c - 1, c + 1):
                        if 0 <= rr < n and 0 <= cc < n:
                            mask |= 1 << (rr * n + cc)
            self._kill[i] = mask
        return mask

    def solutions(self) -> Iterator[Solution]:
        n = self.n
        cand = (1 << (n * n)) - 1
        for r, c in self.blocked:
            cand &= ~(1 << (r * n + c))
        open_units = set(range(len(self.unit_mask)))
        placed: list[int] = []
        for r, c in self.queens:
            i = r * n + c
            if not cand >> i & 1:
                return  # a given queen on a ruled-out cell: no solution
            placed.append(i)
            cand &= ~self.kill(i)
            open_units.difference_update(self.units_of(i))
        for cells in self._search(cand, tuple(sorted(open_units)), placed):
            cols = [0] * n
            for i in cells:
                r, c = divmod(i, n)
                cols[r] = c
            yield tuple(cols)

    def _pick(self, cand: int, open_units: tuple[int, ...]) -> tuple[int, int]:
        """The candidates of the first open unit with the fewest and how many; (0, 0) at a dead end.

        Below HALL_N the scan stops at the first unit with one candidate, as the native
        flat scan does; from HALL_N up it looks at every unit, as the native keyed scan
        does, so that an empty unit after it is a dead end here too.
        """
        unit_mask = self.unit_mask
        best = 0
        best_count = self.n + 1
        for u in open_units:
            m = cand & unit_mask[u]
            if not m:
                return 0, 0  # an open unit with no candidate: dead end
            k = m.bit_count()
            if k < best_count:
                best, best_count = m, k
                if k == 1 and not self.hall:
                    break
        return best, best_count

    def _filtered(self, cand: int, open_units: tuple[int, ...]) -> int | None:
        """``cand`` without the cells Hall's theorem rules out, or None at a dead end."""
        n = self.n
        full = (1 << n) - 1
        rows = [cand >> (r * n) & full for r in range(n)]
        open_rows = [u for u in open_units if u < n]
        open_cols = [u - n for u in open_units if n <= u < 2 * n]
        if not hall_rows(n, rows, open_rows, open_cols, self.region_of, self.reg_row, self.reg_col):
            return None
        return sum(row << (r * n) for r, row in enumerate(rows))

    def _search(self, cand: int, open_units: tuple[int, ...], placed: list[int]) -> Iterator[list[int]]:
        self.nodes += 1
        if self.deadline is not None and self.nodes % self.CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise _Stop
        if not open_units:
            yield placed
            return
        best, best_count = self._pick(cand, open_units)
        if best_count >= 2 and self.hall:  # about to branch: filter first (forced cells need not)
            filtered = self._filtered(cand, open_units)
            if filtered is None:
                return  # no matching fills the open units: dead end
            cand = filtered
            best, best_count = self._pick(cand, open_units)
        while best:
            low = best & -best
            i = low.bit_length() - 1
            units = self.units_of(i)
            placed.append(i)
            yield from self._search(
                cand & ~self.kill(i), tuple(u for u in open_units if u not in units), placed
            )
            placed.pop()
            cand &= ~low  # the unit's queen is not here in the remaining branches
            best ^= low


# ---------------------------------------------------------------------------- Star Battle (k > 1)


def search_stars(
    n: int,
    stars: int,
    region_of: Sequence[int] | None,
    given: Iterable[Cell] = (),
    blocked: Iterable[Cell] = (),
    *,
    limit: int | None,
    keep: int,
    time_limit: float | None,
) -> Outcome:
    """The k-star search on a board given by parts (``region_of`` as in ``search_parts``)."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    return _collect(_StarBoard(n, stars, region_of, given, blocked, deadline), limit, keep)


def line_capacity(line: int) -> int:
    """The most stars a set of cells on one line holds (no two adjacent): ceil(L/2) a run of L."""
    most = 0
    while line:
        low = line & -line
        most += 1
        line &= ~(low | low << 1)  # the greedy leftmost choice is optimal on a line
    return most


def odd_runs(line: int) -> tuple[int, int]:
    """The cells at even offsets of ``line``'s runs of odd length, and those runs' cells: where a
    line (or a two-line strip) holding as many stars as its runs allow must have them."""
    evens = runs = 0
    while line:
        low = line & -line
        run = line & ~(line + low)  # the lowest run of consecutive cells
        length = run.bit_count()
        if length % 2:
            evens |= ((4 ** ((length + 1) // 2) - 1) // 3) * low  # 0b10101 from the run's first cell
            runs |= run
        line ^= run
    return evens, runs


def bits_of(x: int) -> Iterator[int]:
    """The positions of the bits set in ``x``, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class _StarBoard:
    """One Star Battle board: k stars in every row, column and region, none touching.

    The state of a node is the candidate cells (one integer, bit ``r * n + c``) and
    the stars each unit still needs. A node is a dead end when a unit has fewer
    candidates than it needs, or when a row, a column, or two neighbouring rows or
    columns cannot hold the stars they need (two stars in a strip two cells wide
    touch when their columns are neighbours, so such a strip holds as many stars as
    one line holding the union of its two lines does). A unit whose candidates
    number exactly what it needs takes them all, and a line or strip with no room to
    spare has its stars where its runs force them (``_lines``); with regions, the flows
    from strips of two rows (then of two columns) into the regions prune (``_flow``).
    Otherwise the search branches on the first cell of the unit ``_pick`` chooses: a
    star there, or not. The native search (``native/stars.h``) makes the same moves.
    """

    CHECK_EVERY = 1024  # nodes between two looks at the clock

    def __init__(
        self,
        n: int,
        stars: int,
        region_of: Sequence[int] | None,
        given: Iterable[Cell],
        blocked: Iterable[Cell],
        deadline: float | None,
        rng: random.Random | None = None,
    ) -> None:
        self.n, self.k, self.deadline = n, stars, deadline
        self.rng = rng  # when given, a random cell of the unit is branched on, not its first (random placements)
        self.nodes = 0
        row0 = (1 << n) - 1
        column0 = sum(1 << (r * n) for r in range(n))
        # units: rows 0..n-1, columns n..2n-1, regions 2n..3n-1 (when the board has them)
        self.unit_mask = [row0 << (r * n) for r in range(n)] + [column0 << c for c in range(n)]
        self.region_of = None if region_of is None else list(region_of)
        if self.region_of is not None:
            regions = [0] * n
            for i, g in enumerate(self.region_of):
                regions[g] |= 1 << i
            self.unit_mask += regions
        self.around = [self._around(i) for i in range(n * n)]
        # region_lines[side][g][a]: region g's cells on row a (side 0) or column a (side 1), as bits along it
        self.region_lines = (
            [[[self._line(self.unit_mask[2 * n + g], side * n + a) for a in range(n)] for g in range(n)] for side in (0, 1)]
            if self.region_of is not None
            else []
        )
        # the strip flows: (side, the strips as (first line, width)), rows paired from row 0 and
        # from row 1, then columns alike (a line left over is a strip of its own)
        self.strips = [
            (side, [(b, 1 if b < offset or b + 1 >= n else 2) for b in self._strip_starts(offset)])
            for side in (0, 1)
            for offset in (0, 1)
        ]
        self.given = sorted(given)
        self.blocked = list(blocked)

    def _strip_starts(self, offset: int) -> list[int]:
        """The first lines of the strips two lines wide from line ``offset`` on (line 0 alone first)."""
        starts, b = [], 0
        while b < self.n:
            starts.append(b)
            b += 1 if b < offset or b + 1 >= self.n else 2
        return starts

    def _around(self, i: int) -> int:
        """Cell ``i`` and its eight neighbours: what a star on ``i`` takes from the candidates."""
        n = self.n
        r, c = divmod(i, n)
        mask = 0
        for rr in range(max(r - 1, 0), min(r + 2, n)):
            for cc in range(max(c - 1, 0), min(c + 2, n)):
                mask |= 1 << (rr * n + cc)
        return mask

    def units_of(self, i: int) -> tuple[int, ...]:
        r, c = divmod(i, self.n)
        if self.region_of is None:
            return (r, self.n + c)
        return (r, self.n + c, 2 * self.n + self.region_of[i])

    def solutions(self) -> Iterator[Solution]:
        n = self.n
        cand = (1 << (n * n)) - 1
        for r, c in self.blocked:
            cand &= ~(1 << (r * n + c))
        need = [self.k] * len(self.unit_mask)
        placed: list[int] = []
        for r, c in self.given:
            i = r * n + c
            if not cand >> i & 1:
                return  # a given star on a blocked cell or next to another: no solution
            cand = self._place(i, cand, need, placed)
        for cells in self._search(cand, need, placed):
            yield tuple(c for _, c in sorted(divmod(i, n) for i in cells))

    def _place(self, i: int, cand: int, need: list[int], placed: list[int]) -> int:
        """A star on cell ``i`` (a candidate): its neighbours go, and so does the rest of
        every unit it fills. Updates ``need`` and ``placed``; returns the candidates left."""
        placed.append(i)
        cand &= ~self.around[i]
        for u in self.units_of(i):
            need[u] -= 1
            if need[u] == 0:
                cand &= ~self.unit_mask[u]
        return cand

    def _cell(self, side: int, a: int, x: int) -> int:
        """Cell number of position ``x`` on line ``a``: a row's column (side 0) or a column's row."""
        return a * self.n + x if side == 0 else x * self.n + a

    def _lines(self, cand: int, need: list[int], placed: list[int]) -> int | None:
        """The capacity of lines (as ``native/stars_core.h``'s ``st_lines``): every row and column,
        and every two neighbouring ones, must hold the stars they need (None: a dead end). A line
        or strip with no room to spare has its stars on the even offsets of its runs of odd
        length: in a line they are stars; in a strip the runs' other cells go, and a forced
        position with one cell left is a star. Returns the candidates after the first line or
        strip that changed something (``need`` and ``placed`` updated), else ``cand`` itself."""
        n = self.n
        full = (1 << n) - 1
        rows = [cand >> (r * n) & full for r in range(n)]
        cols = [sum((rows[r] >> c & 1) << r for r in range(n)) for c in range(n)]
        for side, lines in ((0, rows), (1, cols)):
            base = side * n
            for a in range(n):
                if need[base + a]:
                    if line_capacity(lines[a]) < need[base + a]:
                        return None
                    if line_capacity(lines[a]) == need[base + a] and odd_runs(lines[a])[0]:
                        return self._place_all(side, a, odd_runs(lines[a])[0], cand, need, placed)
                both = need[base + a] + need[base + a + 1] if a + 1 < n else 0
                if both:
                    union = lines[a] | lines[a + 1]
                    if line_capacity(union) < both:
                        return None
                    if line_capacity(union) == both:
                        forced, runs = odd_runs(union)
                        before = cand
                        for b in (a, a + 1):
                            for x in bits_of(lines[b] & runs & ~forced):
                                cand &= ~(1 << self._cell(side, b, x))
                        for b, other in ((a, a + 1), (a + 1, a)):
                            only = forced & lines[b] & ~lines[other]
                            if only:
                                placed_all = self._place_all(side, b, only, cand, need, placed)
                                if placed_all is None:
                                    return None
                                cand = placed_all
                        if cand != before:
                            return cand
        return cand

    def _place_all(self, side: int, a: int, positions: int, cand: int, need: list[int], placed: list[int]) -> int | None:
        """Stars on the ``positions`` of line ``a``; None when one is no longer a candidate."""
        for x in bits_of(positions):
            i = self._cell(side, a, x)
            if not cand >> i & 1:
                return None
            cand = self._place(i, cand, need, placed)
        return cand

    def _settle(self, cand: int, need: list[int], placed: list[int]) -> int | None:
        """Place the stars forced by units with no slack, and apply ``_lines``, until neither
        finds more; None at a dead end."""
        changed = True
        while changed:
            changed = False
            for u, mask in enumerate(self.unit_mask):
                if need[u] == 0:
                    continue
                m = cand & mask
                have = m.bit_count()
                if have < need[u]:
                    return None
                if have == need[u]:
                    while m:
                        low = m & -m
                        if not cand & low:
                            return None  # two of the unit's last candidates touch
                        cand = self._place(low.bit_length() - 1, cand, need, placed)
                        m ^= low
                    changed = True
            if not changed:
                lined = self._lines(cand, need, placed)
                if lined is None:
                    return None
                if self.region_of is not None:
                    for side, strips in self.strips:
                        if lined != cand:
                            break
                        lined = self._flow(side, strips, cand, need)
                        if lined is None:
                            return None
                changed, cand = lined != cand, lined
        return cand

    def _flow(self, side: int, strips: list[tuple[int, int]], cand: int, need: list[int]) -> int | None:
        """A strip flow (as ``native/stars_core.h``'s ``st_flow``): each strip of one or two
        neighbouring rows (side 0) or columns (side 1) sends its need into the regions, region g
        takes its need, at most ``line_capacity`` of the union of the strip's candidates in g
        along the link (a strip two cells wide holds no more stars than that union does on one
        line). No flow meeting every need: a dead end (None). A link no such flow uses (a
        pigeonhole: strips whose stars all go to a set of regions needing as many, or the other
        way round) loses its cells; returns the candidates left. Every flow meeting the needs
        has the same unused links, so the result does not depend on the flow found."""
        n, m = self.n, len(strips)
        lines = [self._line(cand, side * n + a) for a in range(n)]
        region_lines = self.region_lines[side]
        cap = [
            [line_capacity(lines[b] & region_lines[g][b] | (lines[b + 1] & region_lines[g][b + 1] if w == 2 else 0)) for g in range(n)]
            for b, w in strips
        ]
        flow = [[0] * n for _ in range(m)]
        left = [sum(need[side * n + b + x] for x in range(w)) for b, w in strips]
        room = [need[2 * n + g] for g in range(n)]
        for a in range(m):
            for g in range(n):
                x = min(cap[a][g], left[a], room[g])
                flow[a][g] += x
                left[a] -= x
                room[g] -= x
        while any(left):  # augmenting paths, one star at a time
            from_strip: dict[int, int] = {}  # region -> the strip that reached it
            from_region: dict[int, int] = {}  # strip -> the region that reached it
            queue = [a for a in range(m) if left[a]]
            seen = set(queue)
            found = -1
            for a in queue:
                for g in range(n):
                    if g in from_strip or flow[a][g] >= cap[a][g]:
                        continue
                    from_strip[g] = a
                    if room[g]:
                        found = g
                        break
                    for b in range(m):
                        if b not in seen and flow[b][g] > 0:
                            seen.add(b)
                            from_region[b] = g
                            queue.append(b)
                if found >= 0:
                    break
            if found < 0:
                return None
            g = found
            room[g] -= 1
            while True:
                a = from_strip[g]
                flow[a][g] += 1
                if a not in from_region:
                    left[a] -= 1
                    break
                g = from_region[a]
                flow[a][g] -= 1
        for g in range(n):
            if not any(cap[a][g] and not flow[a][g] for a in range(m)):
                continue
            reach_strips, reach_regions, todo = 0, 1 << g, [g]  # the residual graph from region g
            while todo:
                h = todo.pop()
                for a in range(m):
                    if flow[a][h] and not reach_strips >> a & 1:
                        reach_strips |= 1 << a
                        for j in range(n):
                            if flow[a][j] < cap[a][j] and not reach_regions >> j & 1:
                                reach_regions |= 1 << j
                                todo.append(j)
            for a, (b, w) in enumerate(strips):
                if cap[a][g] and not flow[a][g] and not reach_strips >> a & 1:
                    for line in range(b, b + w):
                        cand &= ~(self.unit_mask[side * n + line] & self.unit_mask[2 * n + g])
        return cand

    def _line(self, cand: int, u: int) -> int:
        """The candidates of line ``u`` (a row, or column u - n) as bits along it."""
        n = self.n
        if u < n:
            return cand >> (u * n) & ((1 << n) - 1)
        return sum((cand >> (r * n + u - n) & 1) << r for r in range(n))

    def _pick(self, cand: int, need: list[int]) -> int:
        """The unit to branch on (-1: none open): the first line with no room to spare, else
        the open unit with the least slack (candidates - need), a region before a line on a tie."""
        n = self.n
        best, best_key = -1, 2 * n * n
        for u, mask in enumerate(self.unit_mask):
            if not need[u]:
                continue
            have = (cand & mask).bit_count()
            key = 2 * (have - need[u]) + (u < 2 * n)
            if u < 2 * n and have <= 2 * need[u] and line_capacity(self._line(cand, u)) == need[u]:
                return u  # a line with no room to spare
            if key < best_key:
                best, best_key = u, key
        return best

    def _search(self, cand: int, need: list[int], placed: list[int]) -> Iterator[list[int]]:
        """Every completion of ``placed``; ``need`` and ``placed`` are this node's own copies."""
        while True:
            self.nodes += 1
            if self.deadline is not None and self.nodes % self.CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
                raise _Stop
            settled = self._settle(cand, need, placed)
            if settled is None:
                return
            cand = settled
            best = self._pick(cand, need)
            if best < 0:  # every unit holds its k stars
                yield placed
                return
            options = cand & self.unit_mask[best]
            low = options & -options
            if self.rng is not None:
                low = 1 << self.rng.choice([j for j in range(self.n * self.n) if options >> j & 1])
            i = low.bit_length() - 1
            here_need, here_placed = list(need), list(placed)
            yield from self._search(self._place(i, cand, here_need, here_placed), here_need, here_placed)
            cand &= ~low  # no star on cell i in the other branch
