"""The deduction rules that need no assumption, cheapest first, one function per family.

Each finder looks at a ``State`` and returns the first ``Deduction`` its rule allows
(or None); it raises ``Contradiction`` when it meets a state no solution can come from.
Every rule is sound: it never crosses out a cell that some solution of the current
state uses, and never places a queen that some solution lacks. The probes
(``probes.py``) build on these; pigeonhole has its own module.
"""

from __future__ import annotations

from collections.abc import Callable

from queens_sat.engines.logic.blocks import blocks
from queens_sat.engines.logic.board import Geometry, State, bits
from queens_sat.engines.logic.deduction import CONFINEMENT, QUEEN_ELIMINATES, SINGLE_CANDIDATE, WOULD_EMPTY_UNIT, Contradiction, Deduction
from queens_sat.engines.logic.pigeonhole import pigeonhole

Finder = Callable[[Geometry, State], "Deduction | None"]


# ---------------------------------------------------------------------- queen-eliminates
def queen_eliminates(geo: Geometry, st: State) -> Deduction | None:
    """A queen crosses out the rest of its row, column and region, and the cells it
    attacks (its neighbours under no-touch, its diagonals under the queens rule).

    With k > 1 stars a star crosses its neighbours, and the rest of each of its units
    that holds its k stars (``units`` names those full units)."""
    cand = st.cand
    attack = geo.attack
    if geo.k == 1:
        for i in bits(st.queens):
            hit = attack[i] & cand
            if hit:
                return Deduction(QUEEN_ELIMINATES, cross=hit, units=geo.cell_units[i], cell=i)
        return None
    unit_mask = geo.unit_mask
    for i in bits(st.queens):
        full = tuple(u for u in geo.cell_units[i] if not st.open >> u & 1)
        hit = attack[i]
        for u in full:
            hit |= unit_mask[u]
        hit &= cand
        if hit:
            return Deduction(QUEEN_ELIMINATES, cross=hit, units=tuple(u for u in full if cand & unit_mask[u]), cell=i)
    return None


# ---------------------------------------------------------------------- single-candidate
def single_candidate(geo: Geometry, st: State) -> Deduction | None:
    """A row, column or region with one candidate left gets its queen there; with k
    stars, a unit with exactly as many candidates as stars still needed gets them all.

    Also the place where an open unit with too few candidates (no candidate at all,
    or for k > 1 too few that can hold stars together) is noticed.
    """
    cand = st.cand
    unit_mask = geo.unit_mask
    found = None
    if geo.k == 1:
        for u in bits(st.open):
            m = cand & unit_mask[u]
            if not m:
                raise Contradiction((u,))
            if found is None and not m & (m - 1):
                found = Deduction(SINGLE_CANDIDATE, place=m, units=(u,))
        return found
    for u in bits(st.open):
        m = cand & unit_mask[u]
        need = st.need(geo, u)
        count = m.bit_count()
        if count < need or not geo.fits(m, need):
            raise Contradiction((u,))
        if found is None and count == need:
            found = Deduction(SINGLE_CANDIDATE, place=m, units=(u,), stars=need)
    return found


# ---------------------------------------------------------------------- confinement
def confinement(geo: Geometry, st: State, bulk: bool = False) -> Deduction | None:
    """A region whose candidates lie in one row (column) owns that row's (column's) queen,
    so the rest of the row is crossed out; likewise a row or column whose candidates
    lie in one region owns that region's queen. With k stars, counted: only when the
    unit still needs as many stars as the line (more is a contradiction). With
    ``bulk``, every such crossing at once."""
    if geo.region_of is None:
        return None  # rows and columns alone: a line inside one line is a single candidate
    n = geo.n
    cand = st.cand
    unit_mask = geo.unit_mask
    cell_units = geo.cell_units
    open_units = st.open
    everything = 0
    counted = geo.k > 1
    for u in range(3 * n):
        if not open_units >> u & 1:
            continue
        m = cand & unit_mask[u]
        if not m:
            raise Contradiction((u,))
        first = cell_units[(m & -m).bit_length() - 1]
        # a region looks at its first cell's row and column; a row or column at its region
        for line in first[:2] if u >= 2 * n else first[2:]:
            if not m & ~unit_mask[line]:
                need = 0
                if counted:  # with k stars: the line's stars all come from u only if u needs as many
                    need, room = st.need(geo, u), st.need(geo, line)
                    if need > room:
                        raise Contradiction((u,), (line,))
                    if need < room:
                        continue
                cross = cand & unit_mask[line] & ~m
                if cross and not bulk:
                    return Deduction(CONFINEMENT, cross=cross, units=(u,), lines=(line,), stars=need)
                everything |= cross
    return Deduction(CONFINEMENT, cross=everything) if everything else None


# ---------------------------------------------------------------------- would-empty-unit
def would_empty_unit(geo: Geometry, st: State, bulk: bool = False) -> Deduction | None:
    """A cell whose queen would leave some row, column or region with no candidate is crossed out.

    The cells that would empty unit ``u`` are those that attack every candidate of
    ``u`` (attack is symmetric), outside ``u`` itself. With ``bulk``, all of them at once.
    With k > 1 stars, see ``_would_starve_unit``.
    """
    if geo.k > 1:
        return _would_starve_unit(geo, st, bulk)
    cand = st.cand
    unit_mask = geo.unit_mask
    attack = geo.attack
    open_units = st.open
    everything = 0
    for u in range(len(unit_mask)):
        if not open_units >> u & 1:
            continue
        m = cand & unit_mask[u]
        hit = cand & ~unit_mask[u]
        while m and hit:
            low = m & -m
            hit &= attack[low.bit_length() - 1]
            m ^= low
        if hit:
            if not bulk:
                return Deduction(WOULD_EMPTY_UNIT, cross=hit, units=(u,))
            everything |= hit
    return Deduction(WOULD_EMPTY_UNIT, cross=everything) if everything else None


def _would_starve_unit(geo: Geometry, st: State, bulk: bool) -> Deduction | None:
    """k > 1: a cell whose star would leave some unit with too few cells for the stars it
    still needs (counting only cells that can hold stars together) is crossed out.

    A star rules out its neighbours, and the rest of each of its units that needs only
    that one star; in its own unit it also counts as one of the stars needed."""
    cand = st.cand
    unit_mask = geo.unit_mask
    near = geo.near
    cell_units = geo.cell_units
    open_units = st.open
    last = 0  # the open units that need one star more: a star in one fills it
    for u in bits(open_units):
        if st.need(geo, u) == 1:
            last |= 1 << u
    hits: dict[int, int] = {}  # cell -> what its star would rule out (itself included)
    everything = 0
    for u in bits(open_units):
        m = cand & unit_mask[u]
        need = st.need(geo, u)
        spread = geo.spread(m)  # stars that fit together in u: what a star must break into
        # the cells whose star takes something from u: the cells of the units needing one
        # star that cross u, and (unless u has room to spare: a star's 3x3 block holds at
        # most 4 of the spread) u's own and neighbouring cells
        zone = 0 if spread.bit_count() >= need + 4 else geo.halo[u]
        for v in bits(last):
            if unit_mask[v] & m:
                zone |= unit_mask[v]
        found = 0
        for c in bits(zone & cand):
            hit = hits.get(c)
            if hit is None:
                hit = near[c] | 1 << c
                for v in cell_units[c]:
                    if last >> v & 1:
                        hit |= unit_mask[v]
                hits[c] = hit
            inside = m >> c & 1
            if (spread & ~hit).bit_count() >= need - inside:
                continue  # the greedy stars that c leaves are enough
            if not geo.fits(m & ~hit, need - inside):
                found |= 1 << c
        if found:
            if not bulk:
                return Deduction(WOULD_EMPTY_UNIT, cross=found, units=(u,), stars=need)
            everything |= found
    return Deduction(WOULD_EMPTY_UNIT, cross=everything) if everything else None


# The rules without assumptions, cheapest first.
BASIC_RULES: tuple[Finder, ...] = (queen_eliminates, single_candidate, confinement, pigeonhole, would_empty_unit, blocks)
