/* The last resort (probes.py): contradiction probes of bounded depth.

   A probe of depth d assumes a star on a cell (or, after every star probe of that depth
   failed, the cell crossed out), applies the plain rules and probes of depth below d in
   bulk until nothing more follows (saturate), and when that reaches a contradiction the
   assumption is false: the cell is crossed out (or gets its star). */

#ifndef QL_PROBES_H
#define QL_PROBES_H

#include "context.h"

/* Every rule (probes up to depth) applied to st until none applies or it is solved;
   QL_CONTRADICTION (c->why set) when st has no solution, 0, or a stop. hints: the frame
   whose remembered states the probes inside may start from, or NULL. */
int ql_saturate(ql_ctx *c, ql_word *st, int depth, int frame, const ql_frame *hints);

/* The first probe (shallowest first; star, then cross, at each depth) that ends in a
   contradiction, in d: QL_FOUND, QL_NONE, or a stop. witnesses: whether known solutions
   may skip cells (the top level only). */
int ql_probe(ql_ctx *c, const ql_word *st, int max_depth, int frame, const ql_frame *hints, int witnesses, ql_ded *d);

void ql_frames_free(ql_ctx *c);

#endif
