"""The generator's region-connectivity passes in pure Python: the twins of
native/generator/connectivity.pyx, step for step (``connectivity`` picks one of the two)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from queens_sat.services.generator.layout import neighbours


def stays_connected(cells: Sequence[int], n: int, cell: int) -> bool:
    """Whether the cell's region is still one piece without the cell (the cell's neighbours stay linked)."""
    k = cells[cell]
    nbrs = neighbours(n)
    inside = [nb for nb in nbrs[cell] if cells[nb] == k]
    if len(inside) <= 1:
        return True
    # search from one neighbour inside the region, around the removed cell, until all are found
    targets = set(inside[1:])
    seen = {cell, inside[0]}
    stack = [inside[0]]
    while stack:
        here = stack.pop()
        for nb in nbrs[here]:
            if nb not in seen and cells[nb] == k:
                targets.discard(nb)
                if not targets:
                    return True
                seen.add(nb)
                stack.append(nb)
    return False


def paths_out(cells: Sequence[int], n: int, cell: int, planted: Collection[int]) -> dict[int, list[int]]:
    """For each region ``cell`` can reach through its own region (never through a cell of
    ``planted``), the shortest such path, ``cell`` first, in the order a breadth-first search meets
    the regions."""
    nbrs = neighbours(n)
    k = cells[cell]
    parent = {cell: -1}
    order = [cell]
    ends: dict[int, int] = {}
    for here in order:
        for nb in nbrs[here]:
            region = cells[nb]
            if region == k:
                if nb not in parent and nb not in planted:
                    parent[nb] = here
                    order.append(nb)
            elif region not in ends:
                ends[region] = here
    paths = {}
    for region, end in ends.items():
        path = []
        while end >= 0:
            path.append(end)
            end = parent[end]
        paths[region] = path[::-1]
    return paths


def cut_off(
    cells: Sequence[int], n: int, k: int, anchors: Sequence[int], removed: Collection[int], size: int | None = None
) -> list[int] | None:
    """The cells of region ``k`` that taking ``removed`` out of it would separate from its first
    anchor, in increasing order; None when it would separate the anchors from one another.
    ``size``: the region's number of cells, when the caller keeps it (else counted here)."""
    nbrs = neighbours(n)
    removed = set(removed)
    seen = {anchors[0]}
    stack = [anchors[0]]
    while stack:
        here = stack.pop()
        for nb in nbrs[here]:
            if nb not in seen and nb not in removed and cells[nb] == k:
                seen.add(nb)
                stack.append(nb)
    if len(anchors) > 1 and not seen.issuperset(anchors):
        return None
    if len(seen) + len(removed) == (size if size is not None else sum(1 for x in cells if x == k)):
        return []
    # what is cut off touches the removed cells (the region was one piece): search from there,
    # not over the whole board (an n * n scan per candidate move dominated n = 64 repairs)
    stack = [nb for cell in removed for nb in nbrs[cell] if cells[nb] == k and nb not in seen and nb not in removed]
    cut = set(stack)
    while stack:
        here = stack.pop()
        for nb in nbrs[here]:
            if nb not in cut and nb not in seen and nb not in removed and cells[nb] == k:
                cut.add(nb)
                stack.append(nb)
    return sorted(cut)
