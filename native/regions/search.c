/* The region search, one variant (see search.h; compiled once per level by setup.py with
   -DQS_VARIANT=<level>, common/cpu.h): a board's own tables, the root, and the loop, with
   both layouts (flat.h, rows.h) inlined into it. */

#include <string.h>

#include "bits.h"
#include "clock.h"
#include "flat.h"
#include "hall.h"
#include "rows.h"
#include "search.h"
#include "stop.h"

/* ---------------------------------------------------------------------------- one board's tables */

/* Region numbers as bytes, in one pass the compiler vectorises (no early exit); returns
   whether any is out of 0..n-1. */
static int narrow(uint8_t *QS_RESTRICT dst, const int64_t *QS_RESTRICT src, int cells, uint64_t n) {
    int bad = 0;
    for (int i = 0; i < cells; i++) {
        bad |= (uint64_t)src[i] >= n;
        dst[i] = (uint8_t)src[i];
    }
    return bad;
}

/* The index of the first cell whose region is out of 0..n-1 (there is one). */
static int first_bad(const int64_t *regions, int n) {
    int i = 0;
    while ((uint64_t)regions[i] < (uint64_t)n) i++;
    return i;
}

/* A flat board of more than two words keeps its units' keys: the units of each cell and
   each unit's full key.

   Without regions every cell's third unit is 2n, whose key the removals lower: the keys
   keep 3n units then, the regions' closed from the start, so that this key is not the next
   depth's first one (which ``prune`` reads to tell open rows). */
static void keyed_setup(qs_searcher *s, const qs_tables *t) {
    int n = s->n, W = s->W;
    memcpy(s->size, t->line_keys, (size_t)(2 * n) * sizeof(qs_tally));
    for (int i = 0; i < n * n; i++)
        s->cell_units[i] = t->rc_units[i] | (2 * n + s->region_of[i]) << 16; /* without regions: the empty unit 2n */
    for (int k = 0; k < n; k++) {
        int count = 0;
        for (int w = 0; w < W; w++) count += qs_popcount(s->unit_mask[(2 * n + k) * W + w]);
        s->size[2 * n + k] = s->has_regions ? count * QS_ONE + 2 * n + k : QS_CLOSED;
    }
}

/* Each region's cells by row and by column (reg_row, reg_col). */
static void region_lines(qs_searcher *s) {
    int n = s->n;
    memset(s->reg_row, 0, (size_t)(n * n) * sizeof(qs_word));
    memset(s->reg_col, 0, (size_t)(n * n) * sizeof(qs_word));
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int k = s->region_of[r * n + c];
            s->reg_row[k * n + r] |= qs_bit(c);
            s->reg_col[k * n + c] |= qs_bit(r);
        }
}

/* The units' masks of the flat layout: rows and columns from the tables, then the regions (empty without). */
static void flat_setup(qs_searcher *s, const qs_tables *t) {
    int n = s->n, W = s->W;
    qs_word *mask = s->unit_mask + 2 * n * W;
    memcpy(s->unit_mask, t->lines, (size_t)(2 * n * W) * sizeof(qs_word));
    memset(mask, 0, (size_t)(n * W) * sizeof(qs_word));
    if (s->has_regions)
        for (int i = 0; i < n * n; i++) mask[s->region_of[i] * W + (i >> 6)] |= qs_bit(i & 63);
    if (QS_VECTOR_SCAN && W == 2)
        for (int i = 0; i < 40; i++) {
            s->scan_lo[i] = i < s->units ? s->unit_mask[2 * i] : 0;
            s->scan_hi[i] = i < s->units ? s->unit_mask[2 * i + 1] : 0;
        }
    if (W > 2) {
        s->units = 3 * n;
        keyed_setup(s, t);
    }
}

/* The units' full keys of the row layout, and the rows each region has cells in. */
static void rows_setup(qs_searcher *s, const qs_tables *t) {
    int n = s->n, p = 0;
    memcpy(s->size, t->line_keys, (size_t)(2 * n) * sizeof(qs_tally));
    if (!s->has_regions) return;
    for (int k = 0; k < n; k++) s->size[2 * n + k] = 2 * n + k;
    for (int i = 0; i < n * n; i++) s->size[2 * n + s->region_of[i]] += QS_ONE;
    for (int k = 0; k < n; k++) {
        s->row_start[k] = p;
        for (int r = 0; r < n; r++)
            if (s->reg_row[k * n + r]) {
                s->row_line[p] = r;
                s->row_mask[p] = s->reg_row[k * n + r];
                p++;
            }
    }
    s->row_start[n] = p;
}

static int setup(qs_searcher *s, const qs_tables *t, const int64_t *regions) {
    int n = t->n;
    s->n = n;
    s->rule = t->rule;
    s->has_regions = regions != NULL;
    s->units = regions != NULL ? 3 * n : 2 * n;
    s->flat = n <= QS_FLAT_N;
    s->W = t->W;
    s->hall = n >= QS_HALL_N;
    s->rc = t->rc;
    s->kill = t->kill;
    s->lines = t->lines;
    if (regions == NULL)
        memset(s->region_of, 0, (size_t)(n * n)); /* region 0, empty in the flat layout: a queen clears nothing more */
    else if (narrow(s->region_of, regions, n * n, (uint64_t)n))
        return first_bad(regions, n);
    if (regions != NULL && (s->hall || !s->flat)) region_lines(s);
    if (s->flat)
        flat_setup(s, t);
    else
        rows_setup(s, t);
    return -1;
}

/* ---------------------------------------------------------------------------- the search, either layout */

static void start(qs_searcher *s, const int *queens, int nq, const int *blocked, int nb, double time_limit) {
    int n = s->n;
    qs_word *rows = s->state;
    qs_word *flat = s->flat_state;
    for (int i = 0; i < n; i++) s->given[i] = -1;
    if (s->flat) {
        for (int i = 0; i < s->W; i++) flat[i] = ~(qs_word)0;
        if ((n * n) & 63) flat[s->W - 1] = qs_bit((n * n) & 63) - 1;
        if (s->W == 2)
            s->open[0] = qs_bit(s->units) - 1;
        else
            memcpy(s->keys, s->size, (size_t)s->units * sizeof(qs_tally));
        for (int i = 0; i < nb; i++)
            if ((flat[blocked[i] >> 6] >> (blocked[i] & 63)) & 1) flat_drop(s, 0, blocked[i]);
    } else {
        memcpy(s->keys, s->size, (size_t)s->units * sizeof(qs_tally));
        for (int i = 0; i < 2 * n; i++) rows[i] = qs_full_mask(n);
        for (int i = 0; i < nb; i++) drop(s, rows, s->keys, blocked[i] / n, blocked[i] % n);
    }
    s->count = 0;
    s->nodes = 1; /* the root */
    s->depth = 0;
    s->fresh = 1;
    s->top = 0;
    s->placed0 = 0;
    s->deadline = time_limit > 0 ? qs_now() + time_limit : 0.0;
    for (int i = 0; i < nq; i++) {
        int r = queens[i] / n, c = queens[i] % n;
        if (!((s->flat ? flat[queens[i] >> 6] >> (queens[i] & 63) : rows[r] >> c) & 1)) {
            s->depth = -1; /* a given queen on a ruled-out cell: no solution */
            return;
        }
        s->given[r] = c;
        s->placed0++;
        if (s->flat)
            flat_place(s, 0, 0, queens[i]);
        else
            place(s, 0, 0, r, c);
    }
}

/* Cross out at ``depth`` every cell that no perfect matching of rows, columns and regions uses
   (hall.c); returns 0 when there is no such matching: a dead end.

   Without it, random boards from n = 20 up send the search into subtrees of millions of nodes
   that a pigeonhole argument closes at their root. Both keyed layouts read the candidates as
   row words, and the cells the filter removes go the usual way (drop, flat_drop), which keeps
   the units' counts. */
static int prune(qs_searcher *s, int depth) {
    int n = s->n;
    qs_word rows[QS_MAX_BOARD];
    qs_word open_rows = 0, open_cols = 0;
    qs_tally *keys = s->keys + depth * s->units;
    qs_word *state = s->state + depth * 2 * n;
    for (int r = 0; r < n; r++) {
        if (keys[r] != QS_CLOSED) open_rows |= qs_bit(r);
        if (keys[n + r] != QS_CLOSED) open_cols |= qs_bit(r);
        rows[r] = s->flat ? flat_row(s, depth, r) : state[r];
    }
    if (!qs_hall(n, rows, open_rows, open_cols, s->has_regions ? s->region_of : NULL, s->reg_row, s->reg_col)) return 0;
    for (int r = 0; r < n; r++) {
        qs_word x = (s->flat ? flat_row(s, depth, r) : state[r]) & ~rows[r];
        while (x) {
            int c = qs_ctz(x);
            x &= x - 1;
            if (s->flat)
                flat_drop(s, depth, r * n + c);
            else
                drop(s, state, keys, r, c);
        }
    }
    return 1;
}

/* Write the columns of the current solution (``top`` queens placed) into ``out``. */
static void record(const qs_searcher *s, int top, int16_t *out) {
    for (int r = 0; r < s->n; r++) out[r] = (int16_t)s->given[r];
    for (int i = 0; i < top; i++) {
        int rc = s->rc[s->cell[i]];
        out[rc >> 8] = (int16_t)(rc & 255);
    }
}

static inline void place_any(qs_searcher *s, int depth, int into, int cell) {
    if (s->flat)
        flat_place(s, depth, into, cell);
    else
        place(s, depth, into, s->rc[cell] >> 8, s->rc[cell] & 255);
}

/* A unit left with one candidate is filled in place, at the same depth: there is no other
   branch to come back to. Every placement counts as a node. */
static int run(qs_searcher *s, int64_t limit, int keep, int16_t *solutions, int *kept) {
    int n = s->n, flat = s->flat, d = s->depth, fresh = s->fresh, top = s->top;
    int u, cell, stop, least;
    int64_t nodes = s->nodes, ticks = s->ticks; /* locals: the key stores cannot touch them */
    if (d < 0) return QS_EXHAUSTED;
    for (;;) {
        ticks++;
        if ((ticks & QS_CHECK_MASK) == 0) {
            stop = qs_should_stop(s->deadline);
            if (stop) {
                s->depth = d;
                s->fresh = fresh;
                s->top = top;
                s->nodes = nodes;
                s->ticks = ticks;
                return stop;
            }
        }
        if (fresh) { /* a new node: a solution, a dead end, a forced cell, or the unit to branch on */
            fresh = 0;
            u = -1;
            if (s->placed0 + top == n) { /* every row holds its queen */
                if (*kept < keep) {
                    record(s, top, solutions + *kept * n);
                    ++*kept;
                }
                s->count++;
                if (limit > 0 && s->count >= limit) {
                    s->depth = d - 1;
                    s->fresh = 0;
                    s->nodes = nodes;
                    s->ticks = ticks;
                    return QS_LIMIT;
                }
            } else {
                u = flat ? flat_scan(s, d, &least) : scan(s, d, &least);
                if (u >= 0 && least >= 2 && s->hall) /* about to branch: filter first (forced cells need not) */
                    u = prune(s, d) ? (flat ? flat_scan(s, d, &least) : scan(s, d, &least)) : -1;
                if (u >= 0 && least == 1) { /* one candidate: place it here */
                    cell = flat ? flat_next_cell(s, d, u) : next_cell(s, d, u);
                    s->cell[top] = cell;
                    top++;
                    nodes++;
                    place_any(s, d, d, cell);
                    fresh = 1;
                    continue;
                }
            }
            s->unit[d] = u; /* -1: nothing to branch on here */
            s->branch_top[d] = top;
        }
        /* The next child of this node: its unit's next candidate cell. */
        u = s->unit[d];
        if (u < 0)
            cell = -1;
        else
            cell = flat ? flat_next_cell(s, d, u) : next_cell(s, d, u);
        if (cell < 0) { /* done here: back to the parent */
            d--;
            if (d < 0) {
                s->depth = -1;
                s->nodes = nodes;
                s->ticks = ticks;
                return QS_EXHAUSTED;
            }
            continue;
        }
        top = s->branch_top[d];
        s->cell[top] = cell;
        top++;
        nodes++;
        place_any(s, d, d + 1, cell);
        if (flat) /* later siblings: the unit's queen is not here */
            flat_drop(s, d, cell);
        else
            drop(s, s->state + d * 2 * n, s->keys + d * s->units, s->rc[cell] >> 8, s->rc[cell] & 255);
        d++;
        fresh = 1;
    }
}

const qs_regions_kernel QS_VARIANT_NAME(qs_regions_kernel) = {setup, start, run};
