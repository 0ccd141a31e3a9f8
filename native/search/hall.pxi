# Hall filtering for native/bitsearch.pyx (n >= HALL_N): a node about to branch handed to
# the plain-C matching filter of native/hall.h, in either layout. Included textually.


cdef inline word flat_row(Searcher *s, int depth, int r) noexcept nogil:
    """Row ``r`` of a flat board at ``depth``, as a row word (bit c: column c)."""
    cdef int n = s.n, i = r * n, b = i & 63
    cdef const word *flat = s.flat_state + depth * s.W
    cdef word x = flat[i >> 6] >> b
    if b + n > 64:
        x |= flat[(i >> 6) + 1] << (64 - b)
    return x & full_mask(n)


cdef int prune(Searcher *s, int depth) noexcept nogil:
    """Cross out at ``depth`` every cell that no perfect matching of rows, columns and regions
    uses (``native/hall.h``); returns 0 when there is no such matching: a dead end.

    Without it, random boards from n = 20 up send the search into subtrees of millions of
    nodes that a pigeonhole argument closes at their root. Both keyed layouts read the
    candidates as row words, and the cells the filter removes go the usual way (``drop``,
    ``flat_drop``), which keeps the units' counts.
    """
    cdef int n = s.n, r, c
    cdef word rows[MAX_BOARD]
    cdef word open_rows = 0, open_cols = 0, x
    cdef tally *keys = s.keys + depth * s.units
    cdef word *state = s.state + depth * 2 * n
    for r in range(n):
        if keys[r] != CLOSED:
            open_rows |= bit(r)
        if keys[n + r] != CLOSED:
            open_cols |= bit(r)
        rows[r] = flat_row(s, depth, r) if s.flat else state[r]
    if not qs_hall(n, rows, open_rows, open_cols, s.region_of if s.has_regions else NULL, s.reg_row, s.reg_col):
        return 0
    for r in range(n):
        x = (flat_row(s, depth, r) if s.flat else state[r]) & ~rows[r]
        while x:
            c = qs_ctz(x)
            x &= x - 1
            if s.flat:
                flat_drop(s, depth, r * n + c)
            else:
                drop(s, state, keys, r, c)
    return 1
