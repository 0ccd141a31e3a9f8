/* The capacity of lines and strips, one step of the k-star search's propagation (compiled
   once per variant: cells.h).

   Every row and column, and every two neighbouring ones (a strip two cells wide holds as many
   stars as the union of its lines does on one line), must hold the stars they need, else a
   dead end. A line or strip with no room to spare has its stars where its runs of odd length
   have their even offsets: in a line those cells are stars; in a strip the other cells of
   those runs go, and a forced position with one cell left is a star. */

#include "cells.h"

/* Line a of ``side`` (rows 0, columns 1), which needs ``need`` stars: -1 when it cannot hold
   them, 1 when it placed stars, else 0. */
static inline int st_line(const qs_stars *S, qs_level *L, int side, int a, int need) {
    const qs_line *line = side ? L->ccand : L->cand;
    qs_line picks = st_picks(line[a]);
    int cap = qs_popcount(picks);
    if (cap < need) return -1;
    if (cap > need) return 0;
    qs_line forced = st_odd_runs(line[a], picks) & picks;
    if (!forced) return 0;
    return st_place_on(S, L, side, a, forced) ? 1 : -1;
}

/* The strip of lines a and a + 1 of ``side``, which need ``both`` stars between them: -1 when
   it cannot hold them, 1 when it placed or removed a cell, else 0. */
static inline int st_strip(const qs_stars *S, qs_level *L, int side, int a, int both) {
    const qs_line *line = side ? L->ccand : L->cand;
    qs_line u = line[a] | line[a + 1];
    if (qs_popcount(u) >= 2 * both) return 0; /* room to spare, or runs all even */
    qs_line picks = st_picks(u);
    int cap = qs_popcount(picks), changed = 0;
    if (cap < both) return -1;
    if (cap > both) return 0;
    qs_line runs = st_odd_runs(u, picks), forced = runs & picks;
    qs_line cut = runs & ~forced; /* the other cells of the odd runs holding them */
    for (int b = a; b <= a + 1; b++)
        if (line[b] & cut) {
            st_remove_on(S, L, side, b, line[b] & cut);
            changed = 1;
        }
    qs_line only_a = forced & line[a] & ~line[a + 1], only_b = forced & line[a + 1] & ~line[a];
    if (only_a || only_b) {
        if (!st_place_on(S, L, side, a, only_a)) return -1;
        if (!st_place_on(S, L, side, a + 1, only_b)) return -1;
        changed = 1;
    }
    return changed;
}

/* Only the lines whose cells changed since the last look (L->moved, marked by st_remove; a
   need falls with a cell), and the strips with one of them. */
int st_lines(const qs_stars *S, qs_level *L) {
    int n = S->n, changed = 0, got;
    for (int side = 0; side < 2; side++) {
        const int16_t *need = L->need + side * n;
        const int16_t *cnt = L->cnt + side * n;
        qs_line look = L->moved[side], pairs = (look | look >> 1) & (S->full >> 1);
        L->moved[side] = 0;
        for (qs_line todo = look | pairs; todo; todo &= todo - 1) {
            int a = qs_ctz(todo);
            if ((look >> a & 1) && need[a] && cnt[a] <= 2 * need[a] - 1) {
                if ((got = st_line(S, L, side, a, need[a])) < 0) return -1;
                changed |= got;
            }
            if (!(pairs >> a & 1) || !(need[a] + need[a + 1])) continue;
            if ((got = st_strip(S, L, side, a, need[a] + need[a + 1])) < 0) return -1;
            changed |= got;
        }
    }
    return changed;
}
