"""The deduction rules that need no assumption, cheapest first, one function per family.

Each finder looks at a ``State`` and returns the first ``Deduction`` its rule allows
(or None); it raises ``Contradiction`` when it meets a state no solution can come from.
Every rule is sound: it never crosses out a cell that some solution of the current
state uses, and never places a queen that some solution lacks. The probes
(``probes.py``) build on these; pigeonhole has its own module.
"""

from __future__ import annotations

from typing import Callable

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
def confinement(geo: Geometry, st: State) -> Deduction | None:
    """A region whose candidates lie in one row (column) owns that row's (column's) queen,
    so the rest of the row is crossed out; likewise a row or column whose candidates
    lie in one region owns that region's queen."""
    if len(geo.families) < 3:
        return None  # rows and columns alone: a line inside one line is a single candidate
    n = geo.n
    cand = st.cand
    unit_mask = geo.unit_mask
    cell_units = geo.cell_units
    open_units = st.open
    for u in geo.families[2]:
        if not open_units >> u & 1:
            continue
        m = cand & unit_mask[u]
        first = (m & -m).bit_length() - 1
        for line in cell_units[first][:2]:
            if not m & ~unit_mask[line]:
                cross = cand & unit_mask[line] & ~m
                if cross:
                    return Deduction(CONFINEMENT, cross=cross, units=(u,), lines=(line,))
    for u in range(2 * n):
        if not open_units >> u & 1:
            continue
        m = cand & unit_mask[u]
        region = cell_units[(m & -m).bit_length() - 1][2]
        if not m & ~unit_mask[region]:
            cross = cand & unit_mask[region] & ~m
            if cross:
                return Deduction(CONFINEMENT, cross=cross, units=(u,), lines=(region,))
    return None


# ---------------------------------------------------------------------- would-empty-unit
def would_empty_unit(geo: Geometry, st: State) -> Deduction | None:
    """A cell whose queen would leave some row, column or region with no candidate is crossed out.

    The cells that would empty unit ``u`` are those that attack every candidate of
    ``u`` (attack is symmetric), outside ``u`` itself.
    """
    cand = st.cand
    unit_mask = geo.unit_mask
    attack = geo.attack
    for u in bits(st.open):
        m = cand & unit_mask[u]
        hit = cand & ~unit_mask[u]
        for j in bits(m):
            hit &= attack[j]
            if not hit:
                break
        if hit:
            return Deduction(WOULD_EMPTY_UNIT, cross=hit, units=(u,))
    return None


# The rules without assumptions, cheapest first.
BASIC_RULES: tuple[Finder, ...] = (queen_eliminates, single_candidate, confinement, pigeonhole, would_empty_unit)
