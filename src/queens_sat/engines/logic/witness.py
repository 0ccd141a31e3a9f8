"""Witnesses: actual solutions, used only to skip probes that cannot succeed.

Every rule is sound, so no rule ever crosses out a cell that some solution uses, and a
probe on such a cell can never end in a contradiction. A small bounded search for a
solution through a cell (a witness) therefore lets the engine skip that probe, and
every other cell of the witness too, without changing a single deduction: the steps
are exactly those of the engine without witnesses, found sooner. On boards with
several solutions this removes most of the probing work.
"""

from __future__ import annotations

import random

from queens_sat.engines.logic.board import Geometry, State, bits

RESTARTS = 16  # tries, the first in plain order, the others shuffled
NODES_PER_CANDIDATE = 10  # search budget: a probe sweep costs about one saturation per candidate, ~10 nodes
# With k > 1 stars a saturation runs the counted rules (flows, 2x2 covers) and costs
# about as much as a hundred search nodes; 30 a candidate finds most witnesses on
# boards with several solutions without doubling the cost of a failed search.
NODES_PER_CANDIDATE_STARS = 30


class Witnesses:
    """The solutions found so far (as queen masks) and the cells they cover."""

    __slots__ = ("covered", "solutions")

    def __init__(self) -> None:
        self.solutions: list[int] = []
        self.covered = 0  # cells used by some known solution: never crossed, never worth probing

    def add(self, queens: int) -> None:
        if queens & ~self.covered:
            self.solutions.append(queens)
            self.covered |= queens

    def covers(self, st: State, i: int) -> bool:
        """Whether a known solution that ``st`` allows puts a queen on cell ``i``.

        ``st`` must have its queens' eliminations applied: then a solution whose
        queens are all still open or placed in ``st`` extends it."""
        if not self.covered >> i & 1:
            return False
        allowed = st.cand | st.queens
        return any(w >> i & 1 and not w & ~allowed for w in self.solutions)

    def avoids(self, st: State, i: int) -> bool:
        """Whether a known solution that ``st`` allows leaves cell ``i`` empty: then assuming
        ``i`` crossed out cannot lead to a contradiction (the cross probe's twin of ``covers``)."""
        allowed = st.cand | st.queens
        return any(not w >> i & 1 and not w & ~allowed for w in self.solutions)

    def search(self, geo: Geometry, st: State) -> bool:
        """Look (briefly: about as long as probing every candidate would take) for a
        solution extending ``st``; remember it if found."""
        budget = (NODES_PER_CANDIDATE if geo.k == 1 else NODES_PER_CANDIDATE_STARS) * max(st.cand.bit_count(), 20)
        # Backtracking on queens is heavy-tailed: a few short runs in shuffled orders
        # find a solution far more often than one long run.
        for attempt in range(RESTARTS):
            order = None if attempt == 0 else random.Random(attempt).random
            if geo.k == 1:
                found = _search(geo, st.cand, st.open, st.queens, [budget // RESTARTS], order)
            else:
                found = _search_stars(geo, st.copy(), [budget // RESTARTS], order)
            if found is not None:
                self.add(found)
                return True
        return False


def _search(
    geo: Geometry, cand: int, open_units: int, queens: int, budget: list[int], order=None
) -> int | None:
    """A solution extending the state, by depth-first search on the open unit with the
    fewest candidates; None when there is none or the budget ran out."""
    if not open_units:
        return queens
    budget[0] -= 1
    if budget[0] < 0:
        return None
    unit_mask = geo.unit_mask
    best = 0
    best_count = 1 << 30
    rest = open_units
    while rest:
        low = rest & -rest
        rest ^= low
        m = cand & unit_mask[low.bit_length() - 1]
        count = m.bit_count()
        if count < best_count:
            if not count:
                return None
            best, best_count = m, count
    choices = list(bits(best))
    if order is not None:
        choices.sort(key=lambda _: order())
    for i in choices:
        low = 1 << i
        found = _search(geo, cand & ~(low | geo.attack[i]), open_units & ~geo.cell_unit_bits[i], queens | low, budget, order)
        if found is not None or budget[0] < 0:
            return found
    return None


def _search_stars(geo: Geometry, st: State, budget: list[int], order=None) -> int | None:
    """``_search`` for k > 1 stars: the forced stars of units with no candidate to spare
    placed first, then, on the open unit with the fewest candidates to spare, a star on
    one of its candidates, or that candidate crossed out."""
    unit_mask = geo.unit_mask
    while True:  # forced stars: a unit with exactly as many candidates as it needs
        best, spare_best = 0, 1 << 30
        for u in bits(st.open):
            m = st.cand & unit_mask[u]
            spare = m.bit_count() - st.need(geo, u)
            if spare < spare_best:
                if spare < 0:
                    return None
                best, spare_best = m, spare
        if spare_best:
            break
        for i in bits(best):
            if not st.cand >> i & 1:
                return None  # two of them touch
            st.put(geo, i)
    if not st.open:
        return st.queens
    budget[0] -= 1
    if budget[0] < 0:
        return None
    choices = list(bits(best))
    i = choices[int(order() * len(choices))] if order is not None else choices[0]
    star = st.copy()
    star.put(geo, i)
    found = _search_stars(geo, star, budget, order)
    if found is not None or budget[0] < 0:
        return found
    st.cand &= ~(1 << i)
    return _search_stars(geo, st, budget, order)
