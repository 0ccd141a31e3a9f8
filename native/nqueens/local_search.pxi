# The local search of native/nqueens/nqueens.pyx (``local_search``, either rule): one random solution of a huge
# board by greedy start + conflict repair; the pure twin is queens_sat/engines/nqueens/min_conflicts.py.
# Included textually, after the shared helpers of nqueens.pyx.

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
    cdef int stop = qs_should_stop(deadline)
    return -1 if stop == QS_TIMED_OUT else -3 if stop == QS_INTERRUPTED else 0


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
            reraise()
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
