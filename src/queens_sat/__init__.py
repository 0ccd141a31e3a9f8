"""queens-sat: solve, validate and generate Queens puzzles.

The public API is imported lazily so that ``import queens_sat`` (and the
command-line tool's ``--help``) stays fast; solver libraries load only when used.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing is not imported at run time: ``library daily`` starts without it (type checkers read True)

if TYPE_CHECKING:  # what a type checker sees; at run time ``__getattr__`` imports each name on first use
    from typing import Any

    from queens_sat.backends import available_backends, get_backend
    from queens_sat.backends.base import Backend
    from queens_sat.engines import nqueens, regions
    from queens_sat.engines.logic import LogicResult, Step, logic_solve
    from queens_sat.formats import parse_puzzle, puzzle_to_json, puzzle_to_text, read_puzzle, read_puzzles, write_puzzle
    from queens_sat.formats.image import ImageRead, ImageReadError, ImageReadWarning, read_puzzle_image
    from queens_sat.formats.records import PuzzleRecord
    from queens_sat.model.errors import (
        ArgumentError,
        BackendError,
        Cancelled,
        FormatError,
        Interrupted,
        MissingDependency,
        PuzzleError,
        QueensSatError,
        Undecided,
        UsageError,
    )
    from queens_sat.model.puzzle import MAX_FREE_N, MAX_REGION_N, Puzzle, as_puzzle
    from queens_sat.model.result import Outcome, SolveResult, Status
    from queens_sat.runtime.cancel import CancelToken, cancel_scope
    from queens_sat.services.checking import CheckReport, check_record, check_records
    from queens_sat.services.generator import GeneratedPuzzle, generate
    from queens_sat.services.logic.hinting import Hint, next_hint
    from queens_sat.services.solving import SolutionStream, count_solutions, is_unique, iter_solutions, solve

__version__ = "0.1.0"

_EXPORTS = {
    "Puzzle": "queens_sat.model.puzzle",
    "QueensSatError": "queens_sat.model.errors",
    "Interrupted": "queens_sat.model.errors",
    "MissingDependency": "queens_sat.model.errors",
    "Cancelled": "queens_sat.model.errors",
    "CancelToken": "queens_sat.runtime.cancel",
    "cancel_scope": "queens_sat.runtime.cancel",
    "Outcome": "queens_sat.model.result",
    "Backend": "queens_sat.backends.base",
    "PuzzleRecord": "queens_sat.formats.records",
    "CheckReport": "queens_sat.services.checking",
    "check_record": "queens_sat.services.checking",
    "check_records": "queens_sat.services.checking",
    "GeneratedPuzzle": "queens_sat.services.generator",
    "Step": "queens_sat.engines.logic",
    "SolutionStream": "queens_sat.services.solving",
    "as_puzzle": "queens_sat.model.puzzle",
    "MAX_REGION_N": "queens_sat.model.puzzle",
    "MAX_FREE_N": "queens_sat.model.puzzle",
    "PuzzleError": "queens_sat.model.errors",
    "FormatError": "queens_sat.model.errors",
    "BackendError": "queens_sat.model.errors",
    "UsageError": "queens_sat.model.errors",
    "ArgumentError": "queens_sat.model.errors",
    "Undecided": "queens_sat.model.errors",
    "Status": "queens_sat.model.result",
    "SolveResult": "queens_sat.model.result",
    "solve": "queens_sat.services.solving",
    "count_solutions": "queens_sat.services.solving",
    "is_unique": "queens_sat.services.solving",
    "iter_solutions": "queens_sat.services.solving",
    "generate": "queens_sat.services.generator",
    "logic_solve": "queens_sat.engines.logic",
    "LogicResult": "queens_sat.engines.logic",
    "next_hint": "queens_sat.services.logic.hinting",
    "Hint": "queens_sat.services.logic.hinting",
    "available_backends": "queens_sat.backends",
    "get_backend": "queens_sat.backends",
    "read_puzzle": "queens_sat.formats",
    "read_puzzles": "queens_sat.formats",
    "parse_puzzle": "queens_sat.formats",
    "write_puzzle": "queens_sat.formats",
    "puzzle_to_json": "queens_sat.formats",
    "puzzle_to_text": "queens_sat.formats",
    "read_puzzle_image": "queens_sat.formats.image",
    "ImageRead": "queens_sat.formats.image",
    "ImageReadError": "queens_sat.formats.image",
    "ImageReadWarning": "queens_sat.formats.image",
    # the raw kernels' modules the README imports (``from queens_sat import nqueens``), submodules of engines
    "nqueens": "queens_sat.engines",
    "regions": "queens_sat.engines",
}

__all__ = [  # the names of _EXPORTS and __version__ (tests/test_api.py checks they match)
    "MAX_FREE_N",
    "MAX_REGION_N",
    "ArgumentError",
    "Backend",
    "BackendError",
    "CancelToken",
    "Cancelled",
    "CheckReport",
    "FormatError",
    "GeneratedPuzzle",
    "Hint",
    "ImageRead",
    "ImageReadError",
    "ImageReadWarning",
    "Interrupted",
    "LogicResult",
    "MissingDependency",
    "Outcome",
    "Puzzle",
    "PuzzleError",
    "PuzzleRecord",
    "QueensSatError",
    "SolutionStream",
    "SolveResult",
    "Status",
    "Step",
    "Undecided",
    "UsageError",
    "__version__",
    "as_puzzle",
    "available_backends",
    "cancel_scope",
    "check_record",
    "check_records",
    "count_solutions",
    "generate",
    "get_backend",
    "is_unique",
    "iter_solutions",
    "logic_solve",
    "next_hint",
    "nqueens",
    "parse_puzzle",
    "puzzle_to_json",
    "puzzle_to_text",
    "read_puzzle",
    "read_puzzle_image",
    "read_puzzles",
    "regions",
    "solve",
    "write_puzzle",
]


def __getattr__(name: str) -> Any:
    """Import an exported name on first use (PEP 562), so ``import queens_sat`` loads no solver."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'queens_sat' has no attribute {name!r}")
    parent = importlib.import_module(module)
    value = getattr(parent, name) if hasattr(parent, name) else importlib.import_module(f"{module}.{name}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
