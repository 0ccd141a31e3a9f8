/* Hall (pigeonhole) filtering for the region search: the cells no solution can use (hall.c). */

#ifndef QS_REGIONS_HALL_H
#define QS_REGIONS_HALL_H

#include <stdint.h>

#include "cpu.h"

#define qs_hall QS_VARIANT_NAME(qs_hall) /* one copy per variant (common/cpu.h) */

/* Filter ``rows`` (n words, bit c of rows[r]: cell (r, c) a candidate) to the fixpoint of the
   three graphs. ``open_rows``, ``open_cols``: bit r (c) for a row (column) still without its
   queen. ``region_of``: n * n region numbers, NULL without regions (then only rows and
   columns); ``reg_row[k * n + r]``: the columns of region k in row r; ``reg_col[k * n + c]``:
   the rows of region k in column c. Returns 0 at a dead end, else 1, with ``rows`` filtered. */
int qs_hall(int n, uint64_t *rows, uint64_t open_rows, uint64_t open_cols, const uint8_t *region_of,
            const uint64_t *reg_row, const uint64_t *reg_col);

#endif
