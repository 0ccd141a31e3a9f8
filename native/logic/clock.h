/* The engine's clock and its one way to stop: a time limit, or a poll that says so (Ctrl-C,
   SIGTERM: the Python wrapper's poll takes the GIL and runs the signal handlers).

   Kept in native/logic/ for now, minimal: native/common/ is to hold the one clock and
   signal path of every module. */

#ifndef QL_CLOCK_H
#define QL_CLOCK_H

typedef int (*ql_poll_fn)(void);

typedef struct {
    double deadline;    /* ql_now() seconds; 0: none */
    double next_poll;   /* when to call poll again */
    ql_poll_fn poll;    /* nonzero: stop (an exception is pending in Python) */
    int stop;           /* why the run stopped: QL_TIMED_OUT or QL_INTERRUPTED, else 0 */
} ql_clock;

enum { QL_RUNNING = 0, QL_TIMED_OUT = 1, QL_INTERRUPTED = 2 };

#define QL_POLL_EVERY 0.005  /* seconds between polls: signals are seen within a few ms */

/* Seconds on a monotonic clock (the one Python's time.perf_counter reads on Linux). */
double ql_now(void);

/* The clock for a run of time_limit seconds (<= 0: none). */
void ql_clock_start(ql_clock *c, double time_limit, ql_poll_fn poll);

/* 1 when the run must stop (and c->stop says why); cheap enough for every probe. */
int ql_clock_check(ql_clock *c);

#endif
