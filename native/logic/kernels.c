/* The variants of the logic engine built into the module, and the calls through the one in
   use (compiled once; see kernels.h). */

#include "kernels.h"

#include <stddef.h>

qs_variants ql_logic_variants = {{
    &ql_logic_kernel_portable,
#if defined(QS_HAVE_POPCNT)
    &ql_logic_kernel_popcnt,
#else
    NULL,
#endif
    NULL, /* avx512: nothing here gains from it */
}, QS_PORTABLE};

ql_engine *ql_logic_new(int n, int k, int rule, const uint8_t *regions, const int *given, int ngiven, const int *blocked,
                        int nblocked, int max_depth) {
    const ql_logic_kernel *kernel = (const ql_logic_kernel *)ql_logic_variants.built[ql_logic_variants.current];
    ql_engine *e = kernel->engine_new(n, k, rule, regions, given, ngiven, blocked, nblocked, max_depth);
    if (e) e->kernel = kernel;
    return e;
}

void ql_logic_free(ql_engine *e) {
    if (e) ((const ql_logic_kernel *)e->kernel)->engine_free(e);
}

int ql_logic_run(ql_engine *e, int max_steps, double time_limit, ql_release_fn release, void *release_ctx) {
    return ((const ql_logic_kernel *)e->kernel)->engine_run(e, max_steps, time_limit, release, release_ctx);
}
