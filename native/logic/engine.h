/* The native logic engine (engine.py's loop): apply the cheapest rule that makes progress,
   record the step, start over; probes to depth max_depth last.

   The record of a run is compact: for each step QL_HEAD int32 fields (see the enum) and its
   cells and units, in that order, in one int16 array. Cells are r * n + c, units their ids
   (rows 0..n-1, columns n..2n-1, regions 2n..3n-1). The Python side (engines/logic/native.py)
   turns it into Step objects when someone reads them. */

#ifndef QL_ENGINE_H
#define QL_ENGINE_H

#include "context.h"

/* A step's head: what each int32 field holds. The lists follow in the data array in the
   order of the counts: placed, crossed, units, lines, forced, blocks. */
enum {
    QL_H_RULE = 0,     /* rule id (deduction.h) */
    QL_H_DEPTH,        /* probe depth, 0 for other rules */
    QL_H_CELL,         /* the star that eliminates or the cell a probe assumed; -1 */
    QL_H_STARS,        /* k > 1: the stars the step counts */
    QL_H_ASSUMED,      /* probes: 1 a star assumed, 2 a cross assumed; 0 */
    QL_H_CANDIDATES,   /* candidate cells before the step (how open the board was) */
    QL_H_TRIED,        /* probes: the assumptions tried to find it (every candidate once a depth and
                          assumption before, then those before it in probe order), it included */
    QL_H_PLACED,       /* counts of the lists that follow */
    QL_H_CROSSED,
    QL_H_UNITS,
    QL_H_LINES,
    QL_H_FORCED,
    QL_H_BLOCKS,
    QL_HEAD
};

/* Where a run ended. */
enum { QL_GOING = 0, QL_SOLVED = 1, QL_STUCK = 2, QL_DEAD_END = 3, QL_OUT_OF_TIME = 4, QL_STOPPED_BY_POLL = 5, QL_OUT_OF_MEMORY = 6 };

typedef struct {
    ql_ctx c;
    const void *kernel;        /* the variant that made it (kernels.c): the one that runs and frees it */
    ql_word *state;
    int status;
    ql_why dead_end;           /* the contradiction, when status is QL_DEAD_END */
    int32_t *head;
    int16_t *data;
    int nsteps, head_cap;
    long ndata, data_cap;
    int techniques;            /* first-seen order of techniques: code rule, or QL_PROBE + depth - 1 */
    int32_t technique_code[QL_RULES + 64], technique_count[QL_RULES + 64];
} ql_engine;

/* An engine at the puzzle's givens; NULL when out of memory. regions: n * n numbers or NULL;
   given, blocked: cell numbers. The caller has checked n, k and the cells. */
ql_engine *ql_engine_new(int n, int k, int rule, const uint8_t *regions, const int *given, int ngiven, const int *blocked,
                         int nblocked, int max_depth);
void ql_engine_free(ql_engine *e);

/* Make up to max_steps steps (< 0: until the end), for at most time_limit seconds (<= 0: no
   limit), looking for Ctrl-C now and then, and calling release once if the run lasts (pace.h);
   returns the status (QL_GOING when the steps ran out first). */
int ql_engine_run(ql_engine *e, int max_steps, double time_limit, ql_release_fn release, void *release_ctx);

#endif
