/* The board the k-star search works on and one level of its stack (internal to native/stars/).

   A unit is a row (0..n-1), a column (n..2n-1) or a region (2n..3n-1); each needs exactly k
   stars, and no two stars touch, diagonals included. A level of the search stack holds the
   candidate cells by row (``cand``, bit c) and by column (``ccand``, bit r), the stars placed
   by row, each unit's candidate count and remaining need, and the block flows' state
   (flow.c). board.c builds the board; search.c, lines.c and flow.c, compiled once per
   variant (common/cpu.h), search it. */

#ifndef QS_STARS_BOARD_H
#define QS_STARS_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "stars.h"

#define QS_STARS_CHECK_MASK 4095 /* look at the clock and for Ctrl-C every 4096 nodes */
#define QS_STARS_FLOWS 8         /* the block flows (flow.c): rows or columns paired from line 0 or 1, blocks from 0 or 1 */
#define QS_STARS_FLOW_MAX_N 42   /* the block flows' sinks (n regions, a strip's empty blocks each) fit one word */
#define QS_STARS_STRIPS (QS_STARS_MAX_N / 2 + 1) /* the most strips of a flow */

typedef uint64_t qs_line;

typedef struct { /* one level of the search stack: views into one block of memory */
    void *base;
    qs_line *cand, *ccand, *star; /* n each: candidates by row, by column, stars by row */
    qs_line *moved;               /* 2: the rows, the columns whose candidates changed since st_lines looked */
    /* The block flows' state on the path to this level (flow.c), by block: the sinks each
       block may send into (0: no candidates), as of the last call of its flow */
    qs_line *bedge;
    qs_line *seen;                /* by flow, n each: its lines (rows or columns) as its last call saw them */
    qs_line *filled;              /* by flow, S->words each: its blocks with candidates, as bits */
    int32_t *quiet;               /* by flow: the stars placed when its last call found nothing, else -1 */
    int32_t *placed;              /* one: the stars placed on the path */
    int16_t *cnt, *need;          /* S->span each: units, then 0 up to a multiple of 4 and 3 more (read 4 at a time) */
    int8_t *assigned;             /* by block: its sink in the last assignment found */
    int8_t *with;                 /* by flow and strip (QS_STARS_STRIPS each): its blocks with candidates */
} qs_level;

typedef struct {
    int n, k, units, span, regions, words; /* words: a block flow's blocks as bits (L->filled) */
    qs_line full;
    uint8_t region[QS_STARS_MAX_N * QS_STARS_MAX_N];
    qs_line *reg_row;        /* n * n: the columns of region g in row r at g * n + r */
    qs_line *reg_col;        /* n * n: the rows of region g in column c at g * n + c */
    int top[QS_STARS_MAX_N], bottom[QS_STARS_MAX_N]; /* the rows each region spans */
    char *stack;
    size_t level_bytes;
    int64_t count, limit, keep, nodes;
    double deadline;         /* qs_now() seconds; 0: none */
    int stop;                /* why the search stopped (common/stop.h) */
    int16_t solution[QS_STARS_MAX_N * QS_STARS_MAX_N];
    /* The blocks of the block flows (flow.c), fixed by the board. Flow v pairs the rows
       (v < 4) or the columns (v >= 4) into strips two lines wide from line v & 1 on, and cuts
       each strip into blocks two positions long from position (v >> 1) & 1 on (a line or a
       position left over makes a narrower strip or block). Strip a of flow v has the blocks
       block0[v] + bstart[v][a] .. block0[v] + bstart[v][a + 1] - 1; block b starts on line
       bline[b] at position bpos[b], and its four cells (line, position) + (0, 0), (0, 1),
       (1, 0), (1, 1) are in the regions whose bits are bbit[4 b ..] (0: off the strip or the
       board). */
    int flows;               /* QS_STARS_FLOWS with regions on boards up to 42, else 0 */
    int nstrips[QS_STARS_FLOWS], block0[QS_STARS_FLOWS + 1];
    int bstart[QS_STARS_FLOWS][QS_STARS_MAX_N + 1];
    uint8_t sline[QS_STARS_FLOWS][QS_STARS_STRIPS], stwo[QS_STARS_FLOWS][QS_STARS_STRIPS]; /* strip a's first line; it has two */
    uint8_t *bline, *bpos, *btwo, *bcells; /* btwo[b]: the strip has two lines; bcells[b]: the cells q it has, as bits */
    qs_line *bbit;
    qs_stars_emit emit;
    void *ctx;
} qs_stars;

/* One variant of the search (search.c): from the board with level 0 set, the blocked cells
   and the given stars of ``task`` in, to the end; leaves why it stopped in S->stop. */
typedef struct {
    void (*search)(qs_stars *S, const qs_stars_task *task);
} qs_stars_kernel;

extern const qs_stars_kernel qs_stars_kernel_portable, qs_stars_kernel_popcnt;

static inline qs_level qs_stars_level(const qs_stars *S, int depth) {
    qs_level L;
    int n = S->n;
    L.base = S->stack + (size_t)depth * S->level_bytes;
    L.cand = (qs_line *)L.base;
    L.ccand = L.cand + n;
    L.star = L.ccand + n;
    L.moved = L.star + n;
    L.bedge = L.moved + 2;
    L.seen = L.bedge + S->block0[QS_STARS_FLOWS];
    L.filled = L.seen + QS_STARS_FLOWS * n;
    L.quiet = (int32_t *)(L.filled + QS_STARS_FLOWS * S->words);
    L.placed = L.quiet + QS_STARS_FLOWS;
    L.cnt = (int16_t *)(L.placed + 2);
    L.need = L.cnt + S->span;
    L.assigned = (int8_t *)(L.need + S->span);
    L.with = L.assigned + S->block0[QS_STARS_FLOWS];
    return L;
}

#endif
