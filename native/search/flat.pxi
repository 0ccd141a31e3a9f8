# The flat layout of native/bitsearch.pyx (n <= FLAT_N = 24): the board as ceil(n*n / 64)
# words, a placement an AND-NOT with the cell's kill mask a word at a time. Two variants:
# two-word boards (n <= 11) keep no counts and scan by popcount (AVX-512 in that build,
# native/scan_avx512.h); wider boards keep per-unit keys (``flat_forget``). Included
# textually by bitsearch.pyx, whose Searcher and Tables it reads.


cdef inline void flat_forget(const int *cell_units, tally *keys, word removed, int base) noexcept nogil:
    """Lower the counts of the three units of every cell in ``removed`` (cells ``base`` + bit)."""
    cdef int units
    while removed:
        units = cell_units[base + qs_ctz(removed)]
        removed &= removed - 1
        keys[units & 255] -= ONE
        keys[(units >> 8) & 255] -= ONE
        keys[units >> 16] -= ONE


cdef inline void flat_place_w(Searcher *s, int depth, int into, int cell, int W) noexcept nogil:
    """Depth ``into`` (``depth`` or the next) = ``depth`` with a queen on ``cell``: all it rules
    out goes by AND-NOT, a word at a time, and its row, column and region close."""
    cdef int w, n = s.n, rc = s.rc[cell], k = s.region_of[cell]
    cdef const word *src = s.flat_state + depth * W
    cdef word *dst = s.flat_state + into * W
    cdef const word *kill = s.kill + cell * W
    cdef const word *mask = s.unit_mask + (2 * n + k) * W
    cdef int units = s.units
    cdef tally *keys = s.keys + into * units
    cdef word gone
    if W > 2:  # the keyed scan: lower the counts of the units of every cell that goes
        if into != depth:
            qs_copy32(keys, s.keys + depth * units, units)
        for w in range(W):
            gone = src[w] & (kill[w] | mask[w])
            dst[w] = src[w] ^ gone
            flat_forget(s.cell_units, keys, gone, w << 6)
        keys[rc >> 8] = CLOSED
        keys[n + (rc & 255)] = CLOSED
        keys[2 * n + k] = CLOSED  # without regions: the empty unit 2n, never read
        return
    for w in range(W):
        dst[w] = src[w] & ~(kill[w] | mask[w])
    # without regions, unit 2n is no open unit: clearing its bit changes nothing
    s.open[into] = s.open[depth] & ~(bit(rc >> 8) | bit(n + (rc & 255)) | bit(2 * n + k))


cdef inline int flat_scan_open(Searcher *s, int depth, int *least) noexcept nogil:
    """The unit to branch on and its candidates (in ``least``) on a two-word board; -1 at a dead end.

    Counts the open units in order (rows, columns, regions) by popcount and stops
    at the first with one candidate or none, as the reference does. The running
    least is a key ``count << 8 | unit``, kept by a conditional move: a branch on
    it would be mispredicted a few times per scan.
    """
    cdef const word *state = s.flat_state + depth * 2
    cdef const word *mask
    cdef int u, count, key, best = CLOSED
    cdef word x = s.open[depth]
    while x:
        u = qs_ctz(x)
        x &= x - 1
        mask = s.unit_mask + u * 2
        count = qs_popcount(state[0] & mask[0]) + qs_popcount(state[1] & mask[1])
        if count <= 1:  # no later unit can have fewer; one with none waits for the next node
            least[0] = count
            return u if count else -1
        key = count << 8 | u
        best = key if key < best else best
    least[0] = best >> 8
    return best & (ONE - 1)


cdef inline int flat_next_cell_w(Searcher *s, int depth, int u, int W) noexcept nogil:
    """The first candidate cell of unit ``u``, or -1 when it has none left."""
    cdef int w
    cdef const word *state = s.flat_state + depth * W
    cdef const word *mask = s.unit_mask + u * W
    cdef word x
    for w in range(W):
        x = state[w] & mask[w]
        if x:
            return (w << 6) + qs_ctz(x)
    return -1


cdef inline void flat_place(Searcher *s, int depth, int into, int cell) noexcept nogil:
    if s.W == 2:  # a constant width: the compiler unrolls the common case
        flat_place_w(s, depth, into, cell, 2)
    else:
        flat_place_w(s, depth, into, cell, s.W)


cdef inline int flat_next_cell(Searcher *s, int depth, int u) noexcept nogil:
    return flat_next_cell_w(s, depth, u, 2) if s.W == 2 else flat_next_cell_w(s, depth, u, s.W)


cdef inline int flat_scan(Searcher *s, int depth, int *least) noexcept nogil:
    if s.W == 2:  # n <= 11: 3n units fit one word of the open set
        if QS_VECTOR_SCAN:
            return qs_scan2(s.scan_lo, s.scan_hi, s.flat_state[2 * depth], s.flat_state[2 * depth + 1], s.open[depth], least)
        return flat_scan_open(s, depth, least)
    return scan(s, depth, least)


cdef inline void flat_drop(Searcher *s, int depth, int cell) noexcept nogil:
    """Take ``cell`` out of depth's candidates (it is one)."""
    s.flat_state[depth * s.W + (cell >> 6)] &= ~bit(cell & 63)
    if s.W > 2:
        flat_forget(s.cell_units, s.keys + depth * s.units, bit(cell & 63), cell & ~63)
