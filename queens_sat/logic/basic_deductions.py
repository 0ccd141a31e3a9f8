"""The deduction rules that need no assumption, cheapest first, one function per family.

Each finder looks at a ``State`` and returns the first ``Deduction`` its rule allows
(or None); it raises ``Contradiction`` when it meets a state no solution can come from.
Every rule is sound: it never crosses out a cell that some solution of the current
state uses, and never places a queen that some solution lacks. The probes
(``probes.py``) build on these; pigeonhole has its own module.
"""

from __future__ import annotations

from collections.abc import Callable

from .board import Geometry, State, bits
from .deduction import CONFINEMENT, QUEEN_ELIMINATES, SINGLE_CANDIDATE, WOULD_EMPTY_UNIT, Contradiction, Deduction
from .pigeonhole import pigeonhole

Finder = Callable[[Geometry, State], "Deduction | None"]


# ---------------------------------------------------------------------- queen-eliminates
def queen_eliminates(geo: Geometry, st: State) -> Deduction | None:
    """A queen crosses out the rest of its row, column and region, and the cells it
    attacks (its neighbours under no-touch, its diagonals under the queens rule)."""
    cand = st.cand
    attack = geo.attack
    for i in bits(st.queens):
        hit = attack[i] & cand
        if hit:
            return Deduction(QUEEN_ELIMINATES, cross=hit, units=geo.cell_units[i], cell=i)
    return None


# ---------------------------------------------------------------------- single-candidate
def single_candidate(geo: Geometry, st: State) -> Deduction | None:
    """A row, column or region with one candidate left gets its queen there.

    Also the place where an open unit with no candidate at all is noticed.
    """
    cand = st.cand
    unit_mask = geo.unit_mask
    found = None
    for u in bits(st.open):
        m = cand & unit_mask[u]
        if not m:
            raise Contradiction((u,))
        if found is None and not m & (m - 1):
            found = Deduction(SINGLE_CANDIDATE, place=m, units=(u,))
    return found


# ---------------------------------------------------------------------- confinement
def confinement(geo: Geometry, st: State, bulk: bool = False) -> Deduction | None:
    """A region whose candidates lie in one row (column) owns that row's (column's) queen,
    so the rest of the row is crossed out; likewise a row or column whose candidates
    lie in one region owns that region's queen. With ``bulk``, every such crossing at once."""
    if geo.region_of is None:
        return None  # rows and columns alone: a line inside one line is a single candidate
    n = geo.n
    cand = st.cand
    unit_mask = geo.unit_mask
    cell_units = geo.cell_units
    open_units = st.open
    everything = 0
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
                cross = cand & unit_mask[line] & ~m
                if cross and not bulk:
                    return Deduction(CONFINEMENT, cross=cross, units=(u,), lines=(line,))
                everything |= cross
    return Deduction(CONFINEMENT, cross=everything) if everything else None


# ---------------------------------------------------------------------- would-empty-unit
def would_empty_unit(geo: Geometry, st: State, bulk: bool = False) -> Deduction | None:
    """A cell whose queen would leave some row, column or region with no candidate is crossed out.

    The cells that would empty unit ``u`` are those that attack every candidate of
    ``u`` (attack is symmetric), outside ``u`` itself. With ``bulk``, all of them at once.
    """
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


# The rules without assumptions, cheapest first.
BASIC_RULES: tuple[Finder, ...] = (queen_eliminates, single_candidate, confinement, pigeonhole, would_empty_unit)
