# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Native kernels for boards without regions (classic N-Queens and its no-touch cousin).

Four jobs, each with a pure-Python twin in ``queens_sat/nqueens/`` that gives the
same answers (the package picks these when the extension is built;
``QUEENS_SAT_PURE_PYTHON=1`` forces the twins):

* ``count_task``: the weighted count of one sub-tree of the symmetric counter
  (see ``queens_sat/nqueens/counting.py`` for the scheme and the task split);
* ``Enumerator``: every solution in lexicographic order, in resumable batches;
* ``queens_local_search`` / ``no_touch_local_search``: one random solution of a
  huge board in about linear time (Sosic and Gu's greedy start + conflict repair);
* ``first_violation``: an O(n) check of a column list.

Boards are rows of bits (bit ``c`` is column ``c``), so searches stop at n = 63.
"""

from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memset
from libc.setjmp cimport jmp_buf, longjmp, setjmp
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

cdef extern from "Python.h":
    # Declared without an exception value: the kernels call it inside ``with gil``,
    # stop cleanly on a non-zero return, and the wrapper re-raises (``_reraise``).
    int PyErr_CheckSignals()

cdef extern from "cpu.h":  # the bit helpers shared with the region search (plain C)
    int qs_ctz64 "qs_ctz"(unsigned long long x) noexcept nogil

MAX_BITS_N = 63

cdef enum:
    STACK = 64  # rows of the fixed-size stacks; n <= 63
    POLL_MASK = 0xFFFF  # the counter looks at the clock and for signals every 65536 calls (well under 1 ms)


cdef int _reraise() except -1:
    """Propagate the exception a signal handler left pending (KeyboardInterrupt for Ctrl-C)."""
    return -1


cdef inline bint signalled() noexcept nogil:
    """Whether a Python signal handler raised (Ctrl-C, or the CLI's SIGTERM handler); the error stays set."""
    with gil:
        return PyErr_CheckSignals() != 0

cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return <double>ts.tv_sec + <double>ts.tv_nsec * 1e-9


cdef inline uint64_t lowest(uint64_t x) noexcept nogil:
    return x & (~x + 1)


# ---------------------------------------------------------------- symmetric counting

cdef enum:
    CORNER = 0  # a queen in the corner (0, 0); row 1's queen in column a, column 1's below row a
    EDGE = 1  # no corner queen; every edge queen at least b0 from both ends of its edge


cdef struct Count:
    int n
    int last  # n - 1
    int kind
    int b0  # EDGE: the column of row 0
    int bound2  # EDGE: n - 1 - b0, the row by which both side columns hold their queen; CORNER: -1
    uint64_t full
    uint64_t sides  # columns 0 and n - 1
    uint64_t mask[STACK]  # the columns each row may take before the bound2 rule (see row_masks)
    uint64_t pos[STACK]  # the bit of each placed row (EDGE only: the leaf test reads it)
    uint64_t total  # solutions, each representative weighted by the size of its class
    int top_end  # the first row past those with a barred column (CORNER: a; EDGE: b0)
    double deadline  # time.monotonic() seconds; 0 for none
    bint stopped  # the deadline passed
    bint interrupted  # a signal handler raised; the exception is pending
    uint64_t ticks  # calls of the band functions, to poll the clock and signals now and then
    jmp_buf escape  # where a poll that must stop jumps to: the search holds nothing to free


cdef void row_masks(Count* s, int a) noexcept nogil:
    """The tree's fixed rules as a column mask per row, so that a node pays one AND for them.

    CORNER: rows below ``a`` keep column 1 free. EDGE: rows below b0 keep the side
    columns free and the last row keeps to columns b0 .. n-1-b0. The one rule that
    depends on the board (row bound2 must fill a side column still empty) is
    ``bound2_rule``.
    """
    cdef int y
    for y in range(s.n):
        s.mask[y] = s.full
    if s.kind == CORNER:
        for y in range(a):
            s.mask[y] = s.full & ~(<uint64_t>2)
        return
    for y in range(s.b0):
        s.mask[y] = s.full & ~s.sides
    s.mask[s.last] = (((<uint64_t>1) << (s.bound2 + 1)) - 1) & ~(((<uint64_t>1) << s.b0) - 1)


cdef inline uint64_t bound2_rule(Count* s, uint64_t cols, uint64_t avail) noexcept nogil:
    """EDGE row bound2: a side column still empty must take this row's queen."""
    cdef uint64_t missing = s.sides & ~cols
    if missing == s.sides:
        return 0  # both side queens would sit below bound2
    if missing:
        return avail & missing
    return avail


cdef inline uint64_t allowed(Count* s, int y, uint64_t cols, uint64_t avail) noexcept nogil:
    """The free columns ``avail`` of row ``y`` that the tree's representative rules leave."""
    avail &= s.mask[y]
    if y == s.bound2:
        return bound2_rule(s, cols, avail)
    return avail


cdef inline int image(int g, int r, int m, int* col, int* inv) noexcept nogil:
    """Row ``r`` of the board under symmetry ``g`` (see leaf_weight)."""
    if g == 2:
        return col[m - r]
    if g == 3:
        return m - col[m - r]
    if g == 4:
        return inv[r]
    if g == 5:
        return m - inv[r]
    if g == 6:
        return inv[m - r]
    return m - inv[m - r]


cdef int leaf_weight(Count* s) noexcept nogil:
    """The class size of the complete EDGE board ``s.pos`` if it is its class's representative, else 0.

    The board must be the smallest member of its class read as a column list; only
    images whose row 0 also holds column b0 can be smaller, the pruning rules out
    every other. g = 1 (columns mirrored) starts with n-1-b0 > b0 and is skipped;
    2 rows mirrored, 3 half turn, 4 transpose, 5/6 quarter turns, 7 anti-transpose.
    No solution is its own mirror image, so the class has 8 / |rotations fixing it|
    members. Most boards have no such image, which a look at three rows tells
    (O(1)) before the O(n) column lists are built.
    """
    cdef int n = s.n, m = s.last, b0 = s.b0, r, g, v, same = 1, cmp
    cdef uint64_t one = 1, top = one << m
    cdef int col[STACK]
    cdef int inv[STACK]
    cdef int wanted = 0  # bit g: image g starts with b0 too
    if s.pos[m] == one << b0:
        wanted |= 1 << 2
    if s.pos[m] == one << (m - b0):
        wanted |= 1 << 3
    if s.pos[b0] == 1:
        wanted |= 1 << 4
    if s.pos[s.bound2] == 1:
        wanted |= 1 << 5
    if s.pos[b0] == top:
        wanted |= 1 << 6
    if s.pos[s.bound2] == top:
        wanted |= 1 << 7
    if wanted == 0:
        return 8
    for r in range(n):
        col[r] = qs_ctz64(s.pos[r])
        inv[col[r]] = r
    for g in range(2, 8):
        if not (wanted >> g) & 1:
            continue
        cmp = 0
        for r in range(1, n):
            v = image(g, r, m, col, inv)
            if v != col[r]:
                cmp = -1 if v < col[r] else 1
                break
        if cmp < 0:
            return 0
        if cmp == 0:
            same += 1
    return 8 // same


# The search proper is split by band of rows whose rule is the same, a function per
# band that hands over to the next band's function at the band's last row, so that a
# node pays for no rule it does not need. CORNER: rows < a (column 1 barred), then
# free rows. EDGE: rows < b0 (side columns barred), free rows down to bound2, row
# bound2 (the side columns must be full by then), free rows. Calls are what a node
# costs most, so a node works out its child's free columns before the call, and
# skips a child with none or whose next two rows are already shut by the queens
# placed (one_ahead, two_ahead): at n = 16 that leaves about 108 million calls of the
# 153 million that the plain order makes (and of the 571 million nodes of the C
# mirror counter). A queen in row n-2 leaves one column at most for the last row,
# which is counted without a call. Only EDGE boards record their rows in s.pos,
# for leaf_weight.

cdef inline bint one_ahead(uint64_t full, uint64_t ld, uint64_t cols, uint64_t rd) noexcept nogil:
    """Whether the row after the next still has a column that the queens so far leave free."""
    return (full & ~((ld << 1) | cols | (rd >> 1))) != 0


cdef inline bint two_ahead(uint64_t full, uint64_t ld, uint64_t cols, uint64_t rd) noexcept nogil:
    """one_ahead, and the same for the row after that."""
    return (full & ~((ld << 1) | cols | (rd >> 1))) != 0 and (full & ~((ld << 2) | cols | (rd >> 2))) != 0


cdef void poll(Count* s) noexcept nogil:
    """Every POLL_MASK + 1 calls: leave the whole search at once when time is up or a signal came.

    A sub-tree below the task's first rows can take hours (n = 30), so the clock
    must be read inside it, not between sub-trees; ``longjmp`` unwinds the
    recursion without a test per node.
    """
    s.ticks += 1
    if (s.ticks & POLL_MASK) != 0:
        return
    if s.deadline > 0 and now() > s.deadline:
        s.stopped = True
        longjmp(s.escape, 1)
    if signalled():
        s.interrupted = True
        longjmp(s.escape, 1)


cdef void corner_rows(Count* s, int y, uint64_t avail, uint64_t ld, uint64_t cols, uint64_t rd) noexcept nogil:
    """CORNER rows a .. n-2 (no rule), ``avail`` the free columns of row ``y``; each board stands for 8."""
    cdef uint64_t bit, nld, ncols, nrd, nxt, full = s.full
    poll(s)
    if y == s.last - 1:
        while avail:
            bit = lowest(avail)
            avail ^= bit
            if full & ~(((ld | bit) << 1) | cols | bit | ((rd | bit) >> 1)):
                s.total += 8
        return
    if y == s.last - 2:
        while avail:
            bit = lowest(avail)
            avail ^= bit
            nld = (ld | bit) << 1
            ncols = cols | bit
            nrd = (rd | bit) >> 1
            nxt = full & ~(nld | ncols | nrd)
            if nxt and one_ahead(full, nld, ncols, nrd):
                corner_rows(s, y + 1, nxt, nld, ncols, nrd)
        return
    while avail:
        bit = lowest(avail)
        avail ^= bit
        nld = (ld | bit) << 1
        ncols = cols | bit
        nrd = (rd | bit) >> 1
        nxt = full & ~(nld | ncols | nrd)
        if nxt and two_ahead(full, nld, ncols, nrd):
            corner_rows(s, y + 1, nxt, nld, ncols, nrd)


cdef void edge_leaves(Count* s, int y, uint64_t avail, uint64_t ld, uint64_t cols, uint64_t rd) noexcept nogil:
    """EDGE row n-2: each choice leaves one column for the last row; weigh the boards that fit."""
    cdef uint64_t bit, leaf
    while avail:
        bit = lowest(avail)
        avail ^= bit
        leaf = s.mask[s.last] & ~(((ld | bit) << 1) | cols | bit | ((rd | bit) >> 1))
        if leaf:
            s.pos[y] = bit
            s.pos[y + 1] = leaf
            s.total += leaf_weight(s)


cdef void edge_rows(Count* s, int y, uint64_t avail, uint64_t ld, uint64_t cols, uint64_t rd) noexcept nogil:
    """EDGE rows bound2 .. n-2 (row bound2's rule is already in ``avail``)."""
    cdef uint64_t bit, nld, ncols, nrd, nxt, full = s.full
    poll(s)
    if y == s.last - 1:
        edge_leaves(s, y, avail, ld, cols, rd)
        return
    if y == s.last - 2:
        while avail:
            bit = lowest(avail)
            avail ^= bit
            s.pos[y] = bit
            nld = (ld | bit) << 1
            ncols = cols | bit
            nrd = (rd | bit) >> 1
            nxt = full & ~(nld | ncols | nrd)
            if nxt and one_ahead(full, nld, ncols, nrd):
                edge_leaves(s, y + 1, nxt, nld, ncols, nrd)
        return
    while avail:
        bit = lowest(avail)
        avail ^= bit
        s.pos[y] = bit
        nld = (ld | bit) << 1
        ncols = cols | bit
        nrd = (rd | bit) >> 1
        nxt = full & ~(nld | ncols | nrd)
        if nxt and two_ahead(full, nld, ncols, nrd):
            edge_rows(s, y + 1, nxt, nld, ncols, nrd)


cdef void middle_rows(Count* s, int y, uint64_t avail, uint64_t ld, uint64_t cols, uint64_t rd) noexcept nogil:
    """EDGE rows b0 .. bound2-1: no rule; row bound2 comes next."""
    cdef uint64_t bit, nld, ncols, nrd, nxt, full = s.full
    poll(s)
    if y + 1 == s.bound2:
        while avail:
            bit = lowest(avail)
            avail ^= bit
            s.pos[y] = bit
            nld = (ld | bit) << 1
            ncols = cols | bit
            nrd = (rd | bit) >> 1
            nxt = bound2_rule(s, ncols, full & ~(nld | ncols | nrd))
            if nxt and one_ahead(full, nld, ncols, nrd):
                edge_rows(s, y + 1, nxt, nld, ncols, nrd)
        return
    while avail:  # y + 1 < bound2 <= n - 2: two rows below the child
        bit = lowest(avail)
        avail ^= bit
        s.pos[y] = bit
        nld = (ld | bit) << 1
        ncols = cols | bit
        nrd = (rd | bit) >> 1
        nxt = full & ~(nld | ncols | nrd)
        if nxt and two_ahead(full, nld, ncols, nrd):
            middle_rows(s, y + 1, nxt, nld, ncols, nrd)


cdef void enter(Count* s, int y, uint64_t ld, uint64_t cols, uint64_t rd) noexcept nogil:
    """Row ``y`` (at most n-2) through the function of its band."""
    cdef uint64_t avail = allowed(s, y, cols, s.full & ~(ld | cols | rd)), bit
    if avail == 0:
        return
    if y < s.top_end:  # the few rows with a barred column: no need to be quick
        while avail:
            bit = lowest(avail)
            avail ^= bit
            s.pos[y] = bit
            enter(s, y + 1, (ld | bit) << 1, cols | bit, (rd | bit) >> 1)
    elif s.kind == CORNER:
        corner_rows(s, y, avail, ld, cols, rd)
    elif y >= s.bound2:
        edge_rows(s, y, avail, ld, cols, rd)
    else:
        middle_rows(s, y, avail, ld, cols, rd)


cdef void clocked(Count* s, int y, int depth, uint64_t ld, uint64_t cols, uint64_t rd) noexcept nogil:
    """The first ``depth`` rows below the prefix, looking at the clock between sub-trees."""
    cdef uint64_t avail, bit
    if depth == 0 or y >= s.last - 1:
        enter(s, y, ld, cols, rd)
        return
    avail = allowed(s, y, cols, s.full & ~(ld | cols | rd))
    while avail and not s.stopped:
        bit = lowest(avail)
        avail ^= bit
        s.pos[y] = bit
        clocked(s, y + 1, depth - 1, (ld | bit) << 1, cols | bit, (rd | bit) >> 1)
        if s.deadline > 0 and now() > s.deadline:
            s.stopped = True


cdef void run_count(Count* s, int y, uint64_t ld, uint64_t cols, uint64_t rd) noexcept nogil:
    """``clocked`` with the landing place of ``poll``'s jump."""
    if setjmp(s.escape) == 0:
        clocked(s, y, 2, ld, cols, rd)


def count_task(int n, int kind, prefix, double deadline=0.0):
    """The weighted count below ``prefix`` (the columns of rows 0..k-1, k <= n-2).

    ``kind`` 0: corner tree (prefix[0] == 0, prefix[1] = a); 1: edge tree (prefix[0] = b0).
    Returns (weighted count, finished); ``finished`` is false when the clock of
    ``time.monotonic()`` passed ``deadline`` (0: none) first: the count is then a lower bound.
    """
    cdef Count s
    cdef int y, c
    cdef uint64_t ld = 0, cols = 0, rd = 0, bit
    if not 4 <= n <= MAX_BITS_N:
        raise ValueError(f"the symmetric counter needs 4 <= n <= {MAX_BITS_N}, got {n}")
    if not 1 <= len(prefix) <= n - 2:
        raise ValueError("a task's prefix must hold 1 to n-2 rows")
    memset(&s, 0, sizeof(Count))
    s.n = n
    s.last = n - 1
    s.full = ((<uint64_t>1) << n) - 1
    s.kind = kind
    s.sides = 1 | ((<uint64_t>1) << (n - 1))
    if kind == CORNER:
        s.bound2 = -1
        row_masks(&s, prefix[1])
    else:
        s.b0 = prefix[0]
        s.bound2 = n - 1 - s.b0
        row_masks(&s, 0)
    s.top_end = prefix[1] if kind == CORNER else s.b0
    s.deadline = deadline
    for y in range(len(prefix)):
        c = prefix[y]
        bit = (<uint64_t>1) << c
        s.pos[y] = bit
        ld = (ld | bit) << 1
        cols = cols | bit
        rd = (rd | bit) >> 1
    y = len(prefix)
    if deadline > 0 and now() > deadline:  # a task handed out late: not one node
        return 0, False
    with nogil:
        run_count(&s, y, ld, cols, rd)
    if s.interrupted:
        _reraise()
    return s.total, not s.stopped


# ---------------------------------------------------------------- enumeration

cdef class Enumerator:
    """Every solution of an n-board without regions, in lexicographic order of columns.

    Depth-first with an explicit stack so that it can stop after any batch and go on
    later: memory stays flat however many solutions there are.
    """

    cdef int n
    cdef bint queens
    cdef uint64_t full
    cdef int y
    cdef bint done
    cdef uint64_t avail[STACK]
    cdef uint64_t ldv[STACK]
    cdef uint64_t colv[STACK]
    cdef uint64_t rdv[STACK]
    cdef int col[STACK]
    cdef public unsigned long long nodes

    def __cinit__(self, int n, bint queens):
        if not 1 <= n <= MAX_BITS_N:
            raise ValueError(f"the bitmask enumerator needs 1 <= n <= {MAX_BITS_N}, got {n}")
        self.n = n
        self.queens = queens
        self.full = ((<uint64_t>1) << n) - 1
        self.y = 0
        self.done = False
        self.avail[0] = self.full
        self.ldv[0] = self.colv[0] = self.rdv[0] = 0
        self.nodes = 0

    @property
    def exhausted(self) -> bool:
        return self.done

    cdef int advance(self, unsigned long long max_nodes) noexcept nogil:
        """Walk to the next solution: 1 found, 0 exhausted, -1 node budget spent."""
        cdef int y = self.y, n = self.n
        cdef uint64_t bit, ld, cols, rd
        cdef unsigned long long spent = 0
        while True:
            if y < 0:
                self.done = True
                self.y = y
                return 0
            if self.avail[y] == 0:
                y -= 1
                continue
            bit = lowest(self.avail[y])
            self.avail[y] ^= bit
            self.col[y] = qs_ctz64(bit)
            if y == n - 1:
                self.y = y
                return 1
            if self.queens:
                ld = (self.ldv[y] | bit) << 1
                rd = (self.rdv[y] | bit) >> 1
            else:
                ld = bit << 1
                rd = bit >> 1
            cols = self.colv[y] | bit
            y += 1
            self.ldv[y] = ld
            self.colv[y] = cols
            self.rdv[y] = rd
            self.avail[y] = self.full & ~(ld | cols | rd)
            self.nodes += 1
            spent += 1
            if spent >= max_nodes:
                self.y = y
                return -1

    def next_batch(self, int max_solutions, unsigned long long max_nodes=1 << 62):
        """Up to ``max_solutions`` more solutions (tuples of columns).

        Fewer come back when the search is exhausted (see ``exhausted``) or when
        ``max_nodes`` nodes were visited; call again to go on.
        """
        cdef list out = []
        cdef int r, status
        while len(out) < max_solutions and not self.done:
            status = self.advance(max_nodes)
            if status != 1:
                break
            out.append(tuple([self.col[r] for r in range(self.n)]))
        return out


# ---------------------------------------------------------------- local search

cdef inline uint64_t next_random(uint64_t* state) noexcept nogil:
    """splitmix64: fast, and good enough to drive a local search."""
    cdef uint64_t z
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline uint32_t below(uint64_t* state, uint32_t k) noexcept nogil:
    """A uniform integer in [0, k) (Lemire's multiply-shift)."""
    return <uint32_t>(((next_random(state) >> 32) * <uint64_t>k) >> 32)


cdef struct Repair:
    # rows whose queen may be attacked; every conflict has at least one queen listed
    int32_t* rows
    uint8_t* listed
    size_t size
    size_t cap


cdef inline int push_row(Repair* w, int32_t r) noexcept nogil:
    cdef int32_t* grown
    if w.listed[r]:
        return 0
    if w.size == w.cap:
        grown = <int32_t*>realloc(w.rows, 2 * w.cap * sizeof(int32_t))
        if grown == NULL:
            return -1
        w.rows = grown
        w.cap *= 2
    w.rows[w.size] = r
    w.size += 1
    w.listed[r] = 1
    return 0


cdef inline int32_t pop_random_row(Repair* w, uint64_t* rng) noexcept nogil:
    cdef size_t k = below(rng, <uint32_t>w.size)
    cdef int32_t r = w.rows[k]
    w.size -= 1
    w.rows[k] = w.rows[w.size]
    w.listed[r] = 0
    return r


cdef inline bint q_attacked(int32_t* col, uint32_t* d1, uint32_t* d2, int m, int r) noexcept nogil:
    return d1[r - col[r] + m] > 1 or d2[r + col[r]] > 1


cdef inline long q_move(uint32_t* d1, uint32_t* d2, int m, int r, int c, int sign) noexcept nogil:
    """Add (sign 1) or remove (-1) the queen (r, c); returns the change in collisions."""
    cdef long delta = 0
    if sign > 0:
        delta += d1[r - c + m] > 0
        delta += d2[r + c] > 0
        d1[r - c + m] += 1
        d2[r + c] += 1
    else:
        d1[r - c + m] -= 1
        d2[r + c] -= 1
        delta -= d1[r - c + m] > 0
        delta -= d2[r + c] > 0
    return delta


cdef inline bint bit_at(uint64_t* words, long k) noexcept nogil:
    return (words[k >> 6] >> (k & 63)) & 1


cdef inline void set_bit(uint64_t* words, long k) noexcept nogil:
    words[k >> 6] |= (<uint64_t>1) << (k & 63)


cdef int halt(double deadline) noexcept nogil:
    """Whether a local search must stop: -1 out of time, -3 a signal handler raised (pending), 0 go on."""
    if deadline > 0 and now() > deadline:
        return -1
    if signalled():
        return -3
    return 0


cdef int fresh_start(int n, int32_t* col, uint8_t* listed, double deadline) noexcept nogil:
    """Identity columns and no row listed, a slice at a time with ``halt`` between:
    a first touch of n = 10^8 rows costs a second of page faults."""
    cdef int lo = 0, hi, i, k
    while lo < n:
        hi = n if n - lo < 0x400000 else lo + 0x400000
        for i in range(lo, hi):
            col[i] = i
        memset(listed + lo, 0, (hi - lo) * sizeof(uint8_t))
        lo = hi
        k = halt(deadline)
        if k:
            return k
    return 0


cdef int queens_attempt(int n, int32_t* col, uint32_t* d1, uint32_t* d2, uint64_t* b1, uint64_t* b2,
                        Repair* w, Repair* late, uint64_t* rng, int tail, long max_steps,
                        double deadline, long* swaps) noexcept nogil:
    """One try: 1 solved, 0 stuck (restart), -1 out of time, -2 out of memory, -3 interrupted."""
    cdef int m = n - 1, i, j, c, tries, greedy = n - tail
    cdef long collisions = 0, delta, steps = 0, k
    cdef size_t words = (2 * <size_t>n + 63) // 64
    k = fresh_start(n, col, w.listed, deadline)
    if k:
        return <int>k
    memset(b1, 0, words * sizeof(uint64_t))
    memset(b2, 0, words * sizeof(uint64_t))
    w.size = 0
    late.size = 0
    # Greedy phase: row i takes a random unused column free on both diagonals (a
    # Fisher-Yates shuffle that rejects clashing draws). Occupied diagonals are bits,
    # small enough to stay in cache at n = 10^7. After 1000 draws a row keeps a clash
    # and joins the late rows, like the last few dozen, which take what is left.
    for i in range(n):
        tries = 0
        while True:
            j = i + <int>below(rng, n - i)
            c = col[j]
            if i >= greedy or (not bit_at(b1, i - c + m) and not bit_at(b2, i + c)) or tries >= 1000:
                break
            tries += 1
        col[j] = col[i]
        col[i] = c
        if i < greedy and not bit_at(b1, i - c + m) and not bit_at(b2, i + c):
            set_bit(b1, i - c + m)
            set_bit(b2, i + c)
        elif push_row(late, i) < 0:
            return -2
        if i < greedy and (i & 0x3FFF) == 0:
            k = halt(deadline)
            if k:
                return <int>k
    # Collision counts per diagonal: the greedy queens' bits, then the late rows.
    for k in range(2 * n):
        d1[k] = bit_at(b1, k)
        d2[k] = bit_at(b2, k)
    for k in range(<long>late.size):
        i = late.rows[k]
        delta = q_move(d1, d2, m, i, col[i], 1)
        collisions += delta
        if delta and push_row(w, i) < 0:
            return -2
    # Repair: swap an attacked queen with a random one whenever that lowers the collisions.
    while collisions > 0:
        if w.size == 0:
            for i in range(n):  # safety net; the list always covers every conflict
                if q_attacked(col, d1, d2, m, i) and push_row(w, i) < 0:
                    return -2
        i = pop_random_row(w, rng)
        if not q_attacked(col, d1, d2, m, i):
            continue
        j = <int>below(rng, n)
        if j != i:
            swaps[0] += 1
            delta = q_move(d1, d2, m, i, col[i], -1) + q_move(d1, d2, m, j, col[j], -1)
            delta += q_move(d1, d2, m, i, col[j], 1) + q_move(d1, d2, m, j, col[i], 1)
            if delta < 0:
                c = col[i]
                col[i] = col[j]
                col[j] = c
                collisions += delta
                if q_attacked(col, d1, d2, m, j) and push_row(w, j) < 0:
                    return -2
            else:
                q_move(d1, d2, m, i, col[j], -1)
                q_move(d1, d2, m, j, col[i], -1)
                q_move(d1, d2, m, i, col[i], 1)
                q_move(d1, d2, m, j, col[j], 1)
        if q_attacked(col, d1, d2, m, i) and push_row(w, i) < 0:
            return -2
        steps += 1
        if steps > max_steps:
            return 0
        if (steps & 0x3FF) == 0:
            k = halt(deadline)
            if k:
                return <int>k
    return 1


cdef inline int touching(int32_t* col, int n, int p) noexcept nogil:
    """1 when rows p and p+1 hold neighbouring columns (p outside 0..n-2 counts 0)."""
    cdef int d
    if p < 0 or p >= n - 1:
        return 0
    d = col[p] - col[p + 1]
    return d >= -1 and d <= 1


cdef inline bint nt_attacked(int32_t* col, int n, int r) noexcept nogil:
    return touching(col, n, r - 1) or touching(col, n, r)


cdef inline int nt_pairs(int32_t* col, int n, int i, int j) noexcept nogil:
    """Touching pairs among those that rows i and j take part in, each pair once."""
    cdef int total = touching(col, n, i - 1) + touching(col, n, i)
    if j - 1 != i and j - 1 != i - 1:
        total += touching(col, n, j - 1)
    if j != i and j != i - 1:
        total += touching(col, n, j)
    return total


cdef int no_touch_attempt(int n, int32_t* col, Repair* w, uint64_t* rng, int tail,
                          long max_steps, double deadline, long* swaps) noexcept nogil:
    """One try for the no-touch rule: 1 solved, 0 stuck, -1 out of time, -2 out of memory, -3 interrupted."""
    cdef int i, j, c, tries, before, after, greedy = n - tail
    cdef long conflicts = 0, steps = 0
    before = fresh_start(n, col, w.listed, deadline)
    if before:
        return before
    w.size = 0
    for i in range(greedy):
        tries = 0
        while True:
            j = i + <int>below(rng, n - i)
            c = col[j]
            if i == 0 or c - col[i - 1] > 1 or col[i - 1] - c > 1 or tries >= 1000:
                break
            tries += 1
        col[j] = col[i]
        col[i] = c
        if (i & 0xFFFF) == 0:
            before = halt(deadline)
            if before:
                return before
    for i in range(greedy, n):
        j = i + <int>below(rng, n - i)
        c = col[j]
        col[j] = col[i]
        col[i] = c
    for i in range(n - 1):
        if touching(col, n, i):
            conflicts += 1
            if push_row(w, i) < 0 or push_row(w, i + 1) < 0:
                return -2
    while conflicts > 0:
        if w.size == 0:
            for i in range(n):
                if nt_attacked(col, n, i) and push_row(w, i) < 0:
                    return -2
        i = pop_random_row(w, rng)
        if not nt_attacked(col, n, i):
            continue
        j = <int>below(rng, n)
        if j != i:
            swaps[0] += 1
            before = nt_pairs(col, n, i, j)
            c = col[i]
            col[i] = col[j]
            col[j] = c
            after = nt_pairs(col, n, i, j)
            if after < before:
                conflicts += after - before
                if nt_attacked(col, n, j) and push_row(w, j) < 0:
                    return -2
            else:
                col[j] = col[i]
                col[i] = c
        if nt_attacked(col, n, i) and push_row(w, i) < 0:
            return -2
        steps += 1
        if steps > max_steps:
            return 0
        if (steps & 0x3FF) == 0:
            before = halt(deadline)
            if before:
                return before
    return 1


def local_search(int32_t[::1] col, bint queens, uint64_t seed, int tail, long max_steps,
                 double deadline=0.0):
    """Fill ``col`` (length n >= 4) with a solution; returns (solved, restarts, swaps).

    ``solved`` is false only when ``time.monotonic()`` passed ``deadline`` (0: none).
    A try still in conflict after ``max_steps`` repair steps starts again with the
    next random draws.
    """
    cdef int n = col.shape[0]
    cdef uint64_t rng = seed
    cdef uint32_t* d1 = NULL
    cdef uint32_t* d2 = NULL
    cdef uint64_t* b1 = NULL
    cdef uint64_t* b2 = NULL
    cdef size_t words = (2 * <size_t>n + 63) // 64
    cdef Repair w
    cdef Repair late
    cdef int status = 0
    cdef long restarts = -1, swaps = 0
    if n < 4:
        raise ValueError("local search needs n >= 4")
    tail = min(max(tail, 0), n)
    w.cap = late.cap = 1024
    w.size = late.size = 0
    w.rows = <int32_t*>malloc(w.cap * sizeof(int32_t))
    w.listed = <uint8_t*>calloc(n, sizeof(uint8_t))
    late.rows = <int32_t*>malloc(late.cap * sizeof(int32_t))
    late.listed = <uint8_t*>calloc(n, sizeof(uint8_t))
    if queens:
        d1 = <uint32_t*>malloc(2 * n * sizeof(uint32_t))
        d2 = <uint32_t*>malloc(2 * n * sizeof(uint32_t))
        b1 = <uint64_t*>malloc(words * sizeof(uint64_t))
        b2 = <uint64_t*>malloc(words * sizeof(uint64_t))
    try:
        if w.rows == NULL or w.listed == NULL or late.rows == NULL or late.listed == NULL:
            raise MemoryError()
        if queens and (d1 == NULL or d2 == NULL or b1 == NULL or b2 == NULL):
            raise MemoryError()
        with nogil:
            while status == 0:
                restarts += 1
                if queens:
                    status = fresh_start(n, &col[0], late.listed, deadline)  # late.listed cleared, col set again below
                    if status != 0:
                        break
                    status = queens_attempt(n, &col[0], d1, d2, b1, b2, &w, &late, &rng, tail,
                                            max_steps, deadline, &swaps)
                else:
                    status = no_touch_attempt(n, &col[0], &w, &rng, tail, max_steps, deadline, &swaps)
        if status == -2:
            raise MemoryError()
        if status == -3:
            _reraise()
        return status == 1, restarts, swaps
    finally:
        free(w.rows)
        free(w.listed)
        free(late.rows)
        free(late.listed)
        free(d1)
        free(d2)
        free(b1)
        free(b2)


# ---------------------------------------------------------------- verification

def first_violation(int32_t[::1] col, bint queens):
    """The first row whose queen breaks the rules of a board without regions, or -1.

    A row is reported when its column is off the board or already used, when it
    shares a diagonal with an earlier row (queens), or touches the row above (no-touch).
    Columns and diagonals seen are bits, which keeps n = 10^7 in cache.
    """
    cdef int n = col.shape[0], r, c, bad = -1
    cdef size_t words = (<size_t>n + 63) // 64, dwords = (2 * <size_t>n + 63) // 64
    cdef uint64_t* seen = <uint64_t*>calloc(words + 2 * dwords, sizeof(uint64_t))
    cdef uint64_t* d1
    cdef uint64_t* d2
    if seen == NULL:
        raise MemoryError()
    d1 = seen + words
    d2 = d1 + dwords
    cdef bint interrupted = False
    with nogil:
        for r in range(n):
            if (r & 0x3FFFFF) == 0x3FFFFF and signalled():  # n = 10^8 takes seconds
                interrupted = True
                break
            c = col[r]
            if c < 0 or c >= n or bit_at(seen, c):
                bad = r
                break
            set_bit(seen, c)
            if queens:
                if bit_at(d1, r - c + n - 1) or bit_at(d2, r + c):
                    bad = r
                    break
                set_bit(d1, r - c + n - 1)
                set_bit(d2, r + c)
            elif r > 0 and c - col[r - 1] <= 1 and col[r - 1] - c <= 1:
                bad = r
                break
    free(seen)
    if interrupted:
        _reraise()
    return bad
