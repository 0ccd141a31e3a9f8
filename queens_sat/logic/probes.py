"""The last resort: contradiction probes of bounded depth.

A probe of depth d assumes a queen on a cell, applies the plain rules and probes of
depth below d until nothing more follows, and crosses the cell out if that reaches a
contradiction (a unit with no candidate left). Depth 1 is "if a queen stood here,
the rules would empty column 4"; depth 2 may use depth-1 probes inside the assumption.
Nothing is ever guessed: a probe that does not end in a contradiction teaches nothing.

Inside a probe nobody reads the steps, so ``saturate`` applies the rules in bulk (a
queen's eliminations at once, every single candidate in one pass). Every rule only
ever shrinks the candidates, so the order of application changes neither the final
state nor whether a contradiction is reached, only the speed.
"""

from __future__ import annotations

import time
from typing import Iterator

from .board import Geometry, State, bits
from .deduction import PROBE, Contradiction, Deduction
from .pigeonhole import pigeonhole
from .rules import BASIC_RULES, confinement, would_empty_unit


class OutOfTime(Exception):
    """The deadline passed in the middle of a search for the next step."""


def next_deduction(geo: Geometry, st: State, depth: int, deadline: float | None = None) -> Deduction | None:
    """The first deduction of the cheapest rule that makes one, probes up to ``depth`` last."""
    for rule in BASIC_RULES:
        found = rule(geo, st)
        if found is not None:
            return found
    if depth > 0:
        return probe(geo, st, depth, deadline)
    return None


# Inside a probe, the crossing rules in order of cost (not of difficulty).
_CROSSING_RULES = (confinement, would_empty_unit, pigeonhole)


def saturate(geo: Geometry, st: State, depth: int, deadline: float | None) -> None:
    """Apply every rule (probes up to ``depth``) to ``st`` until none applies or it is solved.

    ``st`` must have every queen's eliminations applied already. Raises
    ``Contradiction`` when the state turns out to have no solution.
    """
    unit_mask = geo.unit_mask
    attack = geo.attack
    cell_unit_bits = geo.cell_unit_bits
    while st.open:
        placed = False
        for u in bits(st.open):
            if not st.open >> u & 1:
                continue  # closed by a queen placed earlier in this pass
            m = st.cand & unit_mask[u]
            if not m:
                raise Contradiction((u,))
            if not m & (m - 1):
                i = m.bit_length() - 1
                st.queens |= m
                st.cand &= ~(m | attack[i])
                st.open &= ~cell_unit_bits[i]
                placed = True
        if placed:
            continue
        for rule in _CROSSING_RULES:
            found = rule(geo, st)
            if found is not None:
                st.cand &= ~found.cross
                break
        else:
            if depth == 0:
                return
            found = probe(geo, st, depth, deadline)
            if found is None:
                return
            st.cand &= ~found.cross


def probe(geo: Geometry, st: State, max_depth: int, deadline: float | None = None) -> Deduction | None:
    """The first cell whose queen leads to a contradiction, shallowest probes first.

    ``st`` must have every queen's eliminations applied already.
    """
    attack = geo.attack
    for depth in range(1, max_depth + 1):
        for i in probe_order(geo, st):
            if deadline is not None and time.perf_counter() > deadline:
                raise OutOfTime
            trial = st.copy()
            trial.place(geo, i)
            trial.cand &= ~attack[i]
            try:
                saturate(geo, trial, depth - 1, deadline)
            except Contradiction as why:
                forced = trial.queens & ~st.queens & ~(1 << i)
                return Deduction(
                    PROBE, cross=1 << i, units=why.units, lines=why.lines, cell=i, depth=depth, forced=forced
                )
    return None


def probe_order(geo: Geometry, st: State) -> Iterator[int]:
    """Candidate cells, those of the units with fewest candidates first: the cells a
    person would try ("this region has two cells left; what if it were this one?")."""
    cand = st.cand
    unit_mask = geo.unit_mask
    units = sorted(bits(st.open), key=lambda u: (cand & unit_mask[u]).bit_count())
    seen = 0
    for u in units:
        fresh = cand & unit_mask[u] & ~seen
        seen |= fresh
        yield from bits(fresh)
