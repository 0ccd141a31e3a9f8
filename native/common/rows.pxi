# Plain grids read from a caller's rows and solutions checked against them, in C: included by
# the grid checks (model/gridcheck.pyx) and by the region search (regions/bitsearch.pyx), whose
# ``count_rows`` reads, searches and checks a co-process's grid in one call.

from cpython.ref cimport PyObject
from libc.stdint cimport int64_t, uint64_t


cdef extern from *:
    """
    /* A row's item by a borrowed reference (the row is a list or a tuple, checked by the caller,
       and holds it while it is read): no reference counted and no bounds checked per cell. */
    static inline PyObject *qs_row_item(PyObject *row, Py_ssize_t c) {
        return PyList_CheckExact(row) ? PyList_GET_ITEM(row, c) : PyTuple_GET_ITEM(row, c);
    }
    /* A cell's label: an exact int in 0..63, else -1 (a bool, a float, a larger or negative int). */
    static inline long qs_small_label(PyObject *v) {
        int overflow = 0;
        long x;
        if (!PyLong_CheckExact(v)) return -1;
        x = PyLong_AsLongAndOverflow(v, &overflow);
        return (overflow || x < 0 || x >= 64) ? -1 : x;
    }
    """
    PyObject *qs_row_item(PyObject *row, Py_ssize_t c) noexcept
    long qs_small_label(PyObject *v) noexcept


cdef Py_ssize_t fill_rows(object rows, Py_ssize_t n, int64_t* out, bint pieces=True) except -1:
    """``rows`` (a list or tuple of length n, 1 <= n <= 64, checked by the caller) renumbered by
    first appearance into the n * n ``out``: the largest number of 4-connected pieces of any region
    (without ``pieces``, not counted: n + 1, no region's count), or 0 when the rows are not n lists
    or tuples of n ints in 0..63 with exactly n distinct values, nor n strings of n labels as
    ``canonical_labels`` takes them (see ``fill_canonical``)."""
    cdef Py_ssize_t r, c, k = 0
    cdef int number[128]
    cdef int cell_region[4096]
    cdef int parts[64]
    cdef long x
    cdef Py_UCS4 ch
    cdef object row
    for r in range(128):
        number[r] = -1
    if type(rows[0]) is str:
        for r in range(n):
            row = rows[r]
            if type(row) is not str or len(row) != n:
                return 0
            for c in range(n):
                ch = row[c]
                if ch <= 32 or ch >= 127 or ch == 35:
                    return 0
                if not _renumber(number, ch, &k, n, out, cell_region, r * n + c):
                    return 0
        return _settled(cell_region, n, parts, k, pieces)
    for r in range(n):
        row = rows[r]
        if (type(row) is not list and type(row) is not tuple) or len(row) != n:
            return 0
        for c in range(n):
            x = qs_small_label(qs_row_item(<PyObject *>row, c))
            if x < 0:
                return 0
            if not _renumber(number, x, &k, n, out, cell_region, r * n + c):
                return 0
    return _settled(cell_region, n, parts, k, pieces)


cdef inline Py_ssize_t _settled(const int* cell_region, Py_ssize_t n, int* parts, Py_ssize_t k, bint pieces) noexcept:
    """``fill_rows``'s answer once every cell is numbered with ``k`` labels: 0 unless k is n, else
    the most pieces of a region when ``pieces`` is asked (a flood fill), n + 1 when not."""
    if k != n:
        return 0
    return _most_parts(cell_region, n, parts) if pieces else n + 1


cdef bint cells_solution_ok(const int64_t* grid, Py_ssize_t n, object cols, int rule) except -1:
    """Whether ``cols`` (the queen's column in each row) solves the n * n ``grid`` under ``rule``
    (0: no-touch, 1: queens); givens aside. The check of every solution a search returns: its
    own code, apart from the search's."""
    cdef Py_ssize_t r
    cdef uint64_t used_cols = 0, used_regions = 0, diag = 0, anti = 0, bit
    cdef long long c, prev = -2
    if type(cols) is not tuple or len(cols) != n:
        return False
    for r in range(n):
        c = cols[r]
        if c < 0 or c >= n:
            return False
        bit = (<uint64_t>1) << c
        if used_cols & bit:
            return False
        used_cols |= bit
        bit = (<uint64_t>1) << grid[r * n + c]
        if used_regions & bit:
            return False
        used_regions |= bit
        if rule == 0:
            if r > 0 and (c - prev == 1 or prev - c == 1):
                return False
        elif n <= 32:  # both diagonal numbers fit in one word
            bit = (<uint64_t>1) << (r - c + n - 1)
            if diag & bit:
                return False
            diag |= bit
            bit = (<uint64_t>1) << (r + c)
            if anti & bit:
                return False
            anti |= bit
        prev = c
    return rule == 0 or n <= 32 or _diagonals_ok(cols, n)


cdef bint _diagonals_ok(object cols, Py_ssize_t n) except -1:
    """The queens rule's diagonals on a board too wide for one word of them (n > 32)."""
    cdef Py_ssize_t r
    diagonals, anti = set(), set()
    for r in range(n):
        diagonals.add(r - cols[r])
        anti.add(r + cols[r])
    return len(diagonals) == n and len(anti) == n


cdef inline bint _renumber(int* number, Py_ssize_t label, Py_ssize_t* k, Py_ssize_t n, int64_t* out, int* cell_region, Py_ssize_t i) noexcept:
    """Cell i (row-major) gets the number of ``label`` by first appearance (a new one while fewer
    than n are in use); False when it would be the (n+1)-th label."""
    if number[label] < 0:
        if k[0] == n:
            return False
        number[label] = k[0]
        k[0] += 1
    out[i] = number[label]
    cell_region[i] = number[label]
    return True


cdef Py_ssize_t _most_parts(const int* cell_region, Py_ssize_t n, int* parts) noexcept:
    """The largest number of 4-connected pieces of any region (``_count_parts``)."""
    cdef Py_ssize_t r, most = 0
    _count_parts(cell_region, n, parts)
    for r in range(n):
        if parts[r] > most:
            most = parts[r]
    return most


cdef void _count_parts(const int* cell_region, Py_ssize_t n, int* parts) noexcept:
    """``parts[k]``: how many 4-connected pieces region k (0..n-1) of the n x n ``cell_region`` has."""
    cdef Py_ssize_t cells = n * n, i, j, top, r, c, cell, nb
    cdef int stack[4096]
    cdef char seen[4096]
    for i in range(n):
        parts[i] = 0
    for i in range(cells):
        seen[i] = 0
    for i in range(cells):
        if seen[i]:
            continue
        parts[cell_region[i]] += 1
        seen[i] = 1
        stack[0] = i
        top = 1
        while top:
            top -= 1
            cell = stack[top]
            r = cell // n
            c = cell % n
            for j in range(4):
                if j == 0:
                    if r == 0:
                        continue
                    nb = cell - n
                elif j == 1:
                    if r == n - 1:
                        continue
                    nb = cell + n
                elif j == 2:
                    if c == 0:
                        continue
                    nb = cell - 1
                else:
                    if c == n - 1:
                        continue
                    nb = cell + 1
                if not seen[nb] and cell_region[nb] == cell_region[cell]:
                    seen[nb] = 1
                    stack[top] = nb
                    top += 1
