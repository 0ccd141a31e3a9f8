"""The reference backend reproduces every count and solution of the shared corpus."""

from __future__ import annotations

from queens_sat import count_solutions, solve


def test_reference_counts_every_community_puzzle_exactly(community):
    wrong = []
    for rec in community:
        got = count_solutions(rec.puzzle, backend="python")
        if got != rec.meta["solutions"]:
            wrong.append((rec.id, got, rec.meta["solutions"]))
    assert wrong == []
    assert sum(rec.meta["solutions"] > 1 for rec in community) == 85


def test_reference_finds_every_generated_solution(generated):
    wrong = []
    for rec in generated:
        res = solve(rec.puzzle, backend="python")
        if res.status.value != "unique" or list(res.solution) != rec.meta["solution"]:
            wrong.append(rec.id)
    assert wrong == []
    assert len(generated) == 1200
