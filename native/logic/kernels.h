/* The logic engine's entry points, through the variant of its C in use (native/common/cpu.h):
   the table each variant ends with (engine.c) and the calls the Cython wrapper makes. */

#ifndef QL_KERNELS_H
#define QL_KERNELS_H

#include "cpu.h"
#include "engine.h"

typedef struct {
    ql_engine *(*engine_new)(int n, int k, int rule, const uint8_t *regions, const int *given, int ngiven, const int *blocked,
                             int nblocked, int max_depth);
    void (*engine_free)(ql_engine *e);
    int (*engine_run)(ql_engine *e, int max_steps, double time_limit, ql_release_fn release, void *release_ctx);
} ql_logic_kernel;

extern const ql_logic_kernel ql_logic_kernel_portable, ql_logic_kernel_popcnt;

/* The variants setup.py built into the module (kernels.c), by level. */
extern qs_variants ql_logic_variants;

/* engine.h's ql_engine_new, _free and _run, in the variant in use when the engine was made. */
ql_engine *ql_logic_new(int n, int k, int rule, const uint8_t *regions, const int *given, int ngiven, const int *blocked,
                        int nblocked, int max_depth);
void ql_logic_free(ql_engine *e);
int ql_logic_run(ql_engine *e, int max_steps, double time_limit, ql_release_fn release, void *release_ctx);

#endif
