"""Pigeonhole: k units of one kind whose candidates all lie within k units of another kind.

k regions inside k rows must take those rows' k queens, so the rows' other cells are
crossed out; likewise k rows inside k regions, regions and columns, rows and columns.
Trying every group of k units is exponential; this finds every such deduction, of any
size, in polynomial time, by Hall's theorem:

match each open unit of one kind (a region) to a distinct unit of the other (a row)
that it touches; a queen placement is one such matching. The smallest group that
explains crossing out a cell of row ``b`` is then the *closure* of ``b``: ``b``, the
region matched to it, the rows that region touches, the regions matched to those, and
so on. The closure T and its matched regions S are k rows and k regions with S inside
T; if some other region touches T, its cells there are crossed out. A failed matching is
a contradiction: some k units have fewer than k lines for their queens.
"""

from __future__ import annotations

from .board import Geometry, State, bits
from .deduction import PIGEONHOLE, Contradiction, Deduction

# (inside, around) family pairs: 0 rows, 1 columns, 2 regions. Each pair is searched
# in both directions (regions inside rows, rows inside regions).
_REGION_PAIRS = ((2, 0), (2, 1), (0, 1))
_LINE_PAIRS = ((0, 1),)


def pigeonhole(geo: Geometry, st: State) -> Deduction | None:
    """The pigeonhole deduction with the fewest units (k >= 2 in practice: k = 1 is
    confinement, or a single candidate, which the engine tries first)."""
    n = geo.n
    adjacency = _adjacency(geo, st)
    pairs = _REGION_PAIRS if len(geo.families) == 3 else _LINE_PAIRS
    best: tuple[int, Deduction] | None = None
    for fa, fb in pairs:
        adj_a, adj_b = adjacency[(fa, fb)], adjacency[(fb, fa)]
        nodes_a = [j for j in range(n) if st.open >> (fa * n + j) & 1]
        match_a, match_b = _match(adj_a, nodes_a, fa, fb, n)
        nodes_b = [match_a[a] for a in nodes_a]
        # A inside B: closure over lines b, each stepping to the lines its matched unit touches.
        for k, inside, around in _groups(nodes_b, adj_a, adj_b, match_b):
            if best is None or k < best[0]:
                best = (k, _deduction(geo, st, fa, inside, fb, around))
        # B inside A: closure over units a, each stepping to the units its matched line touches.
        for k, inside, around in _groups(nodes_a, adj_b, adj_a, match_a):
            if best is None or k < best[0]:
                best = (k, _deduction(geo, st, fb, inside, fa, around))
        if best is not None and best[0] <= 2:
            break
    return best[1] if best is not None else None


def _groups(starts: list[int], adj_in: list[int], adj_out: list[int], match: list[int]):
    """For each start (a unit of the "around" kind), its closure T and the matched
    group S inside it, when some unit outside S touches T: (k, S mask, T mask).

    ``match`` maps an around-unit to its matched inside-unit; ``adj_in`` gives the
    around-units an inside-unit touches; ``adj_out`` the inside-units an around-unit touches.
    """
    step = {b: adj_in[match[b]] for b in starts}
    for b in starts:
        closure = 1 << b
        todo = step[b] & ~closure
        while todo:
            low = todo & -todo
            closure |= low
            todo = (todo | step[low.bit_length() - 1]) & ~closure
        inside = 0
        touching = 0
        for t in bits(closure):
            inside |= 1 << match[t]
            touching |= adj_out[t]
        if touching & ~inside:
            yield closure.bit_count(), inside, closure


def _deduction(geo: Geometry, st: State, f_in: int, inside: int, f_out: int, around: int) -> Deduction:
    n = geo.n
    unit_mask = geo.unit_mask
    units = tuple(f_in * n + j for j in bits(inside))
    lines = tuple(f_out * n + j for j in bits(around))
    inner = 0
    for u in units:
        inner |= unit_mask[u]
    outer = 0
    for u in lines:
        outer |= unit_mask[u]
    return Deduction(PIGEONHOLE, cross=st.cand & outer & ~inner, units=units, lines=lines)


def _match(adj: list[int], nodes: list[int], fa: int, fb: int, n: int) -> tuple[list[int], list[int]]:
    """A matching of every node to a distinct neighbour (Kuhn's augmenting paths),
    as (line of each node, node of each line); -1 where unmatched.

    Raises ``Contradiction`` naming k nodes whose neighbours number fewer than k.
    """
    match_a = [-1] * n
    match_b = [-1] * n
    taken = 0
    for a in nodes:  # greedy start: most nodes find a free neighbour at once
        free = adj[a] & ~taken
        if free:
            low = free & -free
            taken |= low
            b = low.bit_length() - 1
            match_a[a], match_b[b] = b, a
    for a in nodes:
        if match_a[a] >= 0:
            continue
        visited = [0]
        if not _augment(a, adj, match_a, match_b, visited):
            group = (1 << a) | sum(1 << match_b[b] for b in bits(visited[0]))
            raise Contradiction(
                tuple(fa * n + j for j in bits(group)), tuple(fb * n + j for j in bits(visited[0]))
            )
    return match_a, match_b


def _augment(a: int, adj: list[int], match_a: list[int], match_b: list[int], visited: list[int]) -> bool:
    free = adj[a] & ~visited[0]
    while free:
        low = free & -free
        b = low.bit_length() - 1
        visited[0] |= low
        other = match_b[b]
        if other < 0 or _augment(other, adj, match_a, match_b, visited):
            match_a[a], match_b[b] = b, a
            return True
        free &= ~visited[0]
    return False


def _adjacency(geo: Geometry, st: State) -> dict[tuple[int, int], list[int]]:
    """For each ordered pair of families (f, g), the g-units each f-unit's candidates touch,
    as bitmasks over g's indices."""
    n = geo.n
    cand = st.cand
    full = (1 << n) - 1
    row_cols = [(cand >> (r * n)) & full for r in range(n)]
    out = {(0, 1): row_cols, (1, 0): _transpose(row_cols, n)}
    if geo.region_of is not None:
        region_of = geo.region_of
        region_rows = [0] * n
        region_cols = [0] * n
        for i in bits(cand):
            r, c = divmod(i, n)
            k = region_of[i]
            region_rows[k] |= 1 << r
            region_cols[k] |= 1 << c
        out[(2, 0)] = region_rows
        out[(2, 1)] = region_cols
        out[(0, 2)] = _transpose(region_rows, n)
        out[(1, 2)] = _transpose(region_cols, n)
    return out


def _transpose(adj: list[int], n: int) -> list[int]:
    rev = [0] * n
    for a, mask in enumerate(adj):
        bit = 1 << a
        for b in bits(mask):
            rev[b] |= bit
    return rev
