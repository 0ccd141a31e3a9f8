"""The ``auto`` backend: routing, and the portfolio that hands a tail to a SAT solver."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from helpers import brute_force_solutions, random_puzzle

from queens_sat import Puzzle, Status, get_backend, solve
from queens_sat.backends import auto as auto_module
from queens_sat.backends.auto import AutoBackend, interleave
from queens_sat.backends.base import Backend
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.result import Outcome
from queens_sat.services.benchmark.boards import cells_board, kind_board, planted_board
from queens_sat.services.checking import check_records


class Scripted(Backend):
    """A backend that answers from a script: settles only when given at least ``needs`` seconds."""

    def __init__(self, name: str, needs: float, answer: Outcome) -> None:
        self.name = name  # type: ignore[misc]
        self.needs, self.answer = needs, answer
        self.turns: list[float | None] = []

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        self.turns.append(time_limit)
        if time_limit is not None and time_limit < self.needs:
            return Outcome([], 0, False, True, {"nodes": 7})
        return self.answer


UNIQUE = Outcome([(1, 3, 0, 2)], 1, True, False, {"conflicts": 3})


def test_interleave_doubles_the_turns_until_one_backend_settles():
    slow = Scripted("slow", needs=1e9, answer=UNIQUE)
    quick = Scripted("quick", needs=0.35, answer=UNIQUE)
    out = interleave((slow, quick), Puzzle(n=4, rule="queens"), limit=2, keep=2, time_limit=None, first_budget=0.1)
    assert out.backend == "quick" and out.count == 1 and out.complete
    assert slow.turns == [0.1, 0.2, 0.4] and quick.turns == [0.1, 0.2, 0.4]
    stages = out.stats["stages"]
    assert [s["backend"] for s in stages] == ["slow", "quick"] * 3
    assert [s["settled"] for s in stages] == [False] * 5 + [True]
    assert stages[0]["nodes"] == 7 and stages[-1]["conflicts"] == 3


def test_a_first_turn_taken_elsewhere_is_recorded_and_not_run_again():
    slow = Scripted("slow", needs=1e9, answer=UNIQUE)
    quick = Scripted("quick", needs=0.15, answer=UNIQUE)
    taken = Outcome([], 0, False, True, {"nodes": 5}, seconds=0.1)
    out = interleave((slow, quick), Puzzle(n=4, rule="queens"), limit=2, keep=2, time_limit=None, first_budget=0.1, taken=taken)
    assert slow.turns == [0.2] and quick.turns == [0.1, 0.2]
    assert [s["backend"] for s in out.stats["stages"]] == ["slow", "quick", "slow", "quick"]
    assert out.stats["stages"][0] == {"backend": "slow", "seconds": 0.1, "settled": False, "nodes": 5}


def test_interleave_stops_at_the_callers_time_limit_and_says_so():
    slow = Scripted("slow", needs=1e9, answer=UNIQUE)
    other = Scripted("other", needs=1e9, answer=UNIQUE)
    out = interleave((slow, other), Puzzle(n=4, rule="queens"), limit=2, keep=2, time_limit=0.05, first_budget=0.1)
    assert out.timed_out and not out.complete
    assert all(t is not None and t <= 0.05 for t in slow.turns + other.turns)


def test_the_first_settled_answer_needs_no_stages():
    first = Scripted("first", needs=0.0, answer=UNIQUE)
    out = interleave((first, Scripted("never", 0.0, UNIQUE)), Puzzle(n=4, rule="queens"), limit=2, keep=2, time_limit=None)
    assert out.backend == "first" and "stages" not in out.stats


@pytest.mark.parametrize("rule", ["no-touch", "queens"])
def test_auto_agrees_with_brute_force(rule):
    for seed in range(40):
        puzzle = random_puzzle(6, seed, rule=rule, givens=seed % 2 == 1)
        expected = brute_force_solutions(puzzle)
        result = solve(puzzle, backend="auto", limit=None)
        assert result.count == len(expected) and result.complete


def test_auto_names_the_search_that_settled():
    puzzle = planted_board(9, random.Random(3))
    picked = get_backend("auto", puzzle).resolve(puzzle).name
    assert solve(puzzle).backend == picked  # settled by the first choice, named by it
    assert solve(Puzzle(n=8, rule="queens")).backend == "nqueens"


def test_auto_hands_a_tail_to_the_fallback(monkeypatch):
    """A board the first choice cannot settle in its turn goes to the SAT solver, and the result says so."""
    puzzle = planted_board(10, random.Random(5))
    backend = AutoBackend()
    if backend.partner(puzzle) is None:
        pytest.skip("no SAT or CP-SAT solver installed: nothing to hand over to")
    first = backend.pick(puzzle)
    stuck = Scripted(first.name, needs=1e9, answer=UNIQUE)
    stuck.takes_turns = True  # type: ignore[misc]
    monkeypatch.setattr(backend, "pick", lambda p: stuck)
    monkeypatch.setattr(auto_module, "FIRST_BUDGET", 0.01)
    result = solve(puzzle, backend=backend, time_limit=30)
    assert result.backend == backend.partner(puzzle).full_name
    assert result.stats["stages"][0]["backend"] == first.name and not result.stats["stages"][0]["settled"]
    assert result.status is solve(puzzle, backend="python").status


def test_counting_all_solutions_stays_with_the_backtracker(monkeypatch):
    backend = AutoBackend()
    monkeypatch.setattr(auto_module, "interleave", lambda *a, **k: pytest.fail("no portfolio for exact counts"))
    puzzle = planted_board(8, random.Random(1))
    assert backend.search(puzzle, limit=None, keep=0, time_limit=None).complete


def test_the_check_batch_hands_unsettled_boards_to_the_portfolio(monkeypatch):
    """``check`` on many records searches them in one native batch (auto's first turn); what that
    turn leaves unsettled is checked again by the portfolio for the time left."""
    pytest.importorskip("queens_sat._bitsearch")
    if not AutoBackend().batches():
        pytest.skip("the native search is turned off: no batches")
    from queens_sat.backends.native import NativeBackend

    puzzles = [planted_board(9, random.Random(s)) for s in range(12)]  # past SMALL_CHUNK: a real batch
    real = NativeBackend.search_many
    searched_again: list[Puzzle] = []

    def first_turn_times_out(self: NativeBackend, chosen: list[Puzzle], **kw: Any) -> list[Outcome]:
        found = real(self, chosen, **kw)
        return [Outcome([], 0, False, True, {"nodes": 1}, seconds=0.01), *found[1:]]

    real_go_on = AutoBackend.go_on

    def go_on(self: AutoBackend, puzzle: Puzzle, taken: Outcome, **kw: Any) -> Outcome:
        searched_again.append(puzzle)
        return real_go_on(self, puzzle, taken, **kw)

    monkeypatch.setattr(NativeBackend, "search_many", first_turn_times_out)
    monkeypatch.setattr(AutoBackend, "go_on", go_on)
    records = [PuzzleRecord(f"b{i}", puzzle=p) for i, p in enumerate(puzzles)]
    reports = list(check_records(records, "auto", None, None))
    assert [r.status for r in reports] == [solve(p, backend="python").status.value for p in puzzles]
    assert searched_again == puzzles[:1]  # only the board the batch left unsettled


def test_the_generators_auto_validator_falls_back(monkeypatch):
    from queens_sat.engines.regions import counting as fast
    from queens_sat.services.generator import validators

    if fast.IMPLEMENTATION != "native":  # built but turned off by QUEENS_SAT_PURE_PYTHON too
        pytest.skip("the native search is not in use: auto validates on the python search")
    puzzle = planted_board(9, random.Random(8))
    regions = np.array(puzzle.regions, dtype=np.int64)
    calls: list[float | None] = []

    class FirstTurnRunsOut:
        MAX_N = 64

        def count(self, grid: Any, n: int, rule: int, limit: int, keep: int, queens: Any, blocked: Any, budget: float) -> tuple:
            calls.append(budget)
            return 0, False, True, [], 10  # nothing found, time up

    from queens_sat.backends import native

    monkeypatch.setattr(native, "required", lambda name: FirstTurnRunsOut())
    validate = validators.named_validator("auto", time_limit=20)
    verdict = validators.interpret(validate(regions, rule="no-touch"), [0] * 9)
    assert calls and calls[0] == auto_module.FIRST_BUDGET
    expected = solve(puzzle, backend="python").count
    assert verdict.settled and verdict.count == min(expected, 2)


def test_board_recipes_are_reproducible_and_well_formed():
    for n in (5, 12, 20):
        a, b = cells_board(n, random.Random(n)), cells_board(n, random.Random(n))
        assert a == b and len({k for row in a.regions for k in row}) == n
        assert solve(kind_board("planted", n, random.Random(n))).status is not Status.NONE
    with pytest.raises(ValueError, match="unknown kind"):
        kind_board("spiral", 5, random.Random(0))
