/* The region search (k = 1) in plain C: the board's tables, the searcher, and the kernel
   that native/regions/bitsearch.pyx drives without the GIL.

   A unit is a row, a column or a region; each needs exactly one queen. The search branches
   on the first open unit (rows, columns, regions, in that order) with the fewest candidates
   and prunes when an open unit has none: the choices of the pure-Python reference, so both
   find the solutions in the same order, node for node.

   The candidate cells live in one of two layouts, picked by board size:

   - flat (n <= QS_FLAT_N, flat.h): the board is ceil(n*n / 64) words, bit r*n + c per cell;
     a queen's placement is an AND-NOT with its cell's precomputed kill mask (row, column,
     neighbours or diagonals) and its region's mask, a word at a time. Boards of two words
     (n <= 11, the common case) keep no counts: the scan takes them by popcount (all units at
     once in the avx512 variant, scan_avx512.h, else open unit by open unit) and stops at the
     first open unit with one candidate or none, as the reference does; keeping counts costs a
     store per unit of every removed cell, more than these popcounts. Larger flat boards keep
     counts as the row layout does;
   - rows (n up to 64, rows.h): one word per row (bit c) and one per column (bit r), a region
     as (row, columns) pairs; a placement clears only the cells it removes.

   Where counts are kept, each unit has the key ``count << 8 | unit`` (a unit that holds its
   queen reads QS_CLOSED), lowered as the removed cells are visited, so choosing where to
   branch is a single min over a short array, which the compiler vectorises.

   From QS_HALL_N (12) up, a node about to branch is first filtered by Hall's theorem
   (hall.c): the cells that no perfect matching of rows to columns, rows to regions or
   columns to regions uses go, and a node without such a matching is a dead end.

   The search keeps its stack in arrays instead of recursing, so it can stop after any
   solution and resume later: that one mechanism serves the solution limit, the time limit,
   Ctrl-C (common/stop.h, every QS_CHECK_MASK + 1 nodes) and the streaming iterator.

   search.c (with flat.h, rows.h, scan_avx512.h) and hall.c are compiled once per variant
   (common/cpu.h); tables.c once. */

#ifndef QS_REGIONS_SEARCH_H
#define QS_REGIONS_SEARCH_H

#include <stdint.h>

#include "cpu.h"

typedef uint64_t qs_word;
typedef int32_t qs_tally; /* count << 8 | unit */

enum {
    QS_MAX_BOARD = 64,
    QS_FLAT_N = 24,        /* boards up to 24 x 24 use the flat layout (kill masks: at most 41 KB) */
    QS_HALL_N = 12,        /* from 12 x 12 up, a node about to branch is filtered by Hall's theorem */
    QS_CHECK_MASK = 4095,  /* look at the clock and for Ctrl-C every 4096 nodes */
    QS_ONE = 256,          /* one candidate in a key */
    QS_CLOSED = 0x7FFFFFFF /* the key of a unit that holds its queen: above any real key */
};

enum { QS_NO_TOUCH = 0, QS_QUEENS = 1 };

/* What depends on n and the rule only: built once per size and rule, then shared. */
typedef struct {
    int n, rule, W;
    int *rc;             /* per cell: r << 8 | c of cell r * n + c */
    qs_tally *line_keys; /* the rows' and columns' keys with all their cells candidates */
    /* the flat layout (n <= QS_FLAT_N) */
    int *rc_units;       /* per cell: its row | its column << 8 */
    qs_word *kill;       /* per cell, W words: what a queen there rules out besides its region */
    qs_word *lines;      /* per row, then per column, W words: its cells */
} qs_tables;

struct qs_regions_kernel;

typedef struct {
    const struct qs_regions_kernel *kernel; /* the variant that searches with these buffers */
    int cap;             /* the largest n the buffers hold */
    int n, rule, has_regions;
    int units;           /* 3n with regions, 2n without (but 3n on keyed flat boards: see keyed_setup) */
    int flat;            /* 1: the flat layout (n <= QS_FLAT_N), 0: the row layout */
    int W;               /* flat layout: words per board (qs_flat_words) */
    int hall;            /* 1: nodes about to branch are filtered by Hall's theorem (n >= QS_HALL_N) */
    const int *rc;       /* the board's tables (shared, read only) */
    const qs_word *kill;
    const qs_word *lines;
    /* the flat layout: the board is W words, cell r * n + c at bit (r * n + c) of them */
    qs_word *flat_state; /* per depth: the W words of candidates */
    qs_word *unit_mask;  /* per unit, W words: its cells (rows, columns, then regions: empty without regions) */
    qs_word *open;       /* W == 2, per depth: the open units (bit u; 3n <= 33) */
    int *cell_units;     /* W > 2, per cell: its row | its column << 8 | its region's unit << 16 (2n without regions) */
    qs_word scan_lo[40]; /* W == 2 in the avx512 variant: each unit's first mask word (0 past 3n) */
    qs_word scan_hi[40]; /* and its second */
    /* the row layout */
    qs_tally *keys;      /* per depth (3cap): the key of each unit, rows, columns, regions */
    qs_tally *size;      /* each unit's key with all its cells candidates */
    qs_word *state;      /* per depth (2cap words): the row words, then the column words */
    int *row_start;      /* region k's (row, columns) pairs are row_start[k] .. row_start[k + 1] - 1 */
    int *row_line;
    qs_word *row_mask;
    qs_word *reg_row;    /* reg_row[k * n + r]: the columns of region k in row r */
    qs_word *reg_col;    /* reg_col[k * n + c]: the rows of region k in column c */
    uint8_t *region_of;  /* n * n region numbers (all 0 without regions) */
    /* the search */
    int *cell;           /* the queens placed, a stack (r * n + c); the givens are in ``given`` */
    int *branch_top;     /* at each depth: the height of ``cell`` before the depth's branch cell */
    int *unit;           /* the unit branched on at each depth */
    int top;             /* the height of ``cell`` */
    int given[QS_MAX_BOARD]; /* the column of each row's given queen, or -1 */
    int placed0;         /* queens the givens placed */
    int depth;           /* where the search stands; -1 once exhausted */
    int fresh;           /* 1 when the node at ``depth`` is still to be expanded */
    int64_t count;       /* solutions found */
    int64_t nodes;       /* nodes of this board's search */
    int64_t ticks;       /* nodes since the buffers were made (paces the checks across a batch) */
    double deadline;     /* clock time to give up at; 0 for none */
} qs_searcher;

/* One variant of the search (search.c): every step that runs per board or per node. */
typedef struct qs_regions_kernel {
    /* The board's own tables (of ``t``'s size and rule; ``regions`` n * n region numbers, NULL
       for none): -1, or the index of the first cell whose region is out of 0..n-1. */
    int (*setup)(qs_searcher *s, const qs_tables *t, const int64_t *regions);
    /* The search at its root: every cell a candidate but the blocked ones, the given queens
       placed (cells r * n + c); ``time_limit`` seconds from now, <= 0 for none. */
    void (*start)(qs_searcher *s, const int *queens, int nq, const int *blocked, int nb, double time_limit);
    /* Search on until ``limit`` solutions in all (0: no limit), exhaustion, time-out or Ctrl-C,
       keeping the next solutions (n columns each) in ``solutions`` while *kept < keep;
       returns why it stopped (common/stop.h). */
    int (*run)(qs_searcher *s, int64_t limit, int keep, int16_t *solutions, int *kept);
} qs_regions_kernel;

extern const qs_regions_kernel qs_regions_kernel_portable, qs_regions_kernel_popcnt, qs_regions_kernel_avx512;

/* The variants built (tables.c), by level; ``current`` is the one new searchers take. */
extern qs_variants qs_regions_variants;

/* The shared tables for n (1..64) and the rule (0 or 1), built on first use and kept for good;
   NULL when memory runs out. Not thread-safe: call it with the GIL held. */
const qs_tables *qs_regions_tables(int n, int rule);

/* Buffers for boards up to ``cap``, in one block (free() it), searching with the variant in
   use; NULL when memory runs out. */
qs_searcher *qs_regions_searcher(int cap);

/* Words of a flat board: at least 2, so that boards up to 11 x 11 share one fixed width the
   compiler unrolls (see flat_place). */
static inline int qs_flat_words(int n) {
    int W = (n * n + 63) >> 6;
    return W > 2 ? W : 2;
}

static inline qs_word qs_bit(int i) { return (qs_word)1 << i; }

static inline qs_word qs_full_mask(int n) { return n == 64 ? ~(qs_word)0 : (((qs_word)1 << n) - 1); }

#endif
