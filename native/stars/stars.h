/* The k-star (Star Battle) search of the native backend, plain C; native/stars/stars.pyx
   wraps it. The search is described in search.c, the board it works on in board.h. */

#ifndef QS_STARS_H
#define QS_STARS_H

#include <stdint.h>

#include "cpu.h"

#define QS_STARS_MAX_N 64 /* a row is one 64-bit word */

/* Hands one solution, k * n columns (the k star columns of row 0 ascending, then row 1, ...),
   to the caller; non-zero stops the search (as Ctrl-C does). Called without the GIL. */
typedef int (*qs_stars_emit)(void *ctx, const int16_t *solution);

/* One search: what to search and how far. */
typedef struct {
    int n, k;                   /* n up to QS_STARS_MAX_N, k stars a unit */
    const int64_t *regions;     /* n * n region numbers 0..n-1 (checked by the caller); NULL: rows and columns only */
    const int *given;           /* stars given, as cells r * n + c */
    int ngiven;
    const int *blocked;         /* cells that hold no star */
    int nblocked;
    int64_t limit;              /* stop at this many solutions; 0: none */
    int64_t keep;               /* hand the first ``keep`` solutions to ``emit`` */
    double time_limit;          /* seconds; <= 0: none */
    qs_stars_emit emit;
    void *ctx;                  /* handed to ``emit`` */
} qs_stars_task;

/* What one search found. */
typedef struct {
    int64_t count;              /* solutions (up to the limit; exact when the search was exhausted) */
    int64_t nodes;
} qs_stars_found;

/* Search ``task``'s board with the variant in use; returns why it stopped (common/stop.h:
   QS_EXHAUSTED, QS_LIMIT, QS_TIMED_OUT, QS_INTERRUPTED or QS_NO_MEMORY). Runs without the
   GIL; looks at the clock and for Ctrl-C every 4096 nodes. */
int qs_stars_run(const qs_stars_task *task, qs_stars_found *found);

/* The variants built (board.c), by level. */
extern qs_variants qs_stars_variants;

#endif
