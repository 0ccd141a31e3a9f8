"""The logic engine's core: solve a puzzle as a person does, one recorded step at a time.

``logic_solve(puzzle, max_depth=2)`` returns a ``LogicResult``: solved or not, every
``Step`` (rule, cells placed and crossed, the units involved, probe depth), the
hardest technique and a grade: from the native engine (native/logic/, ``native.py``)
when it is built and takes the board, else from the pure-Python reference here, which
it twins step for step (``engine="python"`` insists). ``open_engine`` steps one deduction
at a time (hints); ``Engine`` is the pure-Python one.
The words for each step (explanations, hints) are the service's: ``services.logic``.
"""

from queens_sat.engines.logic.board import MAX_N, Unit
from queens_sat.engines.logic.deduction import RULE_NAMES
from queens_sat.engines.logic.engine import DEFAULT_DEPTH, ENGINES, Engine, LogicResult, Step, logic_solve, open_engine
from queens_sat.engines.logic.grading import GRADES, grade_of, rank

__all__ = [
    "DEFAULT_DEPTH",
    "ENGINES",
    "GRADES",
    "MAX_N",
    "RULE_NAMES",
    "Engine",
    "LogicResult",
    "Step",
    "Unit",
    "grade_of",
    "logic_solve",
    "open_engine",
    "rank",
]
