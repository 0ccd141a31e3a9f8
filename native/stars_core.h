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
   where its runs of odd length force them; (2b) with regions on boards up to 42, the eight
   block flows (``st_flow``: strips of two rows or two columns cut into 2x2 blocks, each
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
   (queens_sat/backends/python.py, ``_StarBoard``), so both search the same tree. */

QS_TARGET static inline int QS_SFX(st_pop)(qs_line x) { return __builtin_popcountll(x); }

/* The cells a line picks within ``x`` to hold the most stars (none adjacent): the greedy
   leftmost choice, the even offsets of each run, without a loop (the carry of a run's first
   cell, added at an even position, marks the runs starting there). */
QS_TARGET static inline qs_line QS_SFX(st_picks)(qs_line x) {
    const qs_line even = (qs_line)0x5555555555555555ULL;
    qs_line starts = x & ~(x << 1) & even;
    qs_line from_even = ((x + starts) ^ x) & x;
    return x & ~(from_even ^ even);
}

/* The most stars one line holds within ``x``. */
QS_TARGET static inline int QS_SFX(st_line_cap)(qs_line x) { return QS_SFX(st_pop)(QS_SFX(st_picks)(x)); }

/* Take the cells ``bits`` (all candidates) of row r out of level L, lowering their counts. */
QS_TARGET static inline void QS_SFX(st_remove)(const qs_stars *S, qs_level *L, int r, qs_line bits) {
    int n = S->n;
    L->cand[r] &= ~bits;
    L->moved[0] |= (qs_line)1 << r;  /* for st_lines */
    L->moved[1] |= bits;
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
    ++*L->placed;
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

/* The runs of odd length of ``x``, given its ``picks`` (st_picks): those whose last cell is a
   pick, filled down from it through the run (the doubling steps of a flood fill, no loop over
   the runs; as on branch stars-speed). Their picks are where a line (or a strip two lines
   wide) holding as many stars as its runs allow must have them. */
QS_TARGET static inline qs_line QS_SFX(st_odd_runs)(qs_line x, qs_line picks) {
    qs_line fill = x & ~(x >> 1) & picks, within = x;
    for (int step = 1; step < 64; step *= 2) {
        fill |= within & (fill >> step);
        within &= within >> step;
    }
    return fill;
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
    int n = S->n, changed = 0;
    for (int side = 0; side < 2; side++) {
        qs_line *line = side ? L->ccand : L->cand;
        const int16_t *need = L->need + side * n;
        const int16_t *cnt = L->cnt + side * n;
        /* Only the lines whose cells changed since it last looked (L->moved, marked by
           st_remove; a need falls with a cell), and the strips with one of them. */
        qs_line look = L->moved[side], pairs = (look | look >> 1) & (S->full >> 1);
        L->moved[side] = 0;
        for (qs_line todo = look | pairs; todo; todo &= todo - 1) {
            int a = __builtin_ctzll(todo);
            if ((look >> a & 1) && need[a] && cnt[a] <= 2 * need[a] - 1) {
                qs_line picks = QS_SFX(st_picks)(line[a]);
                int cap = QS_SFX(st_pop)(picks);
                if (cap < need[a]) return -1;
                if (cap == need[a]) {
                    qs_line forced = QS_SFX(st_odd_runs)(line[a], picks) & picks;
                    if (forced) {
                        if (!QS_SFX(st_place_on)(S, L, side, a, forced)) return -1;
                        changed = 1;
                    }
                }
            }
            if (!(pairs >> a & 1)) continue;
            int both = need[a] + need[a + 1];
            qs_line u = line[a] | line[a + 1];
            if (both && QS_SFX(st_pop)(u) < 2 * both) {  /* else room to spare, or runs all even */
                qs_line picks = QS_SFX(st_picks)(u);
                int cap = QS_SFX(st_pop)(picks);
                if (cap < both) return -1;
                if (cap == both) {
                    qs_line runs = QS_SFX(st_odd_runs)(u, picks), forced = runs & picks;
                    qs_line cut = runs & ~forced;  /* the other cells of the odd runs holding them */
                    for (int b = a; b <= a + 1; b++)
                        if (line[b] & cut) { QS_SFX(st_remove_on)(S, L, side, b, line[b] & cut); changed = 1; }
                    qs_line only_a = forced & line[a] & ~line[a + 1], only_b = forced & line[a + 1] & ~line[a];
                    if (only_a || only_b) {
                        if (!QS_SFX(st_place_on)(S, L, side, a, only_a)) return -1;
                        if (!QS_SFX(st_place_on)(S, L, side, a + 1, only_b)) return -1;
                        changed = 1;
                    }
                }
            }
        }
    }
    return changed;
}

/* The candidates of block s, from its strip's first and second line (0 when it has one), as
   its four cells q (bit q: line + (q >> 1), position + (q & 1)). */
QS_TARGET static inline unsigned QS_SFX(st_here)(const qs_stars *S, int s, qs_line l0, qs_line l1) {
    int p = S->bpos[s];
    return ((unsigned)(l0 >> p & 3) | (unsigned)(l1 >> p & 3) << 2) & S->bcells[s];
}

/* Block s of a block flow, which no assignment leaves empty, holds a star: with one candidate
   left, that is a star (none left: a dead end, -1); with two side by side, the cells next to
   both go. 1 when it placed or removed a cell, else 0. */
QS_TARGET static inline int QS_SFX(st_must)(const qs_stars *S, qs_level *L, int side, int s) {
    const qs_line *line = side ? L->ccand : L->cand;
    int n = S->n, b = S->bline[s], p = S->bpos[s], changed = 0;
    unsigned here = QS_SFX(st_here)(S, s, line[b], S->btwo[s] ? line[b + 1] : 0);
    int left = QS_SFX(st_pop)(here);
    if (!left) return -1;
    if (left == 1) {
        int q = __builtin_ctz(here);
        QS_SFX(st_place_on)(S, L, side, b + (q >> 1), (qs_line)1 << (p + (q & 1)));
        changed = 1;
    } else if (left == 2) {
        if (here == 3 || here == 12) {  /* on one line: the two cells above it and below it */
            int on = here == 3 ? b : b + 1;
            qs_line two = (qs_line)3 << p;
            for (int o = on - 1; o <= on + 1; o += 2)
                if (o >= 0 && o < n && line[o] & two) { QS_SFX(st_remove_on)(S, L, side, o, line[o] & two); changed = 1; }
        } else if (here == 5 || here == 10) {  /* one above the other: the cells either side of both */
            int at2 = here == 5 ? p : p + 1;
            for (int o = at2 - 1; o <= at2 + 1; o += 2)
                for (int ln = b; o >= 0 && o < n && ln <= b + 1; ln++)
                    if (line[ln] >> o & 1) { QS_SFX(st_remove_on)(S, L, side, ln, (qs_line)1 << o); changed = 1; }
        }
    }
    return changed;
}

/* ``from`` and every node (of ``within``) it reaches along ``next`` (bitmask adjacency). */
QS_TARGET static inline qs_line QS_SFX(st_ahead)(const qs_line *next, qs_line from, qs_line within) {
    qs_line seen = from, todo = from;
    while (todo) {
        int h = __builtin_ctzll(todo);
        todo &= todo - 1;
        qs_line more = next[h] & within & ~seen;
        seen |= more;
        todo |= more;
    }
    return seen;
}

/* ``to`` and every node of ``among`` that reaches it along ``next`` within ``among``. */
QS_TARGET static inline qs_line QS_SFX(st_behind)(const qs_line *next, qs_line to, qs_line among) {
    qs_line grown;
    do {
        grown = 0;
        for (qs_line x = among & ~to; x; x &= x - 1) {
            int t = __builtin_ctzll(x);
            grown |= (qs_line)((next[t] & to) != 0) << t;
        }
        to |= grown;
    } while (grown);
    return to;
}

/* The block flow v (see ``qs_stars``): every strip of two lines is cut into blocks two
   positions long, and a block holds at most one star (its cells touch). So each block with
   candidates sends one star into the region of one of its candidates or, for as many blocks
   as the strip must leave empty (its blocks with candidates - its need), into the strip's
   "empty" sink; region g takes its need. No such assignment: a dead end (-1). A block-region
   link no such assignment uses loses its cells, and a block no such assignment leaves empty
   has its star on its one candidate left, or takes the cells next to both of its two
   (1 when something changed, else 0): the
   pigeonhole of the 2x2 blocks, counted in stars. Every assignment meeting the needs leaves the same links
   unused (and empty), so this matches the reference (``_StarBoard._flow``) whatever one it finds; it
   starts from the last one found at this level (``L->assigned``, copied to the children),
   which mostly still stands. The blocks' sinks are kept in the level too (``L->bedge``):
   a call redoes only the blocks whose cells changed since the last one on the path (its
   lines then in ``L->seen``). Sinks: regions 0..n-1, then strip a's empty blocks n + a. */
QS_TARGET QS_STARS_NOINLINE static int QS_SFX(st_flow)(const qs_stars *S, qs_level *L, int v) {
    enum { MOST = (QS_STARS_FLOW_MAX_N / 2 + 1) * (QS_STARS_FLOW_MAX_N / 2 + 1) };
    int n = S->n, side = v >> 2, strips = S->nstrips[v], sinks = n + strips, placed = 0;
    const qs_line *line = side ? L->ccand : L->cand;
    const int16_t *line_need = L->need + side * n;
    const int first = S->block0[v];
    int8_t *last = L->assigned + first, *with = L->with + v * (QS_STARS_MAX_N / 2 + 1);
    qs_line *bedge = L->bedge + first;
    qs_line *seen = L->seen + v * n, *filled = L->filled + v * S->words;
    qs_line edge[MOST];   /* the sinks block i may send into */
    int16_t which[MOST];  /* block i's number in flow v */
    int8_t sink[MOST];    /* where block i sends its star (-1: nowhere yet) */
    int pending[MOST], npending = 0, loose[MOST], nloose = 0, room[64];
    qs_line holds[64];    /* holds[t]: the sinks the blocks sending into t could send into */
    qs_line roomy = 0, open = 0;
    /* The same network as the last call, which found nothing, finds nothing again: no star
       placed since (the needs stand), every block may send where it could, and no block whose
       cells changed is down to two (the must-have rules look at those). */
    int same = L->quiet[v] == *L->placed;
    for (int a = 0; a < strips; a++) {  /* the blocks whose cells changed, and where they may go */
        int from = S->bstart[v][a], b = S->sline[v][a], two = S->stwo[v][a];
        qs_line l0 = line[b], l1 = two ? line[b + 1] : 0, empty = (qs_line)1 << (n + a);
        qs_line gone = (l0 ^ seen[b]) | (two ? l1 ^ seen[b + 1] : 0);
        if (!gone) continue;
        seen[b] = l0;
        if (two) seen[b + 1] = l1;
        gone <<= (v >> 1) & 1;  /* block j of the strip: positions 2j and 2j + 1 */
        gone = (gone | gone >> 1) & (qs_line)0x5555555555555555ULL;
        int count = with[a];
        while (gone) {
            int s = from + __builtin_ctzll(gone) / 2;
            gone &= gone - 1;
            unsigned here = QS_SFX(st_here)(S, first + s, l0, l1);
            const qs_line *bit = S->bbit + 4 * (first + s);  /* the regions of the block's candidates */
            qs_line e = (empty | (bit[0] & -(qs_line)(here & 1)) | (bit[1] & -(qs_line)(here >> 1 & 1))
                | (bit[2] & -(qs_line)(here >> 2 & 1)) | (bit[3] & -(qs_line)(here >> 3 & 1))) & -(qs_line)(here != 0);
            same &= (e == bedge[s]) & (QS_SFX(st_pop)(here) > 2);
            count += (e != 0) - (bedge[s] != 0);
            filled[s / 64] = (filled[s / 64] & ~((qs_line)1 << s % 64)) | (qs_line)(e != 0) << s % 64;
            bedge[s] = e;
        }
        with[a] = (int8_t)count;
    }
    if (same) return 0;
    L->quiet[v] = -1;
    for (int g = 0; g < n; g++) {
        room[g] = L->need[2 * n + g];
        holds[g] = 0;
        roomy |= (qs_line)(room[g] != 0) << g;
    }
    for (int a = 0; a < strips; a++) {
        int b = S->sline[v][a], spare = with[a] - line_need[b] - (S->stwo[v][a] ? line_need[b + 1] : 0);
        if (spare < 0) return -1;
        room[n + a] = spare;
        holds[n + a] = 0;
        roomy |= (qs_line)(spare != 0) << (n + a);
    }
    open = roomy;
    for (int w = 0; w < S->words; w++) {  /* the last assignment, where it still stands */
        for (qs_line m = filled[w]; m; m &= m - 1) {
            int s = 64 * w + __builtin_ctzll(m), t = last[s];
            qs_line e = bedge[s];
            edge[placed] = e;
            which[placed] = (int16_t)s;
            if (t >= 0 && (roomy & e) >> t & 1) {
                sink[placed] = (int8_t)t;
                holds[t] |= e;
                roomy &= ~((qs_line)(--room[t] == 0) << t);
            } else {
                sink[placed] = -1;
                loose[nloose++] = placed;
            }
            placed++;
        }
    }
    for (int l = 0; l < nloose; l++) {  /* the other blocks into the first sink with room (kept as the last) */
        int i = loose[l];
        qs_line x = edge[i] & roomy;
        if (!x) { pending[npending++] = i; continue; }
        int t = __builtin_ctzll(x);
        sink[i] = last[which[i]] = (int8_t)t;
        holds[t] |= edge[i];
        if (!--room[t]) roomy &= ~((qs_line)1 << t);
    }
    for (int p = 0; p < npending; p++) {  /* augmenting paths: blocks moving from sink to sink */
        int i = pending[p];
        int8_t from[64];  /* from[u]: the sink whose block moves on to u */
        qs_line reached = edge[i], frontier = reached, x = reached;
        while (x) { int t = __builtin_ctzll(x); x &= x - 1; from[t] = -1; }
        while (!(reached & roomy)) {
            qs_line grown = 0;
            x = frontier;
            while (x) {
                int t = __builtin_ctzll(x);
                x &= x - 1;
                qs_line more = holds[t] & ~reached & ~grown;
                grown |= more;
                while (more) { int u = __builtin_ctzll(more); more &= more - 1; from[u] = (int8_t)t; }
            }
            if (!grown) return -1;
            reached |= grown;
            frontier = grown;
        }
        int u = __builtin_ctzll(reached & roomy);
        if (!--room[u]) roomy &= ~((qs_line)1 << u);
        while (from[u] >= 0) {  /* a block of sink t moves on to u */
            int t = from[u], j = 0;
            while (!(sink[j] == t && edge[j] >> u & 1)) j++;
            sink[j] = last[which[j]] = (int8_t)u;
            holds[u] |= edge[j];
            holds[t] = 0;
            for (int h = 0; h < placed; h++)
                if (sink[h] == t) holds[t] |= edge[h];
            u = t;
        }
        sink[i] = last[which[i]] = (int8_t)u;
        holds[u] |= edge[i];
    }
    /* The residual graph on the sinks (t -> u when a block sending into t could send into u:
       holds[t], its own bit never looked at): block i's link to u is in some assignment iff u
       and its sink are strongly connected. */
    const qs_line *next = holds;
    qs_line part_of[64];
    int one = 0;  /* the open sinks are one strongly connected part */
    qs_line ahead = open & -open, behind = ahead;  /* what the first open sink reaches, and what reaches it */
    ahead = QS_SFX(st_ahead)(next, ahead, ~(qs_line)0);  /* mostly every one */
    if ((ahead & open) == open) {  /* (it reaches strips with no empty block to spare: dead ends) */
        behind = QS_SFX(st_behind)(next, behind, open);
        one = (behind & open) == open;
    }
    qs_line regions = ((qs_line)1 << n) - 1;  /* n <= 42 here */
    int changed = 0;
    if (one) {
        if (!(~open & ~regions & (((qs_line)1 << sinks) - 1))) {  /* and no strip without an empty block to spare */
            L->quiet[v] = *L->placed;
            return 0;
        }
    } else {
        qs_line rest = open;
        while (rest) {  /* the strongly connected parts: what a sink reaches and is reached from */
            qs_line part = rest & -rest;  /* (the paths within a part stay in it: among the sinks left) */
            if (rest == open) {  /* the first open sink's, partly known */
                ahead &= open;
                part |= behind & ahead;
            } else ahead = QS_SFX(st_ahead)(next, part, rest);
            part = QS_SFX(st_behind)(next, part, ahead);
            rest &= ~part;
            qs_line ts = part;
            while (ts) { int t = __builtin_ctzll(ts); ts &= ts - 1; part_of[t] = part; }
        }
        for (int i = 0; i < placed; i++) {  /* links no assignment uses lose their cells */
            qs_line unused = edge[i] & regions & ~part_of[sink[i]];
            if (!unused) continue;
            int s = first + which[i], b = S->bline[s], p = S->bpos[s];
            for (int q = 0; q < 4; q++) {
                int at = b + (q >> 1), pos = p + (q & 1);
                if (S->bbit[4 * s + q] & unused && line[at] >> pos & 1) {
                    QS_SFX(st_remove_on)(S, L, side, at, (qs_line)1 << pos);
                    changed = 1;
                }
            }
        }
    }
    /* A block that no assignment leaves empty (its link to its strip's empty sink unused) holds
       a star (st_must). With one part, those are the blocks of the strips with no empty block
       to spare. */
    if (one) {
        qs_line closed = ~open >> n & (((qs_line)1 << strips) - 1);
        while (closed) {
            int a = __builtin_ctzll(closed);
            closed &= closed - 1;
            for (int s = S->bstart[v][a]; s < S->bstart[v][a + 1]; s++) {
                if (!bedge[s]) continue;
                int got = QS_SFX(st_must)(S, L, side, first + s);
                if (got < 0) return -1;
                changed |= got;
            }
        }
    } else
        for (int i = 0; i < placed; i++) {
            int must = (sink[i] < n) & !(part_of[sink[i]] & edge[i] & ~regions);  /* (one branch, not two) */
            if (!must) continue;
            int got = QS_SFX(st_must)(S, L, side, first + which[i]);
            if (got < 0) return -1;
            changed |= got;
        }
    if (!changed) L->quiet[v] = *L->placed;
    return changed;
}

/* Units w..w+3 with no slack (0 < need >= candidates) as the top bits of four 16-bit lanes:
   counts and needs are small and non-negative, so a lane's subtraction never borrows from
   the next (the padding past the units needs nothing). */
QS_TARGET static inline qs_line QS_SFX(st_tight)(const qs_level *L, int w) {
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
QS_TARGET static inline int QS_SFX(st_settle)(const qs_stars *S, qs_level *L) {
    int cells[QS_STARS_MAX_N];
    int changed = 1, flow = 0;
    while (changed) {
        changed = 0;
        for (int w = 0; w < S->units; w += 4) {
            qs_line tight;
            while ((tight = QS_SFX(st_tight)(L, w))) {
                int u = w + __builtin_ctzll(tight) / 16, need = L->need[u];
                if (L->cnt[u] < need) return 0;
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
            for (int tries = 0; !lines && tries < S->flows; tries++) {  /* round the flows, on from the last */
                lines = QS_SFX(st_flow)(S, L, (flow >> 1) | (flow & 1) << 2);  /* rows and columns in turn: a little less work at 14/3 */
                flow = (flow + 1) % S->flows;
            }
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
    int cells[1] = {0};  /* st_cells finds one: best has candidates */
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
