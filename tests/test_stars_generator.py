"""The generator with k stars (Star Battle): valid k-star puzzles, unique by an independent search,
the solution recorded per row, regions that each hold their k planted stars, resume, clean errors."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest

from queens_sat import Puzzle
from queens_sat.backends import get_backend
from queens_sat.cli import main
from queens_sat.formats import read_puzzles
from queens_sat.model.placement import star_cells, star_rows, star_violations
from queens_sat.model.result import Outcome
from queens_sat.services.generator import GeneratorOptions, RegionRules, generate
from queens_sat.services.generator.joining import adjacency, join_blobs, star_regions
from queens_sat.services.generator.layout import Layout
from queens_sat.services.generator.moves import choose_move
from queens_sat.services.generator.output import record
from queens_sat.services.generator.placement import random_placement, star_room
from queens_sat.services.generator.validators import refusal


def independent_solutions(regions: Sequence[Sequence[int]], k: int, limit: int | None = None) -> list[tuple[int, ...]]:
    """The k-star solutions of a board, by a search written for this test alone: rows in order,
    each row's k columns from every non-touching choice, pruned only by the counts (no column
    or region over k) and by touching stars in neighbouring rows."""
    n = len(regions)
    choices = [c for c in itertools.combinations(range(n), k) if all(b - a > 1 for a, b in itertools.pairwise(c))]
    found: list[tuple[int, ...]] = []
    columns, held = [0] * n, [0] * n

    def place(r: int, previous: tuple[int, ...], sofar: list[int]) -> None:
        if limit is not None and len(found) >= limit:
            return
        if r == n:
            if all(x == k for x in columns) and all(x == k for x in held):
                found.append(tuple(sofar))
            return
        rows_left = n - r
        if any(k - x > (rows_left + 1) // 2 for x in columns):
            return
        for cols in choices:
            if any(abs(a - b) <= 1 for a in cols for b in previous):
                continue
            if any(columns[c] == k for c in cols):
                continue
            if any(held[regions[r][c]] == k for c in cols) or (len(cols) > 1 and _same_region_over(regions[r], cols, held, k)):
                continue
            for c in cols:
                columns[c] += 1
                held[regions[r][c]] += 1
            place(r + 1, cols, [*sofar, *cols])
            for c in cols:
                columns[c] -= 1
                held[regions[r][c]] -= 1

    place(0, (), [])
    return found


def _same_region_over(row: Sequence[int], cols: tuple[int, ...], held: list[int], k: int) -> bool:
    extra: dict[int, int] = {}
    for c in cols:
        extra[row[c]] = extra.get(row[c], 0) + 1
    return any(held[g] + m > k for g, m in extra.items())


def independent_validator(regions: np.ndarray, rule: str = "no-touch", stars: int = 1) -> Outcome:
    """The test's own search as a generator validator (the callable contract with ``stars``)."""
    found = independent_solutions(regions.tolist(), stars, limit=2)
    return Outcome(solutions=found, count=len(found), complete=True)


def assert_good_star_puzzle(p, k: int) -> None:
    """A valid k-star Puzzle, unique by the test's own search with the recorded solution; regions obey the rules."""
    puzzle = p.puzzle()
    assert isinstance(puzzle, Puzzle) and puzzle.stars == k == p.stars
    assert len(p.solution) == k * p.n
    assert puzzle.violations(p.solution) == []
    assert independent_solutions(p.regions, k, limit=2) == [tuple(p.solution)]
    rules = replace(GeneratorOptions(n=p.n, stars=k).layout_rules, min_size=1)  # the default style's (whole lines allowed)
    assert rules.violations([c for row in p.regions for c in row], p.n) == []
    held = [0] * p.n
    for r, c in star_cells(p.solution, k):
        held[p.regions[r][c]] += 1
    assert held == [k] * p.n


def test_the_independent_search_counts_right():
    # a 2-star board cut into 8 column pairs... rows of regions: each region a row, no two rows alike
    rows = [[r] * 8 for r in range(8)]
    every = independent_solutions(rows, 2)
    assert every and all(star_violations(8, 2, rows, s) == [] for s in every)
    assert len(set(every)) == len(every)


@pytest.mark.parametrize("n, k", [(8, 2), (9, 2), (10, 2), (12, 3), (14, 3), (16, 4), (17, 4), (21, 5)])
def test_random_placement_puts_k_stars_in_every_row_and_column(n, k):
    rng = random.Random(n * 10 + k)
    for _ in range(3):
        solution = random_placement(n, rng, "no-touch", k)
        assert star_violations(n, k, None, solution) == []
        assert all(cols == sorted(cols) for cols in star_rows(solution, k))


def test_sizes_without_a_placement_are_refused_with_the_reason():
    assert star_room(8, 2, "no-touch") is None and star_room(10, 1, "queens") is None
    assert "n must be at least 8" in star_room(7, 2, "no-touch")  # 4k - 1 has no placement
    assert "no-touch" in star_room(10, 2, "queens")
    assert "whole number" in star_room(10, 1.5, "no-touch")
    with pytest.raises(ValueError, match="n must be at least 12"):
        random_placement(11, random.Random(0), "no-touch", 3)
    for bad in (dict(stars=0), dict(stars=True), dict(stars=2, rule="queens"), dict(n=7, stars=2)):
        with pytest.raises(ValueError):
            GeneratorOptions(**{"n": 10, **bad})


def test_regions_each_hold_k_planted_stars_and_are_one_piece():
    rng = random.Random(3)
    made = 0
    for n, k in [(10, 2), (14, 3), (17, 4)]:
        for _ in range(5):
            solution = random_placement(n, rng, "no-touch", k)
            cells = star_regions(n, k, solution, rng, RegionRules().max_size(n))
            if cells is None:
                continue
            made += 1
            layout = Layout(n, "no-touch", cells, solution, k)
            assert all(len(anchors) == k for anchors in layout.anchors)
            assert RegionRules(full_lines=True, max_share=1).violations(cells, n) == []  # connected
            firsts = [min(anchors) for anchors in layout.anchors]
            assert firsts == sorted(firsts)  # regions numbered in the order of their first star
    assert made >= 10


def test_join_blobs_makes_connected_groups_of_k():
    adj = adjacency(list(range(16)), 4, 16)  # a 4 x 4 board, every cell its own blob
    assert adj[0] == {1, 4} and adj[5] == {1, 4, 6, 9}
    for k in (2, 4, 8):
        groups = join_blobs(adj, k, random.Random(k))
        assert groups is not None and sorted(b for g in groups for b in g) == list(range(16))
        for group in groups:
            assert len(group) == k
            reached, stack = {group[0]}, [group[0]]
            while stack:
                for nb in adj[stack.pop()] & set(group):
                    if nb not in reached:
                        reached.add(nb)
                        stack.append(nb)
            assert reached == set(group)
    assert join_blobs([set(), set(), set()], 3, random.Random(0)) is None  # nothing joins: given up


def test_repair_moves_never_move_or_separate_planted_stars():
    rng = random.Random(5)
    n, k = 10, 2
    checked = 0
    while checked < 10:
        solution = random_placement(n, rng, "no-touch", k)
        cells = star_regions(n, k, solution, rng, RegionRules().max_size(n))
        if cells is None or RegionRules().violations(cells, n):
            continue
        layout = Layout(n, "no-touch", cells, solution, k)
        others = [s for s in independent_solutions(layout.rows(), k, limit=6) if s != layout.solution]
        for other in others:
            move = choose_move(layout, other, rng, RegionRules())
            if move is None:
                continue
            assert not set(move.cells) & layout.queen_cells
            layout.move(move)
            assert star_violations(n, k, layout.rows(), solution) == []  # the planted solution holds
            assert RegionRules().violations(layout.cells, n) == []
            assert star_violations(n, k, layout.rows(), other) != []  # the other one is gone
            checked += 1
            break


def test_a_validator_callable_gets_the_stars():
    for p in generate(8, 2, stars=2, seed=11, validator=independent_validator):
        assert_good_star_puzzle(p, 2)


@pytest.mark.skipif(refusal(get_backend("auto"), 10, 2) is not None, reason="no backend searches k-star boards")
def test_the_default_validator_makes_unique_star_puzzles():
    puzzles = generate(8, 2, stars=2, seed=2) + generate(10, 2, stars=2, seed=7)
    for p in puzzles:
        assert_good_star_puzzle(p, 2)  # unique by the test's own search
    again = generate(10, 2, stars=2, seed=7)
    assert [p.regions for p in again] == [p.regions for p in puzzles[2:]]  # the same seed, the same puzzles


def test_the_record_holds_stars_and_the_solution_per_row(tmp_path):
    options = GeneratorOptions(n=8, stars=2, seed=11, validator=independent_validator)
    p = generate(8, 1, stars=2, seed=11, validator=independent_validator)[0]
    line = record(p, options)
    assert line["stars"] == 2 and line["id"].startswith("n8-2star-")
    assert line["solution"] == star_rows(p.solution, 2) and all(len(cols) == 2 for cols in line["solution"])
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(line) + "\n")
    (read,) = list(read_puzzles(str(path)))
    assert read.puzzle is not None and read.puzzle.stars == 2
    assert read.puzzle.regions == p.puzzle().regions


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.skipif(refusal(get_backend("auto"), 8, 2) is not None, reason="no backend searches k-star boards")
def test_cli_generates_star_puzzles_and_resumes(capsys, tmp_path):
    full, cut = tmp_path / "full.jsonl", tmp_path / "cut.jsonl"
    args = ["generate", "--n", "8", "--stars", "2", "--seed", "5", "--workers", "1", "-q"]
    assert run(capsys, *args, "--count", "4", "-o", str(full))[0] == 0
    records = _lines(full)
    assert all(r["stars"] == 2 and len(r["solution"]) == 8 and all(len(c) == 2 for c in r["solution"]) for r in records)
    for r in records:
        puzzle = Puzzle(r["regions"], stars=2)
        assert independent_solutions(puzzle.regions, 2, limit=2) == [tuple(c for cols in r["solution"] for c in cols)]
    cut.write_text("\n".join(json.dumps(r) for r in records[:2]) + "\n")
    assert run(capsys, *args, "--count", "4", "-o", str(cut), "--resume")[0] == 0
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in _lines(cut)]
    assert strip == [{k: v for k, v in r.items() if k != "seconds"} for r in records]
    # the file is a 2-star run's: resuming it as a Queens run (or 3 stars) is refused by name
    code, _, err = run(capsys, "generate", "--n", "8", "--seed", "5", "--workers", "1", "--count", "5", "-o", str(cut), "--resume")
    assert code == 2 and "stars 2" in err and "Traceback" not in err
    code, out, _ = run(capsys, "check", str(cut), "--json")
    assert code == 0 and [json.loads(line)["status"] for line in out.splitlines()] == ["unique"] * 4


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--n", "10", "--stars", "2", "--rule", "queens"], "needs the no-touch rule"),
        (["--n", "11", "--stars", "3"], "n must be at least 12"),
        (["--n", "7", "--stars", "2"], "n must be at least 8"),
        (["--n", "10", "--stars", "2", "--validator", "oracle"], "unknown validator"),
    ],
)
def test_bad_star_options_exit_2_without_traceback(capsys, argv, message):
    code, _out, err = run(capsys, "generate", *argv)
    assert code == 2
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5"])
def test_bad_star_values_are_usage_errors(capsys, value):
    with pytest.raises(SystemExit) as exit:
        main(["generate", "--n", "10", "--stars", value])
    assert exit.value.code == 2
    assert "--stars" in capsys.readouterr().err


def test_logic_and_grade_say_why_when_the_engine_refuses_stars(capsys, monkeypatch):
    from queens_sat.backends.logic import LogicBackend

    monkeypatch.setattr(LogicBackend, "star_battle", False)  # an engine that reasons about one queen a unit only
    for flag in (["--logic"], ["--grade", "Easy"]):
        code, _out, err = run(capsys, "generate", "--n", "10", "--stars", "2", *flag)
        assert code == 2 and "--logic and --grade cannot be used with 2 stars" in err and "Traceback" not in err


def test_a_validator_that_cannot_check_stars_is_refused_up_front(capsys):
    code, _out, err = run(capsys, "generate", "--n", "10", "--stars", "2", "--validator", "nqueens")
    assert code == 2 and "validator 'nqueens' cannot check Star Battle boards" in err and "Traceback" not in err


@pytest.mark.skipif(refusal(get_backend("logic"), 10, 2) is not None, reason="the logic engine does not take k-star boards")
def test_logic_filter_with_stars():
    from queens_sat.engines.logic import logic_solve

    for p in generate(10, 2, stars=2, seed=7, logic=True, grades=("Medium", "Hard")):
        result = logic_solve(p.puzzle(), max_depth=2)
        assert result.solved and result.grade == p.extra["grade"] in ("Medium", "Hard")
        assert_good_star_puzzle(p, 2)


def test_the_example_is_a_unique_two_star_puzzle():
    import os

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "starbattle-10x10-2.json")
    (read,) = list(read_puzzles(path))
    assert read.puzzle is not None and read.puzzle.stars == 2 and read.puzzle.n == 10
    assert len(independent_solutions(read.puzzle.regions, 2, limit=2)) == 1


def test_bench_generates_star_boards_and_shows_refusing_backends(capsys):
    code, out, _ = run(capsys, "bench", "--generate", "--stars", "2", "--per-size", "2", "--backends", "python,nqueens", "--json")
    assert code == 0
    rows = {(r["size"], r["backend"]): r for r in json.loads(out)["rows"]}
    assert rows[("10/2", "python")]["puzzles"] == 2 and rows[("10/2", "python")]["refused"] is None
    refused = rows[("10/2", "nqueens")]
    assert refused["puzzles"] == 0 and refused["median_ms"] is None and refused["refused"]
    code, out, _ = run(capsys, "bench", "--generate", "8/2,12/3", "--per-size", "1", "--backends", "python", "--csv")
    assert code == 0 and [line.split(",")[1] for line in out.splitlines()[1:3]] == ["8/2", "12/3"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--stars", "2"], "give --generate"),
        (["--generate", "--stars", "9"], "name the sizes"),
        (["--generate", "10/x"], "whole number"),
        (["--generate", "10", "--stars", "2", "--rule", "queens"], "no-touch"),
        (["--generate", "7/2"], "n must be at least 8"),
    ],
)
def test_bench_star_errors_exit_2(capsys, argv, message):
    code, _out, err = run(capsys, "bench", *argv)
    assert code == 2 and message in err and "Traceback" not in err
