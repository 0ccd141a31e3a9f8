/* The k-star (Star Battle) search, one variant (compiled once per level by setup.py with
   -DQS_VARIANT=<level>, common/cpu.h, with lines.c and flow.c; the board is board.h's).

   A unit is a row (0..n-1), a column (n..2n-1) or a region (2n..3n-1); each needs exactly k
   stars, and no two stars touch, diagonals included. Removing a cell visits it once and
   lowers its three counts (cells.h).

   Every node: (1) units with no slack take all their candidates, until none has none;
   a unit with fewer candidates than it needs, or two of its last candidates touching, is a
   dead end; (2) every row and column, and every two neighbouring ones, must be able to hold
   the stars they need (a strip two cells wide holds as many stars as the union of its two
   lines does on one line: ceil(L/2) a run of L), and one with no room to spare has its stars
   where its runs of odd length force them (lines.c); (2b) with regions on boards up to 42, the eight
   block flows (flow.c: strips of two rows or two columns cut into 2x2 blocks, each
   holding a star at most, from the blocks into the regions): no assignment meeting every
   need is a dead end, a block-region link no assignment uses loses its cells, and a block
   every assignment fills has its star on its one candidate left, or takes the cells next to
   both of its two; (3) branch on the first candidate of the first
   line with no room to spare, else of the open unit with the least slack (candidates - need;
   a region before a line on a tie): a star there (a new level), or not (the same level, the
   cell gone). On generated puzzles of 14/3 to 21/5 this choice took 1-4x fewer nodes than
   the least slack alone (much more at 21/5), the pigeonhole on bands of rows and columns
   2-4x fewer nodes but as much time or more, probing the chosen unit's cells 2-3x fewer
   nodes at twice the time: neither is here. Nodes median on generated puzzles 10/2, 14/3,
   17/4, 21/5 (bench/stars-results.md): 189, 3715, 1946, 12420 with a flow from single rows
   and columns into the regions (n >= 12, while 3/4 of the stars were to place); 14, 704,
   347, 2445 with flows from strips of two lines into the regions; 9, 172, 68, 252 with the
   block flows, which make those strip flows add nothing; 5, 70, 34, 102 with the blocks
   every assignment fills. These are the moves of the pure-Python reference
   (queens_sat/engines/stars/search_py.py, ``StarBoard``), so both search the same tree. */

#include <string.h>

#include "cells.h"
#include "stop.h"

/* Units w..w+3 with no slack (0 < need >= candidates) as the top bits of four 16-bit lanes:
   counts and needs are small and non-negative, so a lane's subtraction never borrows from
   the next (the padding past the units needs nothing). */
static inline qs_line st_tight(const qs_level *L, int w) {
    const qs_line top = (qs_line)0x8000800080008000ULL, ones = (qs_line)0x0001000100010001ULL;
    qs_line cnt, need;
    memcpy(&cnt, L->cnt + w, sizeof cnt);
    memcpy(&need, L->need + w, sizeof need);
    return ((need | top) - cnt) & ((need | top) - ones) & top;
}

/* Units with no slack take their candidates, lines with no room to spare theirs
   (``st_lines``), and the block flows (``st_flow``, taken in turn from the one after the last
   that ran) prune, until none finds more; 0 at a dead end. Every rule only ever takes out
   cells that no solution uses, so the order they run in changes nothing about where they
   stop, only how soon. */
static inline int st_settle(const qs_stars *S, qs_level *L) {
    int cells[QS_STARS_MAX_N];
    int changed = 1, flow = 0;
    while (changed) {
        changed = 0;
        for (int w = 0; w < S->units; w += 4) {
            qs_line tight;
            while ((tight = st_tight(L, w))) {
                int u = w + qs_ctz(tight) / 16, need = L->need[u];
                if (L->cnt[u] < need) return 0;
                int m = st_cells(S, L, u, cells, need);
                for (int i = 0; i < m; i++) {
                    int r = cells[i] >> 8, c = cells[i] & 255;
                    if (!(L->cand[r] >> c & 1)) return 0;  /* two of its last candidates touch */
                    st_place(S, L, r, c);
                }
                changed = 1;
            }
        }
        if (!changed) {
            int lines = st_lines(S, L);
            for (int tries = 0; !lines && tries < S->flows; tries++) {  /* round the flows, on from the last */
                lines = st_flow(S, L, (flow >> 1) | (flow & 1) << 2);  /* rows and columns in turn: a little less work at 14/3 */
                flow = (flow + 1) % S->flows;
            }
            if (lines < 0) return 0;
            changed = lines;
        }
    }
    return 1;
}

/* A solution: counted, handed on while the caller keeps them; 1 when the search must stop. */
static int st_record(qs_stars *S, const qs_level *L) {
    int at = 0;
    S->count++;
    if (S->count <= S->keep) {
        for (int r = 0; r < S->n; r++)
            for (qs_line m = L->star[r]; m; m &= m - 1) S->solution[at++] = (int16_t)qs_ctz(m);
        if (S->emit(S->ctx, S->solution)) {
            S->stop = QS_INTERRUPTED;
            return 1;
        }
    }
    if (S->limit > 0 && S->count >= S->limit) {
        S->stop = QS_LIMIT;
        return 1;
    }
    return 0;
}

/* The unit to branch on: the first line with no room to spare, else the open unit with the
   least slack (candidates - need; a region before a line on a tie); -1 when every unit has
   its stars. */
static inline int st_branch_unit(const qs_stars *S, const qs_level *L) {
    int best = -1, best_key = 1 << 30, n = S->n;
    for (int u = 0; u < S->units && best_key; u++) {
        if (!L->need[u]) continue;
        int key = 2 * (L->cnt[u] - L->need[u]) + (u < 2 * n);
        if (u < 2 * n && L->cnt[u] <= 2 * L->need[u] && st_line_cap(u < n ? L->cand[u] : L->ccand[u - n]) == L->need[u])
            key = 0; /* a line with no room to spare */
        if (key < best_key) {
            best = u;
            best_key = key;
        }
    }
    return best;
}

/* The subtree of level ``depth``: a star on the first candidate of the unit to branch on (a
   new level), then none there (the same level, the cell gone), until a dead end; 1 when the
   search must stop (limit, time, Ctrl-C). */
static int st_node(qs_stars *S, int depth) {
    qs_level L = qs_stars_level(S, depth);
    int cells[1] = {0}; /* st_cells finds one: best has candidates */
    for (;;) {
        if (S->nodes >= S->node_limit) { /* by nodes: the same point on every run of this board */
            S->stop = QS_BUDGET;
            return 1;
        }
        S->nodes++;
        if ((S->nodes & QS_STARS_CHECK_MASK) == 0 && (S->stop = qs_should_stop(S->deadline)) != 0) return 1;
        if (!st_settle(S, &L)) return 0;
        int best = st_branch_unit(S, &L);
        if (best < 0) return st_record(S, &L);
        st_cells(S, &L, best, cells, 1);
        int r = cells[0] >> 8, c = cells[0] & 255;
        qs_level child = qs_stars_level(S, depth + 1);
        memcpy(child.base, L.base, S->level_bytes);
        st_place(S, &child, r, c);
        if (st_node(S, depth + 1)) return 1;
        st_remove(S, &L, r, (qs_line)1 << c); /* no star on (r, c) from here on */
    }
}

/* The blocked cells out and the given stars in at the root, then the search. */
static void search(qs_stars *S, const qs_stars_task *task) {
    int n = S->n;
    qs_level L = qs_stars_level(S, 0);
    for (int i = 0; i < task->nblocked; i++) {
        int r = task->blocked[i] / n, c = task->blocked[i] % n;
        if (L.cand[r] >> c & 1) st_remove(S, &L, r, (qs_line)1 << c);
    }
    for (int i = 0; i < task->ngiven; i++) {
        int r = task->given[i] / n, c = task->given[i] % n;
        if (!(L.cand[r] >> c & 1)) return; /* a given star on a blocked cell or next to another: no solution */
        st_place(S, &L, r, c);
    }
    st_node(S, 0);
}

const qs_stars_kernel QS_VARIANT_NAME(qs_stars_kernel) = {search};
