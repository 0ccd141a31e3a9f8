"""The reference search for k stars a unit (Star Battle): the pure-Python twin of ``native/stars/``, move for move.

The one-queen-a-unit moves of ``regions.search_py`` do not carry over to k > 1, so this
board has its own search; the k = 1 path stays as it is.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence

from queens_sat.engines.search import NO_BUDGET, Spent, clock_for, collect
from queens_sat.model.placement import Cell
from queens_sat.model.result import Outcome, Solution


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
    node_limit: int | None = None,
) -> Outcome:
    """The k-star search on a board given by parts (``region_of`` and ``node_limit`` as in ``search_parts``)."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    board = StarBoard(n, stars, region_of, given, blocked, deadline)
    board.node_limit = node_limit or NO_BUDGET
    return collect(board, limit, keep)


FLOW_MAX_N = 42  # the block flows run on boards up to this wide (as ``QS_STARS_FLOW_MAX_N`` in native/stars/board.h)
Flow = list[tuple[list[int], list[list[tuple[int, int]]]]]  # a block flow's strips: their lines (units), their blocks' cells (bit, region)


def pieces(n: int, offset: int) -> list[tuple[int, ...]]:
    """0..n-1 cut into pieces two long from ``offset`` on (0 alone first when it is 1, and the
    last alone when one is left over): the lines of the strips, or the positions of the blocks."""
    out, at = [], 0
    while at < n:
        size = 1 if at < offset or at + 1 >= n else 2
        out.append(tuple(range(at, at + size)))
        at += size
    return out


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


class StarBoard:
    """One Star Battle board: k stars in every row, column and region, none touching.

    The state of a node is the candidate cells (one integer, bit ``r * n + c``) and
    the stars each unit still needs. A node is a dead end when a unit has fewer
    candidates than it needs, or when a row, a column, or two neighbouring rows or
    columns cannot hold the stars they need (two stars in a strip two cells wide
    touch when their columns are neighbours, so such a strip holds as many stars as
    one line holding the union of its two lines does). A unit whose candidates
    number exactly what it needs takes them all, and a line or strip with no room to
    spare has its stars where its runs force them (``_lines``); with regions, the block
    flows (2x2 blocks of strips two lines wide into the regions) prune (``_flow``).
    Otherwise the search branches on the first cell of the unit ``_pick`` chooses: a
    star there, or not. The native search (``native/stars/``) makes the same moves.
    """


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
        self.clock = clock_for(deadline)  # the deadline read at a bounded interval of time
        self.rng = rng  # when given, a random cell of the unit is branched on, not its first (random placements)
        self.nodes = 0
        self.node_limit = NO_BUDGET
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
        # the block flows (``_flow``), on boards up to FLOW_MAX_N with regions
        self.flows = (
            [self._blocks(side, strip_offset, block_offset) for side in (0, 1) for block_offset in (0, 1) for strip_offset in (0, 1)]
            if self.region_of is not None and n <= FLOW_MAX_N
            else []
        )
        self.given = sorted(given)
        self.blocked = list(blocked)

    def _blocks(self, side: int, strip_offset: int, block_offset: int) -> Flow:
        """The strips of one block flow and their blocks: rows (side 0) or columns paired from
        line ``strip_offset`` on, each cut into blocks two positions long from ``block_offset``
        on; a block as its cells (bit, region)."""
        assert self.region_of is not None
        region_of = self.region_of

        def block(lines: tuple[int, ...], positions: tuple[int, ...]) -> list[tuple[int, int]]:
            cells = [self._cell(side, line, pos) for line in lines for pos in positions]
            return [(1 << cell, region_of[cell]) for cell in cells]

        return [
            ([side * self.n + line for line in lines], [block(lines, positions) for positions in pieces(self.n, block_offset)])
            for lines in pieces(self.n, strip_offset)
        ]

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
        """The capacity of lines (as ``native/stars/lines.c``'s ``st_lines``): every row and column,
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
                for strips in self.flows:
                    if lined != cand:
                        break
                    lined = self._flow(strips, cand, need, placed)
                    if lined is None:
                        return None
                changed, cand = lined != cand, lined
        return cand

    def _flow(self, strips: Flow, cand: int, need: list[int], placed: list[int]) -> int | None:
        """A block flow (as ``native/stars/flow.c``'s ``st_flow``): a strip of two rows (or two
        columns) is cut into blocks two cells long, and a block holds at most one star. Each
        block with candidates sends one star into the region of one of them or, for as many
        blocks as its strip must leave empty, into the strip's "empty" sink (sink n + a);
        region g (sink g) takes its need. No such assignment: a dead end (None). A block-region
        link no assignment uses loses its cells, and a block no assignment leaves empty has its
        star on its one candidate left (none left: a dead end), or takes the cells next to both
        of its two; returns the candidates left (``need`` and ``placed`` updated). Every
        assignment meeting the needs leaves the same links unused (and the same blocks never
        empty), so the result does not depend on the one found."""
        built = self._flow_rooms(strips, cand, need)
        if built is None:
            return None
        links, room = built
        sink_of = _flow_assign(links, room)
        if sink_of is None:
            return None
        reached_from = _flow_reach(links, sink_of, self.n + len(strips))
        cand = _flow_cut_unused(links, sink_of, reached_from, cand, self.n)
        return self._flow_musts(links, sink_of, reached_from, cand, need, placed)

    def _flow_rooms(self, strips: Flow, cand: int, need: list[int]) -> tuple[list[FlowLink], list[int]] | None:
        """The flow's links (each block with candidates: its sinks, its cells) and each sink's room:
        a region's need, a strip's blocks that may stay empty; None when a strip cannot leave its
        lines their stars (``flow_rooms``)."""
        n = self.n
        room = [need[2 * n + g] for g in range(n)] + [0] * len(strips)
        links: list[FlowLink] = []
        for a, (lines, blocks) in enumerate(strips):
            with_candidates = 0
            for cells in blocks:
                sinks = 0
                for bit, g in cells:
                    if cand & bit:
                        sinks |= 1 << g
                if sinks:
                    links.append((sinks | 1 << (n + a), cells))
                    with_candidates += 1
            room[n + a] = with_candidates - sum(need[u] for u in lines)
            if room[n + a] < 0:
                return None
        return links, room

    def _flow_musts(
        self, links: list[FlowLink], sink_of: list[int], reached_from: Callable[[int], int], cand: int, need: list[int], placed: list[int]
    ) -> int | None:
        """A block no assignment leaves empty: its star on its one candidate left (none left: a dead
        end, None), or the cells next to both of its two crossed (``flow_musts_of_closed``)."""
        n = self.n
        regions = (1 << n) - 1
        for (sinks, cells), t in zip(links, sink_of, strict=True):
            empty = (sinks & ~regions).bit_length() - 1
            if t >= n or reached_from(empty) >> t & 1:
                continue  # some assignment leaves the block empty
            left = [bit.bit_length() - 1 for bit, _ in cells if cand & bit]
            if not left:
                return None
            if len(left) == 1:
                cand = self._place(left[0], cand, need, placed)
            elif len(left) == 2:  # whichever holds the star, the cells next to both go
                cand &= ~(self.around[left[0]] & self.around[left[1]]) | 1 << left[0] | 1 << left[1]
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
            if self.nodes > self.node_limit:
                raise Spent
            if self.clock is not None:
                self.clock.tick()
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


FlowLink = tuple[int, list[tuple[int, int]]]  # a block with candidates: its sinks (a bit each), its cells (bit, region)


def _flow_assign(links: list[FlowLink], room: list[int]) -> list[int] | None:
    """Each block's sink in an assignment that fits every sink's room (augmenting paths: blocks
    moving from sink to sink, ``flow_augment``); None when there is none. ``room`` is spent."""
    sink_of = [-1] * len(links)
    for i, (sinks, _) in enumerate(links):
        came_from = {t: -1 for t in bits_of(sinks)}  # sink -> the sink whose block moves on to it
        todo = list(came_from)
        found = -1
        while todo and found < 0:
            t = todo.pop(0)
            if room[t]:
                found = t
                break
            for j, (others, _) in enumerate(links):
                if sink_of[j] == t:
                    for u in bits_of(others):
                        if u not in came_from:
                            came_from[u] = t
                            todo.append(u)
        if found < 0:
            return None
        room[found] -= 1
        u = found
        while came_from[u] >= 0:
            t = came_from[u]
            j = next(j for j, (others, _) in enumerate(links) if sink_of[j] == t and others >> u & 1)
            sink_of[j] = u
            u = t
        sink_of[i] = u
    return sink_of


def _flow_reach(links: list[FlowLink], sink_of: list[int], sinks_count: int) -> Callable[[int], int]:
    """``reached_from(u)``: the sinks u reaches (itself included) by moving blocks of the assignment
    on to another of their sinks, each found once (``flow_parts``)."""
    moves = [0] * sinks_count  # t -> the sinks a block sending into t could send into
    for (sinks, _), t in zip(links, sink_of, strict=True):
        moves[t] |= sinks & ~(1 << t)
    reach: dict[int, int] = {}

    def reached_from(u: int) -> int:
        if u not in reach:
            seen, todo = 1 << u, [u]
            while todo:
                for w in bits_of(moves[todo.pop()] & ~seen):
                    seen |= 1 << w
                    todo.append(w)
            reach[u] = seen
        return reach[u]

    return reached_from


def _flow_cut_unused(links: list[FlowLink], sink_of: list[int], reached_from: Callable[[int], int], cand: int, n: int) -> int:
    """The candidates without the cells of every block-region link no assignment uses: a link on no
    cycle through the assignment (``flow_cut_unused``)."""
    regions = (1 << n) - 1
    for (sinks, cells), t in zip(links, sink_of, strict=True):
        for u in bits_of(sinks & ~(1 << t) & regions):
            if not reached_from(u) >> t & 1:  # no cycle through the link: no assignment uses it
                for bit, g in cells:
                    if g == u:
                        cand &= ~bit
    return cand
