# The declarations every native module shares (native/common/, plain C), and the one way
# back from a kernel's stop to Python: ``from qs_common cimport ...``.

from libc.stdint cimport uint64_t

cdef extern from "bits.h" nogil:
    int qs_popcount(uint64_t x) noexcept
    int qs_ctz(uint64_t x) noexcept

cdef extern from "clock.h" nogil:
    double qs_now() noexcept  # time.monotonic()'s clock

cdef extern from "stop.h" nogil:
    enum:
        QS_EXHAUSTED
        QS_LIMIT
        QS_TIMED_OUT
        QS_INTERRUPTED
        QS_BUDGET
        QS_NO_MEMORY
    int qs_signalled() noexcept  # takes the GIL; the exception stays pending
    int qs_should_stop(double deadline) noexcept  # QS_TIMED_OUT (the clock or a cancel), QS_INTERRUPTED or 0
    void qs_set_cancel_flag(unsigned char *flag) noexcept  # this thread's; NULL: none
    int qs_cancelled() noexcept  # this thread's flag is set

cdef extern from "cpu.h" nogil:
    enum:
        QS_PORTABLE
        QS_POPCNT
        QS_AVX512
        QS_LEVELS
    ctypedef struct qs_variants:
        const void *built[3]
        int current
    int qs_cpu_level() noexcept
    const char *qs_level_name(int level) noexcept
    int qs_build_level() noexcept
    int qs_variants_use(qs_variants *variants, int wanted) noexcept
    int qs_variants_runs(const qs_variants *variants, int level) noexcept


cdef inline int reraise() except -1:
    """Propagate the exception a signal handler left pending (KeyboardInterrupt for Ctrl-C)."""
    return -1


cdef inline int raise_for(int stop) except -1:
    """A kernel's stop in Python's terms: MemoryError for QS_NO_MEMORY, the pending exception
    re-raised for QS_INTERRUPTED; 0 (nothing raised) for the others."""
    if stop == QS_NO_MEMORY:
        raise MemoryError()
    if stop == QS_INTERRUPTED:
        return reraise()
    return 0
