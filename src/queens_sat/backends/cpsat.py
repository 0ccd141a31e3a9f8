"""The ``cpsat`` backend: OR-Tools CP-SAT over one Boolean per cell.

Exactly one queen per row, column and region (k stars for Star Battle: a linear
equality, the sum of the unit's cells = k); the no-touch rule as at most one
queen in every 2×2 window (``cpsat:pairwise``: one per pair of touching
neighbours instead); the queens rule as at most one per diagonal; givens as
fixed literals. Two ways to find more than one solution:

- ``enumerate`` (the default, faster in ``queens-sat bench``): CP-SAT enumerates
  the solutions itself and a callback stops it at the limit;
- ``blocking``: solve, add a clause forbidding the solution found (the
  disjunction of the negations of its k·n star literals), solve again.

Either way the model is built once per puzzle. The rows, columns and rule parts
depend only on n and the rule and are kept as a proto template that each puzzle
copies before adding its regions and givens: building a model through the
Python API object by object costs more than solving it on boards this small.

Branching is CP-SAT's own (``free``) by default; ``rows`` fixes the order to
the cells row by row, queen first, which is a little slower on uniqueness
checks but about four times faster when counting every solution.

Options: ``workers=K`` (default 1: parallel start-up costs more than it saves
here; ``blocking`` mode only, since a parallel enumeration cannot prove that
it is complete), ``seed=S``, ``log`` (CP-SAT's search log on standard error), and
``lean=off`` to give back CP-SAT's presolve, probing, symmetry detection, LP
relaxation and inprocessing, switched off by default because they cost more
than they save.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Generator
from functools import lru_cache
from typing import Any

from queens_sat.backends.base import Backend, installed
from queens_sat.backends.cells import diagonals, given_cells, line_units, region_units, too_large, touching, windows
from queens_sat.backends.settings import Choice, Option, parse_bool, parse_positive_int, parse_seed, parse_settings, spec_name
from queens_sat.backends.tally import SolutionTally
from queens_sat.model.errors import BackendError
from queens_sat.model.grids import PlainGrid
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution
from queens_sat.runtime.cancel import cancelled, on_cancel
from queens_sat.runtime.signals import stop_on_signal

CHOICES = (
    Choice("mode", ("enumerate", "blocking"), "enumerate", help="how solutions after the first are found"),
    Choice("no_touch", ("windows", "pairwise"), "windows", help="the no-touch rule per 2x2 window or per pair"),
    Choice("branching", ("free", "rows"), "free", help="CP-SAT's own choice, or cells in row order, queen first"),
)
OPTIONS = (
    Option("workers", parse_positive_int, 1, help="CP-SAT search workers"),
    Option("seed", parse_seed, None, help="CP-SAT random seed"),
    Option("log", parse_bool, False, flag=True, help="print CP-SAT's search log on standard error"),
    Option("lean", parse_bool, True, help="presolve, probing, symmetry, LP and inprocessing off"),
)




def _negated(index: int) -> int:
    """The proto's literal for "cell ``index`` holds no queen"."""
    return -index - 1


class CpSatBackend(Backend):
    name = "cpsat"
    effort_unit = "deterministic ms"
    install_hint = "pip install ortools"
    star_battle = True

    def __init__(self, variant: str | None = None, **options: object) -> None:
        settings = parse_settings(self.name, variant, options, CHOICES, OPTIONS)
        self._settings = settings
        self.mode: str = settings["mode"]
        self.no_touch: str = settings["no_touch"]
        self.branching: str = settings["branching"]
        self.workers: int = settings["workers"]
        self.seed: int | None = settings["seed"]
        self.log: bool = settings["log"]
        self.lean: bool = settings["lean"]
        if self.mode == "enumerate" and self.workers > 1:
            # With several workers CP-SAT may report a solution twice and, worse, end a
            # finished enumeration as FEASIBLE instead of OPTIMAL: completeness is lost.
            raise ValueError(
                "cpsat:enumerate runs on one worker (a parallel CP-SAT enumeration cannot "
                f"prove that it is complete); use cpsat:blocking:workers={self.workers}"
            )
        self._local = threading.local()  # one reusable CpModel per thread
        _import_ortools()  # now, so that time limits and timings measure the search alone

    @property
    def full_name(self) -> str:
        return spec_name(self.name, self._settings, CHOICES, OPTIONS)

    @classmethod
    def available(cls) -> bool:
        return installed("ortools")

    def unsupported(self, puzzle: Puzzle) -> str | None:
        return self.refuses_stars(puzzle) or too_large(puzzle)

    # ------------------------------------------------------------------ search
    def first_effort(self, puzzle: Puzzle | PlainGrid) -> int:
        return FIRST_DETERMINISTIC_MS

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None) -> Outcome:
        """``effort``: milliseconds of CP-SAT's deterministic time (its own measure of work, the same
        on every run: one worker searches) over all the solves of this search."""
        start = time.perf_counter()
        deadline = None if time_limit is None else start + time_limit
        model = self._reused_model()
        self._load(model, puzzle)
        built = time.perf_counter()
        _EFFORT.branches = _EFFORT.conflicts = 0
        _EFFORT.left = None if effort is None else effort / 1000.0
        tally = SolutionTally(limit, keep)
        try:
            if self.mode == "enumerate":
                exhausted, timed_out, solves = self._enumerate(model, puzzle.n, tally, deadline)
            else:
                exhausted, timed_out, solves = self._block_and_resolve(model, puzzle.n, tally, deadline)
            spent = getattr(_EFFORT, "spent", False)
        finally:
            _EFFORT.left, _EFFORT.spent = None, False  # the next solve of this thread has a budget of its own or none
        timed_out = timed_out and not spent
        stats: dict[str, Any] = {
            "mode": self.mode,
            "build_time": built - start,
            "solve_time": time.perf_counter() - built,
            "solves": solves,
            "branches": _EFFORT.branches,  # the solver's own effort figures, so that a tail shows
            "conflicts": _EFFORT.conflicts,
        }
        return tally.outcome(exhausted=exhausted, timed_out=timed_out, stats=stats, spent=spent)

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Generator[Solution, None, bool]:
        """Solutions one at a time by blocking and re-solving, in a model of its own."""
        from ortools.sat.python import cp_model

        deadline = None if time_limit is None else time.perf_counter() + time_limit
        model = cp_model.CpModel()
        self._load(model, puzzle)
        solver = self._solver()
        n = puzzle.n
        while True:
            if deadline is not None:
                left = 0.0 if cancelled() else deadline - time.perf_counter()  # a cancel: no time left
                if left <= 0:
                    return True
                solver.parameters.max_time_in_seconds = left
            status = _solve(solver, model)
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                self._check_status(solver, status, deadline)
                return status != cp_model.INFEASIBLE  # UNKNOWN: the time limit stopped it
            queens = self._queens(solver.response_proto.solution)
            yield tuple(i % n for i in queens)
            model.proto.constraints.add().bool_or.literals.extend([_negated(i) for i in queens])

    def _block_and_resolve(
        self, model: Any, n: int, tally: SolutionTally, deadline: float | None
    ) -> tuple[bool, bool, int]:
        from ortools.sat.python import cp_model

        solver = self._solver()
        constraints = model.proto.constraints
        solves = 0
        while not tally.full:
            if deadline is not None:
                left = 0.0 if cancelled() else deadline - time.perf_counter()  # a cancel: no time left
                if left <= 0:
                    return False, True, solves
                solver.parameters.max_time_in_seconds = left
            status = _solve(solver, model)
            solves += 1
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                self._check_status(solver, status, deadline)
                infeasible = status == cp_model.INFEASIBLE
                return infeasible, not infeasible, solves
            queens = self._queens(solver.response_proto.solution)
            tally.add(tuple(i % n for i in queens) if tally.wants_solution else None)
            constraints.add().bool_or.literals.extend([_negated(i) for i in queens])
        return False, False, solves

    def _enumerate(self, model: Any, n: int, tally: SolutionTally, deadline: float | None) -> tuple[bool, bool, int]:
        from ortools.sat.python import cp_model

        solver = self._solver()
        if deadline is not None:
            left = 0.0 if cancelled() else deadline - time.perf_counter()  # a cancel: no time left
            if left <= 0:
                return False, True, 0
            solver.parameters.max_time_in_seconds = left
        solver.parameters.enumerate_all_solutions = True
        collector = _collector_class()(tally, n)
        status = _solve(solver, model, collector)
        if collector.stopped:  # at the limit: FEASIBLE, and no interruption
            return False, False, 1
        self._check_status(solver, status, deadline)
        settled = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
        return settled, not settled, 1

    # ------------------------------------------------------------------ model
    def _reused_model(self) -> Any:
        """This thread's CpModel: creating one costs more than a whole small solve."""
        model = getattr(self._local, "model", None)
        if model is None:
            from ortools.sat.python import cp_model

            model = self._local.model = cp_model.CpModel()
        return model

    def _load(self, model: Any, puzzle: Puzzle) -> None:
        """Make ``model`` the puzzle's: the size's template, then regions and givens."""
        proto = model.proto
        proto.copy_from(_board_template(puzzle.n, puzzle.rule, self.no_touch, self.branching, puzzle.stars))
        constraints = proto.constraints
        for unit in region_units(puzzle):
            _exactly(constraints, unit, puzzle.stars)
        queens, blocked = given_cells(puzzle)
        for i in queens:
            constraints.add().bool_or.literals.append(i)
        for i in blocked:
            constraints.add().bool_or.literals.append(_negated(i))

    def _solver(self) -> Any:
        from ortools.sat.python import cp_model

        solver = cp_model.CpSolver()
        params = solver.parameters
        params.catch_sigint_signal = False  # Ctrl-C and SIGTERM stop the search through ours (_solve), and stay Python's
        params.num_workers = self.workers
        if self.lean:
            params.cp_model_presolve = False
            params.cp_model_probing_level = 0
            params.symmetry_level = 0
            params.linearization_level = 0
            params.use_sat_inprocessing = False
        if self.branching == "rows":
            params.search_branching = cp_model.FIXED_SEARCH
        if self.seed is not None:
            params.random_seed = self.seed
        if self.log:
            params.log_search_progress = True
            params.log_to_stdout = False  # stdout may carry --json
            solver.log_callback = _log_to_stderr
        return solver

    @staticmethod
    def _queens(values: Any) -> list[int]:
        return [i for i, v in enumerate(values) if v]

    @staticmethod
    def _check_status(solver: Any, status: Any, deadline: float | None) -> None:
        """Refuse an invalid model. (Ctrl-C and SIGTERM need nothing here: ``_solve`` stops the
        search at the signal and Python's own handler raises as the solve returns, so an UNKNOWN
        status is a limit, never a guess at an interruption.)"""
        from ortools.sat.python import cp_model

        if status == cp_model.MODEL_INVALID:
            raise BackendError(f"CP-SAT rejected the model: {solver.solution_info()}")


_EFFORT = threading.local()  # CP-SAT's branches and conflicts, summed over this thread's solves of one search,
# and the deterministic time left of the search's budget (``left``, None: none) and whether it ran out (``spent``)
FIRST_DETERMINISTIC_MS = 100  # auto's first turn with this backend: a tenth of a deterministic second
SPENT_SHARE = 0.999  # a solve that used this share of what was left stopped at the budget


def cp_model_status_unknown() -> Any:
    from ortools.sat.python import cp_model

    return cp_model.UNKNOWN


def _solve(solver: Any, model: Any, callback: Any = None) -> Any:
    """``solver.solve``, stopped at once by Ctrl-C or SIGTERM (``stop_search`` from a watcher
    thread: CP-SAT's own SIGINT handler is off), which Python's handler then raises as the solve
    returns; and the search's effort added up (branches, conflicts, the deterministic time left)."""
    left = getattr(_EFFORT, "left", None)
    _EFFORT.spent = False
    if left is not None:
        if left <= 0:  # the budget went to the solves before: this one would search without a limit
            _EFFORT.spent = True
            return cp_model_status_unknown()
        solver.parameters.max_deterministic_time = left
    with stop_on_signal(solver.stop_search), on_cancel(solver.stop_search):  # Ctrl-C, SIGTERM, a cancel
        status = solver.solve(model, callback) if callback is not None else solver.solve(model)
    _EFFORT.branches = getattr(_EFFORT, "branches", 0) + solver.num_branches
    _EFFORT.conflicts = getattr(_EFFORT, "conflicts", 0) + solver.num_conflicts
    if left is not None:
        used = solver.response_proto.deterministic_time
        _EFFORT.left = left - used
        # the budget is what stops a solve that ends unsettled without a signal or a wall-clock limit
        _EFFORT.spent = used >= left * SPENT_SHARE or status == cp_model_status_unknown()
    return status


def _import_ortools() -> None:
    try:
        from ortools.sat.python import cp_model  # noqa: F401
    except ImportError as err:  # a broken install, or Ctrl-C in the middle of the import
        raise ValueError(f"cannot load OR-Tools CP-SAT: {err}") from None


def _log_to_stderr(line: str) -> None:
    print(line, file=sys.stderr)


def _exactly(constraints: Any, unit: tuple[int, ...], stars: int) -> None:
    """Exactly ``stars`` of the unit's cells: CP-SAT's exactly-one for k = 1, else sum = k."""
    if stars == 1:
        constraints.add().exactly_one.literals.extend(unit)
        return
    linear = constraints.add().linear
    linear.vars.extend(unit)
    linear.coeffs.extend([1] * len(unit))
    linear.domain.extend((stars, stars))


@lru_cache(maxsize=128)
def _board_template(n: int, rule: str, no_touch: str, branching: str, stars: int = 1) -> Any:
    """The model part shared by every puzzle of this size, rule and k: n² Booleans,
    exactly k per row and column, the rule, and the branching order."""
    from ortools.sat.python import cp_model, cp_model_helper

    proto = cp_model_helper.CpModelProto()
    variables = proto.variables
    for _ in range(n * n):
        variables.add().domain.extend((0, 1))
    constraints = proto.constraints
    for unit in line_units(n):
        _exactly(constraints, unit, stars)
    if rule == "queens":
        groups = diagonals(n)
    elif no_touch == "windows":
        groups = windows(n)
    else:
        groups = touching(n, stars)
    for group in groups:
        constraints.add().at_most_one.literals.extend(group)
    if branching == "rows":
        strategy = proto.search_strategy.add()
        strategy.variables.extend(range(n * n))
        strategy.variable_selection_strategy = cp_model.CHOOSE_FIRST
        strategy.domain_reduction_strategy = cp_model.SELECT_MAX_VALUE
    return proto


@lru_cache(maxsize=1)
def _collector_class() -> type:
    """The solution callback class, defined once ortools is imported."""
    from ortools.sat.python import cp_model

    class SolutionCollector(cp_model.CpSolverSolutionCallback):
        """Counts CP-SAT's solutions into a tally and stops the search at its limit."""

        def __init__(self, tally: SolutionTally, n: int) -> None:
            super().__init__()
            self.tally = tally
            self.n = n
            self.stopped = False

        def on_solution_callback(self) -> None:
            solution = None
            if self.tally.wants_solution:
                n = self.n
                solution = tuple(i % n for i, v in enumerate(self.response_proto.solution) if v)
            if self.tally.add(solution):
                self.stopped = True
                self.stop_search()

    return SolutionCollector
