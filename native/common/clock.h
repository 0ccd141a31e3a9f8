/* The one clock of the native kernels. */

#ifndef QS_CLOCK_H
#define QS_CLOCK_H

/* Seconds on the clock of Python's ``time.monotonic()`` (CLOCK_MONOTONIC on Linux and the
   BSDs, CLOCK_UPTIME_RAW on macOS, QueryPerformanceCounter on Windows), so that a deadline
   computed in Python (nqueens' ``count_task``) and one computed here (``qs_now() + limit``)
   mean the same moment. */
double qs_now(void);

#endif
