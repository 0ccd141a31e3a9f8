"""The ``sat`` backend: a python-sat solver, re-solved after blocking each solution.

One variable per cell (1..n², allocated first), exactly one per row, column and
region in the chosen encoding (``cnf.py``), binary clauses for touching cells or
at most one per diagonal, unit clauses for givens. Star Battle (k stars) takes
exactly k per unit in a cardinality encoding (``cnf.CARDINALITY_ENCODINGS``:
python-sat's ``seqcounter``, ``totalizer``, ``sortnetwrk``, ``cardnetwrk``,
``mtotalizer``, ``kmtotalizer``, or the solver's ``native`` constraints) and a
binary clause for every pair of touching cells, side by side too. The solver is
incremental: after each solution a clause over the k·n star variables forbids it
and the same solver searches again, keeping what it learnt. Name the solver and
the encoding after the backend: ``sat:glucose4``, ``sat:ladder``,
``sat:minicard:native``, ``sat:glucose4:totalizer``.

Time limits interrupt the solver from a timer thread where the solver allows it
(MiniSat, Glucose, Maple, MergeSat, Minicard...); CaDiCaL cannot be interrupted,
so it searches in slices of a conflict budget with a look at the clock between
slices; Lingeling takes no limit at all, and the clock is read between solves.
An effort budget (``effort``, as ``auto``'s portfolio gives its turns) is counted in
conflicts over all the solves of one search, with the solver's own conflict budget: where
it stops depends on the board alone (Lingeling takes none, and searches to the end).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from queens_sat.backends.base import Backend, installed
from queens_sat.backends.cells import diagonals, given_cells, line_units, region_units, too_large, touching
from queens_sat.backends.cnf import AT_MOST_ONE_ONLY, CARDINALITY_ENCODINGS, ENCODINGS, NATIVE, CnfBuilder
from queens_sat.backends.settings import Choice, parse_settings
from queens_sat.backends.tally import SolutionTally
from queens_sat.model.grids import PlainGrid
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution
from queens_sat.runtime.cancel import cancelled, on_cancel
from queens_sat.runtime.signals import stop_on_signal

# pysat's incremental solvers. Kissat is left out: pysat's Kissat cannot take
# clauses after a solve (it aborts the process), which blocking needs.
INCREMENTAL_SOLVERS = (
    "cadical103",
    "cadical153",
    "cadical195",
    "cadical300",
    "gluecard3",
    "gluecard4",
    "glucose3",
    "glucose4",
    "glucose42",
    "lingeling",
    "maplechrono",
    "maplecm",
    "maplesat",
    "mergesat3",
    "minicard",
    "minisat22",
    "minisatep",
)
BUDGETED = frozenset({"cadical103", "cadical153", "cadical195", "cadical300"})  # no interrupt()
UNLIMITED = frozenset({"lingeling"})  # neither interrupt() nor budgets
CONFLICT_SLICE = 2000  # conflicts per slice when the clock is read between slices

# The defaults are what ``queens-sat bench`` measured fastest (see bench/README.md):
# MiniSat with native cardinality constraints, and among the CNF encodings, the
# sequential counter. ``auto`` takes native constraints where the solver has them.
DEFAULT_SOLVER = "minicard"
AUTO_ENCODING = "auto"
DEFAULT_CNF_ENCODING = "seqcounter"


@lru_cache(maxsize=1)
def _solver_choice() -> Choice:
    """The solvers this python-sat offers, with its short aliases (``g4``, ``m22``...)."""
    from pysat.solvers import SolverNames

    names = tuple(s for s in INCREMENTAL_SOLVERS if hasattr(SolverNames, s))
    aliases = {alias: s for s in names for alias in getattr(SolverNames, s) if alias != s}
    return Choice("solver", names, DEFAULT_SOLVER, aliases, help="the SAT solver")


ENCODING_CHOICE = Choice(
    "encoding",
    (AUTO_ENCODING, *ENCODINGS),
    AUTO_ENCODING,
    help=f"the exactly-one / at-most-one encoding ({AUTO_ENCODING}: {NATIVE} if the solver has it, else {DEFAULT_CNF_ENCODING})",
)


FIRST_CONFLICTS = 1 << 12  # auto's first turn with this backend: some 4,000 conflicts, about a tenth of a second


@dataclass
class _SearchState:
    solves: int = 0
    exhausted: bool = False  # the solver proved there is no further solution
    timed_out: bool = False
    spent: bool = False  # the effort budget (conflicts) ran out


class SatBackend(Backend):
    name = "sat"
    install_hint = "pip install python-sat"
    star_battle = True
    effort_unit = "conflicts"

    def __init__(self, variant: str | None = None, **options: object) -> None:
        self.choices = (_solver_choice(), ENCODING_CHOICE)
        settings = parse_settings(self.name, variant, options, self.choices, ())
        self.solver: str = settings["solver"]
        self.encoding: str = settings["encoding"]
        if self.encoding == AUTO_ENCODING:
            self.encoding = NATIVE if _has_native_cardinality(self.solver) else DEFAULT_CNF_ENCODING
        elif self.encoding == NATIVE and not _has_native_cardinality(self.solver):
            natives = [s for s in self.choices[0].values if _has_native_cardinality(s)]
            raise ValueError(
                f"solver {self.solver} has no native cardinality constraints; "
                f"'native' works with {', '.join(natives)}"
            )

    @property
    def full_name(self) -> str:
        """Always the solver and encoding that ran: ``sat:minicard:native``."""
        return f"{self.name}:{self.solver}:{self.encoding}"

    @classmethod
    def available(cls) -> bool:
        return installed("pysat")

    @staticmethod
    def solver_names() -> tuple[str, ...]:
        """The solvers this installation offers (imports python-sat)."""
        return _solver_choice().values

    def unsupported(self, puzzle: Puzzle) -> str | None:
        if puzzle.stars > 1 and self.encoding in AT_MOST_ONE_ONLY:
            return (
                f"the {self.encoding} encoding says only 'at most one', and {puzzle.stars} stars a unit need "
                f"a cardinality encoding: {', '.join(CARDINALITY_ENCODINGS)}"
            )
        return self.refuses_stars(puzzle) or too_large(puzzle)

    # ------------------------------------------------------------------ search
    def first_effort(self, puzzle: Puzzle | PlainGrid) -> int:
        return FIRST_CONFLICTS

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None) -> Outcome:
        start = time.perf_counter()
        deadline = None if time_limit is None else start + time_limit
        tally = SolutionTally(limit, keep)
        state = _SearchState()
        n = puzzle.n
        solver, variables, clauses = self._loaded_solver(puzzle)
        built = time.perf_counter()
        try:
            with _Clock(solver, self.solver, deadline, effort) as clock:
                for queens in self._queen_sets(solver, n, clock.solve, state):
                    solution = tuple((v - 1) % n for v in queens) if tally.wants_solution else None
                    if tally.add(solution):
                        break
            state.spent = clock.spent
            figures = _effort(solver)
        finally:
            solver.delete()
        stats: dict[str, Any] = {
            "solver": self.solver,
            "encoding": self.encoding,
            "build_time": built - start,
            "solve_time": time.perf_counter() - built,
            "solves": state.solves,
            "variables": variables,
            "clauses": clauses,
            **figures,
        }
        return tally.outcome(exhausted=state.exhausted, timed_out=state.timed_out and not state.spent, stats=stats, spent=state.spent)

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Generator[Solution, None, bool]:
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        solver, _, _ = self._loaded_solver(puzzle)
        n = puzzle.n
        state = _SearchState()
        try:
            with _Clock(solver, self.solver, deadline) as clock:
                for queens in self._queen_sets(solver, n, clock.solve, state):
                    yield tuple((v - 1) % n for v in queens)
        finally:
            solver.delete()
        return state.timed_out

    @staticmethod
    def _queen_sets(solver: Any, n: int, solve: Callable[[], bool | None], state: _SearchState) -> Iterator[list[int]]:
        """The queen variables of each solution; each is blocked before the next solve."""
        from pysolvers import error as SolverError  # python-sat's C extension

        cells = n * n
        while True:
            try:
                found = solve()
            except SolverError as err:
                if "keyboard interrupt" in str(err).lower():
                    raise KeyboardInterrupt from None  # python-sat reports Ctrl-C as its own error
                raise
            state.solves += 1
            if not found:
                state.exhausted = found is False
                state.timed_out = found is None
                return
            queens = [v for v in solver.get_model()[:cells] if v > 0]
            yield queens
            solver.add_clause([-v for v in queens])

    # ------------------------------------------------------------------ model
    def _loaded_solver(self, puzzle: Puzzle) -> tuple[Any, int, int]:
        """A fresh solver holding the puzzle's clauses; also the variable and clause counts."""
        from pysat.solvers import Solver

        base = _board_cnf(puzzle.n, puzzle.rule, self.encoding, puzzle.stars)
        extra = CnfBuilder(self.encoding, base.top)
        for unit in region_units(puzzle):
            extra.exactly([i + 1 for i in unit], puzzle.stars)
        queens, blocked = given_cells(puzzle)
        extra.clauses.extend([[i + 1] for i in queens])
        extra.clauses.extend([[-i - 1] for i in blocked])
        solver = Solver(name=self.solver)
        solver.append_formula(base.clauses)
        solver.append_formula(extra.clauses)
        for lits, bound in base.atmosts + extra.atmosts:
            solver.add_atmost(lits, bound)
        clauses = len(base.clauses) + len(extra.clauses) + len(base.atmosts) + len(extra.atmosts)
        return solver, extra.top, clauses


@lru_cache(maxsize=128)
def _board_cnf(n: int, rule: str, encoding: str, stars: int = 1) -> CnfBuilder:
    """The clauses every puzzle of this size, rule and k shares: rows, columns and the rule.

    Cached (and never modified afterwards): a validator checking many puzzles of
    one size builds them once.
    """
    cnf = CnfBuilder(encoding, n * n)
    for unit in line_units(n):
        cnf.exactly([i + 1 for i in unit], stars)
    if rule == "queens":
        for diagonal in diagonals(n):
            cnf.at_most_one([i + 1 for i in diagonal])
    else:
        cnf.clauses.extend([[-a - 1, -b - 1] for a, b in touching(n, stars)])
    return cnf


@cache
def _has_native_cardinality(solver_name: str) -> bool:
    from pysat.solvers import Solver

    solver = Solver(name=solver_name)
    try:
        return bool(solver.supports_atmost())
    finally:
        solver.delete()


def _effort(solver: Any) -> dict[str, int]:
    """The solver's own effort figures (conflicts, decisions, propagations), where it reports them."""
    try:
        stats = solver.accum_stats() or {}
    except (AttributeError, NotImplementedError):
        return {}
    return {k: int(stats[k]) for k in ("conflicts", "decisions", "propagations") if k in stats}


class _Clock:
    """Solves under a deadline in the way the solver allows (see the module docstring)."""

    def __init__(self, solver: Any, name: str, deadline: float | None, conflicts: int | None = None) -> None:
        self.solver = solver
        self.deadline = deadline
        self.timer: threading.Timer | None = None
        self.lock = threading.Lock()
        self.done = False
        self.interruptible = False
        self.conflicts = conflicts  # the effort budget of every solve together; None: none
        self.sliced = name in BUDGETED
        self.spent = False
        if conflicts is not None and name not in UNLIMITED:
            self.solve = self._solve_budgeted
            self.interruptible = not self.sliced
        elif name in UNLIMITED:
            self.solve = solver.solve if deadline is None else self._solve_between_checks
        elif name in BUDGETED:
            self.solve = solver.solve if deadline is None else self._solve_in_slices
        else:
            self.solve = self._solve_interruptible
            self.interruptible = True
        self.signals = ExitStack()

    def __enter__(self) -> _Clock:
        if self.interruptible:
            if self.deadline is not None:
                self.timer = threading.Timer(max(0.0, self.deadline - time.perf_counter()), self._interrupt)
                self.timer.daemon = True
                self.timer.start()
            self.signals.enter_context(stop_on_signal(self._interrupt))  # Ctrl-C and SIGTERM within a solve
            self.signals.enter_context(on_cancel(self._interrupt))  # a cancel from another thread (runtime.cancel)
        return self

    def __exit__(self, *exc: object) -> None:
        with self.lock:
            self.done = True  # the solver may be deleted from here on: never interrupt it again
        if self.timer is not None:
            self.timer.cancel()
        self.signals.close()

    def _interrupt(self) -> None:
        with self.lock:
            if not self.done:
                self.solver.interrupt()

    def _solve_budgeted(self) -> bool | None:
        """A solve that stops once the search has had ``conflicts`` conflicts in all (``spent``),
        or at the deadline (by the timer, or between slices for a solver without ``interrupt``)."""
        assert self.conflicts is not None
        while True:
            left = self.conflicts - _effort(self.solver).get("conflicts", 0)
            if left <= 0:
                self.spent = True
                return None
            if self.deadline is not None and self._left() <= 0:
                return None
            self.solver.conf_budget(min(left, CONFLICT_SLICE) if self.sliced and self.deadline is not None else left)
            found = self.solver.solve_limited(expect_interrupt=self.interruptible)
            if found is not None or not self.sliced or self.deadline is None:
                if found is None and (self.deadline is None or self._left() > 0):
                    self.spent = True
                return found

    def _left(self) -> float:
        """Seconds to the deadline; none when the search was cancelled (runtime.cancel)."""
        assert self.deadline is not None
        return 0.0 if cancelled() else self.deadline - time.perf_counter()

    def _solve_interruptible(self) -> bool | None:
        if self.deadline is not None and self._left() <= 0:
            return None
        return self.solver.solve_limited(expect_interrupt=True)

    def _solve_in_slices(self) -> bool | None:
        while self._left() > 0:
            self.solver.conf_budget(CONFLICT_SLICE)
            found = self.solver.solve_limited()
            if found is not None:
                return found
        return None

    def _solve_between_checks(self) -> bool | None:
        return self.solver.solve() if self._left() > 0 else None
