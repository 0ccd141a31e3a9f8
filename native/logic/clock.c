/* See clock.h. */

#include "clock.h"

#if defined(_WIN32)
#include <windows.h>
double ql_now(void) {
    LARGE_INTEGER f, t;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&t);
    return (double)t.QuadPart / (double)f.QuadPart;
}
#else
#include <time.h>
double ql_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
#endif

void ql_clock_start(ql_clock *c, double time_limit, ql_poll_fn poll, ql_release_fn release, void *release_ctx) {
    double now = ql_now();
    c->deadline = time_limit > 0 ? now + time_limit : 0;
    c->next_poll = now + QL_POLL_EVERY;
    c->release_at = now + QL_RELEASE_AFTER;
    c->poll = poll;
    c->release = release;
    c->release_ctx = release_ctx;
    c->released = release == NULL;
    c->stop = QL_RUNNING;
}

int ql_clock_check(ql_clock *c) {
    if (c->stop) return 1;
    if (c->deadline <= 0 && !c->poll && c->released) return 0;
    double now = ql_now();
    if (!c->released && now >= c->release_at) {
        c->released = 1;
        c->release(c->release_ctx);
    }
    if (c->deadline > 0 && now > c->deadline) {
        c->stop = QL_TIMED_OUT;
        return 1;
    }
    if (c->poll && now >= c->next_poll) {
        c->next_poll = now + QL_POLL_EVERY;
        if (c->poll()) {
            c->stop = QL_INTERRUPTED;
            return 1;
        }
    }
    return 0;
}
