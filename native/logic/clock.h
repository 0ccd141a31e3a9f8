/* The engine's clock and its one way to stop: a time limit, or a poll that says so (Ctrl-C,
   SIGTERM: the Python wrapper's poll takes the GIL and runs the signal handlers).

   Kept in native/logic/ for now, minimal: native/common/ is to hold the one clock and
   signal path of every module. */

#ifndef QL_CLOCK_H
#define QL_CLOCK_H

typedef int (*ql_poll_fn)(void);
typedef void (*ql_release_fn)(void *ctx);

/* A run may start holding Python's GIL: most runs take microseconds, and a thread that lets
   the GIL go must wait for it again behind the others (up to the switch interval, 5 ms), so
   releasing it for a short run slows a busy server down. ``release`` is called once when the
   run has lasted ``QL_RELEASE_AFTER``: from then on it runs without the GIL. */
typedef struct {
    double deadline;    /* ql_now() seconds; 0: none */
    double next_poll;   /* when to call poll again */
    double release_at;  /* when to call release (if not yet) */
    ql_poll_fn poll;    /* nonzero: stop (an exception is pending in Python) */
    ql_release_fn release;
    void *release_ctx;
    int released;
    int stop;           /* why the run stopped: QL_TIMED_OUT or QL_INTERRUPTED, else 0 */
} ql_clock;

enum { QL_RUNNING = 0, QL_TIMED_OUT = 1, QL_INTERRUPTED = 2 };

#define QL_POLL_EVERY 0.005     /* seconds between polls: signals are seen within a few ms */
#define QL_RELEASE_AFTER 0.0005 /* seconds a run may hold the GIL */

/* Seconds on a monotonic clock (the one Python's time.perf_counter reads on Linux). */
double ql_now(void);

/* The clock for a run of time_limit seconds (<= 0: none); release (or NULL: the run holds no
   GIL) is called with release_ctx once the run has lasted QL_RELEASE_AFTER. */
void ql_clock_start(ql_clock *c, double time_limit, ql_poll_fn poll, ql_release_fn release, void *release_ctx);

/* 1 when the run must stop (and c->stop says why); cheap enough for every probe. */
int ql_clock_check(ql_clock *c);

#endif
