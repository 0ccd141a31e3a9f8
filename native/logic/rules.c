/* See rules.h; each function is the twin of the one of the same name in basic_deductions.py. */

#include "rules.h"

int ql_queen_eliminates(ql_ctx *c, ql_word *st, ql_ded *d) {
    const ql_geo *g = &c->g;
    int W = g->words;
    const ql_word *cand = st, *queens = st + W;
    ql_word hit[QL_MAX_W];
    if (g->k == 1) {
        QL_FOR_BITS(queens, W, i)
            ql_and(hit, ql_attack(g, i), cand, W);
            if (ql_any(hit, W)) {
                ql_ded_clear(d, QL_QUEEN_ELIMINATES, W);
                ql_copy(d->cross, hit, W);
                const int16_t *cu = ql_cell_units(g, i);
                for (int j = 0; j < g->per_cell; j++) d->units[j] = cu[j];
                d->nunits = g->per_cell;
                d->cell = i;
                return QL_FOUND;
            }
        QL_END_BITS
        return QL_NONE;
    }
    QL_FOR_BITS(queens, W, i)
        const int16_t *cu = ql_cell_units(g, i);
        ql_copy(hit, ql_attack(g, i), W);
        for (int j = 0; j < g->per_cell; j++)
            if (!ql_is_open(g, st, cu[j])) ql_or_into(hit, ql_unit(g, cu[j]), W);
        ql_and_into(hit, cand, W);
        if (ql_any(hit, W)) {
            ql_ded_clear(d, QL_QUEEN_ELIMINATES, W);
            ql_copy(d->cross, hit, W);
            for (int j = 0; j < g->per_cell; j++)
                if (!ql_is_open(g, st, cu[j]) && ql_intersects(cand, ql_unit(g, cu[j]), W)) d->units[d->nunits++] = cu[j];
            d->cell = i;
            return QL_FOUND;
        }
    QL_END_BITS
    return QL_NONE;
}

int ql_single_candidate(ql_ctx *c, ql_word *st, ql_ded *d) {
    const ql_geo *g = &c->g;
    int W = g->words;
    const ql_word *cand = st;
    ql_word open[QL_OPEN_W], m[QL_MAX_W];
    ql_copy(open, st + 2 * W, QL_OPEN_W);
    int found = QL_NONE;
    QL_FOR_BITS(open, QL_OPEN_W, u)
        ql_and(m, cand, ql_unit(g, u), W);
        if (g->k == 1) {
            if (!ql_any(m, W)) return ql_why_unit(&c->why, u);
            if (!found && ql_single(m, W)) {
                ql_ded_clear(d, QL_SINGLE_CANDIDATE, W);
                ql_copy(d->place, m, W);
                d->units[0] = (int16_t)u;
                d->nunits = 1;
                found = QL_FOUND;
            }
            continue;
        }
        int need = ql_need(g, st, u), count = ql_count(m, W);
        if (count < need || !ql_fits(g, m, need)) return ql_why_unit(&c->why, u);
        if (!found && count == need) {
            ql_ded_clear(d, QL_SINGLE_CANDIDATE, W);
            ql_copy(d->place, m, W);
            d->units[0] = (int16_t)u;
            d->nunits = 1;
            d->stars = need;
            found = QL_FOUND;
        }
    QL_END_BITS
    return found;
}

int ql_confinement(ql_ctx *c, ql_word *st, int bulk, ql_ded *d) {
    const ql_geo *g = &c->g;
    if (!g->regions) return QL_NONE;  /* rows and columns alone: a line inside one line is a single candidate */
    int W = g->words, n = g->n;
    const ql_word *cand = st;
    ql_word m[QL_MAX_W], everything[QL_MAX_W];
    ql_zero(everything, W);
    int any = 0;
    for (int u = 0; u < 3 * n; u++) {
        if (!ql_is_open(g, st, u)) continue;
        ql_and(m, cand, ql_unit(g, u), W);
        int low = ql_lowest(m, W);
        if (low < 0) return ql_why_unit(&c->why, u);
        const int16_t *first = ql_cell_units(g, low);
        /* a region looks at its first cell's row and column; a row or column at its region */
        int from = u >= 2 * n ? 0 : 2, to = u >= 2 * n ? 2 : 3;
        for (int j = from; j < to; j++) {
            int line = first[j];
            if (!ql_within(m, ql_unit(g, line), W)) continue;
            int need = 0;
            if (g->k > 1) {  /* with k stars: the line's stars all come from u only if u needs as many */
                need = ql_need(g, st, u);
                int room = ql_need(g, st, line);
                if (need > room) {
                    c->why.nunits = c->why.nlines = 1;
                    c->why.units[0] = (int16_t)u;
                    c->why.lines[0] = (int16_t)line;
                    return QL_CONTRADICTION;
                }
                if (need < room) continue;
            }
            ql_word cross[QL_MAX_W];
            const ql_word *lm = ql_unit(g, line);
            int some = 0;
            for (int w = 0; w < W; w++) {
                cross[w] = cand[w] & lm[w] & ~m[w];
                some |= cross[w] != 0;
            }
            if (some && !bulk) {
                ql_ded_clear(d, QL_CONFINEMENT, W);
                ql_copy(d->cross, cross, W);
                d->units[0] = (int16_t)u;
                d->nunits = 1;
                d->lines[0] = (int16_t)line;
                d->nlines = 1;
                d->stars = need;
                return QL_FOUND;
            }
            if (some) {
                ql_or_into(everything, cross, W);
                any = 1;
            }
        }
    }
    if (!any) return QL_NONE;
    ql_ded_clear(d, QL_CONFINEMENT, W);
    ql_copy(d->cross, everything, W);
    return QL_FOUND;
}

/* The spread of unit u's candidates m, from the cache when m is what it was last time. */
static const ql_word *unit_spread(ql_ctx *c, int u, const ql_word *m) {
    const ql_geo *g = &c->g;
    int W = g->words;
    ql_word *key = c->spread_key + (size_t)u * W, *val = c->spread_val + (size_t)u * W;
    if (c->spread_ok[u] && !memcmp(key, m, (size_t)W * sizeof(ql_word))) return val;
    ql_spread(g, m, val);
    ql_copy(key, m, W);
    c->spread_ok[u] = 1;
    return val;
}

/* k > 1: a cell whose star would leave some unit with too few cells for the stars it still
   needs (counting only cells that can hold stars together) is crossed out (_would_starve_unit). */
static int would_starve_unit(ql_ctx *c, ql_word *st, int bulk, ql_ded *d) {
    const ql_geo *g = &c->g;
    int W = g->words;
    const ql_word *cand = st;
    ql_word open[QL_OPEN_W], last[QL_OPEN_W] = {0, 0, 0};
    ql_copy(open, st + 2 * W, QL_OPEN_W);
    QL_FOR_BITS(open, QL_OPEN_W, u)
        if (ql_need(g, st, u) == 1) ql_set(last, u);
    QL_END_BITS
    if (++c->hits_call == 0) {  /* the call counter wrapped: forget every cached hit */
        memset(c->hits_at, 0, (size_t)g->cells * sizeof(uint32_t));
        c->hits_call = 1;
    }
    ql_word everything[QL_STAR_W], m[QL_STAR_W], zone[QL_STAR_W], found[QL_STAR_W], rest[QL_STAR_W];
    ql_zero(everything, W);
    int any = 0;
    QL_FOR_BITS(open, QL_OPEN_W, u)
        ql_and(m, cand, ql_unit(g, u), W);
        int need = ql_need(g, st, u);
        const ql_word *spread = unit_spread(c, u, m);  /* stars that fit together in u: what a star must break into */
        /* the cells whose star takes something from u: the cells of the units needing one star
           that cross u, and (unless u has room to spare: a star's 3x3 block holds at most 4 of
           the spread) u's own and neighbouring cells */
        if (ql_count(spread, W) >= need + 4) ql_zero(zone, W);
        else ql_copy(zone, g->halo + (size_t)u * W, W);
        int extra = 0;
        QL_FOR_BITS(last, QL_OPEN_W, v)
            if (ql_intersects(ql_unit(g, v), m, W)) {
                ql_or_into(zone, ql_unit(g, v), W);
                extra = 1;
            }
        QL_END_BITS
        ql_and_into(zone, cand, W);
        /* what the finding depends on: m (and so the spread), need, the cells to try, and for
           each of them which of its units need one star (all units when such a unit meets m,
           else those meeting u's halo) */
        ql_word key[QL_STARVE_KEY(QL_STAR_W)];
        ql_copy(key, m, W);
        ql_copy(key + W, zone, W);
        const ql_word *scope = extra ? g->all_units : g->halo_units + (size_t)u * QL_OPEN_W;
        for (int x = 0; x < QL_OPEN_W; x++) key[2 * W + x] = last[x] & scope[x];
        key[2 * W + QL_OPEN_W] = (ql_word)need;
        ql_word *memo = c->starve_key + (size_t)u * QL_STARVE_KEY(W);
        size_t key_bytes = (size_t)QL_STARVE_KEY(W) * sizeof(ql_word);
        if (c->starve_none[u] && !memcmp(memo, key, key_bytes)) continue;  /* found nothing from the same, last time */
        ql_zero(found, W);
        int some = 0;
        QL_FOR_BITS(zone, W, cell)
            ql_word *hit = c->hits + (size_t)cell * W;
            if (c->hits_at[cell] != c->hits_call) {
                c->hits_at[cell] = c->hits_call;
                ql_copy(hit, ql_near(g, cell), W);
                ql_set(hit, cell);
                const int16_t *cu = ql_cell_units(g, cell);
                for (int j = 0; j < g->per_cell; j++)
                    if (ql_test(last, cu[j])) ql_or_into(hit, ql_unit(g, cu[j]), W);
            }
            int inside = ql_test(m, cell);
            if (ql_count_andnot(spread, hit, W) >= need - inside) continue;  /* the greedy stars that cell leaves are enough */
            for (int w = 0; w < W; w++) rest[w] = m[w] & ~hit[w];
            if (!ql_fits(g, rest, need - inside)) {
                ql_set(found, cell);
                some = 1;
            }
        QL_END_BITS
        c->starve_none[u] = !some;
        if (!some) memcpy(memo, key, key_bytes);
        if (some) {
            if (!bulk) {
                ql_ded_clear(d, QL_WOULD_EMPTY_UNIT, W);
                ql_copy(d->cross, found, W);
                d->units[0] = (int16_t)u;
                d->nunits = 1;
                d->stars = need;
                return QL_FOUND;
            }
            ql_or_into(everything, found, W);
            any = 1;
        }
    QL_END_BITS
    if (!any) return QL_NONE;
    ql_ded_clear(d, QL_WOULD_EMPTY_UNIT, W);
    ql_copy(d->cross, everything, W);
    return QL_FOUND;
}

int ql_would_empty_unit(ql_ctx *c, ql_word *st, int bulk, ql_ded *d) {
    const ql_geo *g = &c->g;
    if (g->k > 1) return would_starve_unit(c, st, bulk, d);
    int W = g->words;
    const ql_word *cand = st;
    ql_word m[QL_MAX_W], hit[QL_MAX_W], everything[QL_MAX_W];
    ql_zero(everything, W);
    int any = 0;
    for (int u = 0; u < g->units; u++) {
        if (!ql_is_open(g, st, u)) continue;
        const ql_word *um = ql_unit(g, u);
        int hits = 0, ms = 0;
        for (int w = 0; w < W; w++) {
            m[w] = cand[w] & um[w];
            hit[w] = cand[w] & ~um[w];
            hits |= hit[w] != 0;
            ms |= m[w] != 0;
        }
        /* the cells that would empty u attack every candidate of u (attack is symmetric) */
        for (int w = 0; w < W && hits; w++)
            while (m[w] && hits) {
                int i = w * 64 + ql_ctz(m[w]);
                m[w] &= m[w] - 1;
                const ql_word *a = ql_attack(g, i);
                hits = 0;
                for (int x = 0; x < W; x++) {
                    hit[x] &= a[x];
                    hits |= hit[x] != 0;
                }
            }
        (void)ms;
        if (hits) {
            if (!bulk) {
                ql_ded_clear(d, QL_WOULD_EMPTY_UNIT, W);
                ql_copy(d->cross, hit, W);
                d->units[0] = (int16_t)u;
                d->nunits = 1;
                return QL_FOUND;
            }
            ql_or_into(everything, hit, W);
            any = 1;
        }
    }
    if (!any) return QL_NONE;
    ql_ded_clear(d, QL_WOULD_EMPTY_UNIT, W);
    ql_copy(d->cross, everything, W);
    return QL_FOUND;
}
