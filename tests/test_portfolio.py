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
from queens_sat.extension import bitsearch
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.result import Outcome
from queens_sat.services.benchmark.boards import cells_board, kind_board, planted_board
from queens_sat.services.checking import check_records


class Scripted(Backend):
    """A backend that answers from a script: settles only when given a budget of at least ``needs``
    (its unit: "steps"), starting from ``first``."""

    effort_unit = "steps"

    def __init__(self, name: str, needs: int, answer: Outcome, first: int = 10) -> None:
        self.name = name  # type: ignore[misc]
        self.needs, self.answer, self.first = needs, answer, first
        self.turns: list[int | None] = []

    def first_effort(self, puzzle: object) -> int:
        return self.first

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None) -> Outcome:
        self.turns.append(effort)
        if effort is not None and effort < self.needs:
            return Outcome([], 0, False, False, {"nodes": 7}, spent=True)
        return self.answer


UNIQUE = Outcome([(1, 3, 0, 2)], 1, True, False, {"conflicts": 3})


def test_interleave_doubles_the_budgets_until_one_backend_settles():
    slow = Scripted("slow", needs=10**9, answer=UNIQUE, first=100)
    quick = Scripted("quick", needs=35, answer=UNIQUE, first=10)
    out = interleave((slow, quick), Puzzle(n=4, rule="queens"), limit=2, keep=2, time_limit=None)
    assert out.backend == "quick" and out.count == 1 and out.complete
    assert slow.turns == [100, 200, 400] and quick.turns == [10, 20, 40]  # each in its own unit, doubled a round
    stages = out.stats["stages"]
    assert [s["backend"] for s in stages] == ["slow", "quick"] * 3
    assert [s["settled"] for s in stages] == [False] * 5 + [True]
    assert [s["budget"] for s in stages] == [100, 10, 200, 20, 400, 40] and stages[0]["unit"] == "steps"
    assert stages[0]["nodes"] == 7 and stages[-1]["conflicts"] == 3
    assert not any("seconds" in s for s in stages)  # nothing in them depends on the clock


def test_a_first_turn_taken_elsewhere_is_recorded_and_not_run_again():
    slow = Scripted("slow", needs=10**9, answer=UNIQUE, first=100)
    quick = Scripted("quick", needs=15, answer=UNIQUE, first=10)
    taken = Outcome([], 0, False, False, {"nodes": 5}, seconds=0.1, spent=True)
    out = interleave((slow, quick), Puzzle(n=4, rule="queens"), limit=2, keep=2, time_limit=None, taken=taken)
    assert slow.turns == [200] and quick.turns == [10, 20]
    assert [s["backend"] for s in out.stats["stages"]] == ["slow", "quick", "slow", "quick"]
    assert out.stats["stages"][0] == {"backend": "slow", "budget": 100, "unit": "steps", "settled": False, "nodes": 5}


def test_interleave_stops_at_the_callers_time_limit_and_says_so():
    class Slow(Scripted):
        def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None) -> Outcome:
            self.turns.append(effort)
            import time

            time.sleep(min(0.02, time_limit or 0.02))
            if time_limit is not None and time_limit <= 0.02:
                return Outcome([], 0, False, True, {"nodes": 7})  # the clock stopped it
            return Outcome([], 0, False, False, {"nodes": 7}, spent=True)

    slow, other = Slow("slow", needs=10**9, answer=UNIQUE), Slow("other", needs=10**9, answer=UNIQUE)
    out = interleave((slow, other), Puzzle(n=4, rule="queens"), limit=2, keep=2, time_limit=0.1)
    assert out.timed_out and not out.complete


def test_the_first_settled_answer_needs_no_stages():
    first = Scripted("first", needs=0, answer=UNIQUE)
    out = interleave((first, Scripted("never", 0, UNIQUE)), Puzzle(n=4, rule="queens"), limit=2, keep=2, time_limit=None)
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
    """A board the first choice cannot settle in its budget goes to the SAT solver, and the result says so."""
    puzzle = planted_board(10, random.Random(5))
    backend = AutoBackend()
    if backend.partner(puzzle) is None:
        pytest.skip("no SAT or CP-SAT solver installed: nothing to hand over to")
    first = backend.pick(puzzle)
    stuck = Scripted(first.name, needs=10**9, answer=UNIQUE)
    stuck.takes_turns = True  # type: ignore[misc]
    monkeypatch.setattr(backend, "pick", lambda p: stuck)
    result = solve(puzzle, backend=backend, time_limit=30)
    assert result.backend == backend.partner(puzzle).full_name
    assert result.stats["stages"][0]["backend"] == first.name and not result.stats["stages"][0]["settled"]
    assert result.status is solve(puzzle, backend="python").status


def test_the_portfolio_takes_the_same_turns_on_a_tail_board_every_time(monkeypatch):
    """Budgets in nodes and conflicts, not seconds: a board that outlasts the first turn gets the
    same stages (backends, budgets, effort) and the same verdict on every run, with the machine
    loaded by another thread or not."""
    import threading

    from queens_sat.backends import native

    if not AutoBackend().batches():
        pytest.skip("the native search is turned off")
    monkeypatch.setattr(native, "FIRST_NODES", 3)  # every board outlasts a first turn of 3 nodes
    puzzles = [planted_board(9, random.Random(s)) for s in range(6)]
    quiet = [solve(p, backend=AutoBackend()) for p in puzzles]
    stop = threading.Event()

    def burn() -> None:
        while not stop.is_set():
            sum(i * i for i in range(10_000))

    burner = threading.Thread(target=burn, daemon=True)
    burner.start()
    try:
        busy = [solve(p, backend=AutoBackend()) for p in puzzles]
    finally:
        stop.set()
        burner.join()
    assert [(r.status, r.backend, r.stats) for r in quiet] == [(r.status, r.backend, r.stats) for r in busy]
    tails = [r for r in quiet if "stages" in r.stats]
    assert tails and all(r.stats["stages"][0]["budget"] == 3 for r in tails)


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
        return [Outcome([], 0, False, False, {"nodes": 1}, seconds=0.01, spent=True), *found[1:]]

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
    calls: list[int] = []

    class FirstTurnRunsOut:
        MAX_N = 64
        count_rows = None  # no search of rows: a grid's search goes by ``count``

        def count(self, grid: Any, n: int, rule: int, limit: int, keep: int, queens: Any, blocked: Any, budget: float, nodes: int) -> tuple:
            calls.append(nodes)
            return 0, False, False, [], nodes, True  # nothing found, the budget spent

    from queens_sat.backends import native
    from queens_sat.engines.regions import counting

    monkeypatch.setattr(counting, "required", lambda name=None: FirstTurnRunsOut())  # the region search's front
    validate = validators.named_validator("auto", time_limit=20)
    verdict = validators.interpret(validate(regions, rule="no-touch"), [0] * 9)
    assert calls and calls[0] == native.FIRST_NODES
    expected = solve(puzzle, backend="python").count
    assert verdict.settled and verdict.count == min(expected, 2)


def test_board_recipes_are_reproducible_and_well_formed():
    for n in (5, 12, 20):
        a, b = cells_board(n, random.Random(n)), cells_board(n, random.Random(n))
        assert a == b and len({k for row in a.regions for k in row}) == n
        assert solve(kind_board("planted", n, random.Random(n))).status is not Status.NONE
    with pytest.raises(ValueError, match="unknown kind"):
        kind_board("spiral", 5, random.Random(0))


def test_a_batch_gets_the_same_answers_beside_a_cpu_burning_process(tmp_path):
    """``check --no-logic --json`` on 20,000 puzzles (the corpus's dailies, repeated, and the bench's
    Star Battles), alone and beside a process that burns a core: the same verdict, backend and
    stats for every line (timings aside). On the pure-Python path, 2,000 with the 10x10 Star
    Battles only (its search is the reference twin, tens to thousands of times slower a puzzle)."""
    import itertools
    import json
    import subprocess
    import sys

    from helpers import CORPUS, ROOT

    lines = []
    for name in ("community.jsonl", "generated.jsonl"):
        if (CORPUS / name).exists():
            lines += [line.strip() for line in (CORPUS / name).open() if 7 <= json.loads(line)["n"] <= 11]
    if not lines:
        pytest.skip(f"corpus not found in {CORPUS}")
    native = bitsearch() is not None
    stars = [line.strip() for line in (ROOT / "bench" / "stars-puzzles.jsonl").open() if line.strip()]
    if not native:
        stars = [line for line in stars if json.loads(line)["n"] <= 10]
    batch = tmp_path / "batch.jsonl"
    total = 20_000 if native else 2_000
    batch.write_text("\n".join([*itertools.islice(itertools.cycle(lines), total - len(stars)), *stars]) + "\n")
    argv = [sys.executable, "-m", "queens_sat", "check", "--no-logic", "--json", str(batch)]

    def answers() -> list[tuple]:
        out = subprocess.run(argv, capture_output=True, text=True, check=False).stdout.splitlines()
        return [(a["line"], a["status"], a["backend"], a["stats"]) for a in map(json.loads, out)]

    alone = answers()
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        busy = answers()
    finally:
        burner.kill()
        burner.wait()
    assert len(alone) == total and alone == busy


def _without_timings(report: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in report.items() if k != "elapsed"}
    if out.get("logic"):
        out["logic"] = {k: v for k, v in out["logic"].items() if k not in ("seconds", "elapsed")}
    return out


def test_a_quick_check_gives_the_full_checks_report_or_nothing():
    """The service's inline check (a node budget and a few milliseconds of reasoning) answers as the
    full check does, backend and stats included, or hands the record on: on real puzzles, random
    ones, and with a budget so small that the search runs out."""
    from helpers import corpus_records

    from queens_sat.services.checking import check_record, quick_check

    records = [PuzzleRecord("r", puzzle=random_puzzle(seed % 9 + 4, seed, rule=("no-touch", "queens")[seed % 2])) for seed in range(60)]
    try:
        records += corpus_records("community.jsonl")[:120]
    except pytest.skip.Exception:
        pass
    answered = handed_on = 0
    for record in records:
        for nodes in (1 << 14, 4):
            quick = quick_check(record, "auto", 2, nodes, 0.5)
            if quick is None:
                handed_on += 1
                continue
            answered += 1
            assert _without_timings(quick.as_dict()) == _without_timings(check_record(record, "auto", None, 2).as_dict())
    assert answered > len(records) and handed_on > 0
