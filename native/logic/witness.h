/* Witnesses (witness.py): actual solutions, used only to skip probes that cannot succeed.
   A probe on a cell that a solution of the state uses never ends in a contradiction (nor
   does a cross probe on a cell some solution leaves empty), so skipping it changes no
   deduction. Solutions come from probes that happened to solve the board and from a short
   bounded search (restarts in shuffled orders). The shuffles are not Python's: which
   witnesses are found may differ between the twins, what the engine deduces never does. */

#ifndef QL_WITNESS_H
#define QL_WITNESS_H

#include "context.h"

void ql_witnesses_init(ql_witnesses *w);
void ql_witnesses_free(ql_witnesses *w);
/* Remember a solution (its stars); QL_NO_MEMORY or 0. */
int ql_witness_add(ql_ctx *c, const ql_word *queens);
/* Whether a known solution that st allows has a star on cell i. */
int ql_witness_covers(ql_ctx *c, const ql_word *st, int i);
/* Whether a known solution that st allows leaves cell i empty. */
int ql_witness_avoids(ql_ctx *c, const ql_word *st, int i);
/* Look briefly for a solution extending st; 1 found (and remembered), 0 not, or QL_NO_MEMORY. */
int ql_witness_search(ql_ctx *c, const ql_word *st);

#endif
