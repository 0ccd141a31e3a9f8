"""Boards without regions: classic N-Queens and its no-touch cousin, at any size.

The pieces the ``nqueens`` backend is built from, for callers that want them directly:
``count_queens`` (symmetric counter over a process pool), ``count_no_touch`` (OEIS
A002464 by recurrence), ``iter_solutions`` (every solution, streamed),
``local_search`` and ``construct`` (one solution of a huge board, as a numpy array),
and ``first_violation`` (an O(n) check).
"""


from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from queens_sat.engines.nqueens.construction import construct
    from queens_sat.engines.nqueens.counting import count_queens
    from queens_sat.engines.nqueens.enumeration import iter_solutions
    from queens_sat.engines.nqueens.min_conflicts import local_search
    from queens_sat.engines.nqueens.no_touch import count_no_touch
    from queens_sat.model.columns import first_violation

METHODS = ("auto", "backtrack", "local", "construct")  # how ``finding`` finds a solution
# name -> module; imported on first use, so that naming the package (the backend's routing does)
# loads no numpy
_EXPORTS = {
    "construct": "queens_sat.engines.nqueens.construction",
    "count_queens": "queens_sat.engines.nqueens.counting",
    "iter_solutions": "queens_sat.engines.nqueens.enumeration",
    "local_search": "queens_sat.engines.nqueens.min_conflicts",
    "count_no_touch": "queens_sat.engines.nqueens.no_touch",
    "first_violation": "queens_sat.model.columns",
}
__all__ = ["METHODS", "construct", "count_no_touch", "count_queens", "first_violation", "iter_solutions", "local_search"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
