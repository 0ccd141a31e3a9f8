"""The generator's region-connectivity passes, in C when it is built (``_connectivity``, from
native/generator/connectivity.pyx) and else their pure-Python twins (``connectivity_py``): the one
place the generator chooses. The repair asks them of every candidate move."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from queens_sat.extension import connectivity
from queens_sat.model.grids import PLAIN_MAX_N
from queens_sat.services.generator import connectivity_py


def stays_connected(cells: Sequence[int], n: int, cell: int) -> bool:
    """Whether the cell's region is still one piece without the cell (its neighbours stay linked)."""
    check = connectivity()
    if check is not None and n <= PLAIN_MAX_N and type(cells) is list:
        return check.stays_connected(cells, n, cell)
    return connectivity_py.stays_connected(cells, n, cell)


def paths_out(cells: Sequence[int], n: int, cell: int, planted: Collection[int]) -> dict[int, list[int]]:
    """For each region ``cell`` can reach through its own region (never through ``planted``), the
    shortest such path, ``cell`` first, in the order a breadth-first search meets the regions."""
    check = connectivity()
    if check is not None and n <= PLAIN_MAX_N:
        return check.paths_out(cells, n, cell, planted)
    return connectivity_py.paths_out(cells, n, cell, planted)


def cut_off(cells: Sequence[int], n: int, k: int, anchors: Sequence[int], removed: Collection[int], size: int) -> list[int] | None:
    """The cells of region ``k`` (of ``size`` cells) that taking ``removed`` out would separate from
    its first anchor, in increasing order; None when it would separate the anchors from one another."""
    check = connectivity()
    if check is not None and n <= PLAIN_MAX_N:
        return check.cut_off(cells, n, k, anchors, removed)
    return connectivity_py.cut_off(cells, n, k, anchors, removed, size)
