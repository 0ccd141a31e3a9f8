/* 2x2 blocks (Star Battle, k > 1; blocks.py): no 2x2 block holds two stars, so a unit, or two
   neighbouring rows or columns, whose candidates fit in exactly as many blocks as the stars
   it needs has one star in each: a block with one candidate holds a star, and a cell touching
   every candidate of a block is crossed out. Fewer blocks than stars is a contradiction. */

#ifndef QL_BLOCKS_H
#define QL_BLOCKS_H

#include "context.h"

int ql_blocks(ql_ctx *c, ql_word *st, int bulk, ql_ded *d);

#endif
