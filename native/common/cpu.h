/* The one CPU dispatch of the native kernels: variants of a kernel's C, chosen at run time.

   A kernel whose speed depends on the instruction set (the region search, the k-star
   search) has its hot C files compiled more than once by setup.py, each time with other
   flags and with ``-DQS_VARIANT=<name>``, and all the copies are linked into the one
   extension module (native/README.md). The levels, each a superset of the one before:

     portable  the baseline of the target (any x86-64, or any other CPU)
     popcnt    x86-64 with POPCNT, SSE4.2 and BMI1   (-mpopcnt -msse4.2 -mbmi)
     avx512    popcnt + AVX-512 F and VPOPCNTDQ       (+ -mavx512f -mavx512vpopcntdq)

   Only GCC and Clang on x86-64 build the last two; a compiler that lacks their flags
   leaves them out. At import the module takes the best variant built that the CPU runs. */

#ifndef QS_CPU_H
#define QS_CPU_H

enum { QS_PORTABLE = 0, QS_POPCNT = 1, QS_AVX512 = 2, QS_LEVELS = 3 };

/* What this CPU runs, whatever was built: QS_PORTABLE, QS_POPCNT or QS_AVX512. */
int qs_cpu_level(void);

/* "portable", "popcnt" or "avx512" (NULL past the last level). */
const char *qs_level_name(int level);

/* What the code outside the variants was compiled for, on the same scale (0 unless the
   build opted in to -march=native): the portable variant's flags are the same. */
int qs_build_level(void);

/* A kernel's variants: its entry (a table of functions) per level, NULL where not built
   (the portable one always is), and the level in use. */
typedef struct {
    const void *built[QS_LEVELS];
    int current;
} qs_variants;

/* Use the best variant built at or below ``wanted`` that this CPU runs; returns its level. */
int qs_variants_use(qs_variants *variants, int wanted);

/* Whether the variant of ``level`` is built and this CPU runs it. */
int qs_variants_runs(const qs_variants *variants, int level);

/* In a variant's files: ``QS_VARIANT_NAME(f)`` is f_portable, f_popcnt or f_avx512, the name
   of a function the files of one variant share, so that the copies link side by side. */
#define QS_VARIANT_NAME(name) QS_PASTE_(name, QS_VARIANT)
#define QS_PASTE_(a, b) QS_PASTE2_(a, b)
#define QS_PASTE2_(a, b) a##_##b

#endif
