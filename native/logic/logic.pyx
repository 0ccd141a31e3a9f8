# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The native logic engine: the Python entry to native/logic/engine.h (plain C).

``solve`` runs the engine on one board without the GIL and returns its whole record;
``Engine`` keeps a board between calls and makes steps on demand (hints). Both take the
board as ``regions`` (bytes of n * n region numbers, or None), the given stars and the
blocked cells as cell numbers r * n + c; ``queens_sat.engines.logic.native`` checks what it
passes and builds the Python objects (``Step``, ``LogicResult``) from the record. The C comes
in variants for the CPU (native/common/cpu.h), the best this CPU runs taken at import.
Signatures: ``src/queens_sat/_logic.pyi``.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.stdint cimport int16_t, int32_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc

from qs_common cimport (QS_INTERRUPTED, QS_LEVELS, QS_NO_MEMORY, qs_build_level, qs_cpu_level, qs_ctz, qs_level_name,
                        qs_variants, qs_variants_runs, qs_variants_use, raise_for)

cdef extern from "Python.h":
    ctypedef struct PyThreadState:
        pass
    PyThreadState *PyEval_SaveThread() nogil
    void PyEval_RestoreThread(PyThreadState *state) nogil

cdef extern from "kernels.h" nogil:
    ctypedef void (*ql_release_fn)(void *ctx) noexcept nogil
    ctypedef struct ql_why:
        int nunits, nlines
        int16_t units[192]
        int16_t lines[192]
    ctypedef struct ql_geo:
        int n, k, words, cells
    ctypedef struct ql_ctx:
        ql_geo g
        long long probes
    ctypedef struct ql_engine:
        ql_ctx c
        uint64_t *state
        int status
        ql_why dead_end
        int32_t *head
        int16_t *data
        int nsteps
        long ndata
        int techniques
        int32_t technique_code[71]
        int32_t technique_count[71]
    ql_engine *ql_logic_new(int n, int k, int rule, const uint8_t *regions, const int *given, int ngiven, const int *blocked,
                            int nblocked, int max_depth) noexcept
    void ql_logic_free(ql_engine *e) noexcept
    int ql_logic_run(ql_engine *e, int max_steps, double time_limit, ql_release_fn release, void *ctx) noexcept
    qs_variants ql_logic_variants
    enum:
        QL_HEAD, QL_H_PLACED, QL_H_BLOCKS
        QL_GOING, QL_SOLVED, QL_STUCK, QL_DEAD_END, QL_OUT_OF_TIME, QL_STOPPED_BY_POLL, QL_OUT_OF_MEMORY
        QL_MAX_N, QL_MAX_STAR_N, QL_MAX_K

cdef qs_variants *VARIANTS = &ql_logic_variants

include "variants.pxi"
include "cancel.pxi"

MAX_N = QL_MAX_N
MAX_STAR_N = QL_MAX_STAR_N
MAX_K = QL_MAX_K
HEAD = QL_HEAD
GOING, SOLVED, STUCK, CONTRADICTION, TIMED_OUT = QL_GOING, QL_SOLVED, QL_STUCK, QL_DEAD_END, QL_OUT_OF_TIME


cdef int *_cells(object cells, int *count) except? NULL:
    cdef int size = len(cells), j = 0
    cdef int *out = <int *>malloc((size + 1) * sizeof(int))
    if out == NULL:
        raise MemoryError()
    for cell in cells:
        out[j] = cell
        j += 1
    count[0] = size
    return out


cdef ql_engine *_new(object regions, int n, int k, int rule, object given, object blocked, int max_depth) except NULL:
    cdef int ngiven = 0, nblocked = 0
    cdef const uint8_t *grid = NULL
    if regions is not None:
        if len(regions) != n * n:
            raise ValueError(f"regions must have {n * n} entries, got {len(regions)}")
        grid = <const uint8_t *><const char *>regions
    cdef int *g = _cells(given, &ngiven)
    cdef int *b
    try:
        b = _cells(blocked, &nblocked)
    except MemoryError:
        free(g)
        raise
    cdef ql_engine *e
    if n <= 32:  # microseconds: holding the GIL costs less than having it back
        e = ql_logic_new(n, k, rule, grid, g, ngiven, b, nblocked, max_depth)
    else:
        with nogil:
            e = ql_logic_new(n, k, rule, grid, g, ngiven, b, nblocked, max_depth)
    free(g)
    free(b)
    if e == NULL:
        raise MemoryError()
    return e


cdef void _release(void *ctx) noexcept nogil:
    """Let the GIL go (the run has lasted): called once, holding it."""
    (<PyThreadState **>ctx)[0] = PyEval_SaveThread()


cdef int _run(ql_engine *e, int max_steps, double time_limit) except -1:
    """Run holding the GIL at first: a run of microseconds gains nothing from letting it go, and
    a thread that lets it go waits behind the others to have it back. A longer run lets it go
    (``_release``) and takes it back here."""
    cdef int status
    cdef PyThreadState *saved = NULL
    status = ql_logic_run(e, max_steps, time_limit, _release, <void *>&saved)
    if saved != NULL:
        PyEval_RestoreThread(saved)
    if status == QL_STOPPED_BY_POLL:
        raise_for(QS_INTERRUPTED)
    if status == QL_OUT_OF_MEMORY:
        raise_for(QS_NO_MEMORY)
    return status


cdef long _offset(ql_engine *e, int step):
    """Where step ``step``'s lists start in the data array."""
    cdef long at = 0
    cdef int s, f
    for s in range(step):
        for f in range(QL_H_PLACED, QL_H_BLOCKS + 1):
            at += e.head[s * QL_HEAD + f]
    return at


cdef tuple _record(ql_engine *e, int start):
    cdef long at = _offset(e, start)
    head = PyBytes_FromStringAndSize(<char *>(e.head + start * QL_HEAD), (e.nsteps - start) * QL_HEAD * sizeof(int32_t)) if e.nsteps > start else b""
    data = PyBytes_FromStringAndSize(<char *>(e.data + at), (e.ndata - at) * sizeof(int16_t)) if e.ndata > at else b""
    return head, data


cdef object _why(ql_engine *e):
    if e.status != QL_DEAD_END:
        return None
    return tuple([e.dead_end.units[j] for j in range(e.dead_end.nunits)]), tuple([e.dead_end.lines[j] for j in range(e.dead_end.nlines)])


cdef tuple _masks(ql_engine *e):
    cdef int words = e.c.g.words
    cand = PyBytes_FromStringAndSize(<char *>e.state, words * sizeof(uint64_t))
    queens = PyBytes_FromStringAndSize(<char *>(e.state + words), words * sizeof(uint64_t))
    return queens, cand


cdef object _solution(ql_engine *e):
    """The star columns in reading order, when solved."""
    if e.status != QL_SOLVED:
        return None
    cdef int n = e.c.g.n, words = e.c.g.words, w
    cdef uint64_t x
    cdef const uint64_t *queens = e.state + words
    out = []
    for w in range(words):
        x = queens[w]
        while x:
            out.append((w * 64 + qs_ctz(x)) % n)
            x &= x - 1
    return tuple(out)


cdef list _counts(ql_engine *e):
    return [(e.technique_code[t], e.technique_count[t]) for t in range(e.techniques)]


def solve(regions, int n, int k, int rule, given, blocked, int max_depth, double time_limit):
    """Run the engine on one board to its end; ``time_limit`` <= 0: none.

    Returns ``(status, head, data, queens, cand, dead_end, counts, solution, probes)``: the
    status code, the step record (int32 head fields, QL_HEAD a step; int16 lists), the final
    stars and candidates as little-endian masks, the contradiction's (units, lines) or None,
    the steps per technique code in first-seen order, the solution's columns or None, and
    the probe trials made."""
    cdef ql_engine *e = _new(regions, n, k, rule, given, blocked, max_depth)
    try:
        status = _run(e, -1, time_limit)
        head, data = _record(e, 0)
        queens, cand = _masks(e)
        return status, head, data, queens, cand, _why(e), _counts(e), _solution(e), e.c.probes
    finally:
        ql_logic_free(e)


cdef class Engine:
    """One board under deduction, stepped on demand (``step``) or run to its end (``run``)."""

    cdef ql_engine *e

    def __cinit__(self, regions, int n, int k, int rule, given, blocked, int max_depth):
        self.e = _new(regions, n, k, rule, given, blocked, max_depth)

    def __dealloc__(self):
        if self.e != NULL:
            ql_logic_free(self.e)
            self.e = NULL

    def run(self, int max_steps, double time_limit):
        """Make up to ``max_steps`` more steps (< 0: to the end); the status (GOING: not over)."""
        return _run(self.e, max_steps, time_limit)

    @property
    def status(self):
        return self.e.status

    @property
    def step_count(self):
        return self.e.nsteps

    def record(self, int start=0):
        """The record from step ``start`` on: (head, data) as in ``solve``."""
        return _record(self.e, start)

    def masks(self):
        """(stars, candidates) as little-endian masks."""
        return _masks(self.e)

    def dead_end(self):
        """The contradiction's (units, lines), or None."""
        return _why(self.e)

    def counts(self):
        return _counts(self.e)

    def solution(self):
        return _solution(self.e)
