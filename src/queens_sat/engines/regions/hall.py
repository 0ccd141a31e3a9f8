"""Hall filtering for the reference search: the cells no solution can use, as ``native/regions/hall.c`` finds them.

Each open row, column and region needs its own queen, so a solution matches the
open rows to distinct open columns, the open rows to distinct open regions and the
open columns to distinct open regions along the candidate cells. A cell whose
(row, column), (row, region) or (column, region) link lies on no perfect matching
of that bipartite graph is in no solution; a graph without a perfect matching is a
dead end (Régin's alldifferent filtering: a link lies on some perfect matching
when it is matched, or when its two ends share a strongly connected component of
the graph that follows unmatched links forward and matched links back).

The filters repeat until none removes a cell. Each removal stays valid on any
smaller candidate set, so the fixpoint is the same whatever the order: the native
search reaches the same one, and the two searches move node for node.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

HALL_N = 12  # boards from 12 x 12 up are filtered at every node (native/regions/search.h: QS_HALL_N)


def _bits(x: int) -> Iterator[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def _augment(adj: Sequence[int], u: int, match_l: dict[int, int], match_r: dict[int, int], seen: list[int]) -> bool:
    for v in _bits(adj[u] & ~seen[0]):
        seen[0] |= 1 << v
        if v not in match_r or _augment(adj, match_r[v], match_l, match_r, seen):
            match_l[u] = v
            match_r[v] = u
            return True
    return False


def filter_links(adj: Sequence[int], left: Sequence[int]) -> dict[int, int] | None:
    """The links of the left nodes ``left`` (right nodes in ``adj[u]`` bits) that no perfect
    matching uses, by left node; None when some left node cannot be matched."""
    match_l: dict[int, int] = {}
    match_r: dict[int, int] = {}
    for u in left:  # greedy first, as the native filter does (the result does not depend on it)
        for v in _bits(adj[u]):
            if v not in match_r:
                match_l[u], match_r[v] = v, u
                break
    for u in left:
        if u not in match_l and not _augment(adj, u, match_l, match_r, [0]):
            return None
    succ = {u: 0 for u in left}
    pred = {u: 0 for u in left}
    for u in left:
        for v in _bits(adj[u]):
            w = match_r[v]
            succ[u] |= 1 << w
            pred[w] |= 1 << u
    drop: dict[int, int] = {}
    todo = sum(1 << u for u in left)
    while todo:
        root = (todo & -todo).bit_length() - 1
        forward = front = 1 << root
        while front:
            front = _union(succ, front) & todo & ~forward
            forward |= front
        backward = front = 1 << root
        while front:
            front = _union(pred, front) & forward & ~backward
            backward |= front
        component = forward & backward
        todo &= ~component
        partners = sum(1 << match_l[u] for u in _bits(component))
        for u in _bits(component):
            drop[u] = adj[u] & ~partners
    return drop


def _union(masks: dict[int, int], nodes: int) -> int:
    out = 0
    for u in _bits(nodes):
        out |= masks[u]
    return out


def hall_rows(
    n: int,
    rows: list[int],
    open_rows: list[int],
    open_cols: list[int],
    region_of: Sequence[int] | None,
    reg_row: Sequence[int],
    reg_col: Sequence[int],
) -> bool:
    """Filter ``rows`` (bit c of rows[r]: cell (r, c) a candidate) in place to the fixpoint of
    the three graphs (rows and columns only when ``region_of`` is None); False at a dead end.

    ``reg_row[k * n + r]`` holds the columns of region k in row r, ``reg_col[k * n + c]``
    the rows of region k in column c.
    """
    while True:
        removed = False
        drop = filter_links(rows, open_rows)
        if drop is None:
            return False
        for r, gone in drop.items():
            if gone:
                rows[r] &= ~gone
                removed = True
        if region_of is None:
            if not removed:
                return True
            continue
        cols = [0] * n
        row_reg = [0] * n
        col_reg = [0] * n
        for r in open_rows:
            for c in _bits(rows[r]):
                k = region_of[r * n + c]
                row_reg[r] |= 1 << k
                col_reg[c] |= 1 << k
                cols[c] |= 1 << r
        drop = filter_links(row_reg, open_rows)
        if drop is None:
            return False
        for r, regions in drop.items():
            for k in _bits(regions):
                gone = rows[r] & reg_row[k * n + r]
                if gone:
                    rows[r] &= ~gone
                    removed = True
        # columns and regions, on the links from before the row-region crossings, as native does
        drop = filter_links(col_reg, open_cols)
        if drop is None:
            return False
        for c, regions in drop.items():
            for k in _bits(regions):
                for r in _bits(cols[c] & reg_col[k * n + c]):
                    if rows[r] >> c & 1:
                        rows[r] &= ~(1 << c)
                        removed = True
        if not removed:
            return True
