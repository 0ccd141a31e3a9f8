# The checker of native/nqueens/nqueens.pyx (``first_violation``): an O(n) check of a column list;
# the pure twin is queens_sat/engines/nqueens/verify.py.
# Included textually, after the shared helpers of nqueens.pyx.

def first_violation(const int32_t[::1] col, bint queens):
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


cdef class ColumnChecker:
    """``first_violation`` a chunk of rows at a time, for a solution never held whole: the
    columns and diagonals seen stay bits (n = 10^8: 12.5 MB, and 50 MB more for the queens
    rule's diagonals) while the columns pass through in chunks."""

    cdef int n
    cdef bint queens
    cdef long long row
    cdef int last
    cdef uint64_t* seen
    cdef uint64_t* d1
    cdef uint64_t* d2

    def __cinit__(self, int n, bint queens):
        cdef size_t words = (<size_t>n + 63) // 64, dwords = (2 * <size_t>n + 63) // 64
        self.n, self.queens, self.row, self.last = n, queens, 0, -2
        self.seen = <uint64_t*>calloc(words + (2 * dwords if queens else 0), sizeof(uint64_t))
        if self.seen == NULL:
            raise MemoryError()
        self.d1 = self.seen + words
        self.d2 = self.d1 + dwords

    def __dealloc__(self):
        free(self.seen)

    @property
    def rows(self) -> int:
        """Rows fed so far."""
        return self.row

    def feed(self, const int32_t[::1] col) -> int:
        """The next rows' columns: the first bad row (counted from the board's first row), or -1.
        Rows past the board's last are bad."""
        cdef Py_ssize_t m = col.shape[0], i
        cdef long long r
        cdef int c, n = self.n, last = self.last
        cdef long long bad = -1
        cdef bint interrupted = False
        if self.row + m > n:
            return max(self.row, n)
        with nogil:
            for i in range(m):
                r = self.row + i
                if (r & 0x3FFFFF) == 0x3FFFFF and qs_signalled():
                    interrupted = True
                    break
                c = col[i]
                if c < 0 or c >= n or bit_at(self.seen, c):
                    bad = r
                    break
                set_bit(self.seen, c)
                if self.queens:
                    if bit_at(self.d1, r - c + n - 1) or bit_at(self.d2, r + c):
                        bad = r
                        break
                    set_bit(self.d1, r - c + n - 1)
                    set_bit(self.d2, r + c)
                elif c - last <= 1 and last - c <= 1:
                    bad = r
                    break
                last = c
        if interrupted:
            reraise()
        self.row += m
        self.last = last
        return bad
