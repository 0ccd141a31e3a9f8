/* The row layout of the region search (QS_FLAT_N < n <= 64): one word per row (bit c) and
   one per column (bit r), a region as (row, columns) pairs; a placement clears only the
   cells it removes and lowers their units' keys. The keyed scan (``scan``) serves the wider
   flat boards too.

   ``static inline``: search.c's loop inlines every step (included by search.c alone). */

#ifndef QS_REGIONS_ROWS_H
#define QS_REGIONS_ROWS_H

#include "bits.h"
#include "search.h"

/* Copies between the non-overlapping levels of the search stack; small, so a loop the
   compiler vectorises beats a call to memcpy. */
static inline void qs_copy64(uint64_t *QS_RESTRICT dst, const uint64_t *QS_RESTRICT src, int n) {
    for (int i = 0; i < n; i++) dst[i] = src[i];
}
static inline void qs_copy32(int32_t *QS_RESTRICT dst, const int32_t *QS_RESTRICT src, int n) {
    for (int i = 0; i < n; i++) dst[i] = src[i];
}

/* Take cell (r, c) out of the candidates, if it still is one. */
static inline void drop(const qs_searcher *s, qs_word *state, qs_tally *keys, int r, int c) {
    int n = s->n;
    if ((state[r] >> c) & 1) {
        state[r] &= ~qs_bit(c);
        state[n + c] &= ~qs_bit(r);
        keys[r] -= QS_ONE;
        keys[n + c] -= QS_ONE;
        if (s->has_regions) keys[2 * n + s->region_of[r * n + c]] -= QS_ONE;
    }
}

/* Take the cells of row ``r`` in columns ``cols`` out of the candidates. */
static inline void drop_in_row(const qs_searcher *s, qs_word *state, qs_tally *keys, int r, qs_word cols) {
    qs_word x = state[r] & cols;
    while (x) {
        drop(s, state, keys, r, qs_ctz(x));
        x &= x - 1;
    }
}

/* The state of depth ``into`` (``depth`` or the next): that of ``depth`` with a queen on (r, c).

   Visits only the cells the queen rules out (the rest of its row and column, its region, its
   neighbours or diagonals), lowering the counts of the units each belongs to; then marks the
   queen's three units closed. */
static void place(qs_searcher *s, int depth, int into, int r, int c) {
    int n = s->n, k = 0, i;
    int has_regions = s->has_regions;
    qs_word x, rbit = qs_bit(r), cbit = qs_bit(c);
    qs_word *rows = s->state + into * 2 * n;
    qs_word *cols = rows + n;
    qs_tally *keys = s->keys + into * s->units;
    qs_tally *region_keys = keys + 2 * n;
    const uint8_t *region_of = s->region_of;
    if (into != depth) {
        qs_copy64(rows, s->state + depth * 2 * n, 2 * n);
        qs_copy32(keys, s->keys + depth * s->units, s->units);
    }
    x = rows[r]; /* the queen's row */
    rows[r] = 0;
    while (x) {
        i = qs_ctz(x);
        x &= x - 1;
        cols[i] &= ~rbit;
        keys[n + i] -= QS_ONE;
        if (has_regions) region_keys[region_of[r * n + i]] -= QS_ONE;
    }
    x = cols[c]; /* its column */
    cols[c] = 0;
    while (x) {
        i = qs_ctz(x);
        x &= x - 1;
        rows[i] &= ~cbit;
        keys[i] -= QS_ONE;
        if (has_regions) region_keys[region_of[i * n + c]] -= QS_ONE;
    }
    if (has_regions) { /* its region */
        k = region_of[r * n + c];
        for (int p = s->row_start[k]; p < s->row_start[k + 1]; p++) {
            int line = s->row_line[p];
            x = rows[line] & s->row_mask[p];
            rows[line] &= ~x;
            keys[line] -= qs_popcount(x) * QS_ONE;
            while (x) {
                i = qs_ctz(x);
                x &= x - 1;
                cols[i] &= ~qs_bit(line);
                keys[n + i] -= QS_ONE;
            }
        }
    }
    if (s->rule == QS_QUEENS) {
        for (i = 1; i < n; i++) {
            x = (c + i < n ? qs_bit(c + i) : 0) | (c >= i ? qs_bit(c - i) : 0);
            if (r >= i) drop_in_row(s, rows, keys, r - i, x);
            if (r + i < n) drop_in_row(s, rows, keys, r + i, x);
        }
    } else {
        x = (c + 1 < n ? qs_bit(c + 1) : 0) | (c > 0 ? qs_bit(c - 1) : 0);
        if (r > 0) drop_in_row(s, rows, keys, r - 1, x);
        if (r + 1 < n) drop_in_row(s, rows, keys, r + 1, x);
    }
    keys[r] = QS_CLOSED;
    keys[n + c] = QS_CLOSED;
    if (has_regions) region_keys[k] = QS_CLOSED;
}

/* The unit to branch on and its candidates (in *least), the first open one with the fewest;
   -1 at a dead end. Units are numbered rows 0..n-1, columns n..2n-1, regions 2n..3n-1; an
   open unit without candidates is a dead end. */
static inline int scan(const qs_searcher *s, int depth, int *least) {
    const qs_tally *keys = s->keys + depth * s->units;
    qs_tally key = QS_CLOSED;
    for (int i = 0; i < s->units; i++) key = keys[i] < key ? keys[i] : key; /* a min-reduction: vectorised */
    *least = key >> 8;
    return key < QS_ONE ? -1 : key & (QS_ONE - 1);
}

/* The first candidate cell (r * n + c) of unit ``u``, or -1 when it has none left. */
static inline int next_cell(const qs_searcher *s, int depth, int u) {
    int n = s->n;
    const qs_word *rows = s->state + depth * 2 * n;
    qs_word x;
    if (u < n) {
        x = rows[u];
        return x ? u * n + qs_ctz(x) : -1;
    }
    if (u < 2 * n) {
        x = rows[u]; /* column u - n is the word at index u */
        return x ? qs_ctz(x) * n + (u - n) : -1;
    }
    u -= 2 * n;
    for (int p = s->row_start[u]; p < s->row_start[u + 1]; p++) {
        x = rows[s->row_line[p]] & s->row_mask[p];
        if (x) return s->row_line[p] * n + qs_ctz(x);
    }
    return -1;
}

#endif
