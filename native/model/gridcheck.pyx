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
