"""The one way in to the search: ``search`` for one board, ``search_many`` for a batch
(``search_rows`` and ``unique_rows``: a plain grid's rows in the one compiled call of its route).

Every caller that asks how many solutions a board has comes here: the facade (``solve``,
``is_unique``, ``count_solutions``), the check of a batch, the generator's validators and
the service. Here, and only here:

- the backend is found (by name, once: ``backends.get_backend`` keeps one object a name,
  and ``auto`` keeps its choice per kind of board);
- a ``PlainGrid`` (a bare grid checked in C: no ``Puzzle`` built) goes to a backend that
  takes one, and becomes a ``Puzzle`` for any other;
- every solution found is verified against the rules (in C for a plain grid), so that no
  backend's mistake reaches a user; a wrong one is a ``BackendError``;
- a search cancelled from another thread (``runtime.cancel``), which stopped as at its time
  limit, raises ``Cancelled``, so the loop that called it (a batch, the generator) ends too.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from queens_sat.backends import forget_with_backends, get_backend
from queens_sat.backends.base import Backend, PlainRoute, RowsCall, search_board, search_boards
from queens_sat.engines.regions.counting import native_limit, rule_code
from queens_sat.model.board import Board, as_puzzle_board
from queens_sat.model.errors import BackendError, PuzzleError, QueensSatError
from queens_sat.model.grids import PLAIN_MAX_N, PlainGrid, fill_canonical, int64_cells, plain_cells_ok, plain_solution_ok, solution_check
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution, counted
from queens_sat.runtime.cancel import raise_if_cancelled

__all__ = ["Board", "backend_for", "search", "search_many", "search_rows", "unique_rows", "verified"]


def backend_for(backend: str | Backend, board: Board | None = None) -> Backend:
    """The backend called ``backend`` (an object is taken as it is), checked against ``board``: a
    ``BackendError`` when it cannot search it."""
    engine = get_backend(backend)
    if isinstance(board, Puzzle):
        why = engine.unsupported(board)
        if why is not None:
            raise BackendError(f"backend {engine.full_name!r} cannot search this puzzle: {why}")
    return engine


MIN_SECONDS = 0.001  # what a search is left when choosing its backend took the whole limit: it stops at once, "timed out"


def search(
    board: Board,
    *,
    backend: str | Backend = "auto",
    limit: int | None = 2,
    keep: int | None = None,
    time_limit: float | None = None,
    effort: int | None = None,
) -> Outcome:
    """Up to ``limit`` solutions of ``board`` (all when None), the first ``keep`` kept (default: up
    to ``limit``, at most 2 when counting all), each verified; ``time_limit`` in seconds;
    ``effort`` a budget in the backend's own unit (``Backend.effort_unit``: ``Outcome.spent``
    says it ran out first), where the backend takes one."""
    keep = _keep(limit, keep)
    start = time.perf_counter() if time_limit is not None else 0.0
    engine = backend_for(backend, board)
    raise_if_cancelled()
    if time_limit is not None:  # loading a backend (its solver library, on first use) comes out of the limit
        time_limit = max(time_limit - (time.perf_counter() - start), min(time_limit, MIN_SECONDS))
    if isinstance(board, PlainGrid):
        if not engine.takes_plain:
            return search(Puzzle.of_plain(board), backend=engine, limit=limit, keep=keep, time_limit=time_limit, effort=effort)
        outcome = _plain_search(engine, board, limit, keep, time_limit, effort)
        raise_if_cancelled()
        return outcome
    outcome = search_board(engine, board, limit=limit, keep=keep, time_limit=time_limit, effort=effort)
    raise_if_cancelled()
    return verified(board, outcome.named(engine.full_name))


def search_many(
    puzzles: Sequence[Board],
    *,
    backend: str | Backend = "auto",
    limit: int | None = 2,
    keep: int | None = None,
    time_limit: float | None = None,
) -> list[Outcome | BackendError]:
    """``search`` for every puzzle, in order, as one batch where the backend has a batch path (the
    native search: one call per size and rule). A board whose search returned a wrong solution gets
    the ``BackendError`` in its place, so that one bad answer does not take the batch down.
    Ctrl-C or SIGTERM raises ``Interrupted`` holding the outcomes finished (unverified). Plain grids
    (each with a buffer of its own) go as they are to a backend that takes them."""
    keep = _keep(limit, keep)
    engine = get_backend(backend)
    raise_if_cancelled()
    if not engine.takes_plain:  # verified as the backend saw them
        puzzles = [as_puzzle_board(board) for board in puzzles]
    found = search_boards(engine, puzzles, limit=limit, keep=keep, time_limit=time_limit)
    raise_if_cancelled()
    out: list[Outcome | BackendError] = []
    for puzzle, outcome in zip(puzzles, found, strict=True):
        try:
            out.append(verified(puzzle, outcome.named(engine.full_name)))
        except BackendError as err:
            out.append(err)
    return out


def search_rows(
    rows: list[Any],
    rule: str,
    *,
    backend: str | Backend = "auto",
    limit: int | None = 2,
    keep: int | None = None,
    time_limit: float | None = None,
    effort: int | None = None,
) -> tuple[Outcome, int] | None:
    """``search`` of a plain grid given as its rows (a JSON line's ``regions``: region numbers 0..63
    or one-character labels), renumbered by first appearance as ``Puzzle`` numbers them, in one
    compiled call that also checks the solutions (``PlainRoute.count_rows``): a co-process's line,
    answered in a few microseconds. The verified outcome and the largest number of pieces any
    region falls into (1: all whole); None when the rows are not such a grid or the backend has no
    such call (then ``services.checking.plain_board`` and ``search``). ``effort`` as ``search``'s."""
    keep = _keep(limit, keep)
    engine = get_backend(backend) if isinstance(backend, str) else backend  # (an ABC's isinstance would cost more)
    n = len(rows)
    if not engine.takes_plain or not 1 <= n <= PLAIN_MAX_N:
        return None
    try:  # the rows stand in for the grid to choose the backend by (its size and rule)
        route = engine.plain_route(PlainGrid._make((n, None, rule, rows, ())), limit, effort)  # (_make: a named tuple's C way in)
    except PuzzleError:  # the first grid of its kind is chosen for as a ``Puzzle``: this one is not one
        return None
    if route is None or route.count_rows is None:
        return None
    began = time.perf_counter()
    found = route.count_rows(rows, rule_code(rule), native_limit(limit), keep, time_limit or 0.0, route.nodes, True)
    if found is None:
        return None
    outcome = counted(found, route.backend)
    solutions, spent, most_pieces, wrong = outcome.solutions, outcome.spent, found[6], found[7]
    twice = len(solutions) > 1 and (solutions[0] == solutions[1] if len(solutions) == 2 else len(set(solutions)) != len(solutions))
    if wrong >= 0 or twice or (spent and route.go_on is not None):
        board = _filled(rows, rule)  # rare: a wrong solution to name, or the portfolio's next turns
        outcome = verified(board, _next_turns(route, board, outcome, limit, keep, time_limit, began))
    raise_if_cancelled()  # a search cancelled before or while it ran (it then stopped as at its time limit)
    return outcome, most_pieces


# (backend name, n, rule) -> the route of ``unique_rows`` and the rule's code; None: no such route
_unique_routes: dict[tuple[str, int, str], tuple[PlainRoute, RowsCall, int] | None] = {}
forget_with_backends(_unique_routes.clear)


def unique_rows(rows: Sequence[Any], rule: str, backend: str) -> bool | None:
    """Whether a plain grid given as its rows (lists of ints or strings of labels, as ``search_rows``
    takes them) has exactly one solution: ``search``'s answer at ``limit=2, keep=0`` with no time
    limit, in the one compiled call of ``search_rows`` (``PlainRoute.count_rows``: renumbered,
    checked and searched in C, the regions' pieces not counted) with its route kept per backend name,
    size and rule. None when that call cannot tell (rows that are not such a grid, an unknown rule
    or backend, a backend without the call, a search cancelled): then ``search``, whose checks name
    the problem. A validator's every call comes here: ``search`` costs 4x the search around it."""
    try:
        found_route = _unique_routes[backend, len(rows), rule]
    except KeyError:
        found_route = _unique_route(rows, rule, backend)
    if found_route is None:
        return None
    route, count_rows, code = found_route
    found = count_rows(rows, code, 2, 0, 0.0, route.nodes, False)
    if found is None:
        return None
    count, complete = found[0], found[1]
    if found[5] and route.go_on is not None:  # rare: the portfolio's first turn did not settle it
        outcome = route.go_on(_filled(rows, rule), counted(found, route.backend), limit=2, keep=0, time_limit=None)
        count, complete = outcome.count, outcome.complete
    raise_if_cancelled()  # a search cancelled before or while it ran (it then stopped as at its time limit)
    if count >= 2:
        return False
    return count == 1 if complete else None


def _unique_route(rows: Sequence[Any], rule: str, backend: str) -> tuple[PlainRoute, RowsCall, int] | None:
    """``unique_rows``'s route for grids of this size and rule, chosen as ``search_rows`` chooses it
    and kept; None, not kept, when these rows cannot stand in for the grid to choose by."""
    n = len(rows)
    if not 1 <= n <= PLAIN_MAX_N or rule not in ("no-touch", "queens"):
        return None
    try:
        engine = get_backend(backend)
        route = engine.plain_route(PlainGrid._make((n, None, rule, rows, ())), 2, None) if engine.takes_plain else None
    except QueensSatError:  # an unknown backend, or the first grid of its kind is not a board: ``search`` says why
        return None
    found = None if route is None or route.count_rows is None else (route, route.count_rows, rule_code(rule))
    _unique_routes[backend, n, rule] = found
    return found


def _filled(rows: Sequence[Any], rule: str) -> PlainGrid:
    """The plain grid of rows that ``count_rows`` took, in a buffer of its own."""
    cells = int64_cells(len(rows))
    fill_canonical(rows, cells)
    return PlainGrid(len(rows), cells, rule, rows)


def _keep(limit: int | None, keep: int | None) -> int:
    if keep is None:
        return limit if limit is not None else 2
    return keep


def _plain_search(engine: Backend, board: PlainGrid, limit: int | None, keep: int, time_limit: float | None, effort: int | None) -> Outcome:
    """A plain grid's search, which the compiled code checks as it loads it: a region number out
    of 0..n-1 (a ValueError there), or a board with no solution because a region is missing,
    goes the ``Puzzle`` way, whose error names the problem and where. Where the backend has a
    compiled count (``Backend.plain_route``), that one call is all: a validator's or a co-process's
    every grid comes here, and the layers of ``engine.search`` around a 2 µs search cost 8 µs more."""
    route = engine.plain_route(board, limit, effort)
    try:
        if route is None:
            outcome = search_board(engine, board, limit=limit, keep=keep, time_limit=time_limit, effort=effort).named(engine.full_name)
        else:
            began = time.perf_counter()
            found = route.count_grid(
                board.cells, board.n, rule_code(board.rule), native_limit(limit), keep, board.queens, (), time_limit or 0.0, route.nodes
            )
            outcome = counted(found, route.backend)
            outcome = _next_turns(route, board, outcome, limit, keep, time_limit, began)
    except ValueError:
        Puzzle.of_plain(board)  # raises the PuzzleError that says which cell
        raise
    if outcome.count == 0 and outcome.complete and not plain_cells_ok(board):
        Puzzle.of_plain(board)  # raises: fewer than n regions
    return verified(board, outcome)


def _next_turns(
    route: PlainRoute, board: PlainGrid, outcome: Outcome, limit: int | None, keep: int, time_limit: float | None, began: float
) -> Outcome:
    """The outcome of a route's compiled call, or when it was the portfolio's first turn and did
    not settle the question, the portfolio's next turns (with the time left since ``began``)."""
    if not outcome.spent or route.go_on is None:
        return outcome
    raise_if_cancelled()
    left = None if time_limit is None else time_limit - (time.perf_counter() - began)
    return route.go_on(board, outcome, limit=limit, keep=keep, time_limit=left)


def verified(board: Board, outcome: Outcome) -> Outcome:
    """``outcome`` after every solution it holds was checked against the rules, as tuples; a wrong
    or repeated one is a ``BackendError`` naming the backend and the problem."""
    solutions = outcome.solutions
    if not solutions:
        return outcome
    if isinstance(board, PlainGrid):
        code = rule_code(board.rule)
        check = solution_check() if not board.queens else None  # in C, straight (a validator's every call comes here)
        for solution in solutions:
            right = check(board.cells, solution, code) if check is not None else plain_solution_ok(board, solution, code)
            if not right:
                _refuse(Puzzle.of_plain(board), outcome, solution)
    elif board.stars == 1 and board.n <= PLAIN_MAX_N and (cells := board.cells()) is not None and (check := solution_check()) is not None:
        code, givens = rule_code(board.rule), board.queens or board.blocked
        for solution in solutions:  # in C, as the search ran: the givens are all that is left to see
            right = type(solution) is tuple and check(cells, solution, code)
            if not (right and (not givens or _keeps_givens(board, solution))):
                _refuse(board, outcome, solution)
    else:
        for solution in solutions:
            if board.violations(solution):
                _refuse(board, outcome, solution)
    for solution in solutions:
        if type(solution) is not tuple and not _columns(solution):
            solutions = [tuple(s) for s in solutions]
            outcome = _with_solutions(outcome, solutions)
            break
    if len(solutions) > 1 and len(set(solutions)) != len(solutions):
        twice = next(s for i, s in enumerate(solutions) if s in solutions[:i])
        raise BackendError(f"backend {outcome.backend!r} returned solution {list(twice)} twice")
    return outcome


def _columns(solution: Solution) -> bool:
    """Whether a solution is a huge board's ``ChunkedColumns`` (never to be made a tuple)."""
    if not hasattr(type(solution), "chunks"):  # not numpy's to import for the common case
        return False
    from queens_sat.model.columns import ChunkedColumns

    return isinstance(solution, ChunkedColumns)


def _keeps_givens(puzzle: Puzzle, solution: Solution) -> bool:
    """Whether a Queens solution has the given queens and none on a blocked cell."""
    return all(solution[r] == c for r, c in puzzle.queens) and not any(solution[r] == c for r, c in puzzle.blocked)


def _refuse(puzzle: Puzzle, outcome: Outcome, solution: Any) -> None:
    problems = puzzle.violations(solution) or ["not a solution of this board"]
    raise BackendError(f"backend {outcome.backend!r} returned a wrong solution {list(solution)}: {problems[0]}")


def _with_solutions(outcome: Outcome, solutions: list[Any]) -> Outcome:
    from dataclasses import replace

    return replace(outcome, solutions=solutions)
