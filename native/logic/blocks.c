/* See blocks.h; the twin of blocks.py, its covers met in the same order. */

#include "blocks.h"

#define MAX_COVER (2 * QL_MAX_K)  /* the blocks of two lines' stars */

typedef struct {
    ql_ctx *c;
    ql_word *st;
    const ql_word *cells;
    int mode;             /* 0: the first cover found; 1: the first whose consequences say something */
    int chosen[MAX_COVER];
    int nchosen;
    /* the result */
    int cover[MAX_COVER];
    int ncover;
    ql_word place[QL_STAR_W], cross[QL_STAR_W];
} search_t;

/* The candidates of cells in the 2x2 block whose top-left cell is corner, as 4 bits (their
   cells: corner, corner + 1, corner + n, corner + n + 1). */
static int block_bits(const ql_word *cells, int n, int corner) {
    return ql_test(cells, corner) | ql_test(cells, corner + 1) << 1 | ql_test(cells, corner + n) << 2 | ql_test(cells, corner + n + 1) << 3;
}

static void clear_block(ql_word *cells, int n, int corner) {
    ql_clear(cells, corner);
    ql_clear(cells, corner + 1);
    ql_clear(cells, corner + n);
    ql_clear(cells, corner + n + 1);
}

/* What "each of these blocks holds exactly one star of cells" says (_consequences). */
static void consequences(ql_ctx *c, const ql_word *st, const ql_word *cells, const int *corners, int count, ql_word *place,
                         ql_word *cross) {
    const ql_geo *g = &c->g;
    int W = g->words;
    int n = g->n;
    ql_word touching[QL_STAR_W];
    ql_zero(place, W);
    ql_zero(cross, W);
    for (int j = 0; j < count; j++) {
        int corner = corners[j], bits = block_bits(cells, n, corner), at[4] = {corner, corner + 1, corner + n, corner + n + 1};
        if (!(bits & (bits - 1))) {  /* one candidate left (never none: each block covers one) */
            if (bits) ql_set(place, at[ql_ctz((ql_word)bits)]);
            continue;
        }
        ql_copy(touching, st, W);
        for (int q = 0; q < 4; q++)
            if (bits >> q & 1) ql_and_into(touching, ql_near(g, at[q]), W);
        for (int q = 0; q < 4; q++)
            if (bits >> q & 1) ql_clear(touching, at[q]);
        ql_or_into(cross, touching, W);
    }
    ql_andnot_into(cross, place, W);
}

/* _search: covers of cells by at most `left` blocks, the first uncovered candidate covered
   by one of the two blocks that start in its row; 1 when the caller's search is over. */
static int search(search_t *s, const ql_word *cells, int left) {
    const ql_geo *g = &s->c->g;
    int W = g->words, n = g->n;
    if (!ql_any(cells, W)) {
        if (s->mode == 0) {
            memcpy(s->cover, s->chosen, sizeof(int) * (size_t)s->nchosen);
            s->ncover = s->nchosen;
            return 1;
        }
        consequences(s->c, s->st, s->cells, s->chosen, s->nchosen, s->place, s->cross);
        if (ql_any(s->place, W) || ql_any(s->cross, W)) {
            memcpy(s->cover, s->chosen, sizeof(int) * (size_t)s->nchosen);
            s->ncover = s->nchosen;
            return 1;
        }
        return 0;
    }
    if (left == 0 || ql_count(cells, W) > 4 * left) return 0;
    int i = ql_lowest(cells, W);
    int r = i / n, col = i % n;
    int top = r < n - 2 ? r : n - 2;
    ql_word rest[QL_STAR_W];
    for (int left_col = col - 1; left_col <= col; left_col++) {
        if (left_col < 0 || left_col > n - 2) continue;
        int corner = top * n + left_col;
        ql_copy(rest, cells, W);
        clear_block(rest, n, corner);
        s->chosen[s->nchosen++] = corner;
        int done = search(s, rest, left - 1);
        s->nchosen--;
        if (done) return 1;
    }
    return 0;
}

int ql_blocks(ql_ctx *c, ql_word *st, int bulk, ql_ded *d) {
    const ql_geo *g = &c->g;
    if (g->k == 1) return QL_NONE;  /* one queen a unit: the cells it would cut off are would-empty-unit's */
    int W = g->words, n = g->n;
    ql_word open[QL_OPEN_W];
    ql_copy(open, st + 2 * W, QL_OPEN_W);
    ql_word all_place[QL_STAR_W], all_cross[QL_STAR_W], cells[QL_STAR_W];
    ql_zero(all_place, W);
    ql_zero(all_cross, W);
    int any = 0;
    /* the groups: the open units one by one, then the open pairs of neighbouring rows, of columns */
    int16_t groups[QL_MAX_UNITS + 2 * QL_MAX_STAR_N][2];
    int sizes[QL_MAX_UNITS + 2 * QL_MAX_STAR_N], ngroups = 0;
    QL_FOR_BITS(open, QL_OPEN_W, u)
        groups[ngroups][0] = (int16_t)u;
        sizes[ngroups++] = 1;
    QL_END_BITS
    for (int family = 0; family <= n; family += n)
        for (int a = family; a < family + n - 1; a++)
            if (ql_test(open, a) && ql_test(open, a + 1)) {
                groups[ngroups][0] = (int16_t)a;
                groups[ngroups][1] = (int16_t)(a + 1);
                sizes[ngroups++] = 2;
            }
    search_t s;
    s.c = c;
    s.st = st;
    for (int gi = 0; gi < ngroups; gi++) {
        int need = 0;
        ql_zero(cells, W);
        for (int j = 0; j < sizes[gi]; j++) {
            int u = groups[gi][j];
            const ql_word *um = ql_unit(g, u);
            for (int w = 0; w < W; w++) cells[w] |= st[w] & um[w];
            need += ql_need(g, st, u);
        }
        if (ql_spread_reaches(g, cells, need + 1)) continue;  /* that many cells apart need as many blocks: more than the stars */
        s.cells = cells;
        s.nchosen = 0;
        s.mode = 0;
        int found = 0;
        for (int size = 0; size <= need && !found; size++) found = search(&s, cells, size);  /* _smallest_cover */
        if (!found) continue;  /* more blocks than stars: nothing to say */
        if (s.ncover < need) {
            c->why.nunits = sizes[gi];
            c->why.nlines = 0;
            for (int j = 0; j < sizes[gi]; j++) c->why.units[j] = groups[gi][j];
            return QL_CONTRADICTION;
        }
        s.mode = 1;
        s.nchosen = 0;
        if (!search(&s, cells, need)) continue;
        if (!bulk) {
            ql_ded_clear(d, QL_BLOCKS, W);
            ql_copy(d->place, s.place, W);
            ql_copy(d->cross, s.cross, W);
            for (int j = 0; j < sizes[gi]; j++) d->units[j] = groups[gi][j];
            d->nunits = sizes[gi];
            d->stars = need;
            for (int j = 0; j < s.ncover; j++) ql_set(d->blocks, s.cover[j]);
            return QL_FOUND;
        }
        ql_or_into(all_place, s.place, W);
        ql_or_into(all_cross, s.cross, W);
        any = 1;
    }
    if (!any) return QL_NONE;
    ql_ded_clear(d, QL_BLOCKS, W);
    ql_copy(d->place, all_place, W);
    for (int w = 0; w < W; w++) d->cross[w] = all_cross[w] & ~all_place[w];
    return QL_FOUND;
}
