/* The WebAssembly module's exports (js/): plain functions over the same kernels the Python
   extension links (native/regions, native/stars, native/logic, native/common), compiled by
   js/build.mjs with clang --target=wasm32-wasi. No kernel is copied here: this file only does
   what the Cython wrappers do for Python (bitsearch.pyx, stars.pyx, logic.pyx), with numbers
   and pointers into the module's memory instead of Python objects.

   Memory: the caller allocates with qsw_alloc / qsw_free and reads the results in place. */

#include <stdint.h>
#include <stdlib.h>

#include "../logic/kernels.h"
#include "../regions/search.h"
#include "../stars/stars.h"
#include "stop.h"

#define QSW_EXPORT(name) __attribute__((export_name(#name)))

QSW_EXPORT(qsw_alloc) void *qsw_alloc(int bytes) { return malloc(bytes > 0 ? (size_t)bytes : 1); }
QSW_EXPORT(qsw_free) void qsw_free(void *p) { free(p); }

/* What a search hands back: out[0] solutions found, out[1] nodes, out[2] the stop code
   (common/stop.h), out[3] solutions kept (doubles: exact up to 2^53, plain JS numbers). */
enum { QSW_COUNT = 0, QSW_NODES, QSW_STOP, QSW_KEPT };

typedef struct {
    int16_t *solutions;
    int64_t keep, kept, size;
} qsw_kept;

static int keep_star_solution(void *ctx, const int16_t *solution) {
    qsw_kept *k = (qsw_kept *)ctx;
    if (k->kept < k->keep) {
        for (int64_t i = 0; i < k->size; i++) k->solutions[k->kept * k->size + i] = solution[i];
        k->kept++;
    }
    return 0;
}

/* Search one board, as bitsearch.pyx's ``count`` (k = 1) and stars.pyx's ``count`` (k > 1):
   ``regions`` n * n region numbers (0: none), ``given``/``blocked`` cells r * n + c, ``limit``
   solutions at most (0: none), the first ``keep`` kept in ``solutions`` (keep * k * n columns),
   ``time_limit`` seconds (<= 0: none), ``node_limit`` nodes (<= 0: none). Returns -1 on
   success, else the first cell whose region is out of 0..n-1 (k = 1; the caller checks). */
QSW_EXPORT(qsw_search)
int qsw_search(int n, int k, int rule, const int64_t *regions, const int *given, int ngiven, const int *blocked, int nblocked,
               double limit, int keep, double time_limit, double node_limit, int16_t *solutions, double *out) {
    if (k == 1) {
        const qs_tables *t = qs_regions_tables(n, rule);
        qs_searcher *s = t ? qs_regions_searcher(n) : NULL;
        if (s == NULL) {
            out[QSW_STOP] = QS_NO_MEMORY;
            return -1;
        }
        int bad = s->kernel->setup(s, t, regions);
        if (bad >= 0) {
            free(s);
            return bad;
        }
        s->kernel->start(s, given, ngiven, blocked, nblocked, time_limit);
        if (node_limit > 0) s->node_limit = (int64_t)node_limit;
        int kept = 0;
        int stop = s->kernel->run(s, (int64_t)limit, keep, keep > 0 ? solutions : NULL, &kept);
        out[QSW_COUNT] = (double)s->count;
        out[QSW_NODES] = (double)s->nodes;
        out[QSW_STOP] = stop;
        out[QSW_KEPT] = kept;
        free(s);
        return -1;
    }
    qsw_kept held = {solutions, keep, 0, (int64_t)k * n};
    qs_stars_task task = {n, k, regions, given, ngiven, blocked, nblocked, (int64_t)limit, keep, time_limit,
                          (int64_t)node_limit, keep_star_solution, &held};
    qs_stars_found found = {0, 0};
    int stop = qs_stars_run(&task, &found);
    out[QSW_COUNT] = (double)found.count;
    out[QSW_NODES] = (double)found.nodes;
    out[QSW_STOP] = stop;
    out[QSW_KEPT] = (double)held.kept;
    return -1;
}

/* The logic engine (logic.pyx's Engine): new, run, free, and the fields its record is read from. */
QSW_EXPORT(qsw_logic_new)
ql_engine *qsw_logic_new(int n, int k, int rule, const uint8_t *regions, const int *given, int ngiven, const int *blocked,
                         int nblocked, int max_depth) {
    return ql_logic_new(n, k, rule, regions, given, ngiven, blocked, nblocked, max_depth);
}

QSW_EXPORT(qsw_logic_free) void qsw_logic_free(ql_engine *e) { ql_logic_free(e); }

/* Up to ``max_steps`` more steps (< 0: to the end) within ``time_limit`` seconds (<= 0: none). */
QSW_EXPORT(qsw_logic_run) int qsw_logic_run(ql_engine *e, int max_steps, double time_limit) {
    return ql_logic_run(e, max_steps, time_limit, NULL, NULL);
}

enum { QSW_L_STATUS = 0, QSW_L_NSTEPS, QSW_L_HEAD, QSW_L_NDATA, QSW_L_DATA, QSW_L_STATE, QSW_L_WORDS, QSW_L_TECHNIQUES,
       QSW_L_CODES, QSW_L_COUNTS, QSW_L_WHY_NUNITS, QSW_L_WHY_NLINES, QSW_L_WHY_UNITS, QSW_L_WHY_LINES, QSW_L_FIELDS };

/* The engine's fields as numbers and addresses, into ``out`` (QSW_L_FIELDS int32s). */
QSW_EXPORT(qsw_logic_fields) void qsw_logic_fields(const ql_engine *e, int32_t *out) {
    out[QSW_L_STATUS] = e->status;
    out[QSW_L_NSTEPS] = e->nsteps;
    out[QSW_L_HEAD] = (int32_t)(intptr_t)e->head;
    out[QSW_L_NDATA] = (int32_t)e->ndata;
    out[QSW_L_DATA] = (int32_t)(intptr_t)e->data;
    out[QSW_L_STATE] = (int32_t)(intptr_t)e->state;
    out[QSW_L_WORDS] = e->c.g.words;
    out[QSW_L_TECHNIQUES] = e->techniques;
    out[QSW_L_CODES] = (int32_t)(intptr_t)e->technique_code;
    out[QSW_L_COUNTS] = (int32_t)(intptr_t)e->technique_count;
    out[QSW_L_WHY_NUNITS] = e->dead_end.nunits;
    out[QSW_L_WHY_NLINES] = e->dead_end.nlines;
    out[QSW_L_WHY_UNITS] = (int32_t)(intptr_t)e->dead_end.units;
    out[QSW_L_WHY_LINES] = (int32_t)(intptr_t)e->dead_end.lines;
}

/* Limits the JS side checks against (board.h, search.h, stars.h). */
QSW_EXPORT(qsw_limit) int qsw_limit(int which) {
    switch (which) {
    case 0: return QS_MAX_BOARD;
    case 1: return QS_STARS_MAX_N;
    case 2: return QL_MAX_N;
    case 3: return QL_MAX_STAR_N;
    case 4: return QL_MAX_K;
    case 5: return QL_HEAD;
    default: return -1;
    }
}
