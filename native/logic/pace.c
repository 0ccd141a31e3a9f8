/* The logic engine's pace (see pace.h). */

#include "pace.h"

#include "clock.h"
#include "stop.h"

void ql_pace_start(ql_pace *p, double time_limit, ql_release_fn release, void *release_ctx) {
    double now = qs_now();
    p->deadline = time_limit > 0 ? now + time_limit : 0;
    p->next_poll = now + QL_POLL_EVERY;
    p->release_at = now + QL_RELEASE_AFTER;
    p->release = release;
    p->release_ctx = release_ctx;
    p->released = release == 0;
    p->stop = 0;
}

int ql_pace_check(ql_pace *p) {
    if (p->stop) return 1;
#if defined(__wasm__)
    /* WebAssembly (native/wasm/): no GIL to let go and no signals, so without a deadline the clock
       (a call out to JavaScript there) has nothing to tell; a cancel is still seen. */
    if (p->deadline == 0) {
        if (qs_cancelled()) p->stop = QS_TIMED_OUT;
        return p->stop != 0;
    }
#endif
    double now = qs_now();
    if (!p->released && now >= p->release_at) {
        p->released = 1;
        p->release(p->release_ctx);
    }
    if ((p->deadline > 0 && now > p->deadline) || qs_cancelled()) {  /* a cancel: as if the deadline had come */
        p->stop = QS_TIMED_OUT;
        return 1;
    }
    if (now >= p->next_poll) {
        p->next_poll = now + QL_POLL_EVERY;
        if (qs_signalled()) {
            p->stop = QS_INTERRUPTED;
            return 1;
        }
    }
    return 0;
}
