/* The k-star (Star Battle) search, plain C: included by native/stars.h once per build target
   (QS_SFX names the copy, QS_TARGET gives its instruction set), so that one source serves
   the portable and the POPCNT code path chosen at run time.

   A unit is a row (0..n-1), a column (n..2n-1) or a region (2n..3n-1); each needs exactly k
   stars, and no two stars touch, diagonals included. A level of the search stack holds the
   candidate cells by row (``cand``, bit c) and by column (``ccand``, bit r), the stars placed
   by row, and each unit's candidate count and remaining need; removing a cell visits it once
   and lowers its three counts.

   Every node: (1) units with no slack take all their candidates, until none has none;
   a unit with fewer candidates than it needs, or two of its last candidates touching, is a
   dead end; (2) every row and column, and every two neighbouring ones, must be able to hold
   the stars they need (a strip two cells wide holds as many stars as the union of its two
   lines does on one line: ceil(L/2) a run of L); (3) branch on the first candidate of the
   open unit with the least slack (candidates - need): a star there (a new level), or not
   (the same level, the cell gone). These are the moves of the pure-Python reference
   (queens_sat/backends/python.py, ``_StarBoard``), so both search the same tree. */

QS_TARGET static inline int QS_SFX(st_pop)(qs_line x) { return __builtin_popcountll(x); }

/* The most stars one line holds within ``x`` (none adjacent): the greedy leftmost choice. */
QS_TARGET static inline int QS_SFX(st_line_cap)(qs_line x) {
    int most = 0;
    while (x) {
        qs_line low = x & (~x + 1);
        most++;
        x &= ~(low | low << 1);
    }
    return most;
}

/* Take the cells ``bits`` (all candidates) of row r out of level L, lowering their counts. */
QS_TARGET static inline void QS_SFX(st_remove)(const qs_stars *S, qs_level *L, int r, qs_line bits) {
    int n = S->n;
    L->cand[r] &= ~bits;
    while (bits) {
        int c = __builtin_ctzll(bits);
        bits &= bits - 1;
        L->cnt[r]--;
        L->cnt[n + c]--;
        L->ccand[c] &= ~((qs_line)1 << r);
        if (S->regions) L->cnt[2 * n + S->region[r * n + c]]--;
    }
}

/* A star on (r, c), a candidate: its neighbours go, and the rest of each unit it fills. */
QS_TARGET static inline void QS_SFX(st_place)(const qs_stars *S, qs_level *L, int r, int c) {
    int n = S->n;
    qs_line one = (qs_line)1 << c;
    qs_line near = one | (one << 1) | (one >> 1);
    near &= S->full;
    L->star[r] |= one;
    for (int rr = r > 0 ? r - 1 : 0; rr <= r + 1 && rr < n; rr++)
        if (L->cand[rr] & near) QS_SFX(st_remove)(S, L, rr, L->cand[rr] & near);
    if (--L->need[r] == 0 && L->cand[r]) QS_SFX(st_remove)(S, L, r, L->cand[r]);
    if (--L->need[n + c] == 0) {
        qs_line rows = L->ccand[c];
        while (rows) {
            int rr = __builtin_ctzll(rows);
            rows &= rows - 1;
            QS_SFX(st_remove)(S, L, rr, one);
        }
    }
    if (S->regions) {
        int g = S->region[r * n + c];
        if (--L->need[2 * n + g] == 0)
            for (int rr = S->top[g]; rr <= S->bottom[g]; rr++) {
                qs_line m = L->cand[rr] & S->reg_row[g * n + rr];
                if (m) QS_SFX(st_remove)(S, L, rr, m);
            }
    }
}

/* The candidate cells of unit u, ascending by cell number, into ``out`` (as r << 8 | c); how many. */
QS_TARGET static inline int QS_SFX(st_cells)(const qs_stars *S, const qs_level *L, int u, int *out, int most) {
    int n = S->n, found = 0;
    if (u < n) {
        qs_line m = L->cand[u];
        while (m && found < most) { out[found++] = u << 8 | __builtin_ctzll(m); m &= m - 1; }
    } else if (u < 2 * n) {
        qs_line m = L->ccand[u - n];
        while (m && found < most) { out[found++] = __builtin_ctzll(m) << 8 | (u - n); m &= m - 1; }
    } else {
        int g = u - 2 * n;
        for (int r = S->top[g]; r <= S->bottom[g] && found < most; r++) {
            qs_line m = L->cand[r] & S->reg_row[g * n + r];
            while (m && found < most) { out[found++] = r << 8 | __builtin_ctzll(m); m &= m - 1; }
        }
    }
    return found;
}

/* Whether every row and column, and every two neighbouring ones, can hold what they need. */
QS_TARGET static inline int QS_SFX(st_lines_hold)(const qs_stars *S, const qs_level *L) {
    int n = S->n;
    for (int side = 0; side < 2; side++) {
        const qs_line *line = side ? L->ccand : L->cand;
        const int16_t *need = L->need + side * n;
        const int16_t *cnt = L->cnt + side * n;
        for (int a = 0; a < n; a++) {
            if (need[a] && cnt[a] < 2 * need[a] - 1 && QS_SFX(st_line_cap)(line[a]) < need[a]) return 0;
            if (a + 1 < n) {
                int both = need[a] + need[a + 1];
                if (both && cnt[a] + cnt[a + 1] < 4 * both && QS_SFX(st_line_cap)(line[a] | line[a + 1]) < both) return 0;
            }
        }
    }
    return 1;
}

/* Units with no slack take their candidates, until none is left; 0 at a dead end. */
QS_TARGET static inline int QS_SFX(st_settle)(const qs_stars *S, qs_level *L) {
    int cells[QS_STARS_MAX_N];
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int u = 0; u < S->units; u++) {
            int need = L->need[u];
            if (!need) continue;
            if (L->cnt[u] < need) return 0;
            if (L->cnt[u] == need) {
                int m = QS_SFX(st_cells)(S, L, u, cells, need);
                for (int i = 0; i < m; i++) {
                    int r = cells[i] >> 8, c = cells[i] & 255;
                    if (!(L->cand[r] >> c & 1)) return 0;  /* two of its last candidates touch */
                    QS_SFX(st_place)(S, L, r, c);
                }
                changed = 1;
            }
        }
    }
    return QS_SFX(st_lines_hold)(S, L);
}

QS_TARGET static int QS_SFX(st_record)(qs_stars *S, const qs_level *L) {
    int n = S->n, k = S->k, at = 0;
    S->count++;
    if (S->count <= S->keep) {
        for (int r = 0; r < n; r++) {
            qs_line m = L->star[r];
            while (m) { S->solution[at++] = (int16_t)__builtin_ctzll(m); m &= m - 1; }
        }
        (void)k;
        if (S->emit(S->ctx, S->solution)) { S->stop = QS_STARS_INTERRUPTED; return 1; }
    }
    if (S->limit > 0 && S->count >= S->limit) { S->stop = QS_STARS_LIMIT; return 1; }
    return 0;
}

/* The subtree of level ``depth``; 1 when the search must stop (limit, time, Ctrl-C). */
QS_TARGET static int QS_SFX(st_node)(qs_stars *S, int depth) {
    qs_level L = qs_stars_level(S, depth);
    int cells[1];
    for (;;) {
        S->nodes++;
        if ((S->nodes & QS_STARS_CHECK_MASK) == 0 && qs_stars_poll(S)) return 1;
        if (!QS_SFX(st_settle)(S, &L)) return 0;
        int best = -1, best_slack = 1 << 30;
        for (int u = 0; u < S->units; u++) {
            if (L.need[u] && L.cnt[u] - L.need[u] < best_slack) {
                best = u;
                best_slack = L.cnt[u] - L.need[u];
            }
        }
        if (best < 0) return QS_SFX(st_record)(S, &L);
        QS_SFX(st_cells)(S, &L, best, cells, 1);
        int r = cells[0] >> 8, c = cells[0] & 255;
        qs_level child = qs_stars_level(S, depth + 1);
        memcpy(child.base, L.base, S->level_bytes);
        QS_SFX(st_place)(S, &child, r, c);
        if (QS_SFX(st_node)(S, depth + 1)) return 1;
        QS_SFX(st_remove)(S, &L, r, (qs_line)1 << c);  /* no star on (r, c) from here on */
    }
}
