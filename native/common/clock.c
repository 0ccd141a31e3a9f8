/* The one clock of the native kernels (see clock.h). */

#include "clock.h"

#if defined(_WIN32)
#include <windows.h>

double qs_now(void) {
    static LARGE_INTEGER frequency;  /* fixed at boot; read once */
    LARGE_INTEGER ticks;
    if (frequency.QuadPart == 0) QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&ticks);
    return (double)ticks.QuadPart / (double)frequency.QuadPart;
}
#else
#include <time.h>

double qs_now(void) {
    struct timespec t;
#if defined(__APPLE__)
    clock_gettime(CLOCK_UPTIME_RAW, &t);  /* mach_absolute_time, as time.monotonic() there */
#else
    clock_gettime(CLOCK_MONOTONIC, &t);
#endif
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
#endif
