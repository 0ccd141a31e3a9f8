/* Pigeonhole (Hall's theorem; pigeonhole.py): m units of one family whose candidates all lie
   within m lines of another take those lines' stars, so the lines' other cells are crossed.
   Found for every m at once by a matching (k = 1) or a flow of stars (k > 1) and its
   strongly connected parts; a failed flow is a contradiction. */

#ifndef QL_PIGEONHOLE_H
#define QL_PIGEONHOLE_H

#include "context.h"

int ql_pigeonhole(ql_ctx *c, ql_word *st, int bulk, ql_ded *d);

#endif
