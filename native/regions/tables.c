/* The region search's memory: the tables shared by every board of one size and rule, the
   searcher's buffers, and the variants built (compiled once; see search.h). */

#include <stdlib.h>
#include <string.h>

#include "search.h"

/* The variants setup.py built into this module (QS_HAVE_POPCNT, QS_HAVE_AVX512). */
qs_variants qs_regions_variants = {{
    &qs_regions_kernel_portable,
#if defined(QS_HAVE_POPCNT)
    &qs_regions_kernel_popcnt,
#else
    NULL,
#endif
#if defined(QS_HAVE_AVX512)
    &qs_regions_kernel_avx512,
#else
    NULL,
#endif
}, QS_PORTABLE};

static const qs_tables *tables[2][QS_MAX_BOARD + 1]; /* by rule and n */

static void add_cell(qs_word *mask, int i) { mask[i >> 6] |= qs_bit(i & 63); }

/* The kill masks of the flat layout: a queen's row, column and diagonals (or diagonal neighbours). */
static void flat_tables(qs_tables *t) {
    int n = t->n, W = t->W;
    memset(t->lines, 0, (size_t)(2 * n * W) * sizeof(qs_word));
    memset(t->kill, 0, (size_t)(n * n * W) * sizeof(qs_word));
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int i = r * n + c;
            qs_word *kill = t->kill + (size_t)i * W;
            add_cell(t->lines + r * W, i);
            add_cell(t->lines + (n + c) * W, i);
            t->rc_units[i] = r | (n + c) << 8;
            for (int d = 0; d < n; d++) { /* the row and the column */
                add_cell(kill, r * n + d);
                add_cell(kill, d * n + c);
            }
            for (int d = 1; d < (t->rule == QS_QUEENS ? n : 2); d++) /* the diagonals, or the diagonal neighbours */
                for (int corner = 0; corner < 4; corner++) {
                    int rr = r + (corner & 1 ? d : -d), cc = c + (corner & 2 ? d : -d);
                    if (0 <= rr && rr < n && 0 <= cc && cc < n) add_cell(kill, rr * n + cc);
                }
        }
}

const qs_tables *qs_regions_tables(int n, int rule) {
    if (tables[rule][n] != NULL) return tables[rule][n];
    int W = qs_flat_words(n);
    size_t sq = (size_t)n * n, flat = n <= QS_FLAT_N ? sq : 0;
    char *block = (char *)malloc(sizeof(qs_tables) + (sq + flat) * sizeof(int) + 2 * (size_t)n * sizeof(qs_tally)
                                 + (flat * W + 2 * (size_t)n * W) * sizeof(qs_word));
    if (block == NULL) return NULL;
    qs_tables *t = (qs_tables *)block;
    t->n = n;
    t->rule = rule;
    t->W = W;
    t->kill = (qs_word *)(block + sizeof(qs_tables));
    t->lines = t->kill + flat * W;
    t->rc = (int *)(t->lines + 2 * (size_t)n * W);
    t->rc_units = t->rc + sq;
    t->line_keys = (qs_tally *)(t->rc_units + flat);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) t->rc[r * n + c] = r << 8 | c;
    for (int i = 0; i < 2 * n; i++) t->line_keys[i] = n * QS_ONE + i;
    if (flat) flat_tables(t);
    tables[rule][n] = t;
    return t;
}

qs_searcher *qs_regions_searcher(int cap) {
    size_t sq = (size_t)cap * cap;
    size_t board = cap <= QS_FLAT_N ? (size_t)qs_flat_words(cap) : 0;
    size_t words = (cap + 1) * 2 * (size_t)cap + 3 * sq + (cap + 1) * board + 3 * (size_t)cap * board + (cap + 1);
    size_t ints = (cap + 1) + sq + 3 * (size_t)(cap + 1) + (cap <= QS_FLAT_N ? sq : 0);
    size_t tallies = (cap + 1) * 3 * (size_t)cap + 3 * (size_t)cap;
    char *block = (char *)malloc(sizeof(qs_searcher) + words * sizeof(qs_word) + ints * sizeof(int) + tallies * sizeof(qs_tally) + sq);
    if (block == NULL) return NULL;
    qs_searcher *s = (qs_searcher *)block;
    qs_word *w = (qs_word *)(block + sizeof(qs_searcher));
    s->kernel = (const qs_regions_kernel *)qs_regions_variants.built[qs_regions_variants.current];
    s->cap = cap;
    s->state = w;
    w += (cap + 1) * 2 * (size_t)cap;
    s->row_mask = w;
    w += sq;
    s->reg_row = w;
    w += sq;
    s->reg_col = w;
    w += sq;
    s->flat_state = w;
    w += (cap + 1) * board;
    s->unit_mask = w;
    w += 3 * (size_t)cap * board;
    s->open = w;
    w += cap + 1;
    int *p = (int *)w;
    s->row_start = p;
    p += cap + 1;
    s->row_line = p;
    p += sq;
    s->cell = p;
    p += cap + 1;
    s->branch_top = p;
    p += cap + 1;
    s->unit = p;
    p += cap + 1;
    s->cell_units = p;
    p += cap <= QS_FLAT_N ? sq : 0;
    qs_tally *t = (qs_tally *)p;
    s->keys = t;
    t += (cap + 1) * 3 * (size_t)cap;
    s->size = t;
    t += 3 * (size_t)cap;
    s->region_of = (uint8_t *)t;
    s->ticks = 0;
    return s;
}
