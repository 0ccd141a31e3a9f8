"""2x2 blocks (Star Battle, k > 1): no 2x2 block of cells holds two stars, since any two
of its cells touch.

So the stars of a unit, or of two neighbouring rows (columns), number at most the
blocks needed to cover its candidates. When that cover is as small as the stars still
needed, every block holds exactly one of them: a block with one candidate left holds a
star, and a cell touching every candidate of a block is crossed out, whichever of them
gets the star. When the cover is smaller than the need, there is no solution.

A smallest cover is found by covering the first uncovered candidate (in reading order)
with one of the two blocks that start in its row (the blocks starting a row higher
cover nothing more of what is left), at most ``need`` blocks deep.
"""

from __future__ import annotations

from collections.abc import Iterator

from queens_sat.engines.logic.board import Geometry, State, bits
from queens_sat.engines.logic.deduction import BLOCKS, Contradiction, Deduction
from queens_sat.engines.search import Clock, current_clock


def blocks(geo: Geometry, st: State, bulk: bool = False) -> Deduction | None:
    """The first unit (or pair of neighbouring rows or columns) whose candidates fit in
    exactly as many 2x2 blocks as the stars it needs, where that says something new.
    With ``bulk``, everything every such group says at once."""
    if geo.k == 1:
        return None  # one queen a unit: the cells it would cut off are would-empty-unit's
    everything_place = everything_cross = 0
    for group in _groups(geo, st):
        cells = 0
        need = 0
        for u in group:
            cells |= st.cand & geo.unit_mask[u]
            need += st.need(geo, u)
        if geo.spread(cells).bit_count() > need:
            continue  # that many cells apart need as many blocks: more than the stars
        cover = _smallest_cover(geo, cells, need)
        if cover is None:
            continue  # more blocks than stars: nothing to say
        if len(cover) < need:
            raise Contradiction(group)
        for corners in _covers(geo, cells, need):
            place, cross = _consequences(geo, st, cells, corners)
            if not (place or cross):
                continue
            if not bulk:
                return Deduction(
                    BLOCKS, place=place, cross=cross, units=group, stars=need, blocks=sum(1 << c for c in corners)
                )
            everything_place |= place
            everything_cross |= cross
            break
    if everything_place or everything_cross:
        return Deduction(BLOCKS, place=everything_place, cross=everything_cross & ~everything_place)
    return None


def block_cells(geo: Geometry, corner: int) -> int:
    """The four cells of the 2x2 block whose top-left cell is ``corner``."""
    n = geo.n
    return (3 << corner) | (3 << (corner + n))


def _groups(geo: Geometry, st: State) -> Iterator[tuple[int, ...]]:
    """The open units one by one, then the open pairs of neighbouring rows and columns."""
    n = geo.n
    open_units = st.open
    for u in bits(open_units):
        yield (u,)
    for family in (0, n):  # rows, then columns
        for a in range(family, family + n - 1):
            if open_units >> a & 1 and open_units >> (a + 1) & 1:
                yield (a, a + 1)


def _smallest_cover(geo: Geometry, cells: int, need: int) -> list[int] | None:
    """A smallest set of 2x2 blocks (top-left cells) covering ``cells``, if it has at most
    ``need`` blocks; None when more are needed."""
    clock = current_clock()
    for size in range(need + 1):
        for cover in _search(geo, cells, size, [], clock):
            return cover
    return None


def _covers(geo: Geometry, cells: int, size: int) -> Iterator[list[int]]:
    """Every cover of ``cells`` by ``size`` blocks that the search meets (one per choice)."""
    yield from _search(geo, cells, size, [], current_clock())


def _search(geo: Geometry, cells: int, left: int, chosen: list[int], clock: Clock | None) -> Iterator[list[int]]:
    """The covers of ``cells`` by ``left`` more blocks; exponential in ``left`` on wide boards,
    so it reads the engine's clock (``deadline_scope``) and raises ``Stop`` past the deadline."""
    if clock is not None:
        clock.tick()
    if not cells:
        yield list(chosen)
        return
    if left == 0 or cells.bit_count() > 4 * left:
        return
    n = geo.n
    i = (cells & -cells).bit_length() - 1
    r, c = divmod(i, n)
    top = min(r, n - 2)
    for left_col in (c - 1, c):
        if 0 <= left_col <= n - 2:
            corner = top * n + left_col
            chosen.append(corner)
            yield from _search(geo, cells & ~block_cells(geo, corner), left - 1, chosen, clock)
            chosen.pop()


def _consequences(geo: Geometry, st: State, cells: int, corners: list[int]) -> tuple[int, int]:
    """What "each of these blocks holds exactly one star of ``cells``" says: stars where a
    block holds one candidate, crosses on the cells touching every candidate of a block."""
    place = cross = 0
    near = geo.near
    for corner in corners:
        group = cells & block_cells(geo, corner)
        if not group & (group - 1):
            place |= group
            continue
        touching = st.cand
        for i in bits(group):
            touching &= near[i]
        cross |= touching & ~group
    return place, cross & ~place
