"""Boards without regions: classic N-Queens and its no-touch cousin, at any size.

The pieces the ``nqueens`` backend is built from, for callers that want them directly:
``count_queens`` (symmetric counter over a process pool), ``count_no_touch`` (OEIS
A002464 by recurrence), ``iter_solutions`` (every solution, streamed),
``local_search`` and ``construct`` (one solution of a huge board, as a numpy array),
and ``first_violation`` (an O(n) check).
"""

from queens_sat.engines.nqueens.construction import construct
from queens_sat.engines.nqueens.counting import count_queens
from queens_sat.engines.nqueens.enumeration import iter_solutions
from queens_sat.engines.nqueens.min_conflicts import local_search
from queens_sat.engines.nqueens.no_touch import count_no_touch
from queens_sat.model.columns import first_violation

__all__ = ["construct", "count_no_touch", "count_queens", "first_violation", "iter_solutions", "local_search"]
