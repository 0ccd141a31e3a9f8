# The checker of native/nqueens/nqueens.pyx (``first_violation``): an O(n) check of a column list;
# the pure twin is queens_sat/engines/nqueens/verify.py.
# Included textually, after the shared helpers of nqueens.pyx.

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
            if (r & 0x3FFFFF) == 0x3FFFFF and qs_signalled():  # n = 10^8 takes seconds
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
        reraise()
    return bad
