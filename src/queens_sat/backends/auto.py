"""The default backend: route each puzzle to the right search, and never let one search's tail win.

Routing: the region-free specialist (``nqueens``) takes boards without regions or
givens; every other board goes to the native search when it is compiled, else to
the pure-Python reference (``AUTO_ORDER``). Star Battle boards (k > 1) take the same
way (nqueens passes on them), with cpsat before sat as the CDCL solver taking turns.
The choice depends only on a board's kind (``route_key``: regions or not, givens or
not, k, n and the rule), so it is made once per kind and kept.

The portfolio (for questions with a solution limit up to ``PORTFOLIO_LIMIT``: a
solution, uniqueness; exact counts of many solutions stay with the backtracker,
which enumerates far faster than blocking clauses do), the one place where two
searches take turns: the native search settles nearly every board in microseconds to
milliseconds, but no single search method is best on every board. So when a
CDCL solver (``sat``, else ``cpsat``) is installed as well, ``auto`` interleaves
the two with budgets that double: the native search for its first budget, then the
SAT solver for its own, then each for twice as much, and so on, until one of them
settles the question or the caller's time limit runs out. Each run starts from
scratch, so a board that one method settles with effort E costs ``auto`` at most a
small constant times E plus the first budgets: ``auto`` can lose to the best installed
backend on a board only by that factor, never by orders of magnitude.

The budgets are each backend's own measure of work (``Backend.effort_unit``: search nodes
for the backtrackers, conflicts for a SAT solver, deterministic time for CP-SAT), never
seconds: where a turn ends depends on the board alone, so a puzzle takes the same path,
and gets the same verdict, backend and ``stats``, on an idle and on a loaded machine. The
caller's time limit stays a wall-clock guard over the whole (it can only make a verdict
``unknown``). Which search settled a board is the result's ``backend``; when more than one
ran, ``stats["stages"]`` lists every turn: the backend, its budget, whether it settled, and
its effort figures.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

from queens_sat.backends.base import Backend, PlainBackend, PlainRoute, interrupted_batch, search_board, search_boards
from queens_sat.model.board import Board, as_puzzle_board
from queens_sat.model.errors import BackendError
from queens_sat.model.grids import PlainGrid
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution

# What a solver's stats measure in seconds: left out of a portfolio's, which the board alone decides.
CLOCK_STATS = ("build_time", "solve_time")
MIN_TURN = 0.001  # seconds: a turn's time limit is never shorter (a limit of 0 would mean none at all to some backends)
FALLBACKS = ("sat", "cpsat")  # the first installed one takes turns with the native search
# Star Battle (k > 1): cpsat first. On generated unique puzzles it settled the uniqueness check
# at 21/5 in 0.48 s median (sat 0.81 s, worst 0.76 s against 3.5 s) and at 25/6 in 1.7 s (sat
# 10 s): bench/stars_check.py --backends native,sat,cpsat.
STAR_FALLBACKS = ("cpsat", "sat")
PORTFOLIO_LIMIT = 2  # the portfolio decides questions (is there one? two?); counting all is the backtracker's

RouteKey = tuple[bool, bool, int, int, str]


def route_key(board: Puzzle | PlainGrid) -> RouteKey:
    """What the choice of a backend depends on: regions or not, givens or not, stars, n and the rule
    (``unsupported`` of every backend in ``AUTO_ORDER`` looks at nothing else)."""
    if isinstance(board, PlainGrid):
        return (True, bool(board.queens), 1, board.n, board.rule)
    return (board.regions is not None, board.has_givens, board.stars, board.n, board.rule)


class AutoBackend(PlainBackend):
    """The default: nqueens for boards without regions, else native with a SAT fallback (a portfolio), else python."""

    name = "auto"
    # plain grids are handed on to the backend chosen when it takes them, as a ``Puzzle`` otherwise (``search_board``)

    def __init__(self, variant: str | None = None, **options: Any) -> None:
        if variant:
            raise ValueError(f"backend 'auto' has no variant {variant!r}")
        self.options = options  # handed to the backend chosen (the nqueens specialist's method, seed, workers)
        self._warned: set[str] = set()
        self._routes: dict[RouteKey, Backend] = {}
        self._partners: dict[RouteKey, Backend | None] = {}
        self._plans: dict[tuple[RouteKey, bool], tuple[Backend, bool]] = {}  # by kind of board and whether the question is decided
        self._plain_routes: dict[tuple[int, str, bool, int | None, int | None], PlainRoute | None] = {}  # and by limit and budget
        self._may_fall_back: dict[bool, bool] = {}  # by Star Battle or not

    # ------------------------------------------------------------------ routing
    def pick(self, board: Puzzle | PlainGrid) -> Backend:
        """The first backend of ``AUTO_ORDER`` that is installed and takes ``board``: chosen once per kind of board."""
        key = route_key(board)
        chosen = self._routes.get(key)
        if chosen is None:
            chosen = self._routes[key] = self._choose(board if isinstance(board, Puzzle) else Puzzle.of_plain(board))
        return chosen

    def _choose(self, puzzle: Puzzle) -> Backend:
        from queens_sat.backends import AUTO_ORDER, make_backend

        reasons: list[str] = []
        declined: list[str] = []
        for name in AUTO_ORDER:
            backend = make_backend(name, self.options if name == "nqueens" else {})
            if backend is None:
                reasons.append(f"{name}: not installed")
                continue
            why = backend.unsupported(puzzle)
            if why is None:
                message = "; ".join(declined)
                if message and message not in self._warned:  # a preferred backend could not take it: say so once
                    self._warned.add(message)
                    warnings.warn(f"using backend {name!r}: {message}", stacklevel=5)
                return backend
            reasons.append(f"{name}: {why}")
            if not backend.specialist:  # a specialist passing on what it was never for is no news
                declined.append(f"{name}: {why}")
        raise BackendError("no backend can search this puzzle:\n  " + "\n  ".join(reasons))

    def unsupported(self, puzzle: Puzzle) -> str | None:
        try:
            self.pick(puzzle)
        except BackendError as err:
            return str(err)
        return None

    def resolve(self, puzzle: Board) -> Backend:
        return self.pick(puzzle)

    def partner(self, board: Puzzle | PlainGrid) -> Backend | None:
        """The CDCL solver that takes turns with the chosen backend on boards of this kind, if that
        one takes turns and such a solver is installed; built when first needed (building cpsat imports
        OR-Tools: half a second, for the rare tail board)."""
        key = route_key(board)
        if key in self._partners:
            return self._partners[key]
        from queens_sat.backends import make_backend

        found = None
        if self.pick(board).takes_turns:
            puzzle = board if isinstance(board, Puzzle) else Puzzle.of_plain(board)
            for name in STAR_FALLBACKS if key[2] > 1 else FALLBACKS:
                backend = make_backend(name, {})
                if backend is not None and backend.unsupported(puzzle) is None:
                    found = backend
                    break
        self._partners[key] = found
        return found

    def may_fall_back(self, board: Puzzle | PlainGrid) -> bool:
        """Whether a solver that could take turns is installed (without building one: see ``partner``)."""
        stars = board.stars > 1 if isinstance(board, Puzzle) else False
        found = self._may_fall_back.get(stars)
        if found is None:
            from queens_sat.backends import backend_class

            found = self._may_fall_back[stars] = any(backend_class(name).available() for name in (STAR_FALLBACKS if stars else FALLBACKS))
        return found

    # ------------------------------------------------------------------ search
    def search(
        self, puzzle: Puzzle | PlainGrid, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None
    ) -> Outcome:
        """``effort`` goes to the backend chosen when there is no portfolio to run."""
        first, turns = self.plan(puzzle, limit)
        board = puzzle if first.takes_plain else as_puzzle_board(puzzle)  # a PlainGrid only where it is taken
        if not turns:
            return search_board(first, board, limit=limit, keep=keep, time_limit=time_limit, effort=effort).named(first.full_name)
        began = time.perf_counter()
        taken = search_board(first, board, limit=limit, keep=keep, time_limit=time_limit, effort=first.first_effort(board))
        if not taken.spent:  # settled in the first turn (or stopped by the caller's time limit)
            return taken.named(first.full_name)
        remaining = None if time_limit is None else time_limit - (time.perf_counter() - began)
        return self.go_on(board, taken, limit=limit, keep=keep, time_limit=remaining)

    def plan(self, board: Puzzle | PlainGrid, limit: int | None) -> tuple[Backend, bool]:
        """The backend chosen for ``board`` and whether the portfolio runs on it (``takes_turns_on``):
        kept per kind of board and question, as a validator asks the same one of thousands."""
        key = (route_key(board), limit is not None and limit <= PORTFOLIO_LIMIT)
        found = self._plans.get(key)
        if found is None:
            first = self.pick(board)
            found = self._plans[key] = (first, self.takes_turns_on(first, board, limit))
        return found

    def plain_route(self, grid: PlainGrid, limit: int | None, effort: int | None) -> PlainRoute | None:
        """The chosen backend's compiled call; as the portfolio's first turn where that runs, and
        its other turns when the first turn's budget runs out."""
        key = (grid.n, grid.rule, not grid.queens, limit, effort)  # route_key's, flat
        if key in self._plain_routes:
            return self._plain_routes[key]
        first, turns = self.plan(grid, limit)
        if not turns:
            route = first.plain_route(grid, limit, effort)
        elif (route := first.plain_route(grid, limit, first.first_effort(grid))) is not None:
            route = route._replace(go_on=self.go_on)
        self._plain_routes[key] = route
        return route

    def takes_turns_on(self, first: Backend, board: Puzzle | PlainGrid, limit: int | None) -> bool:
        """Whether the portfolio runs: the backend chosen takes turns (a backtracker with an effort
        budget), the question is one it decides (a limit up to ``PORTFOLIO_LIMIT``), and a solver
        to take turns with is installed."""
        deciding = limit is not None and limit <= PORTFOLIO_LIMIT  # counting many: nothing beats the backtracker
        return first.takes_turns and deciding and self.may_fall_back(board)

    def go_on(self, board: Puzzle | PlainGrid, taken: Outcome, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        """The portfolio after its first turn was taken (here, or in a batch) and left ``taken``
        unsettled, its budget spent: the next turns, without running that one again."""
        first = self.pick(board)
        other = self.partner(board)
        puzzle = board if isinstance(board, Puzzle) else Puzzle.of_plain(board)
        if other is None:  # nothing to take turns with: the first choice again, to the end
            return first.search(puzzle, limit=limit, keep=keep, time_limit=time_limit).named(first.full_name)
        return interleave((first, other), puzzle, limit=limit, keep=keep, time_limit=time_limit, taken=taken)

    def batches(self) -> bool:
        """Batches pay off when the native search is there to take them (its batch is the first turn)."""
        from queens_sat.backends import make_backend

        native = make_backend("native", {})
        return native is not None and native.batches()

    def search_many(
        self,
        puzzles: Sequence[Puzzle | PlainGrid],
        *,
        limit: int | None = 2,
        keep: int | None = None,
        time_limit: float | None = None,
        effort: int | None = None,
    ) -> list[Outcome]:
        """The boards of each backend chosen in one ``search_many`` (the native search's batch), as the
        portfolio's first turn where it runs; a board that turn leaves unsettled goes on through the
        portfolio, with the time left."""
        if keep is None:
            keep = limit if limit is not None else 2
        results: list[Outcome | None] = [None] * len(puzzles)
        groups: dict[tuple[int, int | None], list[int]] = {}
        chosen: dict[int, Backend] = {}
        routes: dict[RouteKey, tuple[int, int | None]] = {}  # the group of each kind of board, found once
        for i, puzzle in enumerate(puzzles):
            kind = route_key(puzzle)
            group = routes.get(kind)
            if group is None:
                backend, turns = self.plan(puzzle, limit)
                chosen[id(backend)] = backend
                turn = backend.first_effort(puzzle) if turns else effort
                group = routes[kind] = (id(backend), turn)
            groups.setdefault(group, []).append(i)
        for (key, turn), members in groups.items():
            backend = chosen[key]
            try:
                found = search_boards(backend, [puzzles[i] for i in members], limit=limit, keep=keep, time_limit=time_limit, effort=turn)
            except KeyboardInterrupt as stop:
                done = getattr(stop, "partial", None) or []
                for i, outcome in zip(members, done, strict=False):
                    results[i] = None if outcome is None else outcome.named(backend.full_name)
                raise interrupted_batch(stop, results) from None
            for i, outcome in zip(members, found, strict=True):
                results[i] = self._settled(puzzles[i], outcome.named(backend.full_name), limit, keep, time_limit)
        return [outcome for outcome in results if outcome is not None]  # every one, each board in one group

    def _settled(self, puzzle: Puzzle | PlainGrid, taken: Outcome, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        """A batch member's outcome, after the portfolio's next turns when its first one spent its budget."""
        if not taken.spent:
            return taken
        spent = taken.seconds or 0.0
        left = None if time_limit is None else max(time_limit - spent, MIN_TURN)
        start = time.perf_counter()
        outcome = self.go_on(puzzle, taken, limit=limit, keep=keep, time_limit=left)
        return outcome.timed(spent + time.perf_counter() - start)

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Iterator[Solution]:
        return self.pick(puzzle).iter_solutions(puzzle, time_limit=time_limit)


def interleave(
    backends: tuple[Backend, ...],
    puzzle: Puzzle,
    *,
    limit: int | None,
    keep: int,
    time_limit: float | None,
    taken: Outcome | None = None,
) -> Outcome:
    """Run the backends in turn, each with its own budget (``first_effort``) doubled every round,
    until one settles the search or the caller's time limit runs out.

    ``taken``: the first backend's first turn, already run elsewhere (its budget spent); it is
    recorded as the first stage and not run again."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    stages: list[dict[str, Any]] = []
    if taken is not None:
        stages.append(_stage(backends[0], backends[0].first_effort(puzzle), taken))
    round_ = 0
    while True:
        for backend in backends:
            if taken is not None:  # that turn was taken already
                taken = None
                continue
            budget = backend.first_effort(puzzle) << round_
            left = None if deadline is None else max(deadline - time.perf_counter(), MIN_TURN)
            outcome = backend.search(puzzle, limit=limit, keep=keep, time_limit=left, effort=budget)
            stages.append(_stage(backend, budget, outcome))
            if not outcome.spent:  # settled, or the caller's time limit stopped it
                stats = {k: v for k, v in outcome.stats.items() if k not in CLOCK_STATS}
                if len(stages) > 1:
                    stats["stages"] = stages
                return Outcome(outcome.solutions, outcome.count, outcome.complete, outcome.timed_out, stats).named(backend.full_name)
        round_ += 1


def _stage(backend: Backend, budget: int, outcome: Outcome) -> dict[str, Any]:
    """One turn of the portfolio as ``stats["stages"]`` lists it: no clock in it, so that it is the
    same on every run."""
    settled = not outcome.spent
    return {"backend": backend.full_name, "budget": budget, "unit": backend.effort_unit, "settled": settled, **effort(outcome.stats)}


def effort(stats: dict[str, Any]) -> dict[str, Any]:
    """The effort figures a backend reported (nodes, conflicts, branches...), for a stage's record."""
    return {k: stats[k] for k in ("nodes", "conflicts", "decisions", "branches") if k in stats}
