# The row layout of native/bitsearch.pyx (FLAT_N < n <= 64): one word per row (bit c) and
# one per column (bit r), a region as (row, columns) pairs; a placement clears only the
# cells it removes and lowers their units' keys. Included textually by bitsearch.pyx.


cdef inline void drop(Searcher *s, word *state, tally *keys, int r, int c) noexcept nogil:
    """Take cell (r, c) out of the candidates, if it still is one."""
    cdef int n = s.n
    if (state[r] >> c) & 1:
        state[r] &= ~bit(c)
        state[n + c] &= ~bit(r)
        keys[r] -= ONE
        keys[n + c] -= ONE
        if s.has_regions:
            keys[2 * n + s.region_of[r * n + c]] -= ONE


cdef inline void drop_in_row(Searcher *s, word *state, tally *keys, int r, word cols) noexcept nogil:
    """Take the cells of row ``r`` in columns ``cols`` out of the candidates."""
    cdef word x = state[r] & cols
    while x:
        drop(s, state, keys, r, qs_ctz(x))
        x &= x - 1


cdef void place(Searcher *s, int depth, int into, int r, int c) noexcept nogil:
    """The state of depth ``into`` (``depth`` or the next): that of ``depth`` with a queen on (r, c).

    Visits only the cells the queen rules out (the rest of its row and column,
    its region, its neighbours or diagonals), lowering the counts of the units
    each belongs to; then marks the queen's three units closed.
    """
    cdef int n = s.n, i, k = 0, p, line
    cdef bint has_regions = s.has_regions
    cdef word x, rbit = bit(r), cbit = bit(c)
    cdef word *rows = s.state + into * 2 * n
    cdef word *cols = rows + n
    cdef tally *keys = s.keys + into * s.units
    cdef tally *region_keys = keys + 2 * n
    cdef const uint8_t *region_of = s.region_of
    if into != depth:
        qs_copy64(rows, s.state + depth * 2 * n, 2 * n)
        qs_copy32(keys, s.keys + depth * s.units, s.units)
    x = rows[r]  # the queen's row
    rows[r] = 0
    while x:
        i = qs_ctz(x)
        x &= x - 1
        cols[i] &= ~rbit
        keys[n + i] -= ONE
        if has_regions:
            region_keys[region_of[r * n + i]] -= ONE
    x = cols[c]  # its column
    cols[c] = 0
    while x:
        i = qs_ctz(x)
        x &= x - 1
        rows[i] &= ~cbit
        keys[i] -= ONE
        if has_regions:
            region_keys[region_of[i * n + c]] -= ONE
    if has_regions:  # its region
        k = region_of[r * n + c]
        for p in range(s.row_start[k], s.row_start[k + 1]):
            line = s.row_line[p]
            x = rows[line] & s.row_mask[p]
            rows[line] &= ~x
            keys[line] -= qs_popcount(x) * ONE
            while x:
                i = qs_ctz(x)
                x &= x - 1
                cols[i] &= ~bit(line)
                keys[n + i] -= ONE
    if s.rule == QUEENS:
        for i in range(1, n):
            x = (bit(c + i) if c + i < n else 0) | (bit(c - i) if c >= i else 0)
            if r >= i:
                drop_in_row(s, rows, keys, r - i, x)
            if r + i < n:
                drop_in_row(s, rows, keys, r + i, x)
    else:
        x = (bit(c + 1) if c + 1 < n else 0) | (bit(c - 1) if c > 0 else 0)
        if r > 0:
            drop_in_row(s, rows, keys, r - 1, x)
        if r + 1 < n:
            drop_in_row(s, rows, keys, r + 1, x)
    keys[r] = CLOSED
    keys[n + c] = CLOSED
    if has_regions:
        region_keys[k] = CLOSED


cdef inline int scan(Searcher *s, int depth, int *least) noexcept nogil:
    """The unit to branch on and its candidates (in ``least``), the first open one with the
    fewest; -1 at a dead end.

    Units are numbered rows 0..n-1, columns n..2n-1, regions 2n..3n-1; an open
    unit without candidates is a dead end.
    """
    cdef const tally *keys = s.keys + depth * s.units
    cdef int i
    cdef tally key = CLOSED
    for i in range(s.units):  # a min-reduction: vectorised
        key = keys[i] if keys[i] < key else key
    least[0] = key >> 8
    return -1 if key < ONE else key & (ONE - 1)


cdef inline int next_cell(Searcher *s, int depth, int u) noexcept nogil:
    """The first candidate cell (r * n + c) of unit ``u``, or -1 when it has none left."""
    cdef int n = s.n, p
    cdef const word *rows = s.state + depth * 2 * n
    cdef word x
    if u < n:
        x = rows[u]
        return u * n + qs_ctz(x) if x else -1
    if u < 2 * n:
        x = rows[u]  # column u - n is the word at index u
        return qs_ctz(x) * n + (u - n) if x else -1
    u -= 2 * n
    for p in range(s.row_start[u], s.row_start[u + 1]):
        x = rows[s.row_line[p]] & s.row_mask[p]
        if x:
            return s.row_line[p] * n + qs_ctz(x)
    return -1
