/* See witness.h. */

#include "witness.h"

#include <stdlib.h>

#define RESTARTS 16                  /* tries, the first in plain order, the others shuffled */
#define NODES_PER_CANDIDATE 10       /* a probe sweep costs about one saturation per candidate, ~10 nodes */
#define NODES_PER_CANDIDATE_STARS 30 /* k > 1: a saturation costs about a hundred nodes */

void ql_witnesses_init(ql_witnesses *w) { memset(w, 0, sizeof(*w)); }

void ql_witnesses_free(ql_witnesses *w) {
    free(w->solutions);
    free(w->stack);
    w->solutions = w->stack = NULL;
}

int ql_witness_add(ql_ctx *c, const ql_word *queens) {
    ql_witnesses *w = &c->wit;
    int W = c->g.words;
    int fresh = 0;
    for (int x = 0; x < W; x++) fresh |= (queens[x] & ~w->covered[x]) != 0;
    if (!fresh) return 0;
    if (w->count == w->cap) {
        int cap = w->cap ? 2 * w->cap : 8;
        ql_word *grown = (ql_word *)realloc(w->solutions, (size_t)cap * W * sizeof(ql_word));
        if (!grown) return QL_NO_MEMORY;
        w->solutions = grown;
        w->cap = cap;
    }
    ql_copy(w->solutions + (size_t)w->count * W, queens, W);
    w->count++;
    ql_or_into(w->covered, queens, W);
    return 0;
}

/* Whether solution s fits st: every star of it a candidate or a star of st. */
static int allowed(const ql_word *s, const ql_word *st, int W) {
    for (int x = 0; x < W; x++)
        if (s[x] & ~(st[x] | st[W + x])) return 0;
    return 1;
}

int ql_witness_covers(ql_ctx *c, const ql_word *st, int i) {
    ql_witnesses *w = &c->wit;
    int W = c->g.words;
    if (!ql_test(w->covered, i)) return 0;
    for (int j = 0; j < w->count; j++) {
        const ql_word *s = w->solutions + (size_t)j * W;
        if (ql_test(s, i) && allowed(s, st, W)) return 1;
    }
    return 0;
}

int ql_witness_avoids(ql_ctx *c, const ql_word *st, int i) {
    ql_witnesses *w = &c->wit;
    int W = c->g.words;
    for (int j = 0; j < w->count; j++) {
        const ql_word *s = w->solutions + (size_t)j * W;
        if (!ql_test(s, i) && allowed(s, st, W)) return 1;
    }
    return 0;
}

static uint64_t next_random(ql_witnesses *w) {  /* xorshift64* */
    uint64_t x = w->rng;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    w->rng = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* k = 1: depth-first on the open unit with the fewest candidates (_search). Level `level` of
   the stack holds the state searched; 1: a solution, now in the witnesses. */
static int search_one(ql_ctx *c, int level, long *budget, int shuffled) {
    const ql_geo *g = &c->g;
    int W = g->words, SW = g->state_words;
    ql_word *st = c->wit.stack + (size_t)level * SW;
    if (ql_solved(g, st)) return ql_witness_add(c, st + W) < 0 ? QL_NO_MEMORY : 1;
    if (--*budget < 0) return 0;
    ql_word best[QL_MAX_W], m[QL_MAX_W];
    int best_count = 1 << 30;
    const ql_word *open = st + 2 * W;
    QL_FOR_BITS(open, QL_OPEN_W, u)
        ql_and(m, st, ql_unit(g, u), W);
        int count = ql_count(m, W);
        if (count < best_count) {
            if (!count) return 0;
            ql_copy(best, m, W);
            best_count = count;
        }
    QL_END_BITS
    int choices[QL_MAX_N], nc = 0;  /* the fewest candidates of a unit: at most those of a row */
    QL_FOR_BITS(best, W, i)
        choices[nc++] = i;
    QL_END_BITS
    if (shuffled)
        for (int j = nc - 1; j > 0; j--) {
            int x = (int)(next_random(&c->wit) % (uint64_t)(j + 1)), t = choices[j];
            choices[j] = choices[x];
            choices[x] = t;
        }
    ql_word *child = st + SW;
    for (int j = 0; j < nc; j++) {
        int i = choices[j];
        ql_copy(child, st, SW);
        ql_set(child + W, i);
        ql_clear(child, i);
        ql_andnot_into(child, ql_attack(g, i), W);
        const ql_word *b = g->cell_unit_bits + (size_t)i * QL_OPEN_W;
        for (int x = 0; x < QL_OPEN_W; x++) child[2 * W + x] &= ~b[x];
        int r = search_one(c, level + 1, budget, shuffled);
        if (r || *budget < 0) return r;
    }
    return 0;
}

/* k > 1 (_search_stars): the forced stars of units with no candidate to spare placed first,
   then on the open unit with the fewest to spare a star on one of its candidates, or that
   candidate crossed out. */
static int search_stars(ql_ctx *c, int level, long *budget, int shuffled) {
    const ql_geo *g = &c->g;
    int W = g->words, SW = g->state_words;
    ql_word *st = c->wit.stack + (size_t)level * SW;
    ql_word best[QL_STAR_W], m[QL_STAR_W];
    for (;;) {
        for (;;) {  /* forced stars: a unit with exactly as many candidates as it needs */
            int spare_best = 1 << 30;
            ql_word open[QL_OPEN_W];
            ql_copy(open, st + 2 * W, QL_OPEN_W);
            QL_FOR_BITS(open, QL_OPEN_W, u)
                ql_and(m, st, ql_unit(g, u), W);
                int spare = ql_count(m, W) - ql_need(g, st, u);
                if (spare < spare_best) {
                    if (spare < 0) return 0;
                    ql_copy(best, m, W);
                    spare_best = spare;
                }
            QL_END_BITS
            if (spare_best) break;
            QL_FOR_BITS(best, W, i)
                if (!ql_test(st, i)) return 0;  /* two of them touch */
                ql_put(g, st, i);
            QL_END_BITS
        }
        if (ql_solved(g, st)) return ql_witness_add(c, st + W) < 0 ? QL_NO_MEMORY : 1;
        if (--*budget < 0) return 0;
        int nc = ql_count(best, W), pick = 0;
        if (shuffled) pick = (int)(next_random(&c->wit) % (uint64_t)nc);
        int i = -1;
        QL_FOR_BITS(best, W, j)
            if (pick-- == 0) { i = j; break; }
        QL_END_BITS
        ql_word *star = st + SW;
        ql_copy(star, st, SW);
        ql_put(g, star, i);
        int r = search_stars(c, level + 1, budget, shuffled);
        if (r || *budget < 0) return r;
        ql_clear(st, i);  /* no star there: go on with the same level */
    }
}

int ql_witness_search(ql_ctx *c, const ql_word *st) {
    const ql_geo *g = &c->g;
    ql_witnesses *w = &c->wit;
    int levels = g->k * g->n + 2;
    if (w->stack_levels < levels) {
        free(w->stack);
        w->stack = (ql_word *)malloc((size_t)levels * g->state_words * sizeof(ql_word));
        if (!w->stack) {
            w->stack_levels = 0;
            return QL_NO_MEMORY;
        }
        w->stack_levels = levels;
    }
    int candidates = ql_count(st, g->words);
    long budget = (long)(g->k == 1 ? NODES_PER_CANDIDATE : NODES_PER_CANDIDATE_STARS) * (candidates > 20 ? candidates : 20);
    for (int attempt = 0; attempt < RESTARTS; attempt++) {
        long left = budget / RESTARTS;
        w->rng = 0x9E3779B97F4A7C15ULL * (uint64_t)(attempt + 1);
        ql_copy(w->stack, st, g->state_words);
        int r = g->k == 1 ? search_one(c, 0, &left, attempt > 0) : search_stars(c, 0, &left, attempt > 0);
        if (r) return r;
    }
    return 0;
}
