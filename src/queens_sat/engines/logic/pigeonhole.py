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

With k stars a unit, counted in stars: each open region must send the stars it still
needs to the rows it touches, and each row takes the stars it still needs. The
matching becomes a flow (every region's need sent, every row's need met; both sum to
the stars still to place), and a row *leads to* the rows touched by any region that
sends it stars. The same closures give m regions inside m rows that need as many stars
as those rows do, and a failed flow gives regions that need more stars than the rows
they touch can take. For k = 1 the flow is the matching, step for step.
"""

from __future__ import annotations

from queens_sat.engines.logic.board import Geometry, State, bits
from queens_sat.engines.logic.deduction import PIGEONHOLE, Contradiction, Deduction


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
        flow = _Flow(geo, st, fa, fb)
        flow.fill(adj, nodes)
        everywhere = 0
        step = [0] * n  # line -> the lines touched by the units that send it stars
        for a in nodes:
            sent = flow.out[a]
            everywhere |= sent
            if not sent & (sent - 1):  # one line (always for k = 1)
                step[sent.bit_length() - 1] |= adj[a]
            else:
                for b in bits(sent):
                    step[b] |= adj[a]
        component = _components(everywhere, step, n)
        for a in nodes:
            line = (flow.out[a] & -flow.out[a]).bit_length() - 1
            # a's cells in the lines outside its lines' component: no flow uses them
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
                    found = _deduction(geo, st, fa, _union(around, flow.into), fb, around)
                else:
                    found = _deduction(geo, st, fb, inside_lines, fa, _union(inside_lines, flow.into))
                best = (k, found)
        if best is not None and best[0] <= 2:
            break
    if bulk:
        return Deduction(PIGEONHOLE, cross=everything) if everything else None
    return best[1] if best is not None else None


class _Flow:
    """Stars sent from the open units of family a to the lines of family b: every unit
    sends what it still needs, no line takes more than it still needs (one each for
    k = 1, where this is a matching). Masks say who sends to whom; ``amount`` how many."""

    __slots__ = ("amount", "cap", "fa", "fb", "into", "left", "load", "n", "one", "out")

    def __init__(self, geo: Geometry, st: State, fa: int, fb: int) -> None:
        n = self.n = geo.n
        self.fa, self.fb = fa, fb
        self.out = [0] * n  # a -> lines it sends stars to
        self.into = [0] * n  # b -> units sending it stars
        self.one = geo.k == 1  # one queen a unit: the flow is a matching (``_match``, the fast path)
        if self.one:
            return
        self.amount = [0] * (n * n)  # a * n + b -> stars a sends b
        self.load = [0] * n
        self.left = [st.need(geo, fa * n + j) for j in range(n)]
        self.cap = [st.need(geo, fb * n + j) for j in range(n)]

    def add(self, a: int, b: int, x: int) -> None:
        """Send ``x`` more stars (negative: fewer) from unit a to line b."""
        key = a * self.n + b
        got = self.amount[key] + x
        self.amount[key] = got
        self.load[b] += x
        self.left[a] -= x
        if got:
            self.out[a] |= 1 << b
            self.into[b] |= 1 << a
        else:
            self.out[a] &= ~(1 << b)
            self.into[b] &= ~(1 << a)

    def move(self, a: int, a2: int, b: int) -> None:
        """Line b takes one star from a2 instead of a (``add`` twice, inlined: hot)."""
        n, amount = self.n, self.amount
        amount[a * n + b] -= 1
        if not amount[a * n + b]:
            self.out[a] &= ~(1 << b)
            self.into[b] &= ~(1 << a)
        amount[a2 * n + b] += 1
        self.left[a2] -= 1
        self.left[a] += 1
        self.out[a2] |= 1 << b
        self.into[b] |= 1 << a2

    def fill(self, adj: list[int], nodes: list[int]) -> None:
        """Send every node's stars (augmenting paths, one star at a time after a greedy
        start). Raises ``Contradiction`` naming units that need more stars than the lines
        they touch can take."""
        if self.one:
            self._match(adj, nodes)
            return
        load, cap, left, out, into, amount = self.load, self.cap, self.left, self.out, self.into, self.amount
        n, fa, fb = self.n, self.fa, self.fb
        full = 0  # nothing is sent yet: the full lines are those that need nothing
        for b in range(n):
            if not cap[b]:
                full |= 1 << b
        for a in nodes:  # greedy start: most units find free lines at once (``add`` inlined: hot)
            while left[a]:
                free = adj[a] & ~full
                if not free:
                    break
                low = free & -free
                b = low.bit_length() - 1
                x = cap[b] - load[b]
                if left[a] < x:
                    x = left[a]
                amount[a * n + b] += x
                load[b] += x
                left[a] -= x
                out[a] |= low
                into[b] |= 1 << a
                if load[b] >= cap[b]:
                    full |= low
        for a in nodes:
            while left[a]:
                visited = [0]
                if not self._augment(a, adj, visited):
                    group = (1 << a) | _union(visited[0], self.into)
                    raise Contradiction(
                        tuple(fa * n + j for j in bits(group)), tuple(fb * n + j for j in bits(visited[0]))
                    )

    def _augment(self, a: int, adj: list[int], visited: list[int]) -> bool:
        load, cap, into = self.load, self.cap, self.into
        free = adj[a] & ~visited[0]
        while free:
            low = free & -free
            b = low.bit_length() - 1
            visited[0] |= low
            if load[b] < cap[b]:
                self.add(a, b, 1)
                return True
            senders = into[b]
            while senders:
                other = (senders & -senders).bit_length() - 1
                senders &= senders - 1
                if self._augment(other, adj, visited):
                    self.move(other, a, b)  # other sends that star elsewhere now
                    return True
            free &= ~visited[0]
        return False


    def _match(self, adj: list[int], nodes: list[int]) -> None:
        """k = 1: a matching of every node to a distinct neighbour (Kuhn's augmenting
        paths), the flow's special case at its old speed. Raises ``Contradiction`` naming
        m nodes whose neighbours number fewer than m."""
        n = self.n
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
            if not _augment_match(a, adj, match_a, match_b, visited):
                group = 1 << a
                for b in bits(visited[0]):
                    group |= 1 << match_b[b]
                raise Contradiction(
                    tuple(self.fa * n + j for j in bits(group)), tuple(self.fb * n + j for j in bits(visited[0]))
                )
        out, into = self.out, self.into
        for a in nodes:
            b = match_a[a]
            out[a] = 1 << b
            into[b] = 1 << a


def _augment_match(a: int, adj: list[int], match_a: list[int], match_b: list[int], visited: list[int]) -> bool:
    free = adj[a] & ~visited[0]
    while free:
        low = free & -free
        b = low.bit_length() - 1
        visited[0] |= low
        other = match_b[b]
        if other < 0 or _augment_match(other, adj, match_a, match_b, visited):
            match_a[a], match_b[b] = b, a
            return True
        free &= ~visited[0]
    return False


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
    stars = sum(st.need(geo, u) for u in units) if geo.k > 1 else 0
    return Deduction(PIGEONHOLE, cross=st.cand & outer & ~inner, units=units, lines=lines, stars=stars)


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
