"""Counting region-free no-touch boards exactly, for any n: OEIS A002464.

A no-touch board without regions is a permutation with no two neighbouring rows in
neighbouring columns (Hertzsprung's problem). The counts pass 2**63 at n = 22 and
cannot be enumerated beyond n of about 13, but they satisfy a linear recurrence
(Robbins, "The problem of non-attacking kings", and OEIS A002464):

    a(n) = (n+1) a(n-1) - (n-2) a(n-2) - (n-5) a(n-3) + (n-3) a(n-4),

with a(0) = a(1) = 1, a(2) = a(3) = 0, which takes O(n) steps on Python integers.
"""

from __future__ import annotations

METHOD = "recurrence of OEIS A002464"


def count_no_touch(n: int) -> int:
    """The number of solutions of the n-board without regions under the no-touch rule."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    terms = [1, 1, 0, 0]
    if n < 4:
        return terms[n]
    a4, a3, a2, a1 = terms  # a(k-4), a(k-3), a(k-2), a(k-1)
    for k in range(4, n + 1):
        a4, a3, a2, a1 = a3, a2, a1, (k + 1) * a1 - (k - 2) * a2 - (k - 5) * a3 + (k - 3) * a4
    return a1
