/* The deduction rules that need no assumption (basic_deductions.py), cheapest first.

   Each returns QL_FOUND with the first deduction its rule allows in d (or, with bulk, every
   one at once: what the probes use), QL_NONE, or QL_CONTRADICTION with c->why set. Every
   one makes exactly the deduction its Python twin makes, in the same order. */

#ifndef QL_RULES_H
#define QL_RULES_H

#include "context.h"

int ql_queen_eliminates(ql_ctx *c, ql_word *st, ql_ded *d);
int ql_single_candidate(ql_ctx *c, ql_word *st, ql_ded *d);
int ql_confinement(ql_ctx *c, ql_word *st, int bulk, ql_ded *d);
int ql_would_empty_unit(ql_ctx *c, ql_word *st, int bulk, ql_ded *d);

#endif
