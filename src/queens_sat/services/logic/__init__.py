"""The logic engine: solve a puzzle as a person does, one explained step at a time.

``logic_solve(puzzle, max_depth=2)`` returns a ``LogicResult``: solved or not, every
``Step`` (rule, cells placed and crossed, the units involved, probe depth), the
hardest technique and a grade, from the native engine (native/logic/) when it is built,
else from the pure-Python reference (``engine="python"`` insists). ``open_engine`` steps
one deduction at a time (hints); ``Engine`` is the pure-Python one.
"""

from queens_sat.engines.logic.board import MAX_N, Unit
from queens_sat.engines.logic.deduction import RULE_NAMES
from queens_sat.engines.logic.engine import CONTRADICTION, DEFAULT_DEPTH, ENGINES, SOLVED, STUCK, TIMED_OUT, Engine, LogicResult, Step, logic_solve, open_engine
from queens_sat.engines.logic.grading import GRADES, grade_of, rank

__all__ = [
    "CONTRADICTION",
    "DEFAULT_DEPTH",
    "ENGINES",
    "GRADES",
    "MAX_N",
    "RULE_NAMES",
    "SOLVED",
    "STUCK",
    "TIMED_OUT",
    "Engine",
    "LogicResult",
    "Step",
    "Unit",
    "grade_of",
    "logic_solve",
    "open_engine",
    "rank",
]
