# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The native k-star (Star Battle) search: the Python entry to ``native/stars.h`` (plain C).

``count`` searches one board without the GIL and returns ``(count, complete, timed_out,
solutions, nodes)``, each solution as k * n columns (see ``queens_sat.model.placement.star_rows``).
Kept apart from native/bitsearch.pyx: that search is specialised to one queen a unit and
keeps its speed; this one carries counts and needs per unit. Callers go through
``queens_sat.extension.stars`` and the native backend, which check what they pass.
"""

from libc.stdint cimport int16_t, int64_t
from libc.stdlib cimport free, malloc

cdef extern from "Python.h":
    int PyErr_CheckSignals()

cdef extern from "stars.h":
    ctypedef int (*qs_stars_emit)(void *ctx, const int16_t *solution) noexcept nogil
    ctypedef int (*qs_stars_poll_fn)() noexcept nogil
    int qs_stars_run(
        int n, int k, const int64_t *regions, const int *given, int ngiven, const int *blocked, int nblocked,
        int64_t limit, int64_t keep, double time_limit, qs_stars_emit emit, void *ctx, qs_stars_poll_fn poll,
        int64_t *count, int64_t *nodes
    ) noexcept nogil
    int QS_STARS_MAX_N
    int QS_STARS_EXHAUSTED, QS_STARS_LIMIT, QS_STARS_TIMED_OUT, QS_STARS_INTERRUPTED, QS_STARS_NO_MEMORY

MAX_N = QS_STARS_MAX_N


cdef class _Found:
    cdef list solutions
    cdef int size


cdef int _emit(void *ctx, const int16_t *solution) noexcept nogil:
    with gil:
        found = <_Found>ctx
        found.solutions.append(tuple([solution[i] for i in range(found.size)]))
    return 0


cdef int _reraise() except -1:
    """Propagate the exception a signal handler left pending (KeyboardInterrupt for Ctrl-C)."""
    return -1


cdef int _poll() noexcept nogil:
    with gil:
        return PyErr_CheckSignals() != 0


def count(const int64_t[:, ::1] regions, int n, int k, int64_t limit, int64_t keep, given, blocked, double time_limit):
    """Search one board (``regions`` n x n region numbers or None; ``limit`` 0: none; ``given`` and
    ``blocked`` as (row, column) pairs; ``time_limit`` <= 0: none)."""
    cdef _Found found = _Found()
    found.solutions = []
    found.size = k * n
    cdef int ng = len(given), nb = len(blocked), i, stop
    cdef int *g = <int *>malloc((ng + 1) * sizeof(int))
    cdef int *b = <int *>malloc((nb + 1) * sizeof(int))
    cdef int64_t total = 0, nodes = 0
    cdef const int64_t *grid = NULL
    if g == NULL or b == NULL:
        free(g)
        free(b)
        raise MemoryError()
    if regions is not None:
        grid = &regions[0, 0]
    try:
        for i, (r, c) in enumerate(given):
            g[i] = r * n + c
        for i, (r, c) in enumerate(blocked):
            b[i] = r * n + c
        with nogil:
            stop = qs_stars_run(n, k, grid, g, ng, b, nb, limit, keep, time_limit, _emit, <void *>found, _poll, &total, &nodes)
    finally:
        free(g)
        free(b)
    if stop == QS_STARS_NO_MEMORY:
        raise MemoryError()
    if stop == QS_STARS_INTERRUPTED:
        _reraise()
    return total, stop == QS_STARS_EXHAUSTED, stop == QS_STARS_TIMED_OUT, found.solutions, nodes
