"""Reasoning as a library call: ``logic_solve`` (the engine in ``engines.logic``), explanations in
words (``describe``) and the next hint on a partly played board (``hinting``)."""

from queens_sat.engines.logic import (
    DEFAULT_DEPTH,
    ENGINES,
    GRADES,
    MAX_N,
    RULE_NAMES,
    Engine,
    LogicResult,
    Step,
    Unit,
    grade_of,
    logic_solve,
    open_engine,
    rank,
)

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
