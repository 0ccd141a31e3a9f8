# cython: language_level=3
"""Plain region grids copied into the buffer the compiled search reads, and checked, in one C pass.

``queens_sat.model.grids`` calls this for every bare grid handed to ``solve`` or ``is_unique``:
a 9x9 list of lists costs a fraction of a microsecond here, against several for the same
checks in Python (see ``bench/per_call.py``).
"""

from libc.stdint cimport int64_t, uint64_t

include "rows.pxi"


def fill(object rows, int64_t[:, ::1] out):
    """Copy ``rows`` into the n x n ``out`` when it is a plain grid; True when it is.

    Plain: a list or tuple of n lists or tuples of n ints (bools are not ints here),
    every one in 0..n-1 and every one of 0..n-1 present. False for anything else, with
    ``out`` left partly written: the caller then builds a ``Puzzle``, which names the problem.
    """
    cdef Py_ssize_t n = out.shape[0], r, c
    cdef uint64_t seen = 0
    cdef uint64_t full = ~(<uint64_t>0) if n == 64 else ((<uint64_t>1) << n) - 1
    cdef long long x
    cdef object row, v
    if (type(rows) is not list and type(rows) is not tuple) or len(rows) != n:
        return False
    for r in range(n):
        row = rows[r]
        if (type(row) is not list and type(row) is not tuple) or len(row) != n:
            return False
        for c in range(n):
            v = row[c]
            if type(v) is not int:
                return False
            try:
                x = v
            except OverflowError:
                return False
            if x < 0 or x >= n:
                return False
            out[r, c] = x
            seen |= (<uint64_t>1) << x
    return seen == full


def solution_ok(const int64_t[:, ::1] grid, object cols, int rule):
    """Whether ``cols`` (the queen's column in each row) solves ``grid`` under ``rule``
    (0: no-touch, 1: queens, as ``queens_sat.engines.regions.counting.rule_code`` numbers them); givens aside."""
    if grid.shape[0] < 1:
        return type(cols) is tuple and len(cols) == 0
    return cells_solution_ok(&grid[0, 0], grid.shape[0], cols, rule)


def canonical(object rows):
    """``rows`` (n lists or tuples of n ints, each 0..63) renumbered by first appearance, as
    ``Puzzle`` keeps its regions: a tuple of row tuples; None when the grid is anything else
    (other labels, another shape, not n regions), which the caller's full check then names."""
    cdef Py_ssize_t n, r, c, k = 0
    cdef int number[64]
    cdef long long x
    cdef object row, v
    if (type(rows) is not list and type(rows) is not tuple):
        return None
    n = len(rows)
    if n < 1 or n > 64:
        return None
    for r in range(64):
        number[r] = -1
    out = []
    for r in range(n):
        row = rows[r]
        if (type(row) is not list and type(row) is not tuple) or len(row) != n:
            return None
        line = []
        for c in range(n):
            v = row[c]
            if type(v) is not int:
                return None
            try:
                x = v
            except OverflowError:
                return None
            if x < 0 or x >= 64:
                return None
            if number[x] < 0:
                if k == n:
                    return None
                number[x] = k
                k += 1
            line.append(number[x])
        out.append(tuple(line))
    return tuple(out) if k == n else None


def canonical_labels(object rows):
    """``rows`` (n strings of n label characters, printable ASCII other than space and '#')
    numbered by first appearance, with the labels in that order: what ``Puzzle`` keeps of a
    lettered board, as ``model.grids._label_rows`` makes it. None for anything else (other
    characters, padding, another shape, not n labels): the caller's general path then reads it
    or names the problem."""
    cdef Py_ssize_t n, r, c, k = 0
    cdef int number[128]
    cdef Py_UCS4 ch
    cdef str row
    if (type(rows) is not list and type(rows) is not tuple):
        return None
    n = len(rows)
    if n < 1 or n > 64:
        return None
    for r in range(128):
        number[r] = -1
    labels = []
    out = []
    for r in range(n):
        if type(rows[r]) is not str:
            return None
        row = rows[r]
        if len(row) != n:
            return None
        line = []
        for c in range(n):
            ch = row[c]
            if ch <= 32 or ch >= 127 or ch == 35:
                return None
            if number[ch] < 0:
                if k == n:
                    return None
                number[ch] = k
                k += 1
                labels.append(row[c])
            line.append(number[ch])
        out.append(tuple(line))
    return (tuple(out), tuple(labels)) if k == n else None


def region_parts(object grid):
    """How many 4-connected pieces each region of a canonical grid (a tuple of n tuples of
    region numbers 0..n-1) falls into: a list of n counts."""
    cdef Py_ssize_t n = len(grid), r, c
    cdef int cell_region[4096]
    cdef int parts[64]
    for r in range(n):
        row = grid[r]
        for c in range(n):
            cell_region[r * n + c] = row[c]
    _count_parts(cell_region, n, parts)
    return [parts[r] for r in range(n)]


def fill_canonical(object rows, int64_t[:, ::1] out):
    """``rows`` renumbered by first appearance (as ``canonical`` and ``canonical_labels`` do, as
    ``Puzzle`` keeps its regions) into the n x n ``out``, for a search that never builds the
    ``Puzzle``: the largest number of 4-connected pieces of any region (1 when every region is
    whole), or 0 when ``rows`` is neither n lists or tuples of n ints in 0..63 with exactly n
    distinct values nor n strings of n labels as ``canonical_labels`` takes them (``out`` then
    partly written)."""
    cdef Py_ssize_t n = out.shape[0]
    if (type(rows) is not list and type(rows) is not tuple) or len(rows) != n or n < 1 or n > 64:
        return 0
    return fill_rows(rows, n, &out[0, 0])


cdef inline Py_ssize_t _neighbour(Py_ssize_t cell, Py_ssize_t n, int j):
    """The cell above, below, left or right of ``cell`` (j = 0..3), or -1 off the board."""
    cdef Py_ssize_t r = cell // n, c = cell % n
    if j == 0:
        return cell - n if r > 0 else -1
    if j == 1:
        return cell + n if r < n - 1 else -1
    if j == 2:
        return cell - 1 if c > 0 else -1
    return cell + 1 if c < n - 1 else -1


def stays_connected(list cells, Py_ssize_t n, Py_ssize_t cell):
    """Whether the cell's region is still one piece without the cell: its neighbours in the region
    stay linked (``cells``: the flat list of region numbers, n <= 64). Asked of every one-cell move
    of the repair; the twin is ``services.generator.region_rules.stays_connected``."""
    cdef Py_ssize_t total = n * n, here, nb, top = 1, i, inside = 0, left
    cdef Py_ssize_t near[4]
    cdef char found[4]
    cdef int j
    cdef long k
    cdef int stack[4096]
    cdef char seen[4096]
    if n < 1 or n > 64 or len(cells) != total or not 0 <= cell < total:
        raise ValueError("stays_connected takes a flat list of n * n region numbers, n <= 64, and a cell on the board")
    k = cells[cell]
    for j in range(4):
        nb = _neighbour(cell, n, j)
        if nb >= 0 and <long>cells[nb] == k:
            near[inside] = nb
            found[inside] = 0
            inside += 1
    if inside <= 1:
        return True
    for i in range(total):
        seen[i] = 0
    seen[cell] = 1
    seen[near[0]] = 1
    stack[0] = <int>near[0]
    left = inside - 1  # the other neighbours inside, still to be reached from the first
    while top:
        top -= 1
        here = stack[top]
        for j in range(4):
            nb = _neighbour(here, n, j)
            if nb >= 0 and not seen[nb] and <long>cells[nb] == k:
                for i in range(1, inside):
                    if not found[i] and near[i] == nb:
                        found[i] = 1
                        left -= 1
                if left == 0:
                    return True
                seen[nb] = 1
                stack[top] = <int>nb
                top += 1
    return False


def paths_out(object cells, Py_ssize_t n, Py_ssize_t cell, object planted):
    """For each region that ``cell`` can reach through its own region (never through a cell of
    ``planted``), the shortest such path, ``cell`` first: a dict in the order the breadth-first
    search meets the regions. ``cells`` is the flat list of region numbers 0..n-1 (n <= 64). The
    generator's repair asks it of every queen of each solution it kills, a search of the region
    each time; the twin is ``services.generator.moves._paths_out_python``, step for step."""
    cdef Py_ssize_t total = n * n, i, head = 0, tail = 0, here, nb, end, region, k, met_count = 0
    cdef int j
    cdef int reg[4096]
    cdef int parent[4096]
    cdef int order[4096]
    cdef char mark[4096]  # 0: not met, 1: met (in the cell's region), 2: a planted cell
    cdef int end_of[64]  # per region: the cell of the path's end that borders it, -1 before it is met
    cdef int met[64]  # the regions in the order met
    if n < 1 or n > 64 or len(cells) != total or not 0 <= cell < total:
        raise ValueError("paths_out takes a flat list of n * n region numbers, n <= 64, and a cell on the board")
    for i in range(total):
        reg[i] = cells[i]
        mark[i] = 0
        if reg[i] < 0 or reg[i] >= n:
            raise ValueError(f"cell {i}: region {reg[i]} is not in 0..{n - 1}")
    for v in planted:
        i = v
        mark[i] = 2
    for i in range(n):
        end_of[i] = -1
    k = reg[cell]
    mark[cell] = 1
    parent[cell] = -1
    order[tail] = <int>cell
    tail += 1
    while head < tail:
        here = order[head]
        head += 1
        for j in range(4):
            nb = _neighbour(here, n, j)
            if nb < 0:
                continue
            region = reg[nb]
            if region == k:
                if mark[nb] == 0:
                    mark[nb] = 1
                    parent[nb] = <int>here
                    order[tail] = <int>nb
                    tail += 1
            elif end_of[region] < 0:
                end_of[region] = <int>here
                met[met_count] = <int>region
                met_count += 1
    out = {}
    for i in range(met_count):
        path = []
        end = end_of[met[i]]
        while end >= 0:
            path.append(end)
            end = parent[end]
        path.reverse()
        out[met[i]] = path
    return out


def cut_off(object cells, Py_ssize_t n, int k, object anchors, object removed):
    """The cells of region ``k`` that taking ``removed`` out of it would separate from its first
    anchor (its first planted star), in increasing order; None when it would separate the
    anchors from one another. ``cells`` is the flat list of region numbers (n <= 64). The
    generator's repair asks this of every candidate move, so it is worth a C pass: the twin is
    ``services.generator.moves._cut_off_python``."""
    cdef Py_ssize_t total = n * n, i, here, nb, top, size = 0, reached = 0, gone = 0
    cdef int j
    cdef int region[4096]
    cdef int stack[4096]
    cdef char mark[4096]  # 0: not yet met, 1: removed, 2: reached from the anchor, 3: cut off
    if n < 1 or n > 64 or len(cells) != total:
        raise ValueError("cut_off takes a flat list of n * n region numbers, n <= 64")
    for i in range(total):
        region[i] = cells[i]
        mark[i] = 0
        if region[i] == k:
            size += 1
    for v in removed:
        i = v
        if mark[i] != 1:
            mark[i] = 1
            gone += 1
    stack[0] = anchors[0]
    mark[stack[0]] = 2
    top = 1
    reached = 1
    while top:
        top -= 1
        here = stack[top]
        for j in range(4):
            nb = _neighbour(here, n, j)
            if nb >= 0 and mark[nb] == 0 and region[nb] == k:
                mark[nb] = 2
                reached += 1
                stack[top] = nb
                top += 1
    for v in anchors:
        i = v
        if mark[i] != 2:
            return None
    if reached + gone == size:
        return []
    top = 0  # what is cut off touches the removed cells (the region was one piece)
    for v in removed:
        i = v
        for j in range(4):
            nb = _neighbour(i, n, j)
            if nb >= 0 and mark[nb] == 0 and region[nb] == k:
                mark[nb] = 3
                stack[top] = nb
                top += 1
    while top:
        top -= 1
        here = stack[top]
        for j in range(4):
            nb = _neighbour(here, n, j)
            if nb >= 0 and mark[nb] == 0 and region[nb] == k:
                mark[nb] = 3
                stack[top] = nb
                top += 1
    return [i for i in range(total) if mark[i] == 3]


def covers_regions(const int64_t[:, ::1] grid):
    """Whether the n x n grid's cells are all in 0..n-1 and cover every one of them (n <= 64):
    asked after a search of a caller's grid found no solution, which a missing region explains."""
    cdef Py_ssize_t n = grid.shape[0], r, c
    cdef uint64_t seen = 0
    cdef uint64_t full = ~(<uint64_t>0) if n == 64 else ((<uint64_t>1) << n) - 1
    cdef int64_t x
    if n < 1 or n > 64 or grid.shape[1] != n:
        return False
    for r in range(n):
        for c in range(n):
            x = grid[r, c]
            if x < 0 or x >= n:
                return False
            seen |= (<uint64_t>1) << x
    return seen == full
