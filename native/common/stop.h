/* Why a kernel stopped, and the one check for the reasons to stop early (the clock, a cancel, Ctrl-C).

   Every kernel runs without the GIL and looks, every few thousand nodes, at
   ``qs_should_stop``; the Cython wrapper turns what it returns into Python's terms
   (``raise_for`` in qs_common.pxd: MemoryError, or the exception a signal handler left
   pending, re-raised). */

#ifndef QS_STOP_H
#define QS_STOP_H

enum {
    QS_EXHAUSTED = 0,    /* the whole search space was searched */
    QS_LIMIT = 1,        /* the caller's solution limit was reached */
    QS_TIMED_OUT = 2,    /* the deadline passed */
    QS_INTERRUPTED = 3,  /* a Python signal handler raised (Ctrl-C, the CLI's SIGTERM): the error is pending */
    QS_BUDGET = 4,       /* the caller's budget of nodes was spent: where it stops depends on the board alone, never on the clock */
    QS_NO_MEMORY = -1
};

/* Whether a Python signal handler raised; takes the GIL for the look, so call it from
   code that runs without it, every few thousand nodes (the error stays set). */
int qs_signalled(void);

/* QS_TIMED_OUT when ``deadline`` (qs_now() seconds; 0: none) has passed or this thread's search
   was cancelled, else QS_INTERRUPTED when a signal handler raised, else 0: go on. */
int qs_should_stop(double deadline);

/* Point this thread's cancel flag at ``flag`` (NULL: none). Another thread stops the search by
   setting *flag to non-zero: the kernel sees it at its next ``qs_should_stop``, where it reads the
   clock anyway, and stops as if its deadline had passed (QS_TIMED_OUT). The flag's memory must
   outlive the search (runtime/cancel.py's ``CancelToken`` holds it). */
void qs_set_cancel_flag(const volatile unsigned char *flag);

/* Whether this thread's cancel flag is set (no GIL, one load). */
int qs_cancelled(void);

#endif
