/* The k-star search's steps on cells and lines, ``static inline``: every part of the search
   (search.c, lines.c, flow.c) calls them in its loops, so each variant's copy of those files
   inlines them with its own instructions (POPCNT, TZCNT, BLSR). */

#ifndef QS_STARS_CELLS_H
#define QS_STARS_CELLS_H

#include "bits.h"
#include "board.h"

/* The cells a line picks within ``x`` to hold the most stars (none adjacent): the greedy
   leftmost choice, the even offsets of each run, without a loop (the carry of a run's first
   cell, added at an even position, marks the runs starting there). */
static inline qs_line st_picks(qs_line x) {
    const qs_line even = (qs_line)0x5555555555555555ULL;
    qs_line starts = x & ~(x << 1) & even;
    qs_line from_even = ((x + starts) ^ x) & x;
    return x & ~(from_even ^ even);
}

/* The most stars one line holds within ``x``. */
static inline int st_line_cap(qs_line x) { return qs_popcount(st_picks(x)); }

/* The runs of odd length of ``x``, given its ``picks`` (st_picks): those whose last cell is a
   pick, filled down from it through the run (the doubling steps of a flood fill, no loop over
   the runs). Their picks are where a line (or a strip two lines wide) holding as many stars
   as its runs allow must have them. */
static inline qs_line st_odd_runs(qs_line x, qs_line picks) {
    qs_line fill = x & ~(x >> 1) & picks, within = x;
    for (int step = 1; step < 64; step *= 2) {
        fill |= within & (fill >> step);
        within &= within >> step;
    }
    return fill;
}

/* Take the cells ``bits`` (all candidates) of row r out of level L, lowering their counts. */
static inline void st_remove(const qs_stars *S, qs_level *L, int r, qs_line bits) {
    int n = S->n;
    L->cand[r] &= ~bits;
    L->moved[0] |= (qs_line)1 << r; /* for st_lines */
    L->moved[1] |= bits;
    while (bits) {
        int c = qs_ctz(bits);
        bits &= bits - 1;
        L->cnt[r]--;
        L->cnt[n + c]--;
        L->ccand[c] &= ~((qs_line)1 << r);
        if (S->regions) L->cnt[2 * n + S->region[r * n + c]]--;
    }
}

/* A star on (r, c), a candidate: its neighbours go, and the rest of each unit it fills. */
static inline void st_place(const qs_stars *S, qs_level *L, int r, int c) {
    int n = S->n;
    qs_line one = (qs_line)1 << c;
    qs_line near = one | (one << 1) | (one >> 1);
    near &= S->full;
    L->star[r] |= one;
    ++*L->placed;
    for (int rr = r > 0 ? r - 1 : 0; rr <= r + 1 && rr < n; rr++)
        if (L->cand[rr] & near) st_remove(S, L, rr, L->cand[rr] & near);
    if (--L->need[r] == 0 && L->cand[r]) st_remove(S, L, r, L->cand[r]);
    if (--L->need[n + c] == 0) {
        qs_line rows = L->ccand[c];
        while (rows) {
            int rr = qs_ctz(rows);
            rows &= rows - 1;
            st_remove(S, L, rr, one);
        }
    }
    if (S->regions) {
        int g = S->region[r * n + c];
        if (--L->need[2 * n + g] == 0)
            for (int rr = S->top[g]; rr <= S->bottom[g]; rr++) {
                qs_line m = L->cand[rr] & S->reg_row[g * n + rr];
                if (m) st_remove(S, L, rr, m);
            }
    }
}

/* The candidate cells of unit u, ascending by cell number, into ``out`` (as r << 8 | c); how many. */
static inline int st_cells(const qs_stars *S, const qs_level *L, int u, int *out, int most) {
    int n = S->n, found = 0;
    if (u < n) {
        qs_line m = L->cand[u];
        while (m && found < most) { out[found++] = u << 8 | qs_ctz(m); m &= m - 1; }
    } else if (u < 2 * n) {
        qs_line m = L->ccand[u - n];
        while (m && found < most) { out[found++] = qs_ctz(m) << 8 | (u - n); m &= m - 1; }
    } else {
        int g = u - 2 * n;
        for (int r = S->top[g]; r <= S->bottom[g] && found < most; r++) {
            qs_line m = L->cand[r] & S->reg_row[g * n + r];
            while (m && found < most) { out[found++] = r << 8 | qs_ctz(m); m &= m - 1; }
        }
    }
    return found;
}

/* Take the cells ``bits`` of line a out: a row's columns (side 0) or a column's rows (side 1). */
static inline void st_remove_on(const qs_stars *S, qs_level *L, int side, int a, qs_line bits) {
    if (!side) {
        st_remove(S, L, a, bits);
        return;
    }
    while (bits) {
        int r = qs_ctz(bits);
        bits &= bits - 1;
        st_remove(S, L, r, (qs_line)1 << a);
    }
}

/* Stars at (line a, positions ``bits``): a row's columns (side 0) or a column's rows (side 1);
   0 when one of them is no longer a candidate (a dead end). */
static inline int st_place_on(const qs_stars *S, qs_level *L, int side, int a, qs_line bits) {
    while (bits) {
        int x = qs_ctz(bits);
        bits &= bits - 1;
        int r = side ? x : a, c = side ? a : x;
        if (!(L->cand[r] >> c & 1)) return 0;
        st_place(S, L, r, c);
    }
    return 1;
}

/* The parts of the search in other files, this variant's copies (common/cpu.h). */
#define st_lines QS_VARIANT_NAME(st_lines)
#define st_flow QS_VARIANT_NAME(st_flow)

/* The capacity of lines and strips (lines.c): -1 at a dead end, 1 when it placed or removed a
   cell, else 0. */
int st_lines(const qs_stars *S, qs_level *L);

/* Block flow v (flow.c): -1 at a dead end, 1 when it placed or removed a cell, else 0. */
int st_flow(const qs_stars *S, qs_level *L, int v);

#endif
