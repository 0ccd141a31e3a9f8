/* The logic engine's pace: its deadline, its looks for Ctrl-C, and when it lets Python's GIL go.

   The clock and the look for a signal are native/common/'s (qs_now, qs_signalled). What is the
   engine's own: a run may start holding the GIL. Most runs take microseconds, and a thread that
   lets the GIL go must wait for it again behind the others (up to the switch interval, 5 ms),
   so letting it go for a short run slows a busy server down; ``release`` is called once when
   the run has lasted QL_RELEASE_AFTER, and from then on it runs without the GIL. Compiled once
   (setup.py's ``once``), shared by every variant. */

#ifndef QL_PACE_H
#define QL_PACE_H

typedef void (*ql_release_fn)(void *ctx);

typedef struct {
    double deadline;    /* qs_now() seconds; 0: none */
    double next_poll;   /* when to look for a signal again */
    double release_at;  /* when to call release (if not yet) */
    ql_release_fn release;
    void *release_ctx;
    int released;
    int stop;           /* why the run stopped: QS_TIMED_OUT or QS_INTERRUPTED (common/stop.h), else 0 */
} ql_pace;

#define QL_POLL_EVERY 0.005     /* seconds between looks for a signal: Ctrl-C is seen within a few ms */
#define QL_RELEASE_AFTER 0.0005 /* seconds a run may hold the GIL */

/* The pace of a run of time_limit seconds (<= 0: none); release (NULL: the run holds no GIL)
   is called with release_ctx once the run has lasted QL_RELEASE_AFTER. */
void ql_pace_start(ql_pace *p, double time_limit, ql_release_fn release, void *release_ctx);

/* 1 when the run must stop (and p->stop says why); cheap enough for every probe. */
int ql_pace_check(ql_pace *p);

#endif
