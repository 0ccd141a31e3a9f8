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
#define QS_STARS_FLOWS 8  /* the block flows (st_flow): rows or columns paired from line 0 or 1, blocks from 0 or 1 */
#define QS_STARS_FLOW_MAX_N 42  /* the block flows' sinks (n regions, a strip's empty blocks each) fit one word */

enum { QS_STARS_EXHAUSTED = 0, QS_STARS_LIMIT = 1, QS_STARS_TIMED_OUT = 2, QS_STARS_INTERRUPTED = 3, QS_STARS_NO_MEMORY = -1 };

typedef uint64_t qs_line;
typedef int (*qs_stars_emit)(void *ctx, const int16_t *solution);
typedef int (*qs_stars_poll_fn)(void);

typedef struct {  /* one level of the search stack: views into one block of memory */
    void *base;
    qs_line *cand, *ccand, *star;  /* n each: candidates by row, by column, stars by row */
    qs_line *moved;                /* 2: the rows, the columns whose candidates changed since st_lines looked */
    /* The block flows' state on the path to this level (st_flow), by block: the sinks each
       block may send into (0: no candidates), as of the last call of its flow */
    qs_line *bedge;
    qs_line *seen;                 /* by flow, n each: its lines (rows or columns) as its last call saw them */
    qs_line *filled;               /* by flow, S->words each: its blocks with candidates, as bits */
    int32_t *quiet;                /* by flow: the stars placed when its last call found nothing, else -1 */
    int32_t *placed;               /* one: the stars placed on the path */
    int16_t *cnt, *need;           /* S->span each: units, then 0 up to a multiple of 4 and 3 more (read 4 at a time) */
    int8_t *assigned;              /* by block: its sink in the last assignment found */
    int8_t *with;                  /* by flow and strip (QS_STARS_MAX_N / 2 + 1 each): its blocks with candidates */
} qs_level;

typedef struct {
    int n, k, units, span, regions, words;  /* words: a block flow's blocks as bits (L->filled) */
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
    /* The blocks of the block flows (st_flow), fixed by the board. Flow v pairs the rows
       (v < 4) or the columns (v >= 4) into strips two lines wide from line v & 1 on, and cuts
       each strip into blocks two positions long from position (v >> 1) & 1 on (a line or a
       position left over makes a narrower strip or block). Strip a of flow v has the blocks
       block0[v] + bstart[v][a] .. block0[v] + bstart[v][a + 1] - 1; block b starts on line
       bline[b] at position bpos[b], and its four cells (line, position) + (0, 0), (0, 1),
       (1, 0), (1, 1) are in the regions whose bits are bbit[4 b ..] (0: off the strip or the
       board). */
    int flows;                           /* QS_STARS_FLOWS with regions on boards up to 42, else 0 */
    int nstrips[QS_STARS_FLOWS], block0[QS_STARS_FLOWS + 1];
    int bstart[QS_STARS_FLOWS][QS_STARS_MAX_N + 1];
    uint8_t sline[QS_STARS_FLOWS][QS_STARS_MAX_N / 2 + 1], stwo[QS_STARS_FLOWS][QS_STARS_MAX_N / 2 + 1];  /* strip a's first line; it has two */
    uint8_t *bline, *bpos, *btwo, *bcells;  /* btwo[b]: the strip has two lines; bcells[b]: the cells q it has, as bits */
    qs_line *bbit;
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
    L.moved = L.star + n;
    L.bedge = L.moved + 2;
    L.seen = L.bedge + S->block0[QS_STARS_FLOWS];
    L.filled = L.seen + QS_STARS_FLOWS * n;
    L.quiet = (int32_t *)(L.filled + QS_STARS_FLOWS * S->words);
    L.placed = L.quiet + QS_STARS_FLOWS;
    L.cnt = (int16_t *)(L.placed + 2);
    L.need = L.cnt + S->span;
    L.assigned = (int8_t *)(L.need + S->span);
    L.with = L.assigned + S->block0[QS_STARS_FLOWS];
    return L;
}

/* How many pieces two long (the first alone when ``offset`` is 1, the last when one is left over) cut n. */
static inline int qs_stars_pieces(int n, int offset) { return offset + (n - offset + 1) / 2; }

static inline void qs_stars_free(qs_stars *S) {
    free(S->stack);
    free(S->reg_row);
    free(S->reg_col);
    free(S->bline);
    free(S->bpos);
    free(S->btwo);
    free(S->bcells);
    free(S->bbit);
    free(S);
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
    S->span = (S->units + 6) & ~3;
    S->full = n == 64 ? ~(qs_line)0 : (((qs_line)1 << n) - 1);
    S->limit = limit;
    S->keep = keep;
    S->emit = emit;
    S->ctx = ctx;
    S->poll = poll;
    S->deadline = time_limit > 0 ? qs_now() + time_limit : 0;
    S->flows = S->regions && n <= QS_STARS_FLOW_MAX_N ? QS_STARS_FLOWS : 0;
    int blocks = 0;  /* over all the block flows */
    for (int v = 0; v < S->flows; v++) {
        S->nstrips[v] = qs_stars_pieces(n, v & 1);
        S->block0[v] = blocks;
        blocks += S->nstrips[v] * qs_stars_pieces(n, (v >> 1) & 1);
        if (blocks - S->block0[v] > 64 * S->words) S->words = (blocks - S->block0[v] + 63) / 64;
    }
    for (int v = S->flows; v <= QS_STARS_FLOWS; v++) S->block0[v] = blocks;
    S->level_bytes = ((3 * (size_t)n + 2 + blocks + QS_STARS_FLOWS * ((size_t)n + S->words)) * sizeof(qs_line) + (QS_STARS_FLOWS + 2) * sizeof(int32_t)
        + 2 * (size_t)S->span * sizeof(int16_t) + (size_t)blocks + QS_STARS_FLOWS * (QS_STARS_MAX_N / 2 + 1) + 7) & ~(size_t)7;
    int depth = k * n + 2;  /* each level places a star more than the one before */
    S->stack = (char *)malloc((size_t)depth * S->level_bytes);
    S->reg_row = (qs_line *)calloc((size_t)n * n, sizeof(qs_line));
    S->reg_col = (qs_line *)calloc((size_t)n * n, sizeof(qs_line));
    S->bline = (uint8_t *)malloc((size_t)blocks + 1);
    S->bpos = (uint8_t *)malloc((size_t)blocks + 1);
    S->btwo = (uint8_t *)malloc((size_t)blocks + 1);
    S->bcells = (uint8_t *)malloc((size_t)blocks + 1);
    S->bbit = (qs_line *)malloc((4 * (size_t)blocks + 1) * sizeof(qs_line));
    if (!S->stack || !S->reg_row || !S->reg_col || !S->bline || !S->bpos || !S->btwo || !S->bcells || !S->bbit) {
        qs_stars_free(S);
        return QS_STARS_NO_MEMORY;
    }
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
    for (int v = 0; v < S->flows; v++) {  /* the blocks, strip by strip */
        int at = S->block0[v], side = v >> 2, a = 0;
        for (int b = 0; b < n; a++) {
            int lines = (b < (v & 1) || b + 1 >= n) ? 1 : 2;
            S->bstart[v][a] = at - S->block0[v];
            S->sline[v][a] = (uint8_t)b;
            S->stwo[v][a] = (uint8_t)(lines == 2);
            for (int p = 0; p < n;) {
                int wide = (p < ((v >> 1) & 1) || p + 1 >= n) ? 1 : 2;
                S->bline[at] = (uint8_t)b;
                S->bpos[at] = (uint8_t)p;
                S->btwo[at] = (uint8_t)(lines == 2);
                S->bcells[at] = 0;
                for (int q = 0; q < 4; q++) {
                    int line = b + (q >> 1), pos = p + (q & 1);
                    int in = (q >> 1) < lines && (q & 1) < wide;
                    if (in) S->bcells[at] |= (uint8_t)(1u << q);
                    S->bbit[4 * at + q] = in ? (qs_line)1 << S->region[side ? pos * n + line : line * n + pos] : 0;
                }
                at++;
                p += wide;
            }
            b += lines;
        }
        S->bstart[v][a] = at - S->block0[v];
    }
    qs_level L = qs_stars_level(S, 0);
    memset(L.base, 0, S->level_bytes);
    memset(L.assigned, -1, (size_t)blocks);  /* no block assigned yet */
    L.moved[0] = L.moved[1] = S->full;  /* every line to look at */
    for (int v = 0; v < QS_STARS_FLOWS; v++) L.quiet[v] = -1;  /* (no lines seen: every block to look at) */
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
    qs_stars_free(S);
    return stop;
}

#endif
