"""``queens-sat bench``: every backend's uniqueness check on the same puzzles, timed and cross-checked.

- ``cases``: the puzzles (corpus files, random boards from ``boards``);
- ``measure``: timing each backend on each puzzle and comparing their verdicts;
- ``summary``: median, p95, max and ratio to the fastest, per backend and size;
- ``report`` and ``plot``: table, JSON, CSV and the optional matplotlib chart.
"""

from queens_sat.model.errors import QueensSatError


class BenchError(QueensSatError, ValueError):
    """A benchmark that cannot run as asked (no puzzles, an unusable --plot file...)."""
