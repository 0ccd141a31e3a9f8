# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The native region search (k = 1): the Python entries to the plain-C kernel of native/regions/.

The search itself (a bitmask backtracker on C integers, run without the GIL, node for node
the twin of the pure-Python reference) is described in ``native/regions/search.h``; its hot
C comes in variants for the CPU (portable, popcnt, avx512: native/common/cpu.h), all linked
into this one module, the best this CPU runs taken at import (``variant()``; ``use_variant``
asks for a lesser one).

Python entries: ``count`` (one board), ``count_batch`` (a stack of boards in one call, no
Python work per board), ``Search`` (resumable) and ``MAX_N``; a rule is given as 0 (no-touch)
or 1 (queens). Callers reach them through ``queens_sat.extension``, and check shapes and
dtypes first: these entries trust them. Signatures: ``src/queens_sat/_bitsearch.pyi``.
"""

from libc.stdint cimport int16_t, int64_t, uint8_t
from libc.stdlib cimport free, malloc

from qs_common cimport (QS_BUDGET, QS_EXHAUSTED, QS_INTERRUPTED, QS_LEVELS, QS_LIMIT, QS_TIMED_OUT, qs_build_level, qs_cpu_level,
                        qs_level_name, qs_now, qs_variants, qs_variants_runs, qs_variants_use, raise_for)

cdef extern from "search.h" nogil:
    enum:
        QS_MAX_BOARD
        QS_CHECK_MASK
    ctypedef struct qs_tables:
        int n
    cdef struct qs_regions_kernel
    ctypedef struct qs_searcher:
        const qs_regions_kernel *kernel
        int n
        int64_t count
        int64_t nodes
        int64_t node_limit
    cdef struct qs_regions_kernel:
        int (*setup)(qs_searcher *s, const qs_tables *t, const int64_t *regions) noexcept nogil
        void (*start)(qs_searcher *s, const int *queens, int nq, const int *blocked, int nb, double time_limit) noexcept nogil
        int (*run)(qs_searcher *s, int64_t limit, int keep, int16_t *solutions, int *kept) noexcept nogil
    qs_variants qs_regions_variants
    const qs_tables *qs_regions_tables(int n, int rule) noexcept
    qs_searcher *qs_regions_searcher(int cap) noexcept

cdef qs_variants *VARIANTS = &qs_regions_variants

include "variants.pxi"
include "cancel.pxi"
include "rows.pxi"

MAX_N = QS_MAX_BOARD
CHECK_EVERY = QS_CHECK_MASK + 1


cdef const qs_tables *tables(int n, int rule) except NULL:
    """The shared tables for n and the rule, built on first use (with the GIL held, so once)."""
    if not (1 <= n <= QS_MAX_BOARD and rule in (0, 1)):
        raise ValueError(f"no board of n = {n} under rule {rule}: n goes from 1 to {QS_MAX_BOARD}, the rule is 0 or 1")
    cdef const qs_tables *t = qs_regions_tables(n, rule)
    if t == NULL:
        raise MemoryError()
    return t


cdef int *given_cells(object cells, int n, int *count) except? NULL:
    """The flat cell numbers of a sequence of (row, column) pairs, in a malloc'ed array."""
    cdef Py_ssize_t size = len(cells)
    cdef int *out = <int *>malloc((size if size > 0 else 1) * sizeof(int))
    cdef int i = 0, r, c
    if out == NULL:
        raise MemoryError()
    try:
        for r, c in cells:
            if not (0 <= r < n and 0 <= c < n):
                raise ValueError(f"given cell ({r}, {c}) is off the {n}x{n} board")
            out[i] = r * n + c
            i += 1
    except BaseException:
        free(out)
        raise
    count[0] = i
    return out


cdef qs_searcher *prepared(const int64_t *regions, int n, int rule, object queens, object blocked, double time_limit) except NULL:
    """A searcher at the root of one board (``regions``: its n * n region numbers, NULL for none),
    or an exception naming what is wrong."""
    cdef const qs_tables *t = tables(n, rule)
    cdef qs_searcher *s = qs_regions_searcher(n)
    cdef int nq = 0, nb = 0, bad
    cdef int *q = NULL
    cdef int *b = NULL
    if s == NULL:
        raise MemoryError()
    bad = s.kernel.setup(s, t, regions)
    if bad >= 0:
        free(s)
        raise ValueError(f"row {bad // n}, column {bad % n}: region {regions[bad]} is not in 0..{n - 1}")
    try:
        q = given_cells(queens, n, &nq)
        b = given_cells(blocked, n, &nb)
        s.kernel.start(s, q, nq, b, nb, time_limit)
    except BaseException:
        free(s)
        raise
    finally:
        free(q)
        free(b)
    return s


cdef int collect(qs_searcher *s, int64_t limit, int64_t keep, list out) except -1:
    """Run until ``limit`` solutions in all (0: none), appending the first ``keep`` more to ``out``.

    Returns why it stopped (QS_EXHAUSTED, QS_LIMIT or QS_TIMED_OUT); re-raises Ctrl-C. The
    buffer grows with need, so a large ``keep`` costs nothing until solutions come.
    """
    cdef int16_t small[8 * QS_MAX_BOARD]
    cdef int16_t *rows = small
    cdef int64_t target
    cdef int size = 0, kept, stop, i, j
    cdef int n = s.n
    try:
        while True:
            size = <int>min(keep, 8 if size == 0 else 4 * size, 1 << 16)
            target = limit
            if size > 0:
                if size > 8:
                    if rows != small:
                        free(rows)
                    rows = <int16_t *>malloc(size * n * sizeof(int16_t))
                    if rows == NULL:
                        raise MemoryError()
                if limit <= 0 or s.count + size < limit:
                    target = s.count + size
            kept = 0
            with nogil:
                stop = s.kernel.run(s, target, size, rows, &kept)
            raise_for(stop)
            for i in range(kept):
                out.append(tuple([rows[i * n + j] for j in range(n)]))
            keep -= kept
            if stop != QS_LIMIT or target == limit:
                return stop
    finally:
        if rows != small:
            free(rows)


def count(
    const int64_t[:, ::1] regions, int n, int rule, int64_t limit, int64_t keep, queens, blocked, double time_limit,
    int64_t node_limit=0,
):
    """Search one board: ``(count, complete, timed_out, solutions, nodes, spent)``.

    ``regions`` is an n x n C-contiguous int64 array of region numbers 0..n-1, or
    None for a board without regions; ``limit`` 0 means no limit; ``queens`` and
    ``blocked`` are sequences of (row, column); ``time_limit`` <= 0 means none;
    ``node_limit`` (> 0) stops the search once it has searched that many nodes, at the
    same node on every run (``spent`` says it did), whatever the clock.
    """
    cdef qs_searcher *s = prepared(_cells(regions), n, rule, queens, blocked, time_limit)
    cdef list solutions = []
    if node_limit > 0:
        s.node_limit = node_limit
    try:
        stop = collect(s, limit, keep, solutions)
        return s.count, stop == QS_EXHAUSTED, stop == QS_TIMED_OUT, solutions, s.nodes, stop == QS_BUDGET
    finally:
        free(s)


def count_rows(object rows, int rule, int64_t limit, int64_t keep, double time_limit, int64_t node_limit=0, bint pieces=True):
    """A plain grid's search straight from its rows, in one call: ``rows`` renumbered by first
    appearance (as ``_gridcheck.fill_canonical``), searched as ``count`` searches, and every
    solution checked against the grid (as ``_gridcheck.solution_ok``). A co-process's line and a
    validator's grid had cost a buffer, two calls and their Python around them.

    ``(count, complete, timed_out, solutions, nodes, spent, most_pieces, wrong)``: ``most_pieces``
    the largest number of 4-connected pieces of any region (1 when all are whole), ``wrong`` the
    index of the first solution the check refuses (-1: none). None when ``rows`` is not a grid
    ``fill_canonical`` takes. With ``pieces`` false the regions' pieces are not counted (a
    validator asks only how many solutions): ``most_pieces`` is then 0.
    """
    cdef int64_t cells[QS_MAX_BOARD * QS_MAX_BOARD]
    cdef Py_ssize_t n, most, i
    cdef qs_searcher *s
    cdef list solutions = []
    if type(rows) is not list and type(rows) is not tuple:
        return None
    n = len(rows)
    if n < 1 or n > QS_MAX_BOARD:
        return None
    most = fill_rows(rows, n, cells, pieces)
    if most == 0:
        return None
    if not pieces:
        most = 0
    s = prepared(cells, <int>n, rule, (), (), time_limit)
    if node_limit > 0:
        s.node_limit = node_limit
    try:
        stop = collect(s, limit, keep, solutions)
        found = s.count, stop == QS_EXHAUSTED, stop == QS_TIMED_OUT, solutions, s.nodes, stop == QS_BUDGET
    finally:
        free(s)
    for i in range(len(solutions)):
        if not cells_solution_ok(cells, n, solutions[i], rule):
            return (*found, most, i)
    return (*found, most, -1)


cdef inline const int64_t *_cells(const int64_t[:, ::1] regions):
    """The first cell of an n x n grid of region numbers, NULL for None (a board without regions)."""
    return &regions[0, 0] if regions is not None else NULL


cdef inline int mask_cells(const uint8_t *mask, int cells, int *out) noexcept nogil:
    """The numbers of the cells set in ``mask`` (NULL: none) into ``out``; returns how many."""
    cdef int i, found = 0
    if mask != NULL:
        for i in range(cells):
            if mask[i]:
                out[found] = i
                found += 1
    return found


def count_batch(
    const int64_t[:, :, ::1] regions,
    int rule,
    int64_t limit,
    int keep,
    const uint8_t[:, :, ::1] queens,
    const uint8_t[:, :, ::1] blocked,
    double time_limit,
    int64_t[::1] counts,
    uint8_t[::1] complete,
    uint8_t[::1] timed_out,
    int16_t[:, :, ::1] solutions,
    int64_t[::1] nodes,
    double[::1] elapsed,
):
    """Search every board of a stack (m x n x n region numbers, checked by the caller) in one call.

    Results go into the given arrays board by board (``solutions`` is m x keep x n);
    ``queens`` and ``blocked`` are m x n x n masks or None. Returns m, or re-raises
    Ctrl-C with the boards before the interrupted one done.
    """
    cdef Py_ssize_t m = regions.shape[0], p
    cdef int n = <int>regions.shape[1]
    cdef int cells = n * n, nq, nb, kept, stop = QS_EXHAUSTED
    cdef bint has_q = queens is not None, has_b = blocked is not None
    cdef double t0, t1
    if m == 0:
        return 0
    cdef const qs_tables *t = tables(n, rule)
    cdef qs_searcher *s = qs_regions_searcher(n)
    cdef int *q = <int *>malloc(cells * sizeof(int))
    cdef int *b = <int *>malloc(cells * sizeof(int))
    if s == NULL or q == NULL or b == NULL:
        free(s)
        free(q)
        free(b)
        raise MemoryError()
    cdef const qs_regions_kernel *kernel = s.kernel
    try:
        with nogil:
            t0 = qs_now()
            for p in range(m):  # one clock reading per board: each board's time runs to the next's start
                kernel.setup(s, t, &regions[p, 0, 0])
                nq = mask_cells(&queens[p, 0, 0] if has_q else NULL, cells, q)
                nb = mask_cells(&blocked[p, 0, 0] if has_b else NULL, cells, b)
                kernel.start(s, q, nq, b, nb, time_limit)
                kept = 0
                stop = kernel.run(s, limit, keep, &solutions[p, 0, 0] if keep > 0 else NULL, &kept)
                if stop == QS_INTERRUPTED:
                    break
                counts[p] = s.count
                complete[p] = stop == QS_EXHAUSTED
                timed_out[p] = stop == QS_TIMED_OUT
                nodes[p] = s.nodes
                t1 = qs_now()
                elapsed[p] = t1 - t0
                t0 = t1
        raise_for(stop)
        return m
    finally:
        free(s)
        free(q)
        free(b)


cdef class Search:
    """A resumable search of one board: ``next_solutions(k)`` hands out the next k solutions."""

    cdef qs_searcher *s
    cdef readonly bint timed_out  # ``time_limit`` (seconds from the start; 0: none) ended the search

    def __cinit__(self, const int64_t[:, ::1] regions, int n, int rule, queens, blocked, double time_limit=0.0):
        self.s = prepared(_cells(regions), n, rule, queens, blocked, time_limit)

    def __dealloc__(self):
        free(self.s)

    @property
    def nodes(self) -> int:
        return self.s.nodes

    def next_solutions(self, int k) -> list:
        """Up to ``k`` further solutions; fewer only when the search is exhausted or timed out."""
        cdef list out = []
        if k > 0 and not self.timed_out:
            self.timed_out = collect(self.s, self.s.count + k, k, out) == QS_TIMED_OUT
        return out
