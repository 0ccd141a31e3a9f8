# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The native search: a bitmask backtracker on plain C integers, run without the GIL.

A unit is a row, a column or a region; each needs exactly one queen. The search
branches on the first open unit (rows, columns, regions, in that order) with
the fewest candidates and prunes when an open unit has none. These are the
choices of the pure-Python reference (``queens_sat/backends/python.py``), so
both find the solutions in the same order.

The candidate cells live in one of two layouts, picked by board size:

- flat (n <= FLAT_N): the board is ceil(n*n / 64) words, bit r*n + c per cell;
  a queen's placement is an AND-NOT with its cell's precomputed kill mask (row,
  column, neighbours or diagonals) and its region's mask, a word at a time.
  Boards of two words (n <= 11, the common case) keep no counts: the scan takes
  them by popcount (all units at once in the AVX-512 build, else
  open unit by open unit) and stops at the first open unit with one candidate
  or none, as the reference does, so the two search move for move, node counts
  included; keeping counts costs a store per unit of every removed cell, more
  than these popcounts. Larger flat boards keep counts as the row layout does;
- rows (n up to 64): one word per row (bit c) and one per column (bit r), a
  region as (row, columns) pairs; a placement clears only the cells it removes.

Where counts are kept (flat boards past two words, the row layout), each unit
has the key ``count << 8 | unit`` (a unit that holds its queen reads
``CLOSED``), lowered as the removed cells are visited, so choosing where to
branch is a single min over a short array, which the compiler vectorises (and
a dead end shows as soon as any open unit has no candidate).

From HALL_N (12) up, a node about to branch is first filtered by Hall's theorem
(``native/hall.h``, plain C): the cells that no perfect matching of rows to
columns, rows to regions or columns to regions uses go, and a node without such
a matching is a dead end. Random boards of n = 20 to 64, which sent the plain
search into subtrees of millions of nodes, then settle in about n nodes. The
pure-Python reference does the same (``queens_sat/engines/regions/hall.py``), so the two
still move node for node.

The search keeps its stack in C arrays instead of recursing, so it can stop
after any solution and resume later: that one mechanism serves the solution
limit, the time limit, Ctrl-C (checked every ``CHECK_EVERY`` nodes) and the
streaming iterator.

Files: this one holds the tables, the searcher, the loop (``run``) and the Python
entries; ``native/search/flat.pxi``, ``rows.pxi`` and ``hall.pxi`` the two layouts
and the filter (included whole, so the loop inlines them); ``native/cpu.h`` the bit
helpers and the clock, ``native/scan_avx512.h`` the vector scan, ``native/hall.h``
the matching filter, all plain C. setup.py compiles this source three times:
portable, POPCNT and AVX-512 (``native/variants/``); ``queens_sat/extension.py``
imports the best one the CPU runs (``cpu_level()``; ``BUILD_LEVEL`` says which
this is).

Python entries: ``count`` (one board), ``count_batch`` (a stack of boards in one
call, no Python work per board), ``Search`` (resumable) and ``MAX_N``; a rule
is given as 0 (no-touch) or 1 (queens). Callers use them through
``queens_sat.engines.regions.counting`` and the ``native`` backend, which check shapes and dtypes;
these entries trust them.
"""

from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

cdef extern from "cpu.h":  # bit helpers, the clock, the CPU probe: plain C
    void qs_copy64(uint64_t *dst, const uint64_t *src, int n) noexcept nogil
    void qs_copy32(int32_t *dst, const int32_t *src, int n) noexcept nogil
    int qs_narrow(uint8_t *dst, const int64_t *src, int cells, uint64_t n) noexcept nogil
    int qs_popcount(uint64_t x) noexcept nogil
    int qs_ctz(uint64_t x) noexcept nogil
    double qs_now() noexcept nogil
    int qs_cpu_level() noexcept nogil
    int QS_BUILD_LEVEL

cdef extern from "scan_avx512.h":  # the two-word flat scan in AVX-512, in the build that has it
    int qs_scan2(const uint64_t *lo, const uint64_t *hi, uint64_t s0, uint64_t s1, uint64_t open, int *least) noexcept nogil
    bint QS_VECTOR_SCAN

cdef extern from "hall.h":
    int qs_hall(int n, uint64_t *rows, uint64_t open_rows, uint64_t open_cols,
                const uint8_t *region_of, const uint64_t *reg_row, const uint64_t *reg_col) noexcept nogil

cdef extern from "Python.h":
    # Declared without an exception value: the search calls it inside ``with gil``
    # and turns a non-zero return into a clean stop; the wrapper then re-raises.
    int PyErr_CheckSignals()

ctypedef uint64_t word
ctypedef int32_t tally  # count << 8 | unit

cdef enum:
    MAX_BOARD = 64
    FLAT_N = 24        # boards up to 24 x 24 use the flat layout (kill masks: at most 41 KB)
    HALL_N = 12        # from 12 x 12 up, a node about to branch is filtered by Hall's theorem (``prune``)
    CHECK_MASK = 4095  # look at the clock and for Ctrl-C every 4096 nodes
    ONE = 256          # one candidate in a key
    CLOSED = 0x7FFFFFFF  # the key of a unit that holds its queen: above any real key

cdef enum:
    NO_TOUCH = 0
    QUEENS = 1

cdef enum:  # why run() returned
    EXHAUSTED = 0
    LIMIT = 1
    TIMED_OUT = 2
    INTERRUPTED = 3

MAX_N = MAX_BOARD
CHECK_EVERY = CHECK_MASK + 1
BUILD_LEVEL = QS_BUILD_LEVEL  # what this build was compiled for: 0 portable, 1 POPCNT/SSE4.2, 2 AVX-512


def cpu_level():
    """What this CPU runs (0 portable, 1 POPCNT/SSE4.2, 2 AVX-512 F + VPOPCNTDQ): picks the build to import."""
    return qs_cpu_level()


cdef struct Tables:  # what depends on n and the rule only: built once per size and rule, then shared
    int n, rule, W
    int *rc              # per cell: r << 8 | c of cell r * n + c
    tally *line_keys     # the rows' and columns' keys with all their cells candidates
    # the flat layout (n <= FLAT_N)
    int *rc_units        # per cell: its row | its column << 8
    word *kill           # per cell, W words: what a queen there rules out besides its region
    word *lines          # per row, then per column, W words: its cells


cdef struct Searcher:
    int cap              # the largest n the buffers hold
    int n, rule, has_regions
    int units            # 3n with regions, 2n without (but 3n on keyed flat boards: see ``keyed_setup``)
    int flat             # 1: the flat layout (n <= FLAT_N), 0: the row layout
    int W                # flat layout: words per board (``flat_words``)
    int hall             # 1: nodes about to branch are filtered by ``prune`` (n >= HALL_N)
    int *rc              # the board's ``Tables`` (shared, read only)
    word *kill
    word *lines
    # the flat layout: the board is W words, cell r * n + c at bit (r * n + c) of them
    word *flat_state     # per depth: the W words of candidates
    word *unit_mask      # per unit, W words: its cells (rows, columns, then regions: empty without regions)
    word *open           # W == 2, per depth: the open units (bit u; 3n <= 33)
    int *cell_units      # W > 2, per cell: its row | its column << 8 | its region's unit << 16 (2n without regions)
    word scan_lo[40]     # W == 2 with QS_VECTOR_SCAN: each unit's first mask word (0 past 3n)
    word scan_hi[40]     # and its second
    # the row layout
    tally *keys          # per depth (3cap): the key of each unit, rows, columns, regions
    tally *size          # each unit's key with all its cells candidates
    word *state          # per depth (2cap words): the row words, then the column words
    int *row_start       # region k's (row, columns) pairs are row_start[k] .. row_start[k + 1] - 1
    int *row_line
    word *row_mask
    word *reg_row        # reg_row[k * n + r]: the columns of region k in row r
    word *reg_col        # reg_col[k * n + c]: the rows of region k in column c
    uint8_t *region_of   # n * n region numbers (all 0 without regions)
    # the search
    int *cell            # the queens placed, a stack (r * n + c); the givens are in ``given``
    int *branch_top      # at each depth: the height of ``cell`` before the depth's branch cell
    int *unit            # the unit branched on at each depth
    int top              # the height of ``cell``
    int given[MAX_BOARD] # the column of each row's given queen, or -1
    int placed0          # queens the givens placed
    int depth            # where the search stands; -1 once exhausted
    int fresh            # 1 when the node at ``depth`` is still to be expanded
    int64_t count        # solutions found
    int64_t nodes        # nodes of this board's search
    int64_t ticks        # nodes since the buffers were made (paces the checks across a batch)
    double deadline      # clock time to give up at; 0 for none


cdef Searcher *new_searcher(int cap) noexcept nogil:
    """Buffers for boards up to ``cap``, in one block; NULL when memory runs out."""
    cdef size_t sq = <size_t>(cap * cap)
    cdef size_t W = flat_words(cap)
    cdef size_t board = W if cap <= FLAT_N else 0
    cdef size_t words = (cap + 1) * 2 * cap + 3 * sq + (cap + 1) * board + 3 * cap * board + (cap + 1)
    cdef size_t ints = (cap + 1) + sq + 3 * (cap + 1) + (sq if cap <= FLAT_N else 0)
    cdef size_t tallies = (cap + 1) * 3 * cap + 3 * cap
    cdef char *block = <char *>malloc(sizeof(Searcher) + words * sizeof(word) + ints * sizeof(int) + tallies * sizeof(tally) + sq)
    if block == NULL:
        return NULL
    cdef Searcher *s = <Searcher *>block
    cdef word *w = <word *>(block + sizeof(Searcher))
    s.cap = cap
    s.state = w
    w += (cap + 1) * 2 * cap
    s.row_mask = w
    w += sq
    s.reg_row = w
    w += sq
    s.reg_col = w
    w += sq
    s.flat_state = w
    w += (cap + 1) * board
    s.unit_mask = w
    w += 3 * cap * board
    s.open = w
    w += cap + 1
    cdef int *p = <int *>w
    s.row_start = p
    p += cap + 1
    s.row_line = p
    p += sq
    s.cell = p
    p += cap + 1
    s.branch_top = p
    p += cap + 1
    s.unit = p
    p += cap + 1
    s.cell_units = p
    p += sq if cap <= FLAT_N else 0
    cdef tally *t = <tally *>p
    s.keys = t
    t += (cap + 1) * 3 * cap
    s.size = t
    t += 3 * cap
    s.region_of = <uint8_t *>t
    s.ticks = 0
    return s


cdef inline int flat_words(int n) noexcept nogil:
    """Words of a flat board: at least 2, so that boards up to 11 x 11 share one
    fixed width the compiler unrolls (see ``flat_place``)."""
    cdef int W = (n * n + 63) >> 6
    return W if W > 2 else 2


cdef inline word full_mask(int n) noexcept nogil:
    return <word>-1 if n == 64 else ((<word>1 << n) - 1)


cdef inline word bit(int i) noexcept nogil:
    return <word>1 << i


cdef inline void add_cell(word *mask, int i) noexcept nogil:
    """Add cell number ``i`` to a flat mask."""
    mask[i >> 6] |= bit(i & 63)


# ---------------------------------------------------------------------------- one board's tables


cdef Tables *TABLES[2][MAX_BOARD + 1]  # by rule and n; built on first use, kept for good


cdef Tables *tables(int n, int rule) except NULL:
    """The shared tables for n and the rule, built on first use (with the GIL held, so once)."""
    if not (1 <= n <= MAX_BOARD and rule in (NO_TOUCH, QUEENS)):
        raise ValueError(f"no board of n = {n} under rule {rule}: n goes from 1 to {MAX_BOARD}, the rule is 0 or 1")
    cdef Tables *t = TABLES[rule][n]
    cdef int r, c, rr, cc, d, i, corner, W = flat_words(n)
    cdef size_t sq = n * n, flat = sq if n <= FLAT_N else 0
    cdef word *kill
    if t != NULL:
        return t
    cdef char *block = <char *>malloc(
        sizeof(Tables) + (sq + flat) * sizeof(int) + 2 * n * sizeof(tally) + (flat * W + 2 * n * W) * sizeof(word)
    )
    if block == NULL:
        raise MemoryError()
    t = <Tables *>block
    t.n = n
    t.rule = rule
    t.W = W
    t.kill = <word *>(block + sizeof(Tables))
    t.lines = t.kill + flat * W
    t.rc = <int *>(t.lines + 2 * n * W)
    t.rc_units = t.rc + sq
    t.line_keys = <tally *>(t.rc_units + flat)
    for r in range(n):
        for c in range(n):
            t.rc[r * n + c] = r << 8 | c
    for i in range(2 * n):
        t.line_keys[i] = n * ONE + i
    if flat:
        memset(t.lines, 0, 2 * n * W * sizeof(word))
        memset(t.kill, 0, sq * W * sizeof(word))
        for r in range(n):
            for c in range(n):
                i = r * n + c
                add_cell(t.lines + r * W, i)
                add_cell(t.lines + (n + c) * W, i)
                t.rc_units[i] = r | (n + c) << 8
                kill = t.kill + i * W
                for d in range(n):  # the row and the column
                    add_cell(kill, r * n + d)
                    add_cell(kill, d * n + c)
                for d in range(1, n if rule == QUEENS else 2):  # the diagonals, or the diagonal neighbours
                    for corner in range(4):
                        rr = r + (d if corner & 1 else -d)
                        cc = c + (d if corner & 2 else -d)
                        if 0 <= rr < n and 0 <= cc < n:
                            add_cell(kill, rr * n + cc)
    TABLES[rule][n] = t
    return t


cdef int first_bad(const int64_t *regions, int n) noexcept nogil:
    """The index of the first cell whose region is out of 0..n-1 (there is one)."""
    cdef int i = 0
    while <uint64_t>regions[i] < <uint64_t>n:
        i += 1
    return i


cdef void keyed_setup(Searcher *s, const Tables *t) noexcept nogil:
    """A flat board of more than two words keeps its units' keys: the units of each cell and
    each unit's full key.

    Without regions every cell's third unit is 2n, whose key the removals lower: the keys
    keep 3n units then, the regions' closed from the start, so that this key is not the
    next depth's first one (which ``prune`` reads to tell open rows).
    """
    cdef int n = s.n, W = s.W, i, k, w, count
    memcpy(s.size, t.line_keys, 2 * n * sizeof(tally))
    for i in range(n * n):
        s.cell_units[i] = t.rc_units[i] | (2 * n + s.region_of[i]) << 16  # without regions: the empty unit 2n
    for k in range(n):
        count = 0
        for w in range(W):
            count += qs_popcount(s.unit_mask[(2 * n + k) * W + w])
        s.size[2 * n + k] = count * ONE + 2 * n + k if s.has_regions else CLOSED


cdef int setup(Searcher *s, const Tables *t, const int64_t *regions) noexcept nogil:
    """The tables of one board (of ``t``'s size and rule); returns -1, or the index of the
    first cell whose region is out of range."""
    cdef int r, c, i, k, W, p = 0
    cdef word *mask
    cdef word *by_row = s.reg_row
    cdef int n = t.n
    s.n = n
    s.rule = t.rule
    s.has_regions = regions != NULL
    s.units = 3 * n if regions != NULL else 2 * n
    s.flat = n <= FLAT_N
    s.W = t.W
    s.hall = n >= HALL_N
    s.rc = t.rc
    s.kill = t.kill
    s.lines = t.lines
    if regions == NULL:
        memset(s.region_of, 0, n * n)  # region 0, empty in the flat layout: a queen clears nothing more
    elif qs_narrow(s.region_of, regions, n * n, n):
        return first_bad(regions, n)
    if regions != NULL and (s.hall or not s.flat):  # each region's cells by row (and by column)
        memset(s.reg_row, 0, n * n * sizeof(word))
        memset(s.reg_col, 0, n * n * sizeof(word))
        for r in range(n):
            for c in range(n):
                k = s.region_of[r * n + c]
                s.reg_row[k * n + r] |= bit(c)
                s.reg_col[k * n + c] |= bit(r)
    if s.flat:  # the units' masks: rows and columns from the tables, then the regions (empty without)
        W = s.W
        memcpy(s.unit_mask, t.lines, 2 * n * W * sizeof(word))
        mask = s.unit_mask + 2 * n * W
        memset(mask, 0, n * W * sizeof(word))
        if regions != NULL:
            for i in range(n * n):
                mask[s.region_of[i] * W + (i >> 6)] |= bit(i & 63)
        if QS_VECTOR_SCAN and W == 2:
            for i in range(40):
                s.scan_lo[i] = s.unit_mask[2 * i] if i < s.units else 0
                s.scan_hi[i] = s.unit_mask[2 * i + 1] if i < s.units else 0
        if W > 2:
            s.units = 3 * n
            keyed_setup(s, t)
        return -1
    memcpy(s.size, t.line_keys, 2 * n * sizeof(tally))
    if regions == NULL:
        return -1
    for k in range(n):
        s.size[2 * n + k] = 2 * n + k
    for i in range(n * n):
        s.size[2 * n + s.region_of[i]] += ONE
    for k in range(n):  # keep the rows each region has cells in
        s.row_start[k] = p
        for r in range(n):
            if by_row[k * n + r]:
                s.row_line[p] = r
                s.row_mask[p] = by_row[k * n + r]
                p += 1
    s.row_start[n] = p
    return -1


# ---------------------------------------------------------------------------- the two layouts and the filter
# One file each, included whole (the search inlines them into run()):

include "search/flat.pxi"  # n <= FLAT_N: two-word boards unkeyed, wider ones keyed
include "search/rows.pxi"  # n > FLAT_N: one word per row and per column
include "search/hall.pxi"  # n >= HALL_N: Hall filtering before a branch


# ---------------------------------------------------------------------------- the search, either layout


cdef void start(Searcher *s, const int *queens, int nq, const int *blocked, int nb, double time_limit) noexcept nogil:
    """Put the search at its root: every cell a candidate but the blocked ones, the given queens placed."""
    cdef int n = s.n, i, r, c
    cdef word *rows = s.state
    cdef word *flat = s.flat_state
    for i in range(n):
        s.given[i] = -1
    if s.flat:
        for i in range(s.W):
            flat[i] = <word>-1
        if (n * n) & 63:
            flat[s.W - 1] = bit((n * n) & 63) - 1
        if s.W == 2:
            s.open[0] = bit(s.units) - 1
        else:
            memcpy(s.keys, s.size, s.units * sizeof(tally))
        for i in range(nb):
            if (flat[blocked[i] >> 6] >> (blocked[i] & 63)) & 1:
                flat_drop(s, 0, blocked[i])
    else:
        memcpy(s.keys, s.size, s.units * sizeof(tally))
        for i in range(2 * n):
            rows[i] = full_mask(n)
        for i in range(nb):
            drop(s, rows, s.keys, blocked[i] // n, blocked[i] % n)
    s.count = 0
    s.nodes = 1  # the root
    s.depth = 0
    s.fresh = 1
    s.top = 0
    s.placed0 = 0
    s.deadline = qs_now() + time_limit if time_limit > 0 else 0.0
    for i in range(nq):
        r = queens[i] // n
        c = queens[i] % n
        if not (((flat[queens[i] >> 6] >> (queens[i] & 63)) if s.flat else (rows[r] >> c)) & 1):
            s.depth = -1  # a given queen on a ruled-out cell: no solution
            return
        s.given[r] = c
        s.placed0 += 1
        if s.flat:
            flat_place(s, 0, 0, queens[i])
        else:
            place(s, 0, 0, r, c)


cdef int check_stop(Searcher *s) noexcept nogil:
    if s.deadline > 0 and qs_now() > s.deadline:
        return TIMED_OUT
    with gil:
        if PyErr_CheckSignals() != 0:
            return INTERRUPTED
    return EXHAUSTED


cdef void record(Searcher *s, int top, int16_t *out) noexcept nogil:
    """Write the columns of the current solution (``top`` queens placed) into ``out``."""
    cdef int r, i, rc
    for r in range(s.n):
        out[r] = <int16_t>s.given[r]
    for i in range(top):
        rc = s.rc[s.cell[i]]
        out[rc >> 8] = <int16_t>(rc & 255)


cdef inline void place_any(Searcher *s, int depth, int into, int cell) noexcept nogil:
    if s.flat:
        flat_place(s, depth, into, cell)
    else:
        place(s, depth, into, s.rc[cell] >> 8, s.rc[cell] & 255)


cdef int run(Searcher *s, int64_t limit, int keep, int16_t *solutions, int *kept) noexcept nogil:
    """Search on until ``limit`` solutions in all (0: no limit), exhaustion, time-out or Ctrl-C.

    Keeps the next solutions in ``solutions`` (``keep`` rows of n) while
    ``kept`` < ``keep``, counting them in ``kept``. A unit left with one
    candidate is filled in place, at the same depth: there is no other branch
    to come back to. Every placement counts as a node.
    """
    cdef int n = s.n
    cdef bint flat = s.flat
    cdef int d = s.depth
    cdef int fresh = s.fresh
    cdef int top = s.top
    cdef int u, cell, stop, least
    cdef int64_t nodes = s.nodes, ticks = s.ticks  # locals: the key stores cannot touch them
    if d < 0:
        return EXHAUSTED
    while True:
        ticks += 1
        if (ticks & CHECK_MASK) == 0:
            stop = check_stop(s)
            if stop != EXHAUSTED:
                s.depth = d
                s.fresh = fresh
                s.top = top
                s.nodes = nodes
                s.ticks = ticks
                return stop
        if fresh:  # a new node: a solution, a dead end, a forced cell, or the unit to branch on
            fresh = 0
            u = -1
            if s.placed0 + top == n:  # every row holds its queen
                if kept[0] < keep:
                    record(s, top, solutions + kept[0] * n)
                    kept[0] += 1
                s.count += 1
                if limit > 0 and s.count >= limit:
                    s.depth = d - 1
                    s.fresh = 0
                    s.nodes = nodes
                    s.ticks = ticks
                    return LIMIT
            else:
                u = flat_scan(s, d, &least) if flat else scan(s, d, &least)
                if u >= 0 and least >= 2 and s.hall:  # about to branch: filter first (forced cells need not)
                    u = (flat_scan(s, d, &least) if flat else scan(s, d, &least)) if prune(s, d) else -1
                if u >= 0 and least == 1:  # one candidate: place it here
                    cell = flat_next_cell(s, d, u) if flat else next_cell(s, d, u)
                    s.cell[top] = cell
                    top += 1
                    nodes += 1
                    place_any(s, d, d, cell)
                    fresh = 1
                    continue
            s.unit[d] = u  # -1: nothing to branch on here
            s.branch_top[d] = top
        # The next child of this node: its unit's next candidate cell.
        u = s.unit[d]
        if u < 0:
            cell = -1
        else:
            cell = flat_next_cell(s, d, u) if flat else next_cell(s, d, u)
        if cell < 0:  # done here: back to the parent
            d -= 1
            if d < 0:
                s.depth = -1
                s.nodes = nodes
                s.ticks = ticks
                return EXHAUSTED
            continue
        top = s.branch_top[d]
        s.cell[top] = cell
        top += 1
        nodes += 1
        place_any(s, d, d + 1, cell)
        if flat:  # later siblings: the unit's queen is not here
            flat_drop(s, d, cell)
        else:
            drop(s, s.state + d * 2 * n, s.keys + d * s.units, s.rc[cell] >> 8, s.rc[cell] & 255)
        d += 1
        fresh = 1


cdef int _reraise() except -1:
    """Propagate the exception a signal handler left pending (KeyboardInterrupt for Ctrl-C)."""
    return -1


cdef int *given_cells(object cells, int n, int *count) except? NULL:
    """The flat cell numbers of a sequence of (row, column) pairs, in a malloc'ed array."""
    cdef Py_ssize_t size = len(cells)
    cdef int *out = <int *>malloc((size if size > 0 else 1) * sizeof(int))
    cdef int i = 0, r, c
    if out == NULL:
        raise MemoryError()
    try:
        for r, c in cells:
            if not (0 <= r < n and 0 <= c < n):
                raise ValueError(f"given cell ({r}, {c}) is off the {n}x{n} board")
            out[i] = r * n + c
            i += 1
    except BaseException:
        free(out)
        raise
    count[0] = i
    return out


cdef Searcher *prepared(const int64_t[:, ::1] regions, int n, int rule, object queens, object blocked, double time_limit) except NULL:
    """A searcher at the root of one board, or an exception naming what is wrong."""
    cdef const Tables *t = tables(n, rule)
    cdef Searcher *s = new_searcher(n)
    cdef int nq = 0, nb = 0, bad
    cdef int *q = NULL
    cdef int *b = NULL
    if s == NULL:
        raise MemoryError()
    bad = setup(s, t, &regions[0, 0] if regions is not None else NULL)
    if bad >= 0:
        free(s)
        raise ValueError(f"row {bad // n}, column {bad % n}: region {regions[bad // n, bad % n]} is not in 0..{n - 1}")
    try:
        q = given_cells(queens, n, &nq)
        b = given_cells(blocked, n, &nb)
        start(s, q, nq, b, nb, time_limit)
    except BaseException:
        free(s)
        raise
    finally:
        free(q)
        free(b)
    return s


cdef int collect(Searcher *s, int64_t limit, int64_t keep, list out) except -1:
    """Run until ``limit`` solutions in all (0: none), appending the first ``keep`` more to ``out``.

    Returns why it stopped (EXHAUSTED, LIMIT or TIMED_OUT); re-raises Ctrl-C. The
    buffer grows with need, so a large ``keep`` costs nothing until solutions come.
    """
    cdef int16_t small[8 * MAX_BOARD]
    cdef int16_t *rows = small
    cdef int64_t target
    cdef int size = 0, kept, stop, i, j
    cdef int n = s.n
    try:
        while True:
            size = <int>min(keep, 8 if size == 0 else 4 * size, 1 << 16)
            target = limit
            if size > 0:
                if size > 8:
                    if rows != small:
                        free(rows)
                    rows = <int16_t *>malloc(size * n * sizeof(int16_t))
                    if rows == NULL:
                        raise MemoryError()
                if limit <= 0 or s.count + size < limit:
                    target = s.count + size
            kept = 0
            with nogil:
                stop = run(s, target, size, rows, &kept)
            if stop == INTERRUPTED:
                _reraise()
            for i in range(kept):
                out.append(tuple([rows[i * n + j] for j in range(n)]))
            keep -= kept
            if stop != LIMIT or target == limit:
                return stop
    finally:
        if rows != small:
            free(rows)


def count(const int64_t[:, ::1] regions, int n, int rule, int64_t limit, int64_t keep, queens, blocked, double time_limit):
    """Search one board: ``(count, complete, timed_out, solutions, nodes)``.

    ``regions`` is an n x n C-contiguous int64 array of region numbers 0..n-1, or
    None for a board without regions; ``limit`` 0 means no limit; ``queens`` and
    ``blocked`` are sequences of (row, column); ``time_limit`` <= 0 means none.
    """
    cdef Searcher *s = prepared(regions, n, rule, queens, blocked, time_limit)
    cdef list solutions = []
    try:
        stop = collect(s, limit, keep, solutions)
        return s.count, stop == EXHAUSTED, stop == TIMED_OUT, solutions, s.nodes
    finally:
        free(s)


cdef inline int mask_cells(const uint8_t *mask, int cells, int *out) noexcept nogil:
    """The numbers of the cells set in ``mask`` (NULL: none) into ``out``; returns how many."""
    cdef int i, found = 0
    if mask != NULL:
        for i in range(cells):
            if mask[i]:
                out[found] = i
                found += 1
    return found


def count_batch(
    const int64_t[:, :, ::1] regions,
    int rule,
    int64_t limit,
    int keep,
    const uint8_t[:, :, ::1] queens,
    const uint8_t[:, :, ::1] blocked,
    double time_limit,
    int64_t[::1] counts,
    uint8_t[::1] complete,
    uint8_t[::1] timed_out,
    int16_t[:, :, ::1] solutions,
    int64_t[::1] nodes,
    double[::1] elapsed,
):
    """Search every board of a stack (m x n x n region numbers, checked by the caller) in one call.

    Results go into the given arrays board by board (``solutions`` is m x keep x n);
    ``queens`` and ``blocked`` are m x n x n masks or None. Returns m, or re-raises
    Ctrl-C with the boards before the interrupted one done.
    """
    cdef Py_ssize_t m = regions.shape[0], p
    cdef int n = <int>regions.shape[1]
    cdef int cells = n * n, i, nq, nb, kept, stop = EXHAUSTED
    cdef bint has_q = queens is not None, has_b = blocked is not None
    cdef double t0, t1
    if m == 0:
        return 0
    cdef const Tables *t = tables(n, rule)
    cdef Searcher *s = new_searcher(n)
    cdef int *q = <int *>malloc(cells * sizeof(int))
    cdef int *b = <int *>malloc(cells * sizeof(int))
    if s == NULL or q == NULL or b == NULL:
        free(s)
        free(q)
        free(b)
        raise MemoryError()
    try:
        with nogil:
            t0 = qs_now()
            for p in range(m):  # one clock reading per board: each board's time runs to the next's start
                setup(s, t, &regions[p, 0, 0])
                nq = mask_cells(&queens[p, 0, 0] if has_q else NULL, cells, q)
                nb = mask_cells(&blocked[p, 0, 0] if has_b else NULL, cells, b)
                start(s, q, nq, b, nb, time_limit)
                kept = 0
                stop = run(s, limit, keep, &solutions[p, 0, 0] if keep > 0 else NULL, &kept)
                if stop == INTERRUPTED:
                    break
                counts[p] = s.count
                complete[p] = stop == EXHAUSTED
                timed_out[p] = stop == TIMED_OUT
                nodes[p] = s.nodes
                t1 = qs_now()
                elapsed[p] = t1 - t0
                t0 = t1
        if stop == INTERRUPTED:
            _reraise()
        return m
    finally:
        free(s)
        free(q)
        free(b)


cdef class Search:
    """A resumable search of one board: ``next_solutions(k)`` hands out the next k solutions."""

    cdef Searcher *s
    cdef readonly bint timed_out  # ``time_limit`` (seconds from the start; 0: none) ended the search

    def __cinit__(self, const int64_t[:, ::1] regions, int n, int rule, queens, blocked, double time_limit=0.0):
        self.s = prepared(regions, n, rule, queens, blocked, time_limit)

    def __dealloc__(self):
        free(self.s)

    @property
    def nodes(self) -> int:
        return self.s.nodes

    def next_solutions(self, int k) -> list:
        """Up to ``k`` further solutions; fewer only when the search is exhausted or timed out."""
        cdef list out = []
        if k > 0 and not self.timed_out:
            self.timed_out = collect(self.s, self.s.count + k, k, out) == TIMED_OUT
        return out
