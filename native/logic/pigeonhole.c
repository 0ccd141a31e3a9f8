/* See pigeonhole.h. The twin of pigeonhole.py, step for step: the same greedy start, the same
   augmenting paths in the same order, so that even a contradiction names the same units. */

#include "pigeonhole.h"

typedef struct {
    int n, one, fa, fb;
    ql_word out[QL_MAX_N];     /* a -> the lines it sends stars to */
    ql_word into[QL_MAX_N];    /* b -> the units sending it stars */
    /* k > 1 */
    int16_t amount[QL_MAX_STAR_N * QL_MAX_STAR_N];
    int16_t load[QL_MAX_N], left[QL_MAX_N], cap[QL_MAX_N];
    /* k = 1 */
    int8_t match_a[QL_MAX_N], match_b[QL_MAX_N];
} flow_t;

static inline ql_word bit(int i) { return (ql_word)1 << i; }

static ql_word union_of(ql_word items, const ql_word *table) {
    ql_word out = 0;
    while (items) {
        out |= table[ql_ctz(items)];
        items &= items - 1;
    }
    return out;
}

static int contradiction(ql_ctx *c, const flow_t *f, ql_word group, ql_word lines) {
    int n = f->n;
    c->why.nunits = c->why.nlines = 0;
    for (ql_word x = group; x; x &= x - 1) c->why.units[c->why.nunits++] = (int16_t)(f->fa * n + ql_ctz(x));
    for (ql_word x = lines; x; x &= x - 1) c->why.lines[c->why.nlines++] = (int16_t)(f->fb * n + ql_ctz(x));
    return QL_CONTRADICTION;
}

/* ---------------------------------------------------------------- k = 1: a matching */
static int augment_match(flow_t *f, int a, const ql_word *adj, ql_word *visited) {
    ql_word free_ = adj[a] & ~*visited;
    while (free_) {
        int b = ql_ctz(free_);
        *visited |= bit(b);
        int other = f->match_b[b];
        if (other < 0 || augment_match(f, other, adj, visited)) {
            f->match_a[a] = (int8_t)b;
            f->match_b[b] = (int8_t)a;
            return 1;
        }
        free_ &= ~*visited;
    }
    return 0;
}

static int match(ql_ctx *c, flow_t *f, const ql_word *adj, const int *nodes, int nn) {
    memset(f->match_a, -1, sizeof(f->match_a));
    memset(f->match_b, -1, sizeof(f->match_b));
    ql_word taken = 0;
    for (int j = 0; j < nn; j++) {  /* greedy start: most nodes find a free neighbour at once */
        int a = nodes[j];
        ql_word free_ = adj[a] & ~taken;
        if (free_) {
            int b = ql_ctz(free_);
            taken |= bit(b);
            f->match_a[a] = (int8_t)b;
            f->match_b[b] = (int8_t)a;
        }
    }
    for (int j = 0; j < nn; j++) {
        int a = nodes[j];
        if (f->match_a[a] >= 0) continue;
        ql_word visited = 0;
        if (!augment_match(f, a, adj, &visited)) {
            ql_word group = bit(a);
            for (ql_word x = visited; x; x &= x - 1) group |= bit(f->match_b[ql_ctz(x)]);
            return contradiction(c, f, group, visited);
        }
    }
    for (int j = 0; j < nn; j++) {
        int a = nodes[j], b = f->match_a[a];
        f->out[a] = bit(b);
        f->into[b] = bit(a);
    }
    return QL_NONE;
}

/* ---------------------------------------------------------------- k > 1: a flow of stars */
static void add(flow_t *f, int a, int b, int x) {
    int key = a * f->n + b;
    int got = f->amount[key] + x;
    f->amount[key] = (int16_t)got;
    f->load[b] = (int16_t)(f->load[b] + x);
    f->left[a] = (int16_t)(f->left[a] - x);
    if (got) {
        f->out[a] |= bit(b);
        f->into[b] |= bit(a);
    } else {
        f->out[a] &= ~bit(b);
        f->into[b] &= ~bit(a);
    }
}

/* Line b takes one star from a2 instead of a. */
static void move(flow_t *f, int a, int a2, int b) {
    int n = f->n;
    f->amount[a * n + b]--;
    if (!f->amount[a * n + b]) {
        f->out[a] &= ~bit(b);
        f->into[b] &= ~bit(a);
    }
    f->amount[a2 * n + b]++;
    f->left[a2]--;
    f->left[a]++;
    f->out[a2] |= bit(b);
    f->into[b] |= bit(a2);
}

static int augment(flow_t *f, int a, const ql_word *adj, ql_word *visited) {
    ql_word free_ = adj[a] & ~*visited;
    while (free_) {
        int b = ql_ctz(free_);
        *visited |= bit(b);
        if (f->load[b] < f->cap[b]) {
            add(f, a, b, 1);
            return 1;
        }
        ql_word senders = f->into[b];
        while (senders) {
            int other = ql_ctz(senders);
            senders &= senders - 1;
            if (augment(f, other, adj, visited)) {
                move(f, other, a, b);  /* other sends that star elsewhere now */
                return 1;
            }
        }
        free_ &= ~*visited;
    }
    return 0;
}

static int fill(ql_ctx *c, flow_t *f, const ql_word *adj, const int *nodes, int nn) {
    if (f->one) return match(c, f, adj, nodes, nn);
    int n = f->n;
    ql_word full = 0;  /* nothing is sent yet: the full lines are those that need nothing */
    for (int b = 0; b < n; b++)
        if (!f->cap[b]) full |= bit(b);
    for (int j = 0; j < nn; j++) {  /* greedy start */
        int a = nodes[j];
        while (f->left[a]) {
            ql_word free_ = adj[a] & ~full;
            if (!free_) break;
            int b = ql_ctz(free_);
            int x = f->cap[b] - f->load[b];
            if (f->left[a] < x) x = f->left[a];
            f->amount[a * n + b] = (int16_t)(f->amount[a * n + b] + x);
            f->load[b] = (int16_t)(f->load[b] + x);
            f->left[a] = (int16_t)(f->left[a] - x);
            f->out[a] |= bit(b);
            f->into[b] |= bit(a);
            if (f->load[b] >= f->cap[b]) full |= bit(b);
        }
    }
    for (int j = 0; j < nn; j++) {
        int a = nodes[j];
        while (f->left[a]) {
            ql_word visited = 0;
            if (!augment(f, a, adj, &visited)) return contradiction(c, f, bit(a) | union_of(visited, f->into), visited);
        }
    }
    return QL_NONE;
}

/* ---------------------------------------------------------------- the closures */
static ql_word closure(int start, const ql_word *step, ql_word within) {
    ql_word seen = bit(start), frontier = seen;
    while (frontier) {
        frontier = union_of(frontier, step) & within & ~seen;
        seen |= frontier;
    }
    return seen;
}

static ql_word closure_back(int start, const ql_word *step, ql_word within) {
    ql_word seen = bit(start);
    for (;;) {
        ql_word rest = within & ~seen, grown = 0;
        for (; rest; rest &= rest - 1) {
            int b = ql_ctz(rest);
            if (step[b] & seen) grown |= bit(b);
        }
        if (!grown) return seen;
        seen |= grown;
    }
}

static void components(ql_word lines, const ql_word *step, int n, ql_word *component) {
    memset(component, 0, (size_t)n * sizeof(ql_word));
    ql_word remaining = lines;
    while (remaining) {
        int x = ql_ctz(remaining);
        ql_word comp = closure(x, step, remaining) & closure_back(x, step, remaining);
        for (ql_word y = comp; y; y &= y - 1) component[ql_ctz(y)] = comp;
        remaining &= ~comp;
    }
}

static void deduction(ql_ctx *c, ql_word *st, int f_in, ql_word inside, int f_out, ql_word around, ql_ded *d) {
    const ql_geo *g = &c->g;
    int n = g->n, W = g->words;
    ql_ded_clear(d, QL_PIGEONHOLE, W);
    ql_word inner[QL_MAX_W], outer[QL_MAX_W];
    ql_zero(inner, W);
    ql_zero(outer, W);
    int stars = 0;
    for (ql_word x = inside; x; x &= x - 1) {
        int u = f_in * n + ql_ctz(x);
        d->units[d->nunits++] = (int16_t)u;
        ql_or_into(inner, ql_unit(g, u), W);
        if (g->k > 1) stars += ql_need(g, st, u);
    }
    for (ql_word x = around; x; x &= x - 1) {
        int u = f_out * n + ql_ctz(x);
        d->lines[d->nlines++] = (int16_t)u;
        ql_or_into(outer, ql_unit(g, u), W);
    }
    for (int w = 0; w < W; w++) d->cross[w] = st[w] & outer[w] & ~inner[w];
    d->stars = stars;
}

int ql_pigeonhole(ql_ctx *c, ql_word *st, int bulk, ql_ded *d) {
    const ql_geo *g = &c->g;
    int n = g->n, W = g->words;
    const ql_word *cand = st;
    /* the bipartite graphs: regions to rows, regions to columns, rows to columns (_graphs) */
    ql_word region_rows[QL_MAX_N], region_cols[QL_MAX_N], row_cols[QL_MAX_N];
    memset(region_rows, 0, sizeof(ql_word) * (size_t)n);
    memset(region_cols, 0, sizeof(ql_word) * (size_t)n);
    memset(row_cols, 0, sizeof(ql_word) * (size_t)n);
    QL_FOR_BITS(cand, W, i)
        int r = i / n, col = i % n;
        row_cols[r] |= bit(col);
        if (g->regions) {
            region_rows[g->region_of[i]] |= bit(r);
            region_cols[g->region_of[i]] |= bit(col);
        }
    QL_END_BITS
    int graphs = g->regions ? 3 : 1;
    static const int fas[3] = {2, 2, 0}, fbs[3] = {0, 1, 1};
    const ql_word *adjs[3] = {region_rows, region_cols, row_cols};
    int best_k = -1;
    ql_word everything[QL_MAX_W];
    if (bulk) ql_zero(everything, W);
    int any = 0;
    flow_t f;
    ql_word step[QL_MAX_N], component[QL_MAX_N];
    int nodes[QL_MAX_N];
    for (int gi = 0; gi < graphs; gi++) {
        int fa = g->regions ? fas[gi] : 0, fb = g->regions ? fbs[gi] : 1;
        const ql_word *adj = g->regions ? adjs[gi] : row_cols;
        int nn = 0;
        for (int j = 0; j < n; j++)
            if (ql_is_open(g, st, fa * n + j)) nodes[nn++] = j;
        f.n = n;
        f.fa = fa;
        f.fb = fb;
        f.one = g->k == 1;
        memset(f.out, 0, sizeof(ql_word) * (size_t)n);
        memset(f.into, 0, sizeof(ql_word) * (size_t)n);
        if (!f.one) {
            memset(f.amount, 0, sizeof(int16_t) * (size_t)n * n);
            for (int j = 0; j < n; j++) {
                f.load[j] = 0;
                f.left[j] = (int16_t)ql_need(g, st, fa * n + j);
                f.cap[j] = (int16_t)ql_need(g, st, fb * n + j);
            }
        }
        int r = fill(c, &f, adj, nodes, nn);
        if (r < 0) return r;
        ql_word everywhere = 0;
        memset(step, 0, sizeof(ql_word) * (size_t)n);  /* line -> the lines touched by the units that send it stars */
        for (int j = 0; j < nn; j++) {
            int a = nodes[j];
            ql_word sent = f.out[a];
            everywhere |= sent;
            for (; sent; sent &= sent - 1) step[ql_ctz(sent)] |= adj[a];
        }
        components(everywhere, step, n, component);
        for (int j = 0; j < nn; j++) {
            int a = nodes[j];
            int line = ql_ctz(f.out[a]);
            /* a's cells in the lines outside its lines' component: no flow uses them */
            ql_word removable = adj[a] & ~component[line];
            if (!removable) continue;
            if (bulk) {
                ql_word outer[QL_MAX_W];
                ql_zero(outer, W);
                for (ql_word x = removable; x; x &= x - 1) ql_or_into(outer, ql_unit(g, fb * n + ql_ctz(x)), W);
                const ql_word *um = ql_unit(g, fa * n + a);
                for (int w = 0; w < W; w++) {
                    ql_word x = cand[w] & um[w] & outer[w];
                    everything[w] |= x;
                    any |= x != 0;
                }
                continue;
            }
            /* Explained by the lines reachable from b (units inside those lines), or by the
               lines that reach a's own line (lines inside those units): the smaller. */
            ql_word inside_lines = closure_back(line, step, everywhere);
            int inside_count = ql_popcount(inside_lines);
            for (ql_word x = removable; x; x &= x - 1) {
                int b = ql_ctz(x);
                ql_word around = closure(b, step, everywhere);
                int around_count = ql_popcount(around);
                int k = around_count < inside_count ? around_count : inside_count;
                if (best_k >= 0 && k >= best_k) continue;
                if (around_count <= inside_count) deduction(c, st, fa, union_of(around, f.into), fb, around, d);
                else deduction(c, st, fb, inside_lines, fa, union_of(inside_lines, f.into), d);
                best_k = k;
            }
        }
        if (best_k >= 0 && best_k <= 2) break;
    }
    if (bulk) {
        if (!any) return QL_NONE;
        ql_ded_clear(d, QL_PIGEONHOLE, W);
        ql_copy(d->cross, everything, W);
        return QL_FOUND;
    }
    return best_k >= 0 ? QL_FOUND : QL_NONE;
}
