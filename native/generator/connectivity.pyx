# cython: language_level=3
"""The generator's region-connectivity passes in C: whether a region stays one piece, the shortest
paths out of a region, what a move cuts off. The repair loop asks them of every candidate move;
``queens_sat.services.generator.connectivity`` picks this module or its pure-Python twin
(``connectivity_py``), and the two give the same answers, step for step.
"""

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
    of the repair; the twin is ``services.generator.connectivity_py.stays_connected``."""
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
    each time; the twin is ``services.generator.connectivity_py.paths_out``, step for step."""
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
    ``services.generator.connectivity_py.cut_off``."""
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
