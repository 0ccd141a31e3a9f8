/* Hall (pigeonhole) filtering for the native search: the cells no solution can use.

   Each open row, column and region needs its own queen, so a solution matches the
   open rows to distinct open columns, the open rows to distinct open regions and the
   open columns to distinct open regions, along the candidate cells. A cell whose
   (row, column), (row, region) or (column, region) link lies on no perfect matching of
   that bipartite graph is in no solution; a graph without a perfect matching is a dead
   end. This is the alldifferent filtering of Regin (1994): find one perfect matching
   M, direct each unmatched link one way and the matched ones back; a link lies on some
   perfect matching exactly when it is in M or its two ends share a strongly connected
   component. In set terms: k units of one kind whose candidates lie within k units of
   another kind take those k units' queens, whatever the kinds (the logic engine's
   pigeonhole rule, queens_sat/logic/pigeonhole.py, finds the same crossings one by one).

   The filters repeat until none removes a cell. Every removal they make stays valid
   in any smaller candidate set, so the fixpoint does not depend on the order: the
   pure-Python reference (queens_sat/engines/regions/hall.py) reaches the same one, node for
   node.

   The board is n <= 64 row words (bit c: column c a candidate). Everything here is
   plain C on 64-bit masks: no allocation, no Python, safe without the GIL. Compiled once
   per variant of the search (hall.h names this variant's copy). */

#include "hall.h"

#include "bits.h"

#define QS_HALL_MAX 64

/* The nodes reached from ``from`` by ``step`` edges without leaving ``within`` (``from`` included). */
static inline uint64_t reach(uint64_t from, const uint64_t *step, uint64_t within) {
    uint64_t seen = from, front = from, next, y;
    while (front) {
        next = 0;
        for (y = front; y; y &= y - 1) next |= step[qs_ctz(y)];
        next &= within & ~seen;
        seen |= next;
        front = next;
    }
    return seen;
}

/* One augmenting path from left node u, over right nodes not yet in *seen. */
static int augment(const uint64_t *adj, int u, int *match_l, int *match_r, uint64_t *seen) {
    uint64_t x = adj[u] & ~*seen;
    while (x) {
        int v = qs_ctz(x);
        x &= x - 1;
        *seen |= (uint64_t)1 << v;
        if (match_r[v] < 0 || augment(adj, match_r[v], match_l, match_r, seen)) {
            match_l[u] = v;
            match_r[v] = u;
            return 1;
        }
    }
    return 0;
}

/* The links of one bipartite graph on no perfect matching: ``adj[u]`` holds the right
   nodes of left node u (u in ``left``); ``drop[u]`` receives those of u's links to
   remove. Returns 0 when some left node cannot be matched (no perfect matching: the
   two sides have as many open units, so matching every left node matches every right
   one), else 1. */
static int filter(int n, const uint64_t *adj, uint64_t left, uint64_t *drop) {
    int match_l[QS_HALL_MAX], match_r[QS_HALL_MAX];
    uint64_t succ[QS_HALL_MAX], pred[QS_HALL_MAX], x, y, todo;
    int u, v;
    for (v = 0; v < n; v++) match_r[v] = -1;
    for (x = left; x; x &= x - 1) {  /* greedy first: most nodes match at once */
        u = qs_ctz(x);
        match_l[u] = -1;
        for (y = adj[u]; y; y &= y - 1) {
            v = qs_ctz(y);
            if (match_r[v] < 0) {
                match_l[u] = v;
                match_r[v] = u;
                break;
            }
        }
    }
    for (x = left; x; x &= x - 1) {
        u = qs_ctz(x);
        if (match_l[u] < 0) {
            uint64_t seen = 0;
            if (!augment(adj, u, match_l, match_r, &seen)) return 0;
        }
    }
    /* u -> w when u links to w's partner: a path u -> ... -> u is an alternating cycle */
    for (x = left; x; x &= x - 1) {
        u = qs_ctz(x);
        succ[u] = 0;
        pred[u] = 0;
    }
    for (x = left; x; x &= x - 1) {
        u = qs_ctz(x);
        for (y = adj[u]; y; y &= y - 1) {
            int w = match_r[qs_ctz(y)];
            succ[u] |= (uint64_t)1 << w;
            pred[w] |= (uint64_t)1 << u;
        }
    }
    /* strongly connected components: forward reach intersected with backward reach */
    for (todo = left; todo;) {
        int root = qs_ctz(todo);
        uint64_t fwd = reach((uint64_t)1 << root, succ, todo), comp, partners = 0;
        comp = reach((uint64_t)1 << root, pred, fwd);  /* reached both ways: root's component */
        todo &= ~comp;
        for (y = comp; y; y &= y - 1) partners |= (uint64_t)1 << match_l[qs_ctz(y)];
        for (y = comp; y; y &= y - 1) {
            u = qs_ctz(y);
            drop[u] = adj[u] & ~partners;
        }
    }
    return 1;
}

int qs_hall(int n, uint64_t *rows, uint64_t open_rows, uint64_t open_cols,
                   const uint8_t *region_of, const uint64_t *reg_row, const uint64_t *reg_col) {
    uint64_t cols[QS_HALL_MAX], row_reg[QS_HALL_MAX], col_reg[QS_HALL_MAX], drop[QS_HALL_MAX];
    uint64_t x, y, removed;
    int r, c, k;
    for (;;) {
        removed = 0;
        /* rows and columns */
        for (x = open_rows; x; x &= x - 1) drop[qs_ctz(x)] = 0;
        if (!filter(n, rows, open_rows, drop)) return 0;
        for (x = open_rows; x; x &= x - 1) {
            r = qs_ctz(x);
            rows[r] &= ~drop[r];
            removed |= drop[r];
        }
        if (region_of == 0) {
            if (!removed) return 1;
            continue;
        }
        /* the regions each row and each column touches */
        for (c = 0; c < n; c++) {
            cols[c] = 0;
            col_reg[c] = 0;
        }
        for (x = open_rows; x; x &= x - 1) {
            r = qs_ctz(x);
            row_reg[r] = 0;
            for (y = rows[r]; y; y &= y - 1) {
                c = qs_ctz(y);
                k = region_of[r * n + c];
                row_reg[r] |= (uint64_t)1 << k;
                col_reg[c] |= (uint64_t)1 << k;
                cols[c] |= (uint64_t)1 << r;
            }
        }
        /* rows and regions */
        for (x = open_rows; x; x &= x - 1) drop[qs_ctz(x)] = 0;
        if (!filter(n, row_reg, open_rows, drop)) return 0;
        for (x = open_rows; x; x &= x - 1) {
            r = qs_ctz(x);
            for (y = drop[r]; y; y &= y - 1) {
                uint64_t gone = rows[r] & reg_row[qs_ctz(y) * n + r];
                rows[r] &= ~gone;
                removed |= gone;
            }
        }
        /* columns and regions, on the links from before the row-region crossings: sound,
           and the round that removes nothing has seen every graph as it finally is */
        for (x = open_cols; x; x &= x - 1) drop[qs_ctz(x)] = 0;
        if (!filter(n, col_reg, open_cols, drop)) return 0;
        for (x = open_cols; x; x &= x - 1) {
            c = qs_ctz(x);
            for (y = drop[c]; y; y &= y - 1) {
                uint64_t gone = cols[c] & reg_col[qs_ctz(y) * n + c];
                for (; gone; gone &= gone - 1) {
                    r = qs_ctz(gone);
                    if (rows[r] >> c & 1) {
                        rows[r] &= ~((uint64_t)1 << c);
                        removed = 1;
                    }
                }
            }
        }
        if (!removed) return 1;
    }
}

