"""Counting region-free no-touch boards exactly, for any n: OEIS A002464.

A no-touch board without regions is a permutation with no two neighbouring rows in
neighbouring columns (Hertzsprung's problem). The counts pass 2**63 at n = 22 and
cannot be enumerated beyond n of about 13, but they satisfy a linear recurrence
(Robbins, "The problem of non-attacking kings", and OEIS A002464):

    a(n) = (n+1) a(n-1) - (n-2) a(n-2) - (n-5) a(n-3) + (n-3) a(n-4),

with a(0) = a(1) = 1, a(2) = a(3) = 0, which takes O(n) steps on Python integers.
"""

from __future__ import annotations

import time

from queens_sat.engines.nqueens.arguments import board_size
from queens_sat.runtime.cancel import cancelled

METHOD = "recurrence of OEIS A002464"


def count_no_touch(n: int, time_limit: float | None = None) -> int | None:
    """The number of solutions of the n-board without regions under the no-touch rule.

    None when ``time_limit`` seconds pass first: the terms grow to millions of digits
    (n = 200,000 takes minutes), and no term on the way bounds the answer.
    """
    n = board_size(n, 0)
    terms = [1, 1, 0, 0]
    if n < 4:
        return terms[n]
    a4, a3, a2, a1 = terms  # a(k-4), a(k-3), a(k-2), a(k-1)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    for k in range(4, n + 1):
        if deadline is not None and k & 255 == 0 and (time.monotonic() > deadline or cancelled()):
            return None
        a4, a3, a2, a1 = a3, a2, a1, (k + 1) * a1 - (k - 2) * a2 - (k - 5) * a3 + (k - 3) * a4
    return a1
