/* Bit helpers, the clock and the CPU probe shared by the native modules: plain C.

   Every helper is ``static inline`` because the search calls them in its hottest loops;
   they compile to single instructions where the build's target has them (POPCNT, TZCNT),
   and to portable code elsewhere. Which build of a module runs is chosen at import time
   from ``qs_cpu_level()`` (queens_sat/extension.py): the portable build everywhere, the
   POPCNT build or the AVX-512 build (native/scan_avx512.h) where the CPU has those. */

#ifndef QS_CPU_H
#define QS_CPU_H

#include <stdint.h>
#include <time.h>

#if defined(_MSC_VER)
#include <intrin.h>
#define QS_RESTRICT __restrict
static inline int qs_popcount(uint64_t x) {
#if defined(_M_X64) && defined(__AVX__)
    return (int)__popcnt64(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}
static inline int qs_ctz(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
static inline double qs_now(void) {
    struct timespec t; timespec_get(&t, TIME_UTC); return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
#else
#define QS_RESTRICT __restrict__
static inline int qs_popcount(uint64_t x) { return __builtin_popcountll(x); }
static inline int qs_ctz(uint64_t x) { return __builtin_ctzll(x); }
static inline double qs_now(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
#endif

/* Copies between the non-overlapping levels of the search stack; small, so a
   loop the compiler vectorises beats a call to memcpy. */
static inline void qs_copy64(uint64_t *QS_RESTRICT dst, const uint64_t *QS_RESTRICT src, int n) {
    for (int i = 0; i < n; i++) dst[i] = src[i];
}
static inline void qs_copy32(int32_t *QS_RESTRICT dst, const int32_t *QS_RESTRICT src, int n) {
    for (int i = 0; i < n; i++) dst[i] = src[i];
}

/* Region numbers as bytes, in one pass the compiler vectorises (no early exit);
   returns whether any is out of 0..n-1. */
static inline int qs_narrow(uint8_t *QS_RESTRICT dst, const int64_t *QS_RESTRICT src, int cells, uint64_t n) {
    int bad = 0;
    for (int i = 0; i < cells; i++) {
        bad |= (uint64_t)src[i] >= n;
        dst[i] = (uint8_t)src[i];
    }
    return bad;
}

/* What this CPU can run, whatever this module was built for: 0 the portable build only,
   1 also the POPCNT/SSE4.2 build, 2 also the AVX-512 (F + VPOPCNTDQ) build. GCC and Clang
   on x86-64 ask CPUID (__builtin_cpu_supports); elsewhere the answer is 0. */
static inline int qs_cpu_level(void) {
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt") || !__builtin_cpu_supports("sse4.2")) return 0;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq")) return 2;
    return 1;
#else
    return 0;
#endif
}

/* What this build of the module was compiled for (the same scale as qs_cpu_level). */
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
#define QS_BUILD_LEVEL 2
#elif defined(__POPCNT__) && defined(__SSE4_2__)
#define QS_BUILD_LEVEL 1
#else
#define QS_BUILD_LEVEL 0
#endif

#endif
