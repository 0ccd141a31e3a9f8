/* The k-star (Star Battle) search of the native backend, plain C; native/stars.pyx wraps it.

   ``qs_stars_run`` searches one board: n up to QS_STARS_MAX_N (a row is one 64-bit word),
   regions as region numbers (NULL: rows and columns only), given stars and blocked cells as
   cell numbers r * n + c. It stops at ``limit`` solutions (0: none), at ``time_limit``
   seconds (<= 0: none) or when ``poll`` says so (Ctrl-C), checked every 4096 nodes; each of
   the first ``keep`` solutions is handed to ``emit`` as k * n columns (the k star columns of
   row 0 ascending, then row 1, ...). Runs without the GIL: ``emit`` and ``poll`` take it.

   The search itself is native/stars_core.h, compiled twice below: a portable copy and, with
   GCC or Clang on x86-64, one for POPCNT (the counts of the capacity bounds), picked at run
   time by the CPU (the module is built once, portable). */

#ifndef QS_STARS_H
#define QS_STARS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"

#define QS_STARS_MAX_N 64
#define QS_STARS_CHECK_MASK 4095
#if defined(__GNUC__) || defined(__clang__)
#define QS_STARS_NOINLINE __attribute__((noinline))  /* st_flow's arrays stay off the recursion */
#else
#define QS_STARS_NOINLINE
#endif
#define QS_STARS_FLOWS 4  /* the strip flows (st_flow): rows paired from row 0, from row 1; columns alike */

enum { QS_STARS_EXHAUSTED = 0, QS_STARS_LIMIT = 1, QS_STARS_TIMED_OUT = 2, QS_STARS_INTERRUPTED = 3, QS_STARS_NO_MEMORY = -1 };

typedef uint64_t qs_line;
typedef int (*qs_stars_emit)(void *ctx, const int16_t *solution);
typedef int (*qs_stars_poll_fn)(void);

typedef struct {  /* one level of the search stack: views into one block of memory */
    void *base;
    qs_line *cand, *ccand, *star;  /* n each: candidates by row, by column, stars by row */
    int16_t *cnt, *need;           /* units each */
} qs_level;

typedef struct {
    int n, k, units, regions;
    qs_line full;
    uint8_t region[QS_STARS_MAX_N * QS_STARS_MAX_N];
    qs_line *reg_row;          /* n * n: the columns of region g in row r at g * n + r */
    qs_line *reg_col;          /* n * n: the rows of region g in column c at g * n + c */
    int top[QS_STARS_MAX_N], bottom[QS_STARS_MAX_N];  /* the rows each region spans */
    char *stack;
    size_t level_bytes;
    int64_t count, limit, keep, nodes;
    double deadline;
    int stop;
    int16_t solution[QS_STARS_MAX_N * QS_STARS_MAX_N];
    /* The links of the strip flows, fixed by the board. Flow t pairs the rows (t < 2) or the
       columns (t >= 2) into strips two lines wide from line t & 1 on (a line left over is a
       strip of its own); link j of strip a (lstart[t][a] <= j < lstart[t][a + 1]) joins it to
       region lreg[j], whose cells on the strip's first and second line are lm0[j] and lm1[j]. */
    int nstrips[QS_STARS_FLOWS];
    uint8_t sfirst[QS_STARS_FLOWS][QS_STARS_MAX_N], swidth[QS_STARS_FLOWS][QS_STARS_MAX_N];
    int lstart[QS_STARS_FLOWS][QS_STARS_MAX_N + 1];
    uint8_t *lreg;
    qs_line *lm0, *lm1;
    qs_stars_emit emit;
    void *ctx;
    qs_stars_poll_fn poll;
} qs_stars;

static inline qs_level qs_stars_level(const qs_stars *S, int depth) {
    qs_level L;
    int n = S->n;
    L.base = S->stack + (size_t)depth * S->level_bytes;
    L.cand = (qs_line *)L.base;
    L.ccand = L.cand + n;
    L.star = L.ccand + n;
    L.cnt = (int16_t *)(L.star + n);
    L.need = L.cnt + S->units;
    return L;
}

static inline int qs_stars_poll(qs_stars *S) {
    if (S->deadline > 0 && qs_now() > S->deadline) { S->stop = QS_STARS_TIMED_OUT; return 1; }
    if (S->poll && S->poll()) { S->stop = QS_STARS_INTERRUPTED; return 1; }
    return 0;
}

#define QS_SFX(name) name##_portable
#define QS_TARGET
#include "stars_core.h"
#undef QS_SFX
#undef QS_TARGET

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define QS_STARS_POPCNT 1
#define QS_SFX(name) name##_popcnt
#define QS_TARGET __attribute__((target("popcnt,bmi")))
#include "stars_core.h"
#undef QS_SFX
#undef QS_TARGET
#else
#define QS_STARS_POPCNT 0
#endif

static inline int qs_stars_run(
    int n, int k, const int64_t *regions, const int *given, int ngiven, const int *blocked, int nblocked,
    int64_t limit, int64_t keep, double time_limit, qs_stars_emit emit, void *ctx, qs_stars_poll_fn poll,
    int64_t *count, int64_t *nodes
) {
    qs_stars *S = (qs_stars *)calloc(1, sizeof(qs_stars));
    if (!S) return QS_STARS_NO_MEMORY;
    S->n = n;
    S->k = k;
    S->regions = regions != NULL;
    S->units = S->regions ? 3 * n : 2 * n;
    S->full = n == 64 ? ~(qs_line)0 : (((qs_line)1 << n) - 1);
    S->limit = limit;
    S->keep = keep;
    S->emit = emit;
    S->ctx = ctx;
    S->poll = poll;
    S->deadline = time_limit > 0 ? qs_now() + time_limit : 0;
    S->level_bytes = (3 * (size_t)n * sizeof(qs_line) + 2 * (size_t)S->units * sizeof(int16_t) + 7) & ~(size_t)7;
    int depth = k * n + 2;  /* each level places a star more than the one before */
    S->stack = (char *)malloc((size_t)depth * S->level_bytes);
    S->reg_row = (qs_line *)calloc((size_t)n * n, sizeof(qs_line));
    S->reg_col = (qs_line *)calloc((size_t)n * n, sizeof(qs_line));
    if (!S->stack || !S->reg_row || !S->reg_col) { free(S->stack); free(S->reg_row); free(S->reg_col); free(S); return QS_STARS_NO_MEMORY; }
    for (int g = 0; g < n; g++) { S->top[g] = n; S->bottom[g] = -1; }
    if (S->regions)
        for (int i = 0; i < n * n; i++) {
            int g = (int)regions[i], r = i / n;
            S->region[i] = (uint8_t)g;
            S->reg_row[g * n + r] |= (qs_line)1 << (i % n);
            S->reg_col[g * n + i % n] |= (qs_line)1 << r;
            if (r < S->top[g]) S->top[g] = r;
            if (r > S->bottom[g]) S->bottom[g] = r;
        }
    if (S->regions) {
        size_t most = QS_STARS_FLOWS * (size_t)n * n;  /* a link a (strip, region) pair with cells */
        S->lreg = (uint8_t *)malloc(most);
        S->lm0 = (qs_line *)malloc(most * sizeof(qs_line));
        S->lm1 = (qs_line *)malloc(most * sizeof(qs_line));
        if (!S->lreg || !S->lm0 || !S->lm1) {
            free(S->lreg); free(S->lm0); free(S->lm1);
            free(S->stack); free(S->reg_row); free(S->reg_col); free(S);
            return QS_STARS_NO_MEMORY;
        }
        int at = 0;
        for (int t = 0; t < QS_STARS_FLOWS; t++) {
            const qs_line *reg = t >= 2 ? S->reg_col : S->reg_row;
            int m = 0;
            for (int b = 0; b < n; m++) {
                int w = (b < (t & 1) || b + 1 >= n) ? 1 : 2;
                S->sfirst[t][m] = (uint8_t)b;
                S->swidth[t][m] = (uint8_t)w;
                S->lstart[t][m] = at;
                for (int g = 0; g < n; g++) {
                    qs_line m0 = reg[g * n + b], m1 = w == 2 ? reg[g * n + b + 1] : 0;
                    if (m0 | m1) { S->lreg[at] = (uint8_t)g; S->lm0[at] = m0; S->lm1[at] = m1; at++; }
                }
                b += w;
            }
            S->lstart[t][m] = at;
            S->nstrips[t] = m;
        }
    }
    qs_level L = qs_stars_level(S, 0);
    memset(L.base, 0, S->level_bytes);
    for (int r = 0; r < n; r++) { L.cand[r] = S->full; L.ccand[r] = S->full; L.cnt[r] = (int16_t)n; L.cnt[n + r] = (int16_t)n; }
    if (S->regions)
        for (int i = 0; i < n * n; i++) L.cnt[2 * n + S->region[i]]++;
    for (int u = 0; u < S->units; u++) L.need[u] = (int16_t)k;
#if QS_STARS_POPCNT
    int fast = __builtin_cpu_supports("popcnt");
#define QS_STARS_CALL(name, ...) (fast ? name##_popcnt(__VA_ARGS__) : name##_portable(__VA_ARGS__))
#else
#define QS_STARS_CALL(name, ...) name##_portable(__VA_ARGS__)
#endif
    for (int i = 0; i < nblocked; i++) {
        int r = blocked[i] / n, c = blocked[i] % n;
        if (L.cand[r] >> c & 1) QS_STARS_CALL(st_remove, S, &L, r, (qs_line)1 << c);
    }
    int possible = 1;
    for (int i = 0; i < ngiven && possible; i++) {
        int r = given[i] / n, c = given[i] % n;
        if (L.cand[r] >> c & 1) QS_STARS_CALL(st_place, S, &L, r, c);
        else possible = 0;  /* a given star on a blocked cell or next to another: no solution */
    }
    if (possible) QS_STARS_CALL(st_node, S, 0);
#undef QS_STARS_CALL
    int stop = S->stop;
    *count = S->count;
    *nodes = S->nodes;
    free(S->stack);
    free(S->reg_row);
    free(S->reg_col);
    free(S->lreg);
    free(S->lm0);
    free(S->lm1);
    free(S);
    return stop;
}

#endif
