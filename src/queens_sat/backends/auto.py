"""The default backend: route each puzzle to the right search, and never let one search's tail win.

Routing: the region-free specialist (``nqueens``) takes boards without regions or
givens; every other board goes to the native search when it is compiled, else to
the pure-Python reference (``AUTO_ORDER``). Star Battle boards (k > 1) take the same
way (nqueens passes on them), with cpsat before sat as the CDCL solver taking turns. Backends marked ``takes_turns`` (the
backtrackers) share their board with a CDCL solver as below.

The portfolio (for questions with a solution limit up to ``PORTFOLIO_LIMIT``: a
solution, uniqueness; exact counts of many solutions stay with the backtracker,
which enumerates far faster than blocking clauses do): the native search settles nearly every board in microseconds to
milliseconds, but no single search method is best on every board. So when a
CDCL solver (``sat``, else ``cpsat``) is installed as well, ``auto`` interleaves
the two with budgets that double: native for ``FIRST_BUDGET`` seconds, then the
SAT solver for as long, then native for twice that, and so on, until one of them
settles the question or the caller's time limit runs out. Each run starts from
scratch, so a board that one method settles in time T costs ``auto`` at most about
4T plus the first budget (the doubling wastes at most as much again on each
method): ``auto`` can lose to the best installed backend on a board only by that
constant factor, never by orders of magnitude. Boards the native search settles
within the first budget (all but the rarest) cost exactly what ``native`` costs.

Which search settled a board is the result's ``backend``; when more than one ran,
``stats["stages"]`` lists every run (backend, seconds, whether it settled, and its
effort figure).
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

from queens_sat.backends.base import Backend, interrupted_batch
from queens_sat.model.errors import BackendError, Interrupted
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution

FIRST_BUDGET = 0.1  # seconds the native search has alone before the SAT solver takes a turn
MIN_TURN = 0.001  # a turn is never shorter (a limit of 0 would mean none at all to some backends)
FALLBACKS = ("sat", "cpsat")  # the first installed one takes turns with the native search
# Star Battle (k > 1): cpsat first. On generated unique puzzles it settled the uniqueness check
# at 21/5 in 0.48 s median (sat 0.81 s, worst 0.76 s against 3.5 s) and at 25/6 in 1.7 s (sat
# 10 s): bench/stars_check.py --backends native,sat,cpsat.
STAR_FALLBACKS = ("cpsat", "sat")
PORTFOLIO_LIMIT = 2  # the portfolio decides questions (is there one? two?); counting all is the backtracker's


class AutoBackend(Backend):
    """The default: nqueens for boards without regions, else native with a SAT fallback (a portfolio), else python."""

    name = "auto"

    def __init__(self, variant: str | None = None, **options: Any) -> None:
        if variant:
            raise ValueError(f"backend 'auto' has no variant {variant!r}")
        self.options = options  # handed to the backend chosen (the nqueens specialist's method, seed, workers)
        self._warned: set[str] = set()

    # ------------------------------------------------------------------ routing
    def pick(self, puzzle: Puzzle | None) -> Backend:
        """The first backend of ``AUTO_ORDER`` that is installed and takes ``puzzle``."""
        from queens_sat.backends import AUTO_ORDER, make_backend

        reasons: list[str] = []
        declined: list[str] = []
        for name in AUTO_ORDER:
            backend = make_backend(name, self.options if name == "nqueens" else {})
            if backend is None:
                reasons.append(f"{name}: not installed")
                continue
            why = backend.unsupported(puzzle) if puzzle is not None else None
            if why is None:
                message = "; ".join(declined)
                if message and message not in self._warned:  # a preferred backend could not take it: say so once
                    self._warned.add(message)
                    warnings.warn(f"using backend {name!r}: {message}", stacklevel=4)
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

    def fallback(self, puzzle: Puzzle) -> Backend | None:
        """The CDCL solver that takes turns with the native search on ``puzzle``, if one is installed."""
        from queens_sat.backends import make_backend

        for name in STAR_FALLBACKS if puzzle.stars > 1 else FALLBACKS:
            backend = make_backend(name, {})
            if backend is not None and backend.unsupported(puzzle) is None:
                return backend
        return None

    # ------------------------------------------------------------------ search
    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        first = self.pick(puzzle)
        deciding = limit is not None and limit <= PORTFOLIO_LIMIT  # counting many: nothing beats the backtracker
        if not (first.takes_turns and deciding and self.may_fall_back(puzzle)):
            return _named(first.search(puzzle, limit=limit, keep=keep, time_limit=time_limit), first.full_name)
        # The first turn alone; the solver that takes turns is built only when the turn leaves the
        # question open (building cpsat imports OR-Tools: half a second, for the rare tail board).
        began = time.perf_counter()
        taken = first.search(puzzle, limit=limit, keep=keep, time_limit=first_turn(limit, time_limit))
        spent = time.perf_counter() - began
        remaining = None if time_limit is None else time_limit - spent
        if not taken.timed_out or (remaining is not None and remaining <= 0):
            return _named(taken, first.full_name)
        taken.stats.setdefault("seconds", round(spent, 6))
        return self.go_on(puzzle, taken, limit=limit, keep=keep, time_limit=remaining)

    def may_fall_back(self, puzzle: Puzzle) -> bool:
        """Whether a solver that could take turns is installed (without building one: see ``search``)."""
        from queens_sat.backends import _backend_class

        return any(_backend_class(name).available() for name in (STAR_FALLBACKS if puzzle.stars > 1 else FALLBACKS))

    def go_on(self, puzzle: Puzzle, taken: Outcome, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        """The portfolio after its first turn was taken (here, in a native batch, or in the generator's
        validator) and left ``taken`` unsettled: the next turns, without running that one again."""
        first = self.pick(puzzle)
        other = self.fallback(puzzle) if first.takes_turns else None
        if other is None:  # nothing to take turns with: the first choice again, for the time left
            return _named(first.search(puzzle, limit=limit, keep=keep, time_limit=time_limit), first.full_name)
        return interleave((first, other), puzzle, limit=limit, keep=keep, time_limit=time_limit, taken=taken)

    def batches(self) -> bool:
        """Batches pay off when the native search is there to take them (its batch is the first turn)."""
        from queens_sat.backends import make_backend

        native = make_backend("native", {})
        return native is not None and native.batches()

    def search_many(
        self, puzzles: Sequence[Puzzle], *, limit: int | None = 2, keep: int | None = None, time_limit: float | None = None
    ) -> list[Outcome]:
        """The boards the native search takes, in one batch as the portfolio's first turn (capped at
        ``FIRST_BUDGET`` when deciding); a board that turn leaves unsettled, and every other board,
        goes through ``search`` (the portfolio) with the time left."""
        from queens_sat.backends import make_backend

        if keep is None:
            keep = limit if limit is not None else 2
        native = make_backend("native", {})
        mine = [i for i, p in enumerate(puzzles) if native is not None and self.pick(p).name == "native"]
        results: list[Outcome | None] = [None] * len(puzzles)
        turn = first_turn(limit, time_limit)
        if native is not None and mine:
            try:
                first = native.search_many([puzzles[i] for i in mine], limit=limit, keep=keep, time_limit=turn)
            except Interrupted as stop:
                for i, outcome in zip(mine, stop.partial, strict=True):  # type: ignore[call-overload]
                    results[i] = None if outcome is None else _named(outcome, native.full_name)
                raise interrupted_batch(stop, results) from None
            for i, outcome in zip(mine, first, strict=True):
                results[i] = _named(outcome, native.full_name)
        for i, puzzle in enumerate(puzzles):
            done = results[i]
            spent = 0.0 if done is None else float(done.stats.get("seconds", 0.0))
            if done is not None and not (done.timed_out and turn != time_limit):
                continue
            left = None if time_limit is None else max(time_limit - spent, MIN_TURN)
            start = time.perf_counter()
            try:
                if done is None:
                    outcome = self.search(puzzle, limit=limit, keep=keep, time_limit=left)
                else:
                    outcome = self.go_on(puzzle, done, limit=limit, keep=keep, time_limit=left)
            except KeyboardInterrupt as stop:
                raise interrupted_batch(stop, results) from None
            outcome.stats["seconds"] = spent + time.perf_counter() - start
            results[i] = outcome
        return results  # type: ignore[return-value]

    def resolve(self, puzzle: Puzzle) -> Backend:
        return self.pick(puzzle)

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Iterator[Solution]:
        return self.pick(puzzle).iter_solutions(puzzle, time_limit=time_limit)


def first_turn(limit: int | None, time_limit: float | None) -> float | None:
    """How long the first choice searches alone before the portfolio goes on: ``FIRST_BUDGET``
    for the questions the portfolio decides (a limit up to ``PORTFOLIO_LIMIT``), else all the time."""
    if limit is None or limit > PORTFOLIO_LIMIT:
        return time_limit
    return FIRST_BUDGET if time_limit is None else min(time_limit, FIRST_BUDGET)


def interleave(
    backends: tuple[Backend, ...],
    puzzle: Puzzle,
    *,
    limit: int | None,
    keep: int,
    time_limit: float | None,
    first_budget: float = FIRST_BUDGET,
    taken: Outcome | None = None,
) -> Outcome:
    """Run the backends in turn with doubling budgets until one settles the search (or time runs out).

    ``taken``: the first backend's first turn, already run elsewhere (unsettled); it is recorded
    as the first stage and not run again."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    stages: list[dict[str, Any]] = []
    if taken is not None:
        stages.append({"backend": backends[0].full_name, "seconds": taken.stats.get("seconds"), "settled": False, **effort(taken.stats)})
    budget = first_budget
    while True:
        for backend in backends:
            if taken is not None:  # that turn was taken already
                taken = None
                continue
            turn = budget if deadline is None else min(budget, deadline - time.perf_counter())
            began = time.perf_counter()
            outcome = backend.search(puzzle, limit=limit, keep=keep, time_limit=max(turn, MIN_TURN))
            settled = not outcome.timed_out
            stages.append(
                {
                    "backend": backend.full_name,
                    "seconds": round(time.perf_counter() - began, 6),
                    "settled": settled,
                    **effort(outcome.stats),
                }
            )
            out_of_time = deadline is not None and time.perf_counter() >= deadline
            if settled or out_of_time:
                stats = dict(outcome.stats)
                if len(stages) > 1:
                    stats["stages"] = stages
                return _named(Outcome(outcome.solutions, outcome.count, outcome.complete, outcome.timed_out, stats), backend.full_name)
        budget *= 2


def effort(stats: dict[str, Any]) -> dict[str, Any]:
    """The effort figures a backend reported (nodes, conflicts, branches...), for a stage's record."""
    return {k: stats[k] for k in ("nodes", "conflicts", "decisions", "branches") if k in stats}


def _named(outcome: Outcome, backend: str) -> Outcome:
    """The outcome, marked with the backend that produced it (the result's ``backend``)."""
    if outcome.backend is not None:
        return outcome
    return Outcome(outcome.solutions, outcome.count, outcome.complete, outcome.timed_out, outcome.stats, backend)
