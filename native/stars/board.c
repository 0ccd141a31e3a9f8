/* The k-star search's board: its memory, its regions, the blocks of the block flows and the
   root level, then the search in the variant in use (compiled once; see board.h). */

#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "clock.h"
#include "stop.h"

/* The variants setup.py built into this module (QS_HAVE_POPCNT). */
qs_variants qs_stars_variants = {{
    &qs_stars_kernel_portable,
#if defined(QS_HAVE_POPCNT)
    &qs_stars_kernel_popcnt,
#else
    NULL,
#endif
    NULL, /* avx512: nothing here gains from it */
}, QS_PORTABLE};

/* How many pieces two long (the first alone when ``offset`` is 1, the last when one is left over) cut n. */
static int pieces(int n, int offset) { return offset + (n - offset + 1) / 2; }

static void release(qs_stars *S) {
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

/* The board's sizes and memory (every table zeroed but the stack); NULL when memory runs out. */
static qs_stars *allocate(const qs_stars_task *task) {
    int n = task->n;
    qs_stars *S = (qs_stars *)calloc(1, sizeof(qs_stars));
    if (!S) return NULL;
    S->n = n;
    S->k = task->k;
    S->regions = task->regions != NULL;
    S->units = S->regions ? 3 * n : 2 * n;
    S->span = (S->units + 6) & ~3;
    S->full = n == 64 ? ~(qs_line)0 : (((qs_line)1 << n) - 1);
    S->limit = task->limit;
    S->keep = task->keep;
    S->emit = task->emit;
    S->ctx = task->ctx;
    S->deadline = task->time_limit > 0 ? qs_now() + task->time_limit : 0;
    S->flows = S->regions && n <= QS_STARS_FLOW_MAX_N ? QS_STARS_FLOWS : 0;
    int blocks = 0; /* over all the block flows */
    for (int v = 0; v < S->flows; v++) {
        S->nstrips[v] = pieces(n, v & 1);
        S->block0[v] = blocks;
        blocks += S->nstrips[v] * pieces(n, (v >> 1) & 1);
        if (blocks - S->block0[v] > 64 * S->words) S->words = (blocks - S->block0[v] + 63) / 64;
    }
    for (int v = S->flows; v <= QS_STARS_FLOWS; v++) S->block0[v] = blocks;
    S->level_bytes = ((3 * (size_t)n + 2 + blocks + QS_STARS_FLOWS * ((size_t)n + S->words)) * sizeof(qs_line)
                      + (QS_STARS_FLOWS + 2) * sizeof(int32_t) + 2 * (size_t)S->span * sizeof(int16_t) + (size_t)blocks
                      + QS_STARS_FLOWS * QS_STARS_STRIPS + 7) & ~(size_t)7;
    int depth = task->k * n + 2; /* each level places a star more than the one before */
    S->stack = (char *)malloc((size_t)depth * S->level_bytes);
    S->reg_row = (qs_line *)calloc((size_t)n * n, sizeof(qs_line));
    S->reg_col = (qs_line *)calloc((size_t)n * n, sizeof(qs_line));
    S->bline = (uint8_t *)malloc((size_t)blocks + 1);
    S->bpos = (uint8_t *)malloc((size_t)blocks + 1);
    S->btwo = (uint8_t *)malloc((size_t)blocks + 1);
    S->bcells = (uint8_t *)malloc((size_t)blocks + 1);
    S->bbit = (qs_line *)malloc((4 * (size_t)blocks + 1) * sizeof(qs_line));
    if (!S->stack || !S->reg_row || !S->reg_col || !S->bline || !S->bpos || !S->btwo || !S->bcells || !S->bbit) {
        release(S);
        return NULL;
    }
    return S;
}

/* Each region's cells by row and by column, and the rows it spans. */
static void place_regions(qs_stars *S, const int64_t *regions) {
    int n = S->n;
    for (int g = 0; g < n; g++) {
        S->top[g] = n;
        S->bottom[g] = -1;
    }
    if (!regions) return;
    for (int i = 0; i < n * n; i++) {
        int g = (int)regions[i], r = i / n;
        S->region[i] = (uint8_t)g;
        S->reg_row[g * n + r] |= (qs_line)1 << (i % n);
        S->reg_col[g * n + i % n] |= (qs_line)1 << r;
        if (r < S->top[g]) S->top[g] = r;
        if (r > S->bottom[g]) S->bottom[g] = r;
    }
}

/* The blocks of flow v, strip by strip (see qs_stars). */
static void cut_blocks(qs_stars *S, int v) {
    int n = S->n, at = S->block0[v], side = v >> 2, a = 0;
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

/* The root level: every cell a candidate, every unit needing k. */
static void level_zero(const qs_stars *S) {
    int n = S->n;
    qs_level L = qs_stars_level(S, 0);
    memset(L.base, 0, S->level_bytes);
    memset(L.assigned, -1, (size_t)S->block0[QS_STARS_FLOWS]); /* no block assigned yet */
    L.moved[0] = L.moved[1] = S->full;                         /* every line to look at */
    for (int v = 0; v < QS_STARS_FLOWS; v++) L.quiet[v] = -1;  /* (no lines seen: every block to look at) */
    for (int r = 0; r < n; r++) {
        L.cand[r] = S->full;
        L.ccand[r] = S->full;
        L.cnt[r] = (int16_t)n;
        L.cnt[n + r] = (int16_t)n;
    }
    if (S->regions)
        for (int i = 0; i < n * n; i++) L.cnt[2 * n + S->region[i]]++;
    for (int u = 0; u < S->units; u++) L.need[u] = (int16_t)S->k;
}

int qs_stars_run(const qs_stars_task *task, qs_stars_found *found) {
    qs_stars *S = allocate(task);
    if (!S) return QS_NO_MEMORY;
    place_regions(S, task->regions);
    for (int v = 0; v < S->flows; v++) cut_blocks(S, v);
    level_zero(S);
    const qs_stars_kernel *kernel = (const qs_stars_kernel *)qs_stars_variants.built[qs_stars_variants.current];
    kernel->search(S, task);
    int stop = S->stop;
    found->count = S->count;
    found->nodes = S->nodes;
    release(S);
    return stop;
}
