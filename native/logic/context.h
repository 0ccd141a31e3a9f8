/* One run of the engine: the board, its pace (deadline, signals, the GIL), the scratch space every rule shares, the
   witnesses and the probes' remembered states. Nothing here is global: runs on other
   threads each have their own. */

#ifndef QL_CONTEXT_H
#define QL_CONTEXT_H

#include "board.h"
#include "deduction.h"
#include "pace.h"

/* Solutions met on the way (witness.py): they only let the probes skip cells. */
typedef struct {
    int count, cap;
    ql_word *solutions;          /* cap * words */
    ql_word covered[QL_MAX_W];   /* cells some known solution uses */
    ql_word *stack;              /* the search's states, a level each */
    int stack_levels;
    uint64_t rng;
} ql_witnesses;

/* One level of probing (probes.py's probe): its cells in order and, for each, what a star
   there (pass 0) and a cross there (pass 1) led to without probes: the hints of the probes
   nested inside this one, and the start of its own deeper probes. */
typedef struct {
    int cap, count;
    int16_t *order;      /* cap: the cells, in probe order */
    int16_t *slot;       /* cells: a cell's place in order, -1 */
    uint8_t *have;       /* 2 * cap: whether known holds that cell's state */
    ql_word *known;      /* 2 * cap * state_words */
    ql_word *trial;      /* state_words */
    int16_t *keys;       /* units: probe_order's sort keys */
    int16_t *units;      /* units: probe_order's units, sorted */
} ql_frame;

#define QL_STARVE_KEY(words) (2 * (words) + QL_OPEN_W + 1)  /* m, the cells to try, the units that matter, need */

typedef struct {
    ql_geo g;
    ql_pace pace;
    ql_why why;
    int max_depth;
    /* would-empty-unit (k > 1): what a star on each cell rules out, cached for one call */
    ql_word *hits;
    uint32_t *hits_at;
    uint32_t hits_call;
    /* would-empty-unit (k > 1): each unit's candidates when its spread was last computed, and
       that spread (units change little from one call to the next) */
    ql_word *spread_key, *spread_val;
    uint8_t *spread_ok;
    /* would-empty-unit (k > 1): for each unit, what its finding last depended on (candidates
       of the unit and of the cells to try, stars needed, the units needing one star that
       matter) when it found nothing: the same again finds nothing again */
    ql_word *starve_key;
    uint8_t *starve_none;
    ql_witnesses wit;
    ql_frame *frames;    /* max_depth of them, allocated on first use */
    int nframes;
    long long probes;    /* probe trials made (effort, for the record) */
} ql_ctx;

#endif
