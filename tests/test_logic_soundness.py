"""The logic engine never guesses wrong: on every corpus puzzle and on random boards checked
by brute force, no queen it places lies outside a solution and no cell it crosses out is in one."""

from __future__ import annotations

import pytest
from helpers import brute_force_solutions, random_puzzle
from logic_positions import PROBE_1

from queens_sat import count_solutions, solve
from queens_sat.engines.logic import Engine, logic_solve, witness

# Above this many solutions, counting them all again is slow; each deduction is then
# checked by its own search instead.
COUNT_LIMIT = 20_000


def test_every_unique_corpus_puzzle_is_solved_soundly_with_probes_of_depth_two(community, generated):
    unsolved = []
    for rec in community + generated:
        if rec.meta["solutions"] != 1:
            continue
        solution = tuple(rec.meta["solution"])
        result = logic_solve(rec.puzzle, 2)
        assert all(solution[r] == c for r, c in result.queens), rec.id
        assert all(solution[r] != c for r, c in result.crossed), rec.id
        if result.solved:
            assert result.solution == solution, rec.id
        else:
            unsolved.append(rec.id)
    assert unsolved == []  # every one of the 1,881 needs no probe deeper than 1 today


def test_several_solution_puzzles_keep_every_solution(community):
    """The engine gets stuck on these, and where it stops no solution has been lost:
    the count with its queens and crosses as givens is the full count."""
    for rec in community:
        count = rec.meta["solutions"]
        if count == 1:
            continue
        result = logic_solve(rec.puzzle, 2)
        assert result.status == "stuck", rec.id
        placed = result.queens - rec.puzzle.queens
        crossed = result.crossed - rec.puzzle.blocked
        if count <= COUNT_LIMIT:
            position = rec.puzzle.replace(queens=result.queens, blocked=result.crossed)
            assert count_solutions(position, backend="python") == count, rec.id
            continue
        for cell in crossed:
            assert solve(rec.puzzle.replace(queens=[cell]), backend="python", limit=1).count == 0, (rec.id, cell)
        for cell in placed:
            assert solve(rec.puzzle.replace(blocked=[cell]), backend="python", limit=1).count == 0, (rec.id, cell)


@pytest.mark.parametrize("rule", ["no-touch", "queens"])
def test_random_boards_against_brute_force(rule):
    for seed in range(150):
        n = 4 + seed % 4
        puzzle = random_puzzle(n, seed, rule, givens=seed % 2 == 1)
        solutions = brute_force_solutions(puzzle)
        result = logic_solve(puzzle, 2)
        for cols in solutions:
            assert all(cols[r] == c for r, c in result.queens), (seed, puzzle.label_rows())
            assert all(cols[r] != c for r, c in result.crossed), (seed, puzzle.label_rows())
        if result.solved:
            assert solutions == {result.solution}
        if result.status == "contradiction":
            assert solutions == set()
        if len(solutions) > 1:
            assert result.status == "stuck"


def test_witnesses_only_save_work(community, monkeypatch):
    """Skipping probes through cells that known solutions use changes no step (small
    several-solution boards with probe steps, each ending in a full depth-2 sweep)."""
    wanted = {"community-0001", "community-0003", "community-0047", "community-0064", "community-0090",
              "community-0091", "community-0112", "community-0113", "community-0115", "community-0120"}  # fmt: skip
    records = [rec for rec in community if rec.id in wanted]
    assert len(records) == len(wanted)
    with_witnesses = [logic_solve(rec.puzzle, 2, engine="python") for rec in records]
    monkeypatch.setattr(witness.Witnesses, "covers", lambda self, st, i: False)
    monkeypatch.setattr(witness.Witnesses, "avoids", lambda self, st, i: False)
    monkeypatch.setattr(witness.Witnesses, "search", lambda self, geo, st: False)
    without = [logic_solve(rec.puzzle, 2, engine="python") for rec in records]
    assert [r.steps for r in with_witnesses] == [r.steps for r in without]
    assert [r.status for r in with_witnesses] == [r.status for r in without] == ["stuck"] * len(records)
    assert all("probe-1" in r.counts for r in without)


def test_time_limit_stops_the_engine_honestly():
    result = logic_solve(PROBE_1, 2, time_limit=1e-9)
    assert result.status == "timed-out" and not result.solved and result.grade is None
    engine = Engine(PROBE_1, 2)
    assert engine.step() is not None
