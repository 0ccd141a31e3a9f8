/* The flat layout of the region search (n <= QS_FLAT_N = 24): the board as ceil(n*n / 64)
   words, a placement an AND-NOT with the cell's kill mask a word at a time. Two kinds:
   two-word boards (n <= 11) keep no counts and scan by popcount (AVX-512 in that variant,
   scan_avx512.h); wider boards keep per-unit keys (flat_forget).

   ``static inline``: search.c's loop inlines every step (included by search.c alone). */

#ifndef QS_REGIONS_FLAT_H
#define QS_REGIONS_FLAT_H

#include "bits.h"
#include "rows.h"
#include "scan_avx512.h"
#include "search.h"

/* Lower the counts of the three units of every cell in ``removed`` (cells ``base`` + bit). */
static inline void flat_forget(const int *cell_units, qs_tally *keys, qs_word removed, int base) {
    while (removed) {
        int units = cell_units[base + qs_ctz(removed)];
        removed &= removed - 1;
        keys[units & 255] -= QS_ONE;
        keys[(units >> 8) & 255] -= QS_ONE;
        keys[units >> 16] -= QS_ONE;
    }
}

/* Depth ``into`` (``depth`` or the next) = ``depth`` with a queen on ``cell``: all it rules out
   goes by AND-NOT, a word at a time, and its row, column and region close. */
static inline void flat_place_w(qs_searcher *s, int depth, int into, int cell, int W) {
    int n = s->n, rc = s->rc[cell], k = s->region_of[cell];
    const qs_word *src = s->flat_state + depth * W;
    qs_word *dst = s->flat_state + into * W;
    const qs_word *kill = s->kill + cell * W;
    const qs_word *mask = s->unit_mask + (2 * n + k) * W;
    if (W > 2) { /* the keyed scan: lower the counts of the units of every cell that goes */
        int units = s->units;
        qs_tally *keys = s->keys + into * units;
        if (into != depth) qs_copy32(keys, s->keys + depth * units, units);
        for (int w = 0; w < W; w++) {
            qs_word gone = src[w] & (kill[w] | mask[w]);
            dst[w] = src[w] ^ gone;
            flat_forget(s->cell_units, keys, gone, w << 6);
        }
        keys[rc >> 8] = QS_CLOSED;
        keys[n + (rc & 255)] = QS_CLOSED;
        keys[2 * n + k] = QS_CLOSED; /* without regions: the empty unit 2n, never read */
        return;
    }
    for (int w = 0; w < W; w++) dst[w] = src[w] & ~(kill[w] | mask[w]);
    /* without regions, unit 2n is no open unit: clearing its bit changes nothing */
    s->open[into] = s->open[depth] & ~(qs_bit(rc >> 8) | qs_bit(n + (rc & 255)) | qs_bit(2 * n + k));
}

/* The unit to branch on and its candidates (in *least) on a two-word board; -1 at a dead end.

   Counts the open units in order (rows, columns, regions) by popcount and stops at the first
   with one candidate or none, as the reference does. The running least is a key
   ``count << 8 | unit``, kept by a conditional move: a branch on it would be mispredicted a
   few times per scan. */
static inline int flat_scan_open(qs_searcher *s, int depth, int *least) {
    const qs_word *state = s->flat_state + depth * 2;
    int best = QS_CLOSED;
    qs_word x = s->open[depth];
    while (x) {
        int u = qs_ctz(x);
        x &= x - 1;
        const qs_word *mask = s->unit_mask + u * 2;
        int count = qs_popcount(state[0] & mask[0]) + qs_popcount(state[1] & mask[1]);
        if (count <= 1) { /* no later unit can have fewer; one with none waits for the next node */
            *least = count;
            return count ? u : -1;
        }
        int key = count << 8 | u;
        best = key < best ? key : best;
    }
    *least = best >> 8;
    return best & (QS_ONE - 1);
}

/* The first candidate cell of unit ``u``, or -1 when it has none left. */
static inline int flat_next_cell_w(qs_searcher *s, int depth, int u, int W) {
    const qs_word *state = s->flat_state + depth * W;
    const qs_word *mask = s->unit_mask + u * W;
    for (int w = 0; w < W; w++) {
        qs_word x = state[w] & mask[w];
        if (x) return (w << 6) + qs_ctz(x);
    }
    return -1;
}

static inline void flat_place(qs_searcher *s, int depth, int into, int cell) {
    if (s->W == 2) /* a constant width: the compiler unrolls the common case */
        flat_place_w(s, depth, into, cell, 2);
    else
        flat_place_w(s, depth, into, cell, s->W);
}

static inline int flat_next_cell(qs_searcher *s, int depth, int u) {
    return s->W == 2 ? flat_next_cell_w(s, depth, u, 2) : flat_next_cell_w(s, depth, u, s->W);
}

static inline int flat_scan(qs_searcher *s, int depth, int *least) {
    if (s->W == 2) { /* n <= 11: 3n units fit one word of the open set */
        if (QS_VECTOR_SCAN)
            return qs_scan2(s->scan_lo, s->scan_hi, s->flat_state[2 * depth], s->flat_state[2 * depth + 1], s->open[depth], least);
        return flat_scan_open(s, depth, least);
    }
    return scan(s, depth, least);
}

/* Take ``cell`` out of depth's candidates (it is one). */
static inline void flat_drop(qs_searcher *s, int depth, int cell) {
    s->flat_state[depth * s->W + (cell >> 6)] &= ~qs_bit(cell & 63);
    if (s->W > 2) flat_forget(s->cell_units, s->keys + depth * s->units, qs_bit(cell & 63), cell & ~63);
}

/* Row ``r`` of a flat board at ``depth``, as a row word (bit c: column c). */
static inline qs_word flat_row(const qs_searcher *s, int depth, int r) {
    int n = s->n, i = r * n, b = i & 63;
    const qs_word *flat = s->flat_state + depth * s->W;
    qs_word x = flat[i >> 6] >> b;
    if (b + n > 64) x |= flat[(i >> 6) + 1] << (64 - b);
    return x & qs_full_mask(n);
}

#endif
