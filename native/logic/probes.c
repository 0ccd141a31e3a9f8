/* See probes.h; the twin of probes.py, including its remembered states (hints): what a star
   on cell j led to in an ancestor state still follows in a descendant, so a depth-1 probe
   starts from that merged in. The deductions are the same as without, only found sooner. */

#include "probes.h"

#include <stdlib.h>

#include "blocks.h"
#include "pigeonhole.h"
#include "rules.h"
#include "witness.h"

enum { PASS_STAR = 0, PASS_CROSS = 1 };

/* Stars on cells, one by one with what each rules out; a cell that an earlier one ruled out
   is a contradiction naming `why` (_put_all). */
static int put_all(ql_ctx *c, ql_word *st, const ql_word *cells, const int16_t *units, int nunits) {
    const ql_geo *g = &c->g;
    int W = g->words;
    ql_word copy[QL_MAX_W];
    ql_copy(copy, cells, W);
    QL_FOR_BITS(copy, W, i)
        if (!ql_test(st, i)) {
            c->why.nunits = nunits;
            c->why.nlines = 0;
            for (int j = 0; j < nunits; j++) c->why.units[j] = units[j];
            return QL_CONTRADICTION;
        }
        ql_put(g, st, i);
    QL_END_BITS
    return 0;
}

/* k > 1, after stars came in from elsewhere (State.settle): close the full units and cross
   their other cells; a unit holding more than k is a contradiction. */
static int settle(ql_ctx *c, ql_word *st) {
    const ql_geo *g = &c->g;
    int W = g->words;
    ql_word open[QL_OPEN_W];
    ql_copy(open, st + 2 * W, QL_OPEN_W);
    QL_FOR_BITS(open, QL_OPEN_W, u)
        int held = ql_count_and(st + W, ql_unit(g, u), W);
        if (held > g->k) return ql_why_unit(&c->why, u);
        if (held == g->k) {
            ql_clear(st + 2 * W, u);
            ql_andnot_into(st, ql_unit(g, u), W);
        }
    QL_END_BITS
    return 0;
}

/* The state st with the assumption on cell i (a star with its eliminations, or a cross),
   merged with what that assumption led to in an earlier state (hint, or NULL); a clash
   between the two is a contradiction naming nothing (_assume). */
static int assume(ql_ctx *c, ql_word *trial, int i, int pass, const ql_word *hint) {
    const ql_geo *g = &c->g;
    int W = g->words;
    if (pass == PASS_STAR) ql_put(g, trial, i);
    else ql_clear(trial, i);
    if (!hint) return 0;
    const ql_word *hq = hint + W;
    for (int x = 0; x < W; x++)
        if ((hq[x] & ~(trial[x] | trial[W + x])) || (trial[W + x] & ~(hint[x] | hq[x]))) {
            c->why.nunits = c->why.nlines = 0;  /* a star of one is crossed out in the other */
            return QL_CONTRADICTION;
        }
    for (int x = 0; x < W; x++) {
        trial[W + x] |= hq[x];
        trial[x] &= hint[x] & ~trial[W + x];
    }
    for (int x = 0; x < QL_OPEN_W; x++) trial[2 * W + x] &= hint[2 * W + x];
    if (g->k > 1) return settle(c, trial);  /* stars of both together may fill (or overfill) a unit */
    return 0;
}

/* ---------------------------------------------------------------- frames */
/* Frame f (the caller allocated c->frames, one for each probe depth, so that no frame moves
   while a deeper one reads its states), with room for `cells` cells. */
static ql_frame *frame_at(ql_ctx *c, int f, int cells) {
    const ql_geo *g = &c->g;
    if (f >= c->nframes) return NULL;
    ql_frame *fr = c->frames + f;
    if (!fr->slot) {
        fr->slot = (int16_t *)malloc((size_t)g->cells * sizeof(int16_t));
        fr->trial = (ql_word *)malloc((size_t)g->state_words * sizeof(ql_word));
        fr->keys = (int16_t *)malloc((size_t)g->units * sizeof(int16_t));
        fr->units = (int16_t *)malloc((size_t)g->units * sizeof(int16_t));
        if (!fr->slot || !fr->trial || !fr->keys || !fr->units) return NULL;
        memset(fr->slot, -1, (size_t)g->cells * sizeof(int16_t));
    }
    if (fr->cap < cells) {  /* only ever at the start of this frame's probe: no deeper frame reads it then */
        int cap = cells;
        free(fr->order);
        free(fr->have);
        free(fr->known);
        fr->order = (int16_t *)malloc((size_t)cap * sizeof(int16_t));
        fr->have = (uint8_t *)malloc(2 * (size_t)cap);
        fr->known = (ql_word *)malloc(2 * (size_t)cap * g->state_words * sizeof(ql_word));
        fr->cap = cap;
        if (!fr->order || !fr->have || !fr->known) {
            fr->cap = 0;
            return NULL;
        }
    }
    return fr;
}

void ql_frames_free(ql_ctx *c) {
    for (int f = 0; f < c->nframes; f++) {
        ql_frame *fr = c->frames + f;
        free(fr->order);
        free(fr->slot);
        free(fr->have);
        free(fr->known);
        free(fr->trial);
        free(fr->keys);
        free(fr->units);
    }
    free(c->frames);
    c->frames = NULL;
    c->nframes = 0;
}

static ql_word *known_at(const ql_frame *fr, int pass, int slot, int state_words) {
    return fr->known + ((size_t)pass * fr->cap + slot) * state_words;
}

/* What the assumption on cell i led to in the frame `hints` (its depth-1 probe), or NULL. */
static const ql_word *hint_for(const ql_frame *hints, int pass, int i, int state_words) {
    if (!hints) return NULL;
    int slot = hints->slot[i];
    if (slot < 0 || !hints->have[pass * hints->cap + slot]) return NULL;
    return known_at(hints, pass, slot, state_words);
}

/* Candidate cells, those of the units with fewest candidates (k > 1: to spare) first; ties
   in unit order (probe_order: a stable sort). */
static void probe_order(ql_ctx *c, const ql_word *st, ql_frame *fr) {
    const ql_geo *g = &c->g;
    int W = g->words;
    int nu = 0;
    const ql_word *open = st + 2 * W;
    QL_FOR_BITS(open, QL_OPEN_W, u)
        int key = ql_count_and(st, ql_unit(g, u), W);
        if (g->k > 1) key -= ql_need(g, st, u);
        /* insertion into the sorted list, after every unit of the same key: stable */
        int j = nu;
        while (j > 0 && fr->keys[j - 1] > key) {
            fr->keys[j] = fr->keys[j - 1];
            fr->units[j] = fr->units[j - 1];
            j--;
        }
        fr->keys[j] = (int16_t)key;
        fr->units[j] = (int16_t)u;
        nu++;
    QL_END_BITS
    ql_word seen[QL_MAX_W];
    ql_zero(seen, W);
    fr->count = 0;
    for (int j = 0; j < nu; j++) {
        const ql_word *um = ql_unit(g, fr->units[j]);
        for (int w = 0; w < W; w++) {
            ql_word fresh = st[w] & um[w] & ~seen[w];
            seen[w] |= fresh;
            for (; fresh; fresh &= fresh - 1) fr->order[fr->count++] = (int16_t)(w * 64 + ql_ctz(fresh));
        }
    }
}

int ql_probe(ql_ctx *c, const ql_word *st, int max_depth, int frame, const ql_frame *hints, int witnesses, ql_ded *d) {
    const ql_geo *g = &c->g;
    int W = g->words, SW = g->state_words;
    ql_frame *fr = frame_at(c, frame, ql_count(st, W));
    if (!fr) return QL_NO_MEMORY;
    probe_order(c, st, fr);
    for (int j = 0; j < fr->count; j++) fr->slot[fr->order[j]] = (int16_t)j;
    memset(fr->have, 0, 2 * (size_t)fr->cap);
    int result = QL_NONE, tried = 0;
    for (int depth = 1; depth <= max_depth && result == QL_NONE; depth++)
        for (int pass = PASS_STAR; pass <= PASS_CROSS && result == QL_NONE; pass++)
            for (int j = 0; j < fr->count; j++) {
                int i = fr->order[j];
                if (ql_pace_check(&c->pace)) {
                    result = QL_STOPPED;
                    break;
                }
                tried++;
                if (witnesses && (pass == PASS_STAR ? ql_witness_covers(c, st, i) : ql_witness_avoids(c, st, i))) continue;
                ql_word *trial = fr->trial;
                ql_copy(trial, st, SW);
                int r, merged = 1;
                c->probes++;
                if (depth == 1) {
                    r = assume(c, trial, i, pass, hint_for(hints, pass, i, SW));
                    if (r == QL_CONTRADICTION) merged = 0;  /* the trial never became the assumption's state */
                    if (r == 0) r = ql_saturate(c, trial, 0, frame + 1, NULL);
                    if (r == 0) {
                        ql_copy(known_at(fr, pass, j, SW), trial, SW);
                        fr->have[pass * fr->cap + j] = 1;
                        if (witnesses && ql_solved(g, trial) && ql_witness_add(c, trial + W) < 0) r = QL_NO_MEMORY;
                    }
                } else {
                    if (!fr->have[pass * fr->cap + j]) continue;  /* skipped at depth 1 by a witness: still covered */
                    if (witnesses) {
                        r = ql_witness_search(c, known_at(fr, pass, j, SW));
                        if (r < 0) {
                            result = r;
                            break;
                        }
                        if (r) continue;
                    }
                    ql_copy(trial, known_at(fr, pass, j, SW), SW);
                    r = ql_saturate(c, trial, depth - 1, frame + 1, fr);
                }
                if (r == QL_CONTRADICTION) {
                    ql_ded_clear(d, QL_PROBE, W);
                    if (pass == PASS_STAR) ql_set(d->cross, i);
                    else ql_set(d->place, i);
                    d->assumed = pass == PASS_STAR ? QL_ASSUMED_STAR : QL_ASSUMED_CROSS;
                    d->cell = i;
                    d->depth = depth;
                    d->tried = tried;
                    for (int k = 0; k < c->why.nunits; k++) d->units[k] = c->why.units[k];
                    d->nunits = c->why.nunits;
                    for (int k = 0; k < c->why.nlines; k++) d->lines[k] = c->why.lines[k];
                    d->nlines = c->why.nlines;
                    if (merged)
                        for (int w = 0; w < W; w++) d->forced[w] = trial[W + w] & ~st[W + w];
                    ql_clear(d->forced, i);
                    result = QL_FOUND;
                    break;
                }
                if (r < 0) {
                    result = r;
                    break;
                }
            }
    for (int j = 0; j < fr->count; j++) fr->slot[fr->order[j]] = -1;
    return result;
}

/* Apply a bulk deduction: its crosses, then its stars (_put_all, naming its units). */
static int apply_found(ql_ctx *c, ql_word *st, const ql_ded *d) {
    const ql_geo *g = &c->g;
    int W = g->words;
    ql_andnot_into(st, d->cross, W);
    if (ql_any(d->place, W)) return put_all(c, st, d->place, d->units, d->nunits);
    return 0;
}

int ql_saturate(ql_ctx *c, ql_word *st, int depth, int frame, const ql_frame *hints) {
    const ql_geo *g = &c->g;
    int W = g->words, U = g->units;
    ql_word *open = st + 2 * W;
    ql_word m[QL_MAX_W];
    ql_ded d;
    while (open[0] | open[1] | open[2]) {
        int placed = 0;
        for (int u = 0; u < U; u++) {
            if (!ql_test(open, u)) continue;  /* closed, perhaps by a star placed earlier in this pass */
            ql_and(m, st, ql_unit(g, u), W);
            if (g->k == 1) {
                int i = ql_lowest(m, W);
                if (i < 0) return ql_why_unit(&c->why, u);
                if (ql_single(m, W)) {
                    ql_set(st + W, i);
                    ql_clear(st, i);
                    ql_andnot_into(st, ql_attack(g, i), W);
                    const ql_word *b = g->cell_unit_bits + (size_t)i * QL_OPEN_W;
                    for (int x = 0; x < QL_OPEN_W; x++) open[x] &= ~b[x];
                    placed = 1;
                }
                continue;
            }
            int need = ql_need(g, st, u), count = ql_count(m, W);
            if (count < need) return ql_why_unit(&c->why, u);
            if (count == need) {
                int16_t why = (int16_t)u;
                int r = put_all(c, st, m, &why, 1);
                if (r) return r;
                placed = 1;
            }
        }
        if (placed) continue;
        /* the crossing rules in order of cost (not of difficulty), in bulk */
        int r = ql_confinement(c, st, 1, &d);
        if (r == QL_NONE) r = ql_would_empty_unit(c, st, 1, &d);
        if (r == QL_NONE) r = ql_pigeonhole(c, st, 1, &d);
        if (r == QL_NONE) r = ql_blocks(c, st, 1, &d);
        if (r < 0) return r;
        if (r == QL_NONE) {
            if (depth == 0) return 0;
            r = ql_probe(c, st, depth, frame, hints, 0, &d);
            if (r <= 0) return r;
        }
        r = apply_found(c, st, &d);
        if (r) return r;
    }
    return 0;
}
