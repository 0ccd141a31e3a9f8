/* Bit helpers every kernel calls in its hottest loops: plain C, ``static inline`` on purpose.

   Each compiles to a single instruction where the code's target has it (POPCNT, TZCNT: the
   ``popcnt`` and ``avx512`` variants, native/README.md) and to portable code elsewhere, so
   they must be inlined into the loops of the variant that calls them, not called across
   files. Defined here once for every kernel (MSVC included). */

#ifndef QS_BITS_H
#define QS_BITS_H

#include <stdint.h>

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
/* The index of the lowest set bit of x (x != 0). */
static inline int qs_ctz(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
#else
#define QS_RESTRICT __restrict__
static inline int qs_popcount(uint64_t x) { return __builtin_popcountll(x); }
/* The index of the lowest set bit of x (x != 0). */
static inline int qs_ctz(uint64_t x) { return __builtin_ctzll(x); }
#endif

#endif
