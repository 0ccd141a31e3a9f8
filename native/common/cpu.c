/* The CPU probe and the choice of a kernel's variant (see cpu.h). */

#include "cpu.h"

#include <stddef.h>

static const char *const names[QS_LEVELS] = {"portable", "popcnt", "avx512"};

int qs_cpu_level(void) {
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt") || !__builtin_cpu_supports("sse4.2") || !__builtin_cpu_supports("bmi"))
        return QS_PORTABLE;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq")) return QS_AVX512;
    return QS_POPCNT;
#else
    return QS_PORTABLE;  /* no variant but the portable one is built here */
#endif
}

const char *qs_level_name(int level) { return level >= 0 && level < QS_LEVELS ? names[level] : NULL; }

int qs_build_level(void) {
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__) && defined(__POPCNT__) && defined(__BMI__)
    return QS_AVX512;
#elif defined(__POPCNT__) && defined(__SSE4_2__) && defined(__BMI__)
    return QS_POPCNT;
#else
    return QS_PORTABLE;
#endif
}

int qs_variants_runs(const qs_variants *variants, int level) {
    return level >= 0 && level < QS_LEVELS && variants->built[level] != NULL && level <= qs_cpu_level();
}

int qs_variants_use(qs_variants *variants, int wanted) {
    int level = wanted < QS_LEVELS ? wanted : QS_LEVELS - 1;
    while (level > QS_PORTABLE && !qs_variants_runs(variants, level)) level--;
    variants->current = level < QS_PORTABLE ? QS_PORTABLE : level;
    return variants->current;
}
