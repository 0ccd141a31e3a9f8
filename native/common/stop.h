/* Why a kernel stopped, and the one check for the reasons to stop early (the clock, Ctrl-C).

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
    QS_NO_MEMORY = -1
};

/* Whether a Python signal handler raised; takes the GIL for the look, so call it from
   code that runs without it, every few thousand nodes (the error stays set). */
int qs_signalled(void);

/* QS_TIMED_OUT when ``deadline`` (qs_now() seconds; 0: none) has passed, else
   QS_INTERRUPTED when a signal handler raised, else 0: go on. */
int qs_should_stop(double deadline);

#endif
