"""Pigeonhole: k units of one kind whose candidates all lie within k units of another kind.

k regions inside k rows must take those rows' k queens, so the rows' other cells are
crossed out; likewise k rows inside k regions, regions and columns, rows and columns.
Trying every group of k units is exponential; this finds every such deduction, of any
size, in polynomial time, by Hall's theorem:

match each open region to a distinct row it touches (a solution is one such matching).
Say row ``b`` *leads to* row ``b'`` when the region matched to ``b`` touches ``b'``. The
rows reachable from ``b`` form the smallest group T containing ``b`` whose matched regions
S lie inside T: |S| = |T| = k, so S fills T. A region outside S that touches T has its
cells there crossed out, and these are exactly the cells no matching (hence no solution)
can use. The other direction (k rows inside k regions) is the same graph read backwards:
the rows that reach ``b``. A failed matching is a contradiction: some k units have
fewer than k lines for their queens.
"""

from __future__ import annotations

from .board import Geometry, State, bits
from .deduction import PIGEONHOLE, Contradiction, Deduction


def pigeonhole(geo: Geometry, st: State, bulk: bool = False) -> Deduction | None:
    """The pigeonhole deduction with the fewest units (k >= 2 in practice: k = 1 is
    confinement, or a single candidate, which the engine tries first).

    With ``bulk``, every pigeonhole crossing at once, for probes that need no story.
    """
    n = geo.n
    unit_mask = geo.unit_mask
    cand = st.cand
    best: tuple[int, Deduction] | None = None
    everything = 0
    for fa, fb, adj in _graphs(geo, st):
        nodes = [j for j in range(n) if st.open >> (fa * n + j) & 1]
        match_a, match_b = _match(adj, nodes, fa, fb, n)
        lines = [match_a[a] for a in nodes]
        everywhere = sum(1 << b for b in lines)
        step = [0] * n  # line -> the lines its matched unit touches
        for b in lines:
            step[b] = adj[match_b[b]]
        component = _components(everywhere, step, n)
        for a in nodes:
            line = match_a[a]
            # a's cells in the lines outside its matched line's component: no matching uses them
            removable = adj[a] & ~component[line]
            if not removable:
                continue
            if bulk:
                outer = 0
                for b in bits(removable):
                    outer |= unit_mask[fb * n + b]
                everything |= cand & unit_mask[fa * n + a] & outer
                continue
            # Explained by the lines reachable from b (units inside those lines), or by
            # the lines that reach a's own line (lines inside those units): the smaller.
            inside_lines = _closure_back(line, step, everywhere)
            for b in bits(removable):
                around = _closure(b, step, everywhere)
                k = min(around.bit_count(), inside_lines.bit_count())
                if best is not None and k >= best[0]:
                    continue
                if around.bit_count() <= inside_lines.bit_count():
                    found = _deduction(geo, st, fa, _mapped(around, match_b), fb, around)
                else:
                    found = _deduction(geo, st, fb, inside_lines, fa, _mapped(inside_lines, match_b))
                best = (k, found)
        if best is not None and best[0] <= 2:
            break
    if bulk:
        return Deduction(PIGEONHOLE, cross=everything) if everything else None
    return best[1] if best is not None else None


def _mapped(items: int, match: list[int]) -> int:
    """The partners of ``items`` under ``match``, as a mask."""
    out = 0
    for b in bits(items):
        out |= 1 << match[b]
    return out


def _union(items: int, table: list[int]) -> int:
    """The union of ``table[i]`` over the set bits ``i`` of ``items``."""
    out = 0
    while items:
        low = items & -items
        out |= table[low.bit_length() - 1]
        items ^= low
    return out


def _closure(start: int, step: list[int], within: int) -> int:
    """The lines reachable from ``start`` (itself included) inside ``within``."""
    seen = frontier = 1 << start
    while frontier:
        frontier = _union(frontier, step) & within & ~seen
        seen |= frontier
    return seen


def _closure_back(start: int, step: list[int], within: int) -> int:
    """The lines that reach ``start`` (itself included) inside ``within``: grown by
    adding every line that steps into the set until none does (no reversed graph needed)."""
    seen = 1 << start
    while True:
        rest = within & ~seen
        grown = 0
        while rest:
            low = rest & -rest
            if step[low.bit_length() - 1] & seen:
                grown |= low
            rest ^= low
        if not grown:
            return seen
        seen |= grown


def _components(lines: int, step: list[int], n: int) -> list[int]:
    """The strongly connected component of each line, as a mask: what it reaches and is
    reached from. One component, the usual case, costs two closures."""
    component = [0] * n
    remaining = lines
    while remaining:
        x = (remaining & -remaining).bit_length() - 1
        # removed lines form whole components, so no path within x's component leaves them
        comp = _closure(x, step, remaining) & _closure_back(x, step, remaining)
        for b in bits(comp):
            component[b] = comp
        remaining &= ~comp
    return component


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


def _graphs(geo: Geometry, st: State) -> list[tuple[int, int, list[int]]]:
    """The bipartite graphs to match: (family a, family b, the b-units each a-unit's
    candidates touch, as bitmasks over b's indices); closed units touch nothing."""
    n = geo.n
    cand = st.cand
    full = (1 << n) - 1
    line_pair = (0, 1, [(cand >> (r * n)) & full for r in range(n)])
    if geo.region_of is None:
        return [line_pair]
    region_rows, region_cols = [0] * n, [0] * n
    for k, r, piece in geo.region_row_pieces:
        if cand & piece:
            region_rows[k] |= 1 << r
    for k, c, piece in geo.region_col_pieces:
        if cand & piece:
            region_cols[k] |= 1 << c
    return [(2, 0, region_rows), (2, 1, region_cols), line_pair]


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
            group = (1 << a) | _mapped(visited[0], match_b)
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
