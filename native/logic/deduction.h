/* What a rule produces: a deduction (cells to place or cross, and why), or a contradiction
   (the units, and lines, that prove the state has no solution). The twins of
   src/queens_sat/engines/logic/deduction.py's Deduction and Contradiction. */

#ifndef QL_DEDUCTION_H
#define QL_DEDUCTION_H

#include "board.h"

/* Rule ids: the places of the techniques in engines/logic/deduction.py's TECHNIQUES table, cheapest
   first (each row names its id here; tests/test_architecture.py holds the two to each other). */
enum {
    QL_QUEEN_ELIMINATES = 0,
    QL_SINGLE_CANDIDATE = 1,
    QL_CONFINEMENT = 2,
    QL_PIGEONHOLE = 3,
    QL_WOULD_EMPTY_UNIT = 4,
    QL_BLOCKS = 5,
    QL_PROBE = 6,
    QL_RULES = 7
};

/* What a probe assumed: a star on its cell (it is crossed out), or the cell crossed (it gets a star). */
enum { QL_ASSUMED_NONE = 0, QL_ASSUMED_STAR = 1, QL_ASSUMED_CROSS = 2 };

typedef struct {
    int rule, depth, cell, stars, assumed;
    int tried;  /* probes: the assumptions made to find this one, it and the witness-skipped included */
    int nunits, nlines;
    int16_t units[QL_MAX_UNITS], lines[QL_MAX_UNITS];
    ql_word place[QL_MAX_W], cross[QL_MAX_W], forced[QL_MAX_W], blocks[QL_MAX_W];
} ql_ded;

/* A contradiction's units and lines (Contradiction.units, .lines). */
typedef struct {
    int nunits, nlines;
    int16_t units[QL_MAX_UNITS], lines[QL_MAX_UNITS];
} ql_why;

static inline void ql_ded_clear(ql_ded *d, int rule, int words) {
    d->rule = rule;
    d->depth = 0;
    d->cell = -1;
    d->stars = 0;
    d->assumed = QL_ASSUMED_NONE;
    d->tried = 0;
    d->nunits = d->nlines = 0;
    ql_zero(d->place, words);
    ql_zero(d->cross, words);
    ql_zero(d->forced, words);
    ql_zero(d->blocks, words);
}

static inline int ql_why_unit(ql_why *why, int u) {
    why->nunits = 1;
    why->units[0] = (int16_t)u;
    why->nlines = 0;
    return QL_CONTRADICTION;
}

#endif
