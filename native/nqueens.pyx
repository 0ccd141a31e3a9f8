# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Native kernels for boards without regions (classic N-Queens and its no-touch cousin).

Four jobs, each with a pure-Python twin in ``queens_sat/engines/nqueens/`` that gives the
same answers (the package picks these when the extension is built;
``QUEENS_SAT_PURE_PYTHON=1`` forces the twins):

* ``count_task`` (native/nqueens/counting.pxi): the weighted count of one sub-tree
  of the symmetric counter (see ``queens_sat/engines/nqueens/counting.py`` for the scheme
  and the task split);
* ``Enumerator`` (enumeration.pxi; twin ``queens_sat/engines/nqueens/enumeration.py``):
  every solution in lexicographic order, in resumable batches;
* ``local_search(col, queens, ...)`` (local_search.pxi; twin
  ``queens_sat/engines/nqueens/min_conflicts.py``): one random solution of a huge board
  in about linear time (Sosic and Gu's greedy start + conflict repair), for
  either rule;
* ``first_violation`` (verification.pxi; twin ``queens_sat/engines/nqueens/verify.py``):
  an O(n) check of a column list.

This file holds what the four share (signals, the clock, the bit helpers of
native/cpu.h) and includes them. Python reaches the module only through
``queens_sat.extension.nqueens()``. Boards are rows of bits (bit ``c`` is
column ``c``), so searches stop at n = 63 (``MAX_BITS_N``).
"""

from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memset
from libc.setjmp cimport jmp_buf, longjmp, setjmp
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

cdef extern from "Python.h":
    # Declared without an exception value: the kernels call it inside ``with gil``,
    # stop cleanly on a non-zero return, and the wrapper re-raises (``_reraise``).
    int PyErr_CheckSignals()

cdef extern from "cpu.h":  # the bit helpers shared with the region search (plain C)
    int qs_ctz64 "qs_ctz"(unsigned long long x) noexcept nogil

MAX_BITS_N = 63

cdef enum:
    STACK = 64  # rows of the fixed-size stacks; n <= 63
    POLL_MASK = 0xFFFF  # the counter looks at the clock and for signals every 65536 calls (well under 1 ms)


cdef int _reraise() except -1:
    """Propagate the exception a signal handler left pending (KeyboardInterrupt for Ctrl-C)."""
    return -1


cdef inline bint signalled() noexcept nogil:
    """Whether a Python signal handler raised (Ctrl-C, or the CLI's SIGTERM handler); the error stays set."""
    with gil:
        return PyErr_CheckSignals() != 0

cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return <double>ts.tv_sec + <double>ts.tv_nsec * 1e-9


cdef inline uint64_t lowest(uint64_t x) noexcept nogil:
    return x & (~x + 1)


# ---------------------------------------------------------------- the four kernels, one file each

include "nqueens/counting.pxi"
include "nqueens/enumeration.pxi"
include "nqueens/local_search.pxi"
include "nqueens/verification.pxi"
