# The enumerator of native/nqueens/nqueens.pyx (``Enumerator``): every solution in lexicographic
# order, in resumable batches; the pure twin is queens_sat/engines/nqueens/enumeration.py.
# Included textually, after the shared helpers of nqueens.pyx.

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
            self.col[y] = qs_ctz(bit)
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
