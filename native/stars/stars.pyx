# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The native k-star (Star Battle) search: the Python entry to the plain C of native/stars/.

``count`` searches one board without the GIL and returns ``(count, complete, timed_out,
solutions, nodes, spent)``, each solution as k * n columns (see ``queens_sat.model.placement.star_rows``).
Kept apart from the region search (native/regions/): that search is specialised to one queen
a unit and keeps its speed; this one carries counts and needs per unit. Its hot C comes in
variants for the CPU (native/common/cpu.h), the best this CPU runs taken at import. Callers
go through ``queens_sat.extension.stars`` and the native backend, which check what they pass.
Signatures: ``src/queens_sat/_stars.pyi``.
"""

from libc.stdint cimport int16_t, int64_t
from libc.stdlib cimport free, malloc

from qs_common cimport (QS_BUDGET, QS_EXHAUSTED, QS_LEVELS, QS_TIMED_OUT, qs_build_level, qs_cpu_level, qs_level_name, qs_variants,
                        qs_variants_runs, qs_variants_use, raise_for)

cdef extern from "stars.h" nogil:
    enum:
        QS_STARS_MAX_N
    ctypedef int (*qs_stars_emit)(void *ctx, const int16_t *solution) noexcept nogil
    ctypedef struct qs_stars_task:
        int n, k
        const int64_t *regions
        const int *given
        int ngiven
        const int *blocked
        int nblocked
        int64_t limit, keep
        double time_limit
        int64_t node_limit
        qs_stars_emit emit
        void *ctx
    ctypedef struct qs_stars_found:
        int64_t count, nodes
    int qs_stars_run(const qs_stars_task *task, qs_stars_found *found) noexcept
    qs_variants qs_stars_variants

cdef qs_variants *VARIANTS = &qs_stars_variants

include "variants.pxi"
include "cancel.pxi"

MAX_N = QS_STARS_MAX_N


cdef class _Found:
    cdef list solutions
    cdef int size


cdef int _emit(void *ctx, const int16_t *solution) noexcept nogil:
    with gil:
        found = <_Found>ctx
        found.solutions.append(tuple([solution[i] for i in range(found.size)]))
    return 0


cdef int *_cells(object pairs, int n) except NULL:
    """The cell numbers r * n + c of (row, column) pairs, in a malloc'ed array (free it)."""
    cdef int *out = <int *>malloc((len(pairs) + 1) * sizeof(int))
    cdef int i
    if out == NULL:
        raise MemoryError()
    try:
        for i, (r, c) in enumerate(pairs):
            out[i] = r * n + c
    except BaseException:
        free(out)
        raise
    return out


def count(
    const int64_t[:, ::1] regions, int n, int k, int64_t limit, int64_t keep, given, blocked, double time_limit,
    int64_t node_limit=0,
):
    """Search one board (``regions`` n x n region numbers or None; ``limit`` 0: none; ``given`` and
    ``blocked`` as (row, column) pairs; ``time_limit`` <= 0: none; ``node_limit`` > 0: stop after
    that many nodes, the same on every run, and say so in ``spent``)."""
    cdef _Found found = _Found()
    cdef qs_stars_task task
    cdef qs_stars_found tally
    cdef int stop
    found.solutions = []
    found.size = k * n
    task.n = n
    task.k = k
    task.regions = &regions[0, 0] if regions is not None else NULL
    task.ngiven = len(given)
    task.nblocked = len(blocked)
    task.limit = limit
    task.keep = keep
    task.time_limit = time_limit
    task.node_limit = node_limit
    task.emit = _emit
    task.ctx = <void *>found
    task.given = _cells(given, n)
    try:
        task.blocked = _cells(blocked, n)
        try:
            with nogil:
                stop = qs_stars_run(&task, &tally)
        finally:
            free(<void *>task.blocked)
    finally:
        free(<void *>task.given)
    raise_for(stop)
    return tally.count, stop == QS_EXHAUSTED, stop == QS_TIMED_OUT, found.solutions, tally.nodes, stop == QS_BUDGET
