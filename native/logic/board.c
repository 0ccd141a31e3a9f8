/* The board's masks and the state's moves; see board.h. One variant (variant.h). */

#include "board.h"

#include <stdlib.h>

static void set_cell(ql_word *m, int i) { ql_set(m, i); }


int ql_geo_init(ql_geo *g, int n, int k, int rule, const uint8_t *regions) {
    memset(g, 0, sizeof(*g));
    g->n = n;
    g->k = k;
    g->rule = rule;
    g->cells = n * n;
    g->words = (g->cells + 63) / 64;
    g->regions = regions != NULL;
    g->units = g->regions ? 3 * n : 2 * n;
    g->per_cell = g->regions ? 3 : 2;
    g->state_words = 2 * g->words + QL_OPEN_W;
    g->line_full = n == 64 ? ~(ql_word)0 : (((ql_word)1 << n) - 1);
    int W = g->words, N = g->cells, U = g->units;
    size_t words = (size_t)U * W + 2 * (size_t)N * W + (k > 1 ? (size_t)U * (W + QL_OPEN_W) : 0) + (size_t)N * QL_OPEN_W;
    size_t bytes = words * sizeof(ql_word) + (size_t)N * g->per_cell * sizeof(int16_t) + 2 * (size_t)N;
    char *arena = (char *)calloc(1, bytes);
    if (!arena) return QL_NO_MEMORY;
    g->arena = arena;
    ql_word *p = (ql_word *)arena;
    g->unit_mask = p; p += (size_t)U * W;
    g->near = p; p += (size_t)N * W;
    g->attack = p; p += (size_t)N * W;
    if (k > 1) {
        g->halo = p; p += (size_t)U * W;
        g->halo_units = p; p += (size_t)U * QL_OPEN_W;
    }
    g->cell_unit_bits = p; p += (size_t)N * QL_OPEN_W;
    g->cell_units = (int16_t *)p;
    g->region_of = (uint8_t *)(g->cell_units + (size_t)N * g->per_cell);
    g->col_of = g->region_of + N;
    for (int i = 0; i < N; i++) g->col_of[i] = (uint8_t)(i % n);

    for (int i = 0; i < N; i++) {
        int r = i / n, c = i % n;
        set_cell(g->unit_mask + (size_t)r * W, i);
        set_cell(g->unit_mask + (size_t)(n + c) * W, i);
        if (g->regions) {
            g->region_of[i] = regions[i];
            set_cell(g->unit_mask + (size_t)(2 * n + regions[i]) * W, i);
        }
    }
    for (int u = 0; u < U; u++) ql_set(g->all_units, u);
    for (int i = 0; i < N; i++) {
        int r = i / n, c = i % n;
        int16_t *cu = g->cell_units + (size_t)i * g->per_cell;
        cu[0] = (int16_t)r;
        cu[1] = (int16_t)(n + c);
        if (g->regions) cu[2] = (int16_t)(2 * n + regions[i]);
        ql_word *bits = g->cell_unit_bits + (size_t)i * QL_OPEN_W;
        for (int j = 0; j < g->per_cell; j++) ql_set(bits, cu[j]);
        ql_word *near = g->near + (size_t)i * W;
        if (rule == QL_QUEENS_RULE) {  /* both diagonals */
            for (int rr = 0; rr < n; rr++) {
                int d = rr - r;
                if (d == 0) continue;
                if (c + d >= 0 && c + d < n) set_cell(near, rr * n + c + d);
                if (c - d >= 0 && c - d < n) set_cell(near, rr * n + c - d);
            }
        } else {  /* the eight neighbours */
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int rr = r + dr, cc = c + dc;
                    if ((dr || dc) && rr >= 0 && rr < n && cc >= 0 && cc < n) set_cell(near, rr * n + cc);
                }
        }
        ql_word *attack = g->attack + (size_t)i * W;
        ql_copy(attack, near, W);
        if (k == 1) {
            for (int j = 0; j < g->per_cell; j++) ql_or_into(attack, g->unit_mask + (size_t)cu[j] * W, W);
            ql_clear(attack, i);
        }
    }
    if (k > 1)
        for (int u = 0; u < U; u++) {
            ql_word *halo = g->halo + (size_t)u * W;
            const ql_word *um = g->unit_mask + (size_t)u * W;
            ql_copy(halo, um, W);
            QL_FOR_BITS(um, W, i)
                ql_or_into(halo, g->near + (size_t)i * W, W);
            QL_END_BITS
            ql_word *units = g->halo_units + (size_t)u * QL_OPEN_W;
            QL_FOR_BITS(halo, W, i)
                ql_or_into(units, g->cell_unit_bits + (size_t)i * QL_OPEN_W, QL_OPEN_W);
            QL_END_BITS
        }
    return 0;
}

void ql_geo_free(ql_geo *g) {
    free(g->arena);
    g->arena = NULL;
}

void ql_place(const ql_geo *g, ql_word *st, int i) {
    int W = g->words;
    ql_set(st + W, i);
    ql_clear(st, i);
    ql_word *open = st + 2 * W;
    if (g->k == 1) {
        const ql_word *b = g->cell_unit_bits + (size_t)i * QL_OPEN_W;
        open[0] &= ~b[0];
        open[1] &= ~b[1];
        open[2] &= ~b[2];
        return;
    }
    const int16_t *cu = ql_cell_units(g, i);
    for (int j = 0; j < g->per_cell; j++)
        if (ql_count_and(st + W, ql_unit(g, cu[j]), W) >= g->k) ql_clear(open, cu[j]);
}

void ql_put(const ql_geo *g, ql_word *st, int i) {
    int W = g->words;
    ql_place(g, st, i);
    ql_andnot_into(st, ql_attack(g, i), W);
    if (g->k > 1) {
        const int16_t *cu = ql_cell_units(g, i);
        for (int j = 0; j < g->per_cell; j++)
            if (!ql_is_open(g, st, cu[j])) ql_andnot_into(st, ql_unit(g, cu[j]), W);
    }
}

void ql_apply(const ql_geo *g, ql_word *st, const ql_word *place, const ql_word *cross) {
    int W = g->words;
    ql_andnot_into(st, cross, W);
    QL_FOR_BITS(place, W, i)
        ql_place(g, st, i);
    QL_END_BITS
}

void ql_state_start(const ql_geo *g, ql_word *st, const int *given, int ngiven, const int *blocked, int nblocked) {
    int W = g->words;
    ql_zero(st, g->state_words);
    for (int i = 0; i < g->cells; i++) ql_set(st, i);
    ql_copy(st + 2 * W, g->all_units, QL_OPEN_W);
    for (int j = 0; j < nblocked; j++) ql_clear(st, blocked[j]);
    for (int j = 0; j < ngiven; j++) ql_place(g, st, given[j]);
}

void ql_spread(const ql_geo *g, const ql_word *mask, ql_word *out) {
    int W = g->words, n = g->n, N = g->cells;
    ql_word rest[QL_MAX_W];
    ql_copy(rest, mask, W);
    ql_zero(out, W);
    if (g->rule != QL_NO_TOUCH) {
        for (int w = 0; w < W; w++)
            while (rest[w]) {
                int i = w * 64 + ql_ctz(rest[w]);
                ql_set(out, i);
                ql_clear(rest, i);
                ql_andnot_into(rest, ql_near(g, i), W);
            }
        return;
    }
    /* No-touch: the chosen cell is the lowest left, so of its neighbours only those after it
       (right, and the three below) can still be in rest: four bits instead of a mask. */
    for (int w = 0; w < W; w++)
        while (rest[w]) {
            int i = w * 64 + ql_ctz(rest[w]);
            int c = g->col_of[i];
            ql_set(out, i);
            rest[w] &= rest[w] - 1;
            if (c + 1 < n) ql_clear(rest, i + 1);
            if (i + n < N) {
                ql_clear(rest, i + n);
                if (c > 0) ql_clear(rest, i + n - 1);
                if (c + 1 < n) ql_clear(rest, i + n + 1);
            }
        }
}

int ql_spread_reaches(const ql_geo *g, const ql_word *mask, int count) {
    int W = g->words, n = g->n, N = g->cells;
    if (count <= 0) return 1;
    if (g->rule != QL_NO_TOUCH) {
        ql_word spread[QL_MAX_W];
        ql_spread(g, mask, spread);
        return ql_count(spread, W) >= count;
    }
    ql_word rest[QL_MAX_W];
    ql_copy(rest, mask, W);
    int picked = 0;
    for (int w = 0; w < W; w++)
        while (rest[w]) {
            int i = w * 64 + ql_ctz(rest[w]);
            int c = g->col_of[i];
            if (++picked >= count) return 1;
            rest[w] &= rest[w] - 1;
            if (c + 1 < n) ql_clear(rest, i + 1);
            if (i + n < N) {
                ql_clear(rest, i + n);
                if (c > 0) ql_clear(rest, i + n - 1);
                if (c + 1 < n) ql_clear(rest, i + n + 1);
            }
        }
    return 0;
}

/* Geometry._fits: branching on the lowest cell, a star there or none. */
static int fits_branch(const ql_geo *g, const ql_word *mask, int stars) {
    int W = g->words;
    if (stars <= 0) return 1;
    if (ql_count(mask, W) < stars) return 0;
    int low = ql_lowest(mask, W);
    ql_word with[QL_STAR_W], without[QL_STAR_W];
    ql_copy(with, mask, W);
    ql_clear(with, low);
    ql_copy(without, with, W);
    ql_andnot_into(with, ql_near(g, low), W);
    return fits_branch(g, with, stars - 1) || fits_branch(g, without, stars);
}

int ql_fits(const ql_geo *g, const ql_word *mask, int stars) {
    int W = g->words;
    if (stars <= 0) return 1;
    if (ql_count(mask, W) < stars) return 0;
    if (stars == 1) return 1;
    if (ql_spread_reaches(g, mask, stars)) return 1;
    return fits_branch(g, mask, stars);
}
