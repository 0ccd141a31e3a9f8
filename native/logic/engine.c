/* See engine.h. */

#include "engine.h"

#include <stdlib.h>

#include "blocks.h"
#include "kernels.h"
#include "pigeonhole.h"
#include "probes.h"
#include "rules.h"
#include "stop.h"
#include "witness.h"

ql_engine *ql_engine_new(int n, int k, int rule, const uint8_t *regions, const int *given, int ngiven, const int *blocked,
                         int nblocked, int max_depth) {
    ql_engine *e = (ql_engine *)calloc(1, sizeof(ql_engine));
    if (!e) return NULL;
    ql_ctx *c = &e->c;
    if (ql_geo_init(&c->g, n, k, rule, regions)) {
        free(e);
        return NULL;
    }
    const ql_geo *g = &c->g;
    c->max_depth = max_depth;
    ql_witnesses_init(&c->wit);
    c->nframes = max_depth > 0 ? max_depth : 0;
    if (c->nframes) c->frames = (ql_frame *)calloc((size_t)c->nframes, sizeof(ql_frame));
    e->state = (ql_word *)malloc((size_t)g->state_words * sizeof(ql_word));
    if (k > 1) {
        c->hits = (ql_word *)malloc((size_t)g->cells * g->words * sizeof(ql_word));
        c->hits_at = (uint32_t *)calloc((size_t)g->cells, sizeof(uint32_t));
        c->spread_key = (ql_word *)malloc((size_t)g->units * g->words * sizeof(ql_word));
        c->spread_val = (ql_word *)malloc((size_t)g->units * g->words * sizeof(ql_word));
        c->spread_ok = (uint8_t *)calloc((size_t)g->units, 1);
        c->starve_key = (ql_word *)malloc((size_t)g->units * QL_STARVE_KEY(g->words) * sizeof(ql_word));
        c->starve_none = (uint8_t *)calloc((size_t)g->units, 1);
    }
    if (!e->state || (c->nframes && !c->frames)
        || (k > 1 && (!c->hits || !c->hits_at || !c->spread_key || !c->spread_val || !c->spread_ok || !c->starve_key || !c->starve_none))) {
        ql_engine_free(e);
        return NULL;
    }
    ql_state_start(g, e->state, given, ngiven, blocked, nblocked);
    e->status = ql_solved(g, e->state) ? QL_SOLVED : QL_GOING;
    return e;
}

void ql_engine_free(ql_engine *e) {
    if (!e) return;
    ql_ctx *c = &e->c;
    ql_frames_free(c);
    ql_witnesses_free(&c->wit);
    free(c->hits);
    free(c->hits_at);
    free(c->spread_key);
    free(c->spread_val);
    free(c->spread_ok);
    free(c->starve_key);
    free(c->starve_none);
    ql_geo_free(&c->g);
    free(e->state);
    free(e->head);
    free(e->data);
    free(e);
}

/* The first deduction of the cheapest rule that makes one, probes last (next_deduction). */
static int next_deduction(ql_engine *e, ql_ded *d) {
    ql_ctx *c = &e->c;
    ql_word *st = e->state;
    int r = ql_queen_eliminates(c, st, d);
    if (r == QL_NONE) r = ql_single_candidate(c, st, d);
    if (r == QL_NONE) r = ql_confinement(c, st, 0, d);
    if (r == QL_NONE) r = ql_pigeonhole(c, st, 0, d);
    if (r == QL_NONE) r = ql_would_empty_unit(c, st, 0, d);
    if (r == QL_NONE) r = ql_blocks(c, st, 0, d);
    if (r == QL_NONE && c->max_depth > 0) r = ql_probe(c, st, c->max_depth, 0, NULL, 1, d);
    return r;
}

static int grow(ql_engine *e, long more_data) {
    if (e->nsteps == e->head_cap) {
        int cap = e->head_cap ? 2 * e->head_cap : 64;
        int32_t *head = (int32_t *)realloc(e->head, (size_t)cap * QL_HEAD * sizeof(int32_t));
        if (!head) return QL_NO_MEMORY;
        e->head = head;
        e->head_cap = cap;
    }
    if (e->ndata + more_data > e->data_cap) {
        long cap = e->data_cap ? 2 * e->data_cap : 1024;
        while (cap < e->ndata + more_data) cap *= 2;
        int16_t *data = (int16_t *)realloc(e->data, (size_t)cap * sizeof(int16_t));
        if (!data) return QL_NO_MEMORY;
        e->data = data;
        e->data_cap = cap;
    }
    return 0;
}

static int put_cells(int16_t *out, const ql_word *mask, int W) {
    int count = 0;
    QL_FOR_BITS(mask, W, i)
        out[count++] = (int16_t)i;
    QL_END_BITS
    return count;
}

static int record(ql_engine *e, const ql_ded *d, int candidates) {
    const ql_geo *g = &e->c.g;
    int W = g->words;
    int cells = ql_count(d->place, W) + ql_count(d->cross, W) + ql_count(d->forced, W) + ql_count(d->blocks, W);
    if (grow(e, (long)cells + d->nunits + d->nlines)) return QL_NO_MEMORY;
    int32_t *h = e->head + (size_t)e->nsteps * QL_HEAD;
    int16_t *out = e->data + e->ndata;
    h[QL_H_RULE] = d->rule;
    h[QL_H_DEPTH] = d->depth;
    h[QL_H_CELL] = d->cell;
    h[QL_H_STARS] = d->stars;
    h[QL_H_ASSUMED] = d->assumed;
    h[QL_H_CANDIDATES] = candidates;
    h[QL_H_TRIED] = d->tried;
    int at = 0;
    at += h[QL_H_PLACED] = put_cells(out + at, d->place, W);
    at += h[QL_H_CROSSED] = put_cells(out + at, d->cross, W);
    for (int j = 0; j < d->nunits; j++) out[at++] = d->units[j];
    h[QL_H_UNITS] = d->nunits;
    for (int j = 0; j < d->nlines; j++) out[at++] = d->lines[j];
    h[QL_H_LINES] = d->nlines;
    at += h[QL_H_FORCED] = put_cells(out + at, d->forced, W);
    at += h[QL_H_BLOCKS] = put_cells(out + at, d->blocks, W);
    e->ndata += at;
    e->nsteps++;
    int code = d->rule == QL_PROBE ? QL_PROBE + d->depth - 1 : d->rule;
    int t = 0;
    while (t < e->techniques && e->technique_code[t] != code) t++;
    if (t == e->techniques) {
        if (t == QL_RULES + 64) return 0;  /* probes deeper than 64 levels are not counted here */
        e->technique_code[t] = code;
        e->technique_count[t] = 0;
        e->techniques++;
    }
    e->technique_count[t]++;
    return 0;
}

int ql_engine_run(ql_engine *e, int max_steps, double time_limit, ql_release_fn release, void *release_ctx) {
    ql_ctx *c = &e->c;
    const ql_geo *g = &c->g;
    ql_ded d;
    ql_pace_start(&c->pace, time_limit, release, release_ctx);
    for (int made = 0; e->status == QL_GOING && (max_steps < 0 || made < max_steps); made++) {
        if (ql_pace_check(&c->pace)) {
            e->status = c->pace.stop == QS_TIMED_OUT ? QL_OUT_OF_TIME : QL_STOPPED_BY_POLL;
            break;
        }
        int candidates = ql_count(e->state, g->words);
        int r = next_deduction(e, &d);
        if (r == QL_CONTRADICTION) {
            e->dead_end = c->why;
            e->status = QL_DEAD_END;
        } else if (r == QL_STOPPED) {
            e->status = c->pace.stop == QS_TIMED_OUT ? QL_OUT_OF_TIME : QL_STOPPED_BY_POLL;
        } else if (r == QL_NO_MEMORY) {
            e->status = QL_OUT_OF_MEMORY;
        } else if (r == QL_NONE) {
            e->status = QL_STUCK;
        } else {
            ql_apply(g, e->state, d.place, d.cross);
            if (ql_solved(g, e->state)) e->status = QL_SOLVED;
            if (record(e, &d, candidates)) e->status = QL_OUT_OF_MEMORY;
        }
    }
    return e->status;
}

/* This variant's entry points (kernels.c calls the one in use). */
const ql_logic_kernel QS_VARIANT_NAME(ql_logic_kernel) = {ql_engine_new, ql_engine_free, ql_engine_run};
