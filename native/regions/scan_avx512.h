/* The flat scan of boards up to 11 x 11 (two words, at most 33 units) in AVX-512, for the
   avx512 variant of the region search (search.c compiled with -mavx512f -mavx512vpopcntdq,
   common/cpu.h; the module runs it only where the CPU has both).

   The counts of all units at once, eight per instruction, in place of a popcount per open
   unit. ``lo``/``hi`` hold the units' two mask words, 40 each (zero past the last unit).
   Returns the first open unit with one candidate or none (-1 for none), else the first with
   the fewest; its count in ``least``. A header, not a .c file: the search inlines it into
   its innermost loop (flat.h). */

#ifndef QS_SCAN_AVX512_H
#define QS_SCAN_AVX512_H

#include <stdint.h>
#include "bits.h"

#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
#include <immintrin.h>
#define QS_VECTOR_SCAN 1
static inline int qs_scan2(const uint64_t *lo, const uint64_t *hi, uint64_t s0, uint64_t s1, uint64_t open, int *least) {
    const __m512i S0 = _mm512_set1_epi64((long long)s0), S1 = _mm512_set1_epi64((long long)s1);
    const __m512i one = _mm512_set1_epi64(1);
    __m512i count[5], unit = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), best = _mm512_set1_epi64(INT64_MAX);
    uint64_t few = 0;
    for (int j = 0; j < 5; j++) {
        count[j] = _mm512_add_epi64(_mm512_popcnt_epi64(_mm512_and_si512(_mm512_loadu_si512(lo + 8 * j), S0)),
                                    _mm512_popcnt_epi64(_mm512_and_si512(_mm512_loadu_si512(hi + 8 * j), S1)));
        few |= (uint64_t)_mm512_cmple_epu64_mask(count[j], one) << (8 * j);
    }
    few &= open;
    if (few) {
        int u = qs_ctz(few);
        *least = qs_popcount(lo[u] & s0) + qs_popcount(hi[u] & s1);
        return *least ? u : -1;
    }
    for (int j = 0; j < 5; j++) {
        __m512i key = _mm512_or_si512(_mm512_slli_epi64(count[j], 8), unit);
        best = _mm512_mask_min_epu64(best, (__mmask8)(open >> (8 * j)), best, key);
        unit = _mm512_add_epi64(unit, _mm512_set1_epi64(8));
    }
    uint64_t key = (uint64_t)_mm512_reduce_min_epu64(best);
    *least = (int)(key >> 8);
    return (int)(key & 255);
}
#else
#define QS_VECTOR_SCAN 0
static inline int qs_scan2(const uint64_t *lo, const uint64_t *hi, uint64_t s0, uint64_t s1, uint64_t open, int *least) {
    (void)lo; (void)hi; (void)s0; (void)s1; (void)open; (void)least;
    return -1;  /* not in this build: never called (QS_VECTOR_SCAN is 0) */
}
#endif

#endif
