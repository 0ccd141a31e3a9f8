/* The block flows of the k-star search (compiled once per variant: cells.h).

   Flow v (see qs_stars in board.h) cuts every strip of two lines into blocks two positions
   long, and a block holds at most one star (its cells touch). So each block with candidates
   sends one star into the region of one of its candidates or, for as many blocks as the strip
   must leave empty (its blocks with candidates - its need), into the strip's "empty" sink;
   region g takes its need. No such assignment: a dead end. A block-region link no such
   assignment uses loses its cells, and a block no such assignment leaves empty has its star
   on its one candidate left, or takes the cells next to both of its two: the pigeonhole of
   the 2x2 blocks, counted in stars. Every assignment meeting the needs leaves the same links
   unused (and empty), so this matches the reference (``StarBoard._flow``) whatever one it
   finds; it starts from the last one found at this level (``L->assigned``, copied to the
   children), which mostly still stands. The blocks' sinks are kept in the level too
   (``L->bedge``): a call redoes only the blocks whose cells changed since the last one on the
   path (its lines then in ``L->seen``). Sinks: regions 0..n-1, then strip a's empty blocks
   n + a.

   ``st_flow`` runs the steps below in turn; each is ``static inline``, so the compiler makes
   them one function again, with the network's arrays on its stack. */

#include "cells.h"

enum { MOST = (QS_STARS_FLOW_MAX_N / 2 + 1) * (QS_STARS_FLOW_MAX_N / 2 + 1) }; /* the most blocks of a flow */

typedef struct { /* one call of flow v: where its state lives in the level, and its network */
    int v, n, side, strips, first;
    const qs_line *line;     /* the lines of the flow's side: rows (v < 4) or columns */
    int8_t *last;            /* by block of the flow: its sink in the last assignment found */
    int8_t *with;            /* by strip: its blocks with candidates */
    qs_line *bedge;          /* by block: the sinks it may send into (0: no candidates) */
    qs_line *seen;           /* by line: as the last call saw it */
    qs_line *filled;         /* the blocks with candidates, as bits */
    /* the blocks with candidates, numbered i = 0 .. placed - 1 */
    int placed;
    qs_line edge[MOST];      /* the sinks block i may send into */
    int16_t which[MOST];     /* block i's number in flow v */
    int8_t sink[MOST];       /* where block i sends its star (-1: nowhere yet) */
    int pending[MOST], npending, loose[MOST], nloose;
    int room[64];            /* what each sink still takes */
    qs_line holds[64];       /* holds[t]: the sinks the blocks sending into t could send into */
    qs_line roomy;           /* the sinks with room left */
    qs_line open;            /* the sinks with room before the assignment: the ones to fill */
    qs_line ahead, behind;   /* what the first open sink reaches, and what reaches it */
    qs_line part_of[64];     /* each open sink's strongly connected part (more than one part) */
} flow_net;

/* The candidates of block s, from its strip's first and second line (0 when it has one), as
   its four cells q (bit q: line + (q >> 1), position + (q & 1)). */
static inline unsigned st_here(const qs_stars *S, int s, qs_line l0, qs_line l1) {
    int p = S->bpos[s];
    return ((unsigned)(l0 >> p & 3) | (unsigned)(l1 >> p & 3) << 2) & S->bcells[s];
}

/* Block s of a block flow, which no assignment leaves empty, holds a star: with one candidate
   left, that is a star (none left: a dead end, -1); with two side by side, the cells next to
   both go. 1 when it placed or removed a cell, else 0. */
static inline int st_must(const qs_stars *S, qs_level *L, int side, int s) {
    const qs_line *line = side ? L->ccand : L->cand;
    int n = S->n, b = S->bline[s], p = S->bpos[s], changed = 0;
    unsigned here = st_here(S, s, line[b], S->btwo[s] ? line[b + 1] : 0);
    int left = qs_popcount(here);
    if (!left) return -1;
    if (left == 1) {
        int q = qs_ctz(here);
        st_place_on(S, L, side, b + (q >> 1), (qs_line)1 << (p + (q & 1)));
        changed = 1;
    } else if (left == 2) {
        if (here == 3 || here == 12) { /* on one line: the two cells above it and below it */
            int on = here == 3 ? b : b + 1;
            qs_line two = (qs_line)3 << p;
            for (int o = on - 1; o <= on + 1; o += 2)
                if (o >= 0 && o < n && line[o] & two) {
                    st_remove_on(S, L, side, o, line[o] & two);
                    changed = 1;
                }
        } else if (here == 5 || here == 10) { /* one above the other: the cells either side of both */
            int at2 = here == 5 ? p : p + 1;
            for (int o = at2 - 1; o <= at2 + 1; o += 2)
                for (int ln = b; o >= 0 && o < n && ln <= b + 1; ln++)
                    if (line[ln] >> o & 1) {
                        st_remove_on(S, L, side, ln, (qs_line)1 << o);
                        changed = 1;
                    }
        }
    }
    return changed;
}

/* ``from`` and every node (of ``within``) it reaches along ``next`` (bitmask adjacency). */
static inline qs_line st_ahead(const qs_line *next, qs_line from, qs_line within) {
    qs_line seen = from, todo = from;
    while (todo) {
        int h = qs_ctz(todo);
        todo &= todo - 1;
        qs_line more = next[h] & within & ~seen;
        seen |= more;
        todo |= more;
    }
    return seen;
}

/* ``to`` and every node of ``among`` that reaches it along ``next`` within ``among``. */
static inline qs_line st_behind(const qs_line *next, qs_line to, qs_line among) {
    qs_line grown;
    do {
        grown = 0;
        for (qs_line x = among & ~to; x; x &= x - 1) {
            int t = qs_ctz(x);
            grown |= (qs_line)((next[t] & to) != 0) << t;
        }
        to |= grown;
    } while (grown);
    return to;
}

/* Where flow v's state lives in level L. */
static inline void flow_views(const qs_stars *S, qs_level *L, int v, flow_net *F) {
    F->v = v;
    F->n = S->n;
    F->side = v >> 2;
    F->strips = S->nstrips[v];
    F->first = S->block0[v];
    F->line = F->side ? L->ccand : L->cand;
    F->last = L->assigned + F->first;
    F->with = L->with + v * QS_STARS_STRIPS;
    F->bedge = L->bedge + F->first;
    F->seen = L->seen + v * S->n;
    F->filled = L->filled + v * S->words;
}

/* The blocks whose cells changed since the last call, and where they may now send their star
   (bedge, filled, with). Returns whether the network is the one of the last call, which found
   nothing, so that it finds nothing again: no star placed since (the needs stand), every block
   may send where it could, and no block whose cells changed is down to two (the must-have
   rules look at those). */
static inline int flow_unchanged(const qs_stars *S, const qs_level *L, const flow_net *F) {
    int v = F->v, n = F->n, first = F->first, same = L->quiet[v] == *L->placed;
    const qs_line *line = F->line;
    qs_line *seen = F->seen, *bedge = F->bedge, *filled = F->filled;
    int8_t *with = F->with;
    for (int a = 0; a < F->strips; a++) {
        int from = S->bstart[v][a], b = S->sline[v][a], two = S->stwo[v][a];
        qs_line l0 = line[b], l1 = two ? line[b + 1] : 0, empty = (qs_line)1 << (n + a);
        qs_line gone = (l0 ^ seen[b]) | (two ? l1 ^ seen[b + 1] : 0);
        if (!gone) continue;
        seen[b] = l0;
        if (two) seen[b + 1] = l1;
        gone <<= (v >> 1) & 1; /* block j of the strip: positions 2j and 2j + 1 */
        gone = (gone | gone >> 1) & (qs_line)0x5555555555555555ULL;
        int count = with[a];
        while (gone) {
            int s = from + qs_ctz(gone) / 2;
            gone &= gone - 1;
            unsigned here = st_here(S, first + s, l0, l1);
            const qs_line *bit = S->bbit + 4 * (first + s); /* the regions of the block's candidates */
            qs_line e = (empty | (bit[0] & -(qs_line)(here & 1)) | (bit[1] & -(qs_line)(here >> 1 & 1))
                         | (bit[2] & -(qs_line)(here >> 2 & 1)) | (bit[3] & -(qs_line)(here >> 3 & 1)))
                        & -(qs_line)(here != 0);
            same &= (e == bedge[s]) & (qs_popcount(here) > 2);
            count += (e != 0) - (bedge[s] != 0);
            filled[s / 64] = (filled[s / 64] & ~((qs_line)1 << s % 64)) | (qs_line)(e != 0) << s % 64;
            bedge[s] = e;
        }
        with[a] = (int8_t)count;
    }
    return same;
}

/* Each sink's room: a region its need, a strip the blocks with candidates it can leave empty
   (theirs less its lines' needs). 0 when a strip has too few blocks: a dead end. */
static inline int flow_rooms(const qs_stars *S, const qs_level *L, flow_net *F) {
    int v = F->v, n = F->n;
    const int16_t *line_need = L->need + F->side * n;
    qs_line roomy = 0;
    for (int g = 0; g < n; g++) {
        F->room[g] = L->need[2 * n + g];
        F->holds[g] = 0;
        roomy |= (qs_line)(F->room[g] != 0) << g;
    }
    for (int a = 0; a < F->strips; a++) {
        int b = S->sline[v][a], spare = F->with[a] - line_need[b] - (S->stwo[v][a] ? line_need[b + 1] : 0);
        if (spare < 0) return 0;
        F->room[n + a] = spare;
        F->holds[n + a] = 0;
        roomy |= (qs_line)(spare != 0) << (n + a);
    }
    F->open = F->roomy = roomy;
    return 1;
}

/* The blocks with candidates numbered; each into its sink of the last assignment where that
   still stands, the others (``loose``) left for later. */
static inline void flow_warm_start(const qs_stars *S, flow_net *F) {
    int placed = 0, nloose = 0;
    qs_line roomy = F->roomy;
    const int8_t *last = F->last;
    const qs_line *filled = F->filled, *bedge = F->bedge;
    for (int w = 0; w < S->words; w++) {
        for (qs_line m = filled[w]; m; m &= m - 1) {
            int s = 64 * w + qs_ctz(m), t = last[s];
            qs_line e = bedge[s];
            F->edge[placed] = e;
            F->which[placed] = (int16_t)s;
            if (t >= 0 && (roomy & e) >> t & 1) {
                F->sink[placed] = (int8_t)t;
                F->holds[t] |= e;
                roomy &= ~((qs_line)(--F->room[t] == 0) << t);
            } else {
                F->sink[placed] = -1;
                F->loose[nloose++] = placed;
            }
            placed++;
        }
    }
    F->placed = placed;
    F->nloose = nloose;
    F->roomy = roomy;
}

/* The loose blocks into the first sink with room (kept as the last); those with none left
   ``pending``. */
static inline void flow_greedy(flow_net *F) {
    int npending = 0;
    qs_line roomy = F->roomy;
    for (int l = 0; l < F->nloose; l++) {
        int i = F->loose[l];
        qs_line x = F->edge[i] & roomy;
        if (!x) {
            F->pending[npending++] = i;
            continue;
        }
        int t = qs_ctz(x);
        F->sink[i] = F->last[F->which[i]] = (int8_t)t;
        F->holds[t] |= F->edge[i];
        if (!--F->room[t]) roomy &= ~((qs_line)1 << t);
    }
    F->npending = npending;
    F->roomy = roomy;
}

/* An augmenting path for block i: blocks moving from sink to sink until one with room takes
   one. 0 when there is none: no assignment meets the needs. */
static inline int flow_augment(flow_net *F, int i) {
    int8_t from[64]; /* from[u]: the sink whose block moves on to u */
    qs_line reached = F->edge[i], frontier = reached, x = reached;
    while (x) {
        from[qs_ctz(x)] = -1;
        x &= x - 1;
    }
    qs_line roomy = F->roomy;
    while (!(reached & roomy)) { /* breadth first over the sinks */
        qs_line grown = 0;
        for (x = frontier; x; x &= x - 1) {
            int t = qs_ctz(x);
            qs_line more = F->holds[t] & ~reached & ~grown;
            grown |= more;
            while (more) {
                from[qs_ctz(more)] = (int8_t)t;
                more &= more - 1;
            }
        }
        if (!grown) return 0;
        reached |= grown;
        frontier = grown;
    }
    int u = qs_ctz(reached & roomy);
    if (!--F->room[u]) F->roomy = roomy & ~((qs_line)1 << u);
    while (from[u] >= 0) { /* a block of sink t moves on to u */
        int t = from[u], j = 0;
        while (!(F->sink[j] == t && F->edge[j] >> u & 1)) j++;
        F->sink[j] = F->last[F->which[j]] = (int8_t)u;
        F->holds[u] |= F->edge[j];
        F->holds[t] = 0;
        for (int h = 0; h < F->placed; h++)
            if (F->sink[h] == t) F->holds[t] |= F->edge[h];
        u = t;
    }
    F->sink[i] = F->last[F->which[i]] = (int8_t)u;
    F->holds[u] |= F->edge[i];
    return 1;
}

/* Whether the open sinks are one strongly connected part of the residual graph on the sinks
   (t -> u when a block sending into t could send into u: holds[t], its own bit never looked
   at); block i's link to u is in some assignment iff u and its sink are strongly connected. */
static inline int flow_one_part(flow_net *F) {
    qs_line open = F->open, first = open & -open;
    F->behind = first;
    F->ahead = st_ahead(F->holds, first, ~(qs_line)0); /* mostly every one */
    if ((F->ahead & open) != open) return 0;        /* (it reaches strips with no empty block to spare: dead ends) */
    F->behind = st_behind(F->holds, first, open);
    return (F->behind & open) == open;
}

/* Each open sink's strongly connected part (part_of): what a sink reaches and is reached from
   (the paths within a part stay in it: among the sinks left), the first open sink's partly
   known from flow_one_part. */
static inline void flow_parts(flow_net *F) {
    qs_line rest = F->open, ahead = F->ahead;
    while (rest) {
        qs_line part = rest & -rest;
        if (rest == F->open) {
            ahead &= F->open;
            part |= F->behind & ahead;
        } else
            ahead = st_ahead(F->holds, part, rest);
        part = st_behind(F->holds, part, ahead);
        rest &= ~part;
        for (qs_line ts = part; ts; ts &= ts - 1) F->part_of[qs_ctz(ts)] = part;
    }
}

/* The links to regions that no assignment uses lose their cells; 1 when a cell went. */
static inline int flow_cut_unused(const qs_stars *S, qs_level *L, const flow_net *F) {
    qs_line regions = ((qs_line)1 << F->n) - 1; /* n <= 42 here */
    int changed = 0;
    for (int i = 0; i < F->placed; i++) {
        qs_line unused = F->edge[i] & regions & ~F->part_of[F->sink[i]];
        if (!unused) continue;
        int s = F->first + F->which[i], b = S->bline[s], p = S->bpos[s];
        for (int q = 0; q < 4; q++) {
            int at = b + (q >> 1), pos = p + (q & 1);
            if (S->bbit[4 * s + q] & unused && F->line[at] >> pos & 1) {
                st_remove_on(S, L, F->side, at, (qs_line)1 << pos);
                changed = 1;
            }
        }
    }
    return changed;
}

/* With one part, the blocks no assignment leaves empty are those of the strips with no empty
   block to spare (closed): each holds a star (st_must). -1 at a dead end, 1 when a cell went. */
static inline int flow_musts_of_closed(const qs_stars *S, qs_level *L, const flow_net *F) {
    qs_line closed = ~F->open >> F->n & (((qs_line)1 << F->strips) - 1);
    int changed = 0;
    while (closed) {
        int a = qs_ctz(closed);
        closed &= closed - 1;
        for (int s = S->bstart[F->v][a]; s < S->bstart[F->v][a + 1]; s++) {
            if (!F->bedge[s]) continue;
            int got = st_must(S, L, F->side, F->first + s);
            if (got < 0) return -1;
            changed |= got;
        }
    }
    return changed;
}

/* With more parts, a block holds a star when it sends into a region and its link to its
   strip's empty sink is unused (st_must). -1 at a dead end, 1 when a cell went. */
static inline int flow_musts_by_part(const qs_stars *S, qs_level *L, const flow_net *F) {
    qs_line regions = ((qs_line)1 << F->n) - 1;
    int changed = 0;
    for (int i = 0; i < F->placed; i++) {
        int must = (F->sink[i] < F->n) & !(F->part_of[F->sink[i]] & F->edge[i] & ~regions); /* (one branch, not two) */
        if (!must) continue;
        int got = st_must(S, L, F->side, F->first + F->which[i]);
        if (got < 0) return -1;
        changed |= got;
    }
    return changed;
}

int st_flow(const qs_stars *S, qs_level *L, int v) {
    flow_net F;
    int changed;
    flow_views(S, L, v, &F);
    if (flow_unchanged(S, L, &F)) return 0;
    L->quiet[v] = -1;
    if (!flow_rooms(S, L, &F)) return -1;
    flow_warm_start(S, &F);
    flow_greedy(&F);
    for (int p = 0; p < F.npending; p++)
        if (!flow_augment(&F, F.pending[p])) return -1;
    if (flow_one_part(&F)) {
        int count = F.n + F.strips; /* up to 64 (n = 42) */
        qs_line sinks = count == 64 ? ~(qs_line)0 : ((qs_line)1 << count) - 1, regions = ((qs_line)1 << F.n) - 1;
        if (!(~F.open & ~regions & sinks)) { /* and no strip without an empty block to spare */
            L->quiet[v] = *L->placed;
            return 0;
        }
        changed = flow_musts_of_closed(S, L, &F);
    } else {
        flow_parts(&F);
        changed = flow_cut_unused(S, L, &F);
        int got = flow_musts_by_part(S, L, &F);
        changed = got < 0 ? -1 : changed | got;
    }
    if (!changed) L->quiet[v] = *L->placed;
    return changed;
}
