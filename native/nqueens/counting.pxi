# The symmetric counter of native/nqueens/nqueens.pyx (``count_task``): the weighted count of one
# sub-tree; queens_sat/engines/nqueens/counting.py holds the scheme, the task split and the pure twin.
# Included textually, after the shared helpers of nqueens.pyx.

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
        col[r] = qs_ctz(s.pos[r])
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
    cdef int stop = qs_should_stop(s.deadline)
    if stop == QS_TIMED_OUT:
        s.stopped = True
        longjmp(s.escape, 1)
    if stop == QS_INTERRUPTED:
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
        if s.deadline > 0 and qs_now() > s.deadline:
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
    if deadline > 0 and qs_now() > deadline:  # a task handed out late: not one node
        return 0, False
    with nogil:
        run_count(&s, y, ld, cols, rd)
    if s.interrupted:
        reraise()
    return s.total, not s.stopped
