"""queens-sat: solve, validate and generate Queens puzzles.

The public API is imported lazily so that ``import queens_sat`` (and the
command-line tool's ``--help``) stays fast; solver libraries load only when used.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "Puzzle": "queens_sat.puzzle",
    "MAX_REGION_N": "queens_sat.puzzle",
    "MAX_FREE_N": "queens_sat.puzzle",
    "PuzzleError": "queens_sat.errors",
    "FormatError": "queens_sat.errors",
    "BackendError": "queens_sat.errors",
    "Status": "queens_sat.result",
    "SolveResult": "queens_sat.result",
    "solve": "queens_sat.solving",
    "count_solutions": "queens_sat.solving",
    "is_unique": "queens_sat.solving",
    "generate": "queens_sat.generator",
    "logic_solve": "queens_sat.logic",
    "LogicResult": "queens_sat.logic",
    "available_backends": "queens_sat.backends",
    "get_backend": "queens_sat.backends",
    "read_puzzle": "queens_sat.formats",
    "read_puzzles": "queens_sat.formats",
    "parse_puzzle": "queens_sat.formats",
    "write_puzzle": "queens_sat.formats",
    "puzzle_to_json": "queens_sat.formats",
    "puzzle_to_text": "queens_sat.formats",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'queens_sat' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
