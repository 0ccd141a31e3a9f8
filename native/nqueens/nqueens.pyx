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

This file holds what the four share and includes them; the clock, the look for Ctrl-C and
the bit helpers are native/common/'s. Python reaches the module only through
``queens_sat.extension.nqueens()``. Boards are rows of bits (bit ``c`` is
column ``c``), so searches stop at n = 63 (``MAX_BITS_N``).
"""

from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memset
from libc.setjmp cimport jmp_buf, longjmp, setjmp

from qs_common cimport QS_INTERRUPTED, QS_TIMED_OUT, qs_ctz, qs_now, qs_should_stop, qs_signalled, reraise

MAX_BITS_N = 63

cdef enum:
    STACK = 64  # rows of the fixed-size stacks; n <= 63
    POLL_MASK = 0xFFFF  # the counter looks at the clock and for signals every 65536 calls (well under 1 ms)


def monotonic() -> float:
    """The kernels' clock (native/common/clock.c), which must be ``time.monotonic()``'s: the
    deadlines handed to ``count_task`` and ``local_search`` are read on it."""
    return qs_now()


cdef inline uint64_t lowest(uint64_t x) noexcept nogil:
    return x & (~x + 1)


# ---------------------------------------------------------------- the four kernels, one file each

include "counting.pxi"
include "enumeration.pxi"
include "local_search.pxi"
include "verification.pxi"
include "cancel.pxi"
