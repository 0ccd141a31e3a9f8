/* The board of the native logic engine: a puzzle's fixed masks (ql_geo) and the cell state
   the rules work on, as flat bitsets of n * n bits (bit r * n + c is cell (r, c), as in the
   Python reference's integers, so that "the lowest cell first" means the same in both).

   A state is one array of 2 * words + QL_OPEN_W words: the candidates (cells neither
   starred nor crossed), the stars (queens), and the open units (rows 0..n-1, columns
   n..2n-1, regions 2n..3n-1, as bits). Copying a state for a probe is one memcpy.

   Every function here is the twin of a method of src/queens_sat/engines/logic/board.py. */

#ifndef QL_BOARD_H
#define QL_BOARD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bits.h"
#include "variant.h"

typedef uint64_t ql_word;

#define QL_MAX_N 64          /* one queen a unit (k = 1) */
#define QL_MAX_STAR_N 25     /* k > 1 stars a unit */
#define QL_MAX_K 6           /* n >= 4k and n <= 25 */
#define QL_MAX_W 64          /* words of a cell mask: 64 * 64 cells */
#define QL_STAR_W 10         /* words of a cell mask when k > 1: 25 * 25 cells */
#define QL_MAX_UNITS 192     /* 3 * 64 */
#define QL_OPEN_W 3          /* words of a unit mask */

/* What a rule or a search returns. The negative ones below -1 end the whole run. */
enum { QL_NONE = 0, QL_FOUND = 1, QL_CONTRADICTION = -1, QL_STOPPED = -2, QL_NO_MEMORY = -3 };

enum { QL_NO_TOUCH = 0, QL_QUEENS_RULE = 1 };

typedef struct {
    int n, k, cells, words, units, regions, rule;
    int per_cell;              /* units a cell is in: 3 with regions, else 2 */
    int state_words;           /* 2 * words + QL_OPEN_W */
    ql_word line_full;         /* the n low bits */
    ql_word *unit_mask;        /* units * words: the cells of each unit */
    ql_word *near;             /* cells * words: neighbours (no-touch) or diagonals (queens rule) */
    ql_word *attack;           /* cells * words: what a star rules out at once (k = 1: its units too) */
    ql_word *halo;             /* units * words (k > 1): a unit with its neighbouring cells */
    ql_word *halo_units;       /* units * QL_OPEN_W (k > 1): the units that meet a unit's halo */
    ql_word *cell_unit_bits;   /* cells * QL_OPEN_W: the units of each cell, as unit bits */
    int16_t *cell_units;       /* cells * per_cell: row, column (, region) */
    uint8_t *region_of;        /* cells */
    uint8_t *col_of;           /* cells: the column (no division in the hot loops) */
    ql_word all_units[QL_OPEN_W];
    void *arena;
} ql_geo;

/* ---------------------------------------------------------------- bits (native/common/bits.h) */
static inline int ql_popcount(ql_word x) { return qs_popcount(x); }
static inline int ql_ctz(ql_word x) { return qs_ctz(x); }

static inline int ql_test(const ql_word *m, int i) { return (int)(m[i >> 6] >> (i & 63) & 1); }
static inline void ql_set(ql_word *m, int i) { m[i >> 6] |= (ql_word)1 << (i & 63); }
static inline void ql_clear(ql_word *m, int i) { m[i >> 6] &= ~((ql_word)1 << (i & 63)); }

static inline void ql_zero(ql_word *m, int w) { memset(m, 0, (size_t)w * sizeof(ql_word)); }
static inline void ql_copy(ql_word *dst, const ql_word *src, int w) { memcpy(dst, src, (size_t)w * sizeof(ql_word)); }

static inline int ql_any(const ql_word *m, int w) {
    for (int i = 0; i < w; i++)
        if (m[i]) return 1;
    return 0;
}
static inline int ql_count(const ql_word *m, int w) {
    int c = 0;
    for (int i = 0; i < w; i++) c += ql_popcount(m[i]);
    return c;
}
/* popcount(a & b) */
static inline int ql_count_and(const ql_word *a, const ql_word *b, int w) {
    int c = 0;
    for (int i = 0; i < w; i++) c += ql_popcount(a[i] & b[i]);
    return c;
}
/* popcount(a & ~b) */
static inline int ql_count_andnot(const ql_word *a, const ql_word *b, int w) {
    int c = 0;
    for (int i = 0; i < w; i++) c += ql_popcount(a[i] & ~b[i]);
    return c;
}
static inline int ql_intersects(const ql_word *a, const ql_word *b, int w) {
    for (int i = 0; i < w; i++)
        if (a[i] & b[i]) return 1;
    return 0;
}
/* Whether a has no bit outside b. */
static inline int ql_within(const ql_word *a, const ql_word *b, int w) {
    for (int i = 0; i < w; i++)
        if (a[i] & ~b[i]) return 0;
    return 1;
}
static inline void ql_and(ql_word *dst, const ql_word *a, const ql_word *b, int w) {
    for (int i = 0; i < w; i++) dst[i] = a[i] & b[i];
}
static inline void ql_or_into(ql_word *dst, const ql_word *a, int w) {
    for (int i = 0; i < w; i++) dst[i] |= a[i];
}
static inline void ql_and_into(ql_word *dst, const ql_word *a, int w) {
    for (int i = 0; i < w; i++) dst[i] &= a[i];
}
static inline void ql_andnot_into(ql_word *dst, const ql_word *a, int w) {
    for (int i = 0; i < w; i++) dst[i] &= ~a[i];
}
/* The lowest set bit's index, -1 for none. */
static inline int ql_lowest(const ql_word *m, int w) {
    for (int i = 0; i < w; i++)
        if (m[i]) return i * 64 + ql_ctz(m[i]);
    return -1;
}
/* Whether m has exactly one bit. */
static inline int ql_single(const ql_word *m, int w) {
    int seen = 0;
    for (int i = 0; i < w; i++) {
        if (!m[i]) continue;
        if (seen || (m[i] & (m[i] - 1))) return 0;
        seen = 1;
    }
    return seen;
}

/* for (each set bit i of the words m[0..w), lowest first) -- m is read word by word as the
   loop goes, so a body that changes m must iterate over a copy. */
#define QL_FOR_BITS(m, w, i)                                               \
    for (int i##_w = 0; i##_w < (w); i##_w++)                              \
        for (ql_word i##_x = (m)[i##_w]; i##_x; i##_x &= i##_x - 1) {      \
            int i = i##_w * 64 + ql_ctz(i##_x);
#define QL_END_BITS }

/* ---------------------------------------------------------------- geometry */
static inline const ql_word *ql_unit(const ql_geo *g, int u) { return g->unit_mask + (size_t)u * g->words; }
static inline const ql_word *ql_near(const ql_geo *g, int i) { return g->near + (size_t)i * g->words; }
static inline const ql_word *ql_attack(const ql_geo *g, int i) { return g->attack + (size_t)i * g->words; }
static inline const int16_t *ql_cell_units(const ql_geo *g, int i) { return g->cell_units + (size_t)i * g->per_cell; }

/* Fills g for a board (regions: n * n region numbers 0..n-1, or NULL); QL_NO_MEMORY or 0. */
int ql_geo_init(ql_geo *g, int n, int k, int rule, const uint8_t *regions);
void ql_geo_free(ql_geo *g);

/* ---------------------------------------------------------------- state */
static inline ql_word *ql_cand(const ql_geo *g, ql_word *st) { (void)g; return st; }
static inline ql_word *ql_queens(const ql_geo *g, ql_word *st) { return st + g->words; }
static inline ql_word *ql_open(const ql_geo *g, ql_word *st) { return st + 2 * g->words; }
static inline int ql_is_open(const ql_geo *g, const ql_word *st, int u) { return ql_test(st + 2 * g->words, u); }
static inline int ql_solved(const ql_geo *g, const ql_word *st) {
    const ql_word *o = st + 2 * g->words;
    return !(o[0] | o[1] | o[2]);
}

/* How many more stars unit u needs (0 once full). */
static inline int ql_need(const ql_geo *g, const ql_word *st, int u) {
    return g->k - ql_count_and(st + g->words, ql_unit(g, u), g->words);
}

/* The givens: every cell a candidate but the blocked ones, the given stars placed. */
void ql_state_start(const ql_geo *g, ql_word *st, const int *given, int ngiven, const int *blocked, int nblocked);
/* A star on cell i; the units it fills are no longer open (State.place). */
void ql_place(const ql_geo *g, ql_word *st, int i);
/* A star on cell i with all it rules out crossed (State.put). */
void ql_put(const ql_geo *g, ql_word *st, int i);
/* cand &= ~cross, then a star on each cell of place (State.apply). */
void ql_apply(const ql_geo *g, ql_word *st, const ql_word *place, const ql_word *cross);

/* Cells of mask that can all hold stars at once, chosen greedily in reading order (Geometry.spread). */
void ql_spread(const ql_geo *g, const ql_word *mask, ql_word *out);
/* Whether that greedy choice has at least `count` cells (it stops there: the same first picks). */
int ql_spread_reaches(const ql_geo *g, const ql_word *mask, int count);
/* Whether `stars` cells of mask can hold stars at once (Geometry.fits); k > 1 only past 1 star. */
int ql_fits(const ql_geo *g, const ql_word *mask, int stars);

#endif
