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
   lines does on one line: ceil(L/2) a run of L), and one with no room to spare has its stars
   where its runs of odd length force them; (2b) with regions, the four strip flows (rows
   paired from row 0 and from row 1, columns alike) into the regions (``st_flow``): no flow
   meeting every need is a dead end, a strip-region link no such flow uses loses its cells;
   (3) branch on the first candidate of the first
   line with no room to spare, else of the open unit with the least slack (candidates - need;
   a region before a line on a tie): a star there (a new level), or not (the same level, the
   cell gone). On generated puzzles of 14/3 to 21/5 this choice took 1-4x fewer nodes than
   the least slack alone (much more at 21/5), the pigeonhole on bands of rows and columns
   2-4x fewer nodes but as much time or more, probing the chosen unit's cells 2-3x fewer
   nodes at twice the time: neither is here. The strip flows, in place of the flow from single
   rows and columns it replaced: nodes median 14/3 3715 -> 704, 17/4 1946 -> 347, 21/5 12420
   -> 2445, 10/2 189 -> 14 (bench/stars-results.md); flows 2x2 blocks to column strips on top:
   nodes 5-10% fewer at 1.4x the time, not here. These are the moves of the pure-Python reference
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

/* Take the cells ``bits`` of line a out: a row's columns (side 0) or a column's rows (side 1). */
QS_TARGET static inline void QS_SFX(st_remove_on)(const qs_stars *S, qs_level *L, int side, int a, qs_line bits) {
    if (!side) { QS_SFX(st_remove)(S, L, a, bits); return; }
    while (bits) {
        int r = __builtin_ctzll(bits);
        bits &= bits - 1;
        QS_SFX(st_remove)(S, L, r, (qs_line)1 << a);
    }
}

/* The cells of ``x`` at even offsets of its runs of odd length: where a line (or a strip two
   lines wide) holding as many stars as its runs allow must have them. */
QS_TARGET static inline qs_line QS_SFX(st_odd_run_evens)(qs_line x) {
    qs_line out = 0;
    while (x) {
        int start = __builtin_ctzll(x);
        qs_line y = x >> start;
        int len = ~y ? __builtin_ctzll(~y) : 64 - start;
        qs_line run = (len >= 64 ? ~(qs_line)0 : (((qs_line)1 << len) - 1)) << start;
        if (len & 1) out |= run & ((qs_line)0x5555555555555555ULL << start);
        x &= ~run;
    }
    return out;
}

/* Stars at (line a, positions ``bits``): a row's columns (side 0) or a column's rows (side 1);
   0 when one of them is no longer a candidate (a dead end). */
QS_TARGET static inline int QS_SFX(st_place_on)(const qs_stars *S, qs_level *L, int side, int a, qs_line bits) {
    while (bits) {
        int x = __builtin_ctzll(bits);
        bits &= bits - 1;
        int r = side ? x : a, c = side ? a : x;
        if (!(L->cand[r] >> c & 1)) return 0;
        QS_SFX(st_place)(S, L, r, c);
    }
    return 1;
}

/* The capacity of lines: every row and column, and every two neighbouring ones (a strip two
   cells wide holds as many stars as the union of its lines does on one line), must hold the
   stars they need, else a dead end (-1). A line or strip with no room to spare has its stars
   where its runs of odd length have their even offsets: in a line those cells are stars; in
   a strip the other cells of those runs go, and a forced position with one cell left is a
   star. Returns 1 when it placed or removed a cell, else 0. */
QS_TARGET static int QS_SFX(st_lines)(const qs_stars *S, qs_level *L) {
    int n = S->n;
    for (int side = 0; side < 2; side++) {
        qs_line *line = side ? L->ccand : L->cand;
        const int16_t *need = L->need + side * n;
        const int16_t *cnt = L->cnt + side * n;
        for (int a = 0; a < n; a++) {
            if (need[a] && cnt[a] <= 2 * need[a] - 1) {
                int cap = QS_SFX(st_line_cap)(line[a]);
                if (cap < need[a]) return -1;
                if (cap == need[a]) {
                    qs_line forced = QS_SFX(st_odd_run_evens)(line[a]);
                    if (forced) return QS_SFX(st_place_on)(S, L, side, a, forced) ? 1 : -1;
                }
            }
            if (a + 1 < n) {
                int both = need[a] + need[a + 1];
                if (both && cnt[a] + cnt[a + 1] <= 4 * both) {
                    qs_line u = line[a] | line[a + 1];
                    int cap = QS_SFX(st_line_cap)(u);
                    if (cap < both) return -1;
                    if (cap == both) {
                        qs_line forced = QS_SFX(st_odd_run_evens)(u);
                        qs_line runs = 0, x = forced;
                        while (x) {  /* the odd runs holding the forced positions */
                            int start = __builtin_ctzll(x);
                            qs_line y = u >> start;
                            int len = ~y ? __builtin_ctzll(~y) : 64 - start;
                            qs_line run = (len >= 64 ? ~(qs_line)0 : (((qs_line)1 << len) - 1)) << start;
                            runs |= run;
                            x &= ~run;
                        }
                        qs_line cut = runs & ~forced;
                        int changed = 0;
                        for (int b = a; b <= a + 1; b++)
                            if (line[b] & cut) { QS_SFX(st_remove_on)(S, L, side, b, line[b] & cut); changed = 1; }
                        qs_line only_a = forced & line[a] & ~line[a + 1], only_b = forced & line[a + 1] & ~line[a];
                        if (only_a || only_b) {
                            if (!QS_SFX(st_place_on)(S, L, side, a, only_a)) return -1;
                            if (!QS_SFX(st_place_on)(S, L, side, a + 1, only_b)) return -1;
                            changed = 1;
                        }
                        if (changed) return 1;
                    }
                }
            }
        }
    }
    return 0;
}

/* The strip flow t (``S->lstart``): rows (t < 2) or columns (t >= 2) paired into strips two
   lines wide from line t & 1 on. Strip a sends its need into the regions, region g takes its
   need, at most st_line_cap of the union of a's two lines' candidates in g along the link
   (a, g) (a strip two cells wide holds no more stars than that union does on one line: one a
   2x2 block). No flow meeting every need: a dead end (-1). A link no such flow uses (a
   pigeonhole: strips whose stars all go to regions needing as many, or the other way round)
   loses its cells: 1 when some went, else 0. Every flow meeting the needs leaves the same
   links unused, so this matches the reference (``_StarBoard._flow``) whatever flow it finds. */
QS_TARGET QS_STARS_NOINLINE static int QS_SFX(st_flow)(const qs_stars *S, qs_level *L, int t) {
    int n = S->n, side = t >= 2, m = S->nstrips[t];
    const qs_line *line = side ? L->ccand : L->cand;
    const int16_t *line_need = L->need + side * n;
    int8_t cap[QS_STARS_MAX_N][QS_STARS_MAX_N], flow[QS_STARS_MAX_N][QS_STARS_MAX_N];
    int16_t link[QS_STARS_MAX_N][QS_STARS_MAX_N];
    int left[QS_STARS_MAX_N], room[QS_STARS_MAX_N], owed = 0;
    qs_line has[QS_STARS_MAX_N];    /* has[a]: the regions linked to strip a */
    qs_line used[QS_STARS_MAX_N];   /* used[a]: those it sends stars into */
    qs_line spare[QS_STARS_MAX_N];  /* spare[a]: those whose link has room for more */
    qs_line into[QS_STARS_MAX_N];   /* into[g]: the strips sending into region g */
    qs_line open = 0;               /* the regions still needing stars */
    for (int g = 0; g < n; g++) {
        room[g] = L->need[2 * n + g];
        into[g] = 0;
        if (room[g]) open |= (qs_line)1 << g;
    }
    for (int a = 0; a < m; a++) {  /* links as they come, each as full as it goes */
        int b = S->sfirst[t][a], two = S->swidth[t][a] == 2;
        qs_line first = line[b], second = two ? line[b + 1] : 0;
        int want = line_need[b] + (two ? line_need[b + 1] : 0);
        has[a] = used[a] = spare[a] = 0;
        for (int j = S->lstart[t][a]; j < S->lstart[t][a + 1]; j++) {
            qs_line cells = (first & S->lm0[j]) | (second & S->lm1[j]);
            if (!cells) continue;
            int g = S->lreg[j], c = QS_SFX(st_line_cap)(cells);
            int x = c < want ? c : want;
            if (x > room[g]) x = room[g];
            qs_line bit = (qs_line)1 << g;
            cap[a][g] = (int8_t)c;
            flow[a][g] = (int8_t)x;
            link[a][g] = (int16_t)j;
            has[a] |= bit;
            if (x) { into[g] |= (qs_line)1 << a; used[a] |= bit; }
            if (x < c) spare[a] |= bit;
            want -= x;
            room[g] -= x;
        }
        left[a] = want;
        owed += want;
    }
    while (owed) {  /* augmenting paths, one star at a time */
        int from_strip[QS_STARS_MAX_N], from_region[QS_STARS_MAX_N], queue[QS_STARS_MAX_N];
        int head = 0, tail = 0, found = -1;
        qs_line seen = 0, reached = 0;
        for (int a = 0; a < m; a++)
            if (left[a]) { queue[tail++] = a; seen |= (qs_line)1 << a; from_region[a] = -1; }
        while (head < tail && found < 0) {
            int a = queue[head++];
            qs_line gs = spare[a] & ~reached;
            while (gs) {
                int g = __builtin_ctzll(gs);
                gs &= gs - 1;
                reached |= (qs_line)1 << g;
                from_strip[g] = a;
                if (room[g]) { found = g; break; }
                qs_line more = into[g] & ~seen;
                seen |= more;
                while (more) {
                    int b = __builtin_ctzll(more);
                    more &= more - 1;
                    from_region[b] = g;
                    queue[tail++] = b;
                }
            }
        }
        if (found < 0) return -1;
        int g = found;
        room[g]--;
        owed--;
        for (;;) {
            int a = from_strip[g];
            qs_line bit = (qs_line)1 << g;
            if (++flow[a][g] >= cap[a][g]) spare[a] &= ~bit;
            into[g] |= (qs_line)1 << a;
            used[a] |= bit;
            if (from_region[a] < 0) { left[a]--; break; }
            g = from_region[a];
            bit = (qs_line)1 << g;
            spare[a] |= bit;
            if (!--flow[a][g]) { into[g] &= ~((qs_line)1 << a); used[a] &= ~bit; }
        }
    }
    /* The residual graph (region h -> strip a when a sends into h, strip a -> region j when
       the link (a, j) has room) folded onto the regions: a link (a, g) carrying nothing is in
       some flow iff g and a region a sends into are strongly connected (a cycle through a). */
    qs_line next[QS_STARS_MAX_N], prev[QS_STARS_MAX_N], comp[QS_STARS_MAX_N];
    qs_line idle = 0;  /* the strips with a link carrying nothing */
    for (int g = 0; g < n; g++) next[g] = prev[g] = 0;
    for (int a = 0; a < m; a++) {
        if (has[a] & ~used[a]) idle |= (qs_line)1 << a;
        qs_line hs = used[a];
        while (hs) { int h = __builtin_ctzll(hs); hs &= hs - 1; next[h] |= spare[a]; }
    }
    if (!idle) return 0;
    for (int h = 0; h < n; h++) {
        qs_line js = next[h];
        while (js) { int j = __builtin_ctzll(js); js &= js - 1; prev[j] |= (qs_line)1 << h; }
    }
    qs_line rest = open;
    while (rest) {  /* the strongly connected parts: what a region reaches and is reached from */
        int v = __builtin_ctzll(rest);
        qs_line part[2];
        for (int dir = 0; dir < 2; dir++) {
            const qs_line *adj = dir ? prev : next;
            qs_line seen = (qs_line)1 << v, todo = seen;
            while (todo) {
                int h = __builtin_ctzll(todo);
                todo &= todo - 1;
                qs_line more = adj[h] & ~seen;
                seen |= more;
                todo |= more;
            }
            part[dir] = seen;
        }
        qs_line scc = part[0] & part[1];
        if (scc == open) return 0;  /* one part: every link is in some flow */
        rest &= ~scc;
        qs_line gs = scc;
        while (gs) { int g = __builtin_ctzll(gs); gs &= gs - 1; comp[g] = scc; }
    }
    int changed = 0;
    while (idle) {
        int a = __builtin_ctzll(idle);
        idle &= idle - 1;
        qs_line gs = has[a] & ~used[a];
        while (gs) {
            int g = __builtin_ctzll(gs);
            gs &= gs - 1;
            if (!(comp[g] & used[a])) {
                int b = S->sfirst[t][a], j = link[a][g];
                if (line[b] & S->lm0[j]) QS_SFX(st_remove_on)(S, L, side, b, line[b] & S->lm0[j]);
                if (S->swidth[t][a] == 2 && (line[b + 1] & S->lm1[j]))
                    QS_SFX(st_remove_on)(S, L, side, b + 1, line[b + 1] & S->lm1[j]);
                changed = 1;
            }
        }
    }
    return changed;
}

/* Units with no slack take their candidates, lines with no room to spare theirs
   (``st_lines``), and the strip flows (``st_flow``) prune, until none finds more; 0 at a dead
   end. Every rule only ever takes cells out of what is implied, so the order they run in
   changes nothing about where they stop. */
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
        if (!changed) {
            int lines = QS_SFX(st_lines)(S, L);
            for (int t = 0; S->regions && !lines && t < QS_STARS_FLOWS; t++) lines = QS_SFX(st_flow)(S, L, t);
            if (lines < 0) return 0;
            changed = lines;
        }
    }
    return 1;
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
        int best = -1, best_key = 1 << 30, n = S->n;
        for (int u = 0; u < S->units && best_key; u++) {
            if (!L.need[u]) continue;
            int key = 2 * (L.cnt[u] - L.need[u]) + (u < 2 * n);
            if (u < 2 * n && L.cnt[u] <= 2 * L.need[u] && QS_SFX(st_line_cap)(u < n ? L.cand[u] : L.ccand[u - n]) == L.need[u])
                key = 0;  /* a line with no room to spare */
            if (key < best_key) { best = u; best_key = key; }
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
