"""The generator: unique puzzles that obey the region rules, reproducible across workers,
no duplicates, any validator callable, output that survives interruption, Dask."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import deque
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import numpy as np
import pytest
from helpers import brute_force_solutions, random_regions

import queens_sat
from queens_sat import Puzzle
from queens_sat.cli import main
from queens_sat.engines.regions import counting as fast
from queens_sat.model.placement import star_cells
from queens_sat.model.result import Outcome
from queens_sat.services.generator import GeneratorOptions, RegionRules, TooFewPuzzles, generate, iter_generate, make_puzzle
from queens_sat.services.generator.dedupe import layout_key
from queens_sat.services.generator.designs import DESIGNS, design, mirror_map, symmetry_of
from queens_sat.services.generator.growth import grow_regions
from queens_sat.services.generator.layout import Layout
from queens_sat.services.generator.logic_filter import harder_share
from queens_sat.services.generator.moves import choose_move, complete_move, paths_out
from queens_sat.services.generator.placement import random_placement
from queens_sat.services.generator.region_rules import pieces
from queens_sat.services.generator.styles import STYLES
from queens_sat.services.generator.validators import interpret

NATIVE = fast.IMPLEMENTATION == "native"


def _connected(regions) -> bool:
    """Every region in one piece, by the puzzle model's own check (independent of the generator's)."""
    return Puzzle(regions).warnings() == []


def assert_good_puzzle(p, max_share: float = 0.6, full_lines: bool = True, min_size: int = 1) -> None:
    """Unique (by the pure-Python reference, and brute force when small), with the recorded solution, rules obeyed
    (by default the default style's: whole lines and a region of 60 % allowed, a share of its puzzles with specks)."""
    n, regions = p.n, p.regions
    puzzle = Puzzle(regions, rule=p.rule)
    result = queens_sat.solve(puzzle, backend="python", limit=2)
    assert result.status.value == "unique", p
    assert tuple(result.solution) == tuple(p.solution)
    if n <= 7:
        assert brute_force_solutions(puzzle) == {tuple(p.solution)}
    for k in range(n):
        size = sum(row.count(k) for row in regions)
        assert min_size <= size <= max(n, int(max_share * n * n + 1e-9))
        assert regions[k][p.solution[k]] == k  # region k is the one grown from row k's queen
    assert _connected(regions)
    if not full_lines:
        for line in list(regions) + [list(col) for col in zip(*regions, strict=False)]:
            assert len(set(line)) > 1, "a row or column lies inside one region"


def _strip(records: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def _lines(path) -> list[dict]:
    return [json.loads(line) for line in open(path)]


# ------------------------------------------------------------------ the pipeline


@pytest.mark.parametrize("rule", ["no-touch", "queens"])
@pytest.mark.parametrize(
    "n", [4, 5, 6, 8, 10, pytest.param(12, marks=pytest.mark.skipif(not NATIVE, reason="a minute of pure-Python searches at n 12"))]
)
def test_puzzles_are_unique_and_obey_the_rules(n, rule):
    count = 2 if n in (4, 5) else 3
    puzzles = generate(n, count, seed=11, rule=rule)
    assert len(puzzles) == count
    for p in puzzles:
        assert p.rule == rule
        assert_good_puzzle(p)
    assert len({layout_key(p.regions) for p in puzzles}) == count


def test_reject_strategy_makes_unique_puzzles_without_repairs():
    puzzles = generate(6, 3, seed=2, strategy="reject")
    for p in puzzles:
        assert p.repairs == 0
        assert_good_puzzle(p)


def test_region_rules_are_configurable():
    rules = RegionRules(max_share=0.25, full_lines=False)
    for p in generate(9, 3, seed=4, rules=rules):
        assert_good_puzzle(p, max_share=0.25)
    with pytest.raises(ValueError, match="max_share"):
        RegionRules(max_share=0)
    with pytest.raises(ValueError, match="1x1"):
        GeneratorOptions(n=1, style="blobs")  # the blobs keep no whole line; the designed styles may
    (one,) = generate(1, 1, rules=RegionRules(full_lines=True))
    assert one.regions == [[0]] and one.solution == (0,)


@pytest.mark.parametrize("rule", ["no-touch", "queens"])
def test_random_placement_obeys_the_rule(rule):
    rng = random.Random(3)
    for n in (1, 4, 5, 8, 30, 64):
        cols = random_placement(n, rng, rule)
        assert sorted(cols) == list(range(n))
        assert Puzzle(n=n, rule=rule).is_solution(cols)
    with pytest.raises(ValueError):
        random_placement(3, rng, rule)


def test_growth_gives_connected_regions_around_the_queens():
    rng = random.Random(8)
    for n in (5, 9, 16, 30):
        solution = random_placement(n, rng, "no-touch")
        cells = None
        while cells is None:
            cells = grow_regions(n, solution, rng, max_size=int(0.4 * n * n))
        regions = [cells[r * n:(r + 1) * n] for r in range(n)]
        assert all(regions[k][solution[k]] == k for k in range(n))
        assert _connected(regions)
        assert max(cells.count(k) for k in range(n)) <= int(0.4 * n * n)


def test_a_repair_move_kills_the_second_solution_and_keeps_the_planted_one():
    rng = random.Random(5)
    rules = RegionRules()
    moved = 0
    for _ in range(40):
        n = 8
        solution = random_placement(n, rng, "no-touch")
        cells = grow_regions(n, solution, rng, rules.max_size(n))
        if cells is None:
            continue
        layout = Layout(n, "no-touch", cells, solution)
        found = fast.python_count_regions(layout.grid, "no-touch", limit=2, keep=2)
        other = interpret(found, solution).other
        if other is None:
            continue
        move = choose_move(layout, other, rng, rules)
        if move is None:
            continue
        layout.move(move)
        moved += 1
        puzzle = Puzzle(layout.rows())
        assert puzzle.is_solution(solution)
        assert not puzzle.is_solution(other)
        assert not any(cell in layout.queen_cells for cell in move.cells)
        assert _connected(layout.rows())
    assert moved > 10


# ------------------------------------------------------------------ reproducible, no duplicates


def test_same_seed_same_puzzles_whatever_the_workers():
    one = generate(8, 6, seed=21, workers=1)
    two = generate(8, 6, seed=21, workers=2)
    assert [(p.index, p.regions, p.solution, p.repairs) for p in one] == [
        (p.index, p.regions, p.solution, p.repairs) for p in two
    ]
    other_seed = generate(8, 6, seed=22)
    assert [p.regions for p in other_seed] != [p.regions for p in one]


def test_one_puzzle_can_be_made_again_from_seed_and_index():
    puzzles = generate(9, 4, seed=3)
    again = make_puzzle(GeneratorOptions(n=9, seed=3), puzzles[2].index)
    assert again.regions == puzzles[2].regions


def test_layout_key_is_the_symmetry_key():
    rng = random.Random(1)
    for _i in range(30):
        n = rng.choice([4, 5, 6, 9])
        puzzle = Puzzle(random_regions(n, rng))
        key = layout_key(np.array(puzzle.regions))
        for s in range(8):
            image = puzzle.transformed(s)
            relabel = list(range(n))
            rng.shuffle(relabel)
            grid = [[relabel[k] for k in row] for row in image.regions]
            assert layout_key(grid) == key
        other = Puzzle(random_regions(n, rng))
        assert (layout_key(np.array(other.regions)) == key) == (other.symmetry_key() == puzzle.symmetry_key())


def test_no_two_puzzles_alike_and_duplicates_are_dropped():
    stats: dict = {}
    puzzles = list(iter_generate(GeneratorOptions(n=4, seed=1, style="blobs"), 20, stats=stats))
    keys = [layout_key(p.regions) for p in puzzles]
    assert len(set(keys)) == len(keys) == 20
    assert stats["duplicates"] > 0  # 4x4 has few puzzles: some were made twice and dropped
    assert [p.index for p in puzzles] == sorted(p.index for p in puzzles)
    assert len(puzzles) + stats["duplicates"] == stats["next_index"]


def test_a_size_out_of_new_puzzles_stops_with_a_clear_error():
    with pytest.raises(TooFewPuzzles, match="duplicates in a row"):
        list(iter_generate(GeneratorOptions(n=4, seed=1, style="blobs"), 10_000, max_duplicates_in_a_row=5))


# ------------------------------------------------------------------ validators


def test_any_validator_callable_fits_the_contract():
    calls = deque(maxlen=1)

    def verdict(regions, rule="no-touch"):
        calls.append(regions.shape)
        return fast.python_count_regions(regions, rule, limit=2).count == 1  # a bool

    def backend_outcome(regions, rule="no-touch"):
        return queens_sat.get_backend("python").search(Puzzle(regions.tolist(), rule=rule), limit=2, keep=2, time_limit=None)

    for validator in (fast.count_regions, queens_sat.is_unique, verdict, backend_outcome, "python"):
        (p,) = generate(7, 1, seed=9, validator=validator)
        assert_good_puzzle(p)
    assert calls and calls[0] == (7, 7)
    with pytest.raises(TypeError, match="validator must return"):
        generate(6, 1, validator=lambda regions, rule: "yes")
    with pytest.raises(TypeError, match="validator must return"):
        generate(6, 1, validator=lambda regions, rule: 0)  # a bare number: refused, not guessed at
    with pytest.raises(ValueError, match="found no solution on a board that has one"):
        generate(6, 1, validator=lambda regions, rule: Outcome([], 0, True))
    with pytest.raises(queens_sat.BackendError, match="unknown validator"):
        generate(6, 1, validator="oracle")


@pytest.mark.skipif(not NATIVE, reason="the native extension is not built")
def test_native_and_python_validators_make_the_same_puzzles():
    native = generate(9, 3, seed=6, validator="native", style="blobs")
    python = generate(9, 3, seed=6, validator="python", style="blobs")
    assert [p.regions for p in native] == [p.regions for p in python]


def test_a_solver_backend_validates_too():
    (p,) = generate(7, 1, seed=2, validator="sat")
    assert_good_puzzle(p)


def test_interpret_reads_a_verdict_and_a_count():
    planted = (1, 3, 0, 2)
    assert interpret(True, planted) == (1, None, True)
    assert interpret(False, planted).count == 2
    two = Outcome([planted, (2, 0, 3, 1)], 2, True, False, {"nodes": 10})
    assert interpret(two, planted) == (2, (2, 0, 3, 1), True)
    assert interpret(Outcome([(2, 0, 3, 1)], 5, False), planted) == (2, (2, 0, 3, 1), True)
    result = Outcome([planted], 1, False, True, {"nodes": 10})
    assert interpret(result, planted).settled is False


@pytest.mark.parametrize("answer", [5, [(1, 3, 0, 2)], None, "unique"])
def test_interpret_refuses_other_shapes(answer):
    with pytest.raises(TypeError, match="a validator must return a bool"):
        interpret(answer, (1, 3, 0, 2))


# ------------------------------------------------------------------ the command, output, resume


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_writes_json_lines_that_check_reads(capsys, tmp_path):
    out = tmp_path / "p.jsonl"
    code, stdout, err = run(capsys, "generate", "--n", "8", "--count", "4", "--seed", "1", "--workers", "1", "-o", str(out))
    assert code == 0 and stdout == ""
    assert "4 puzzles in" in err and "repairs median" in err
    records = _lines(out)
    assert [r["id"] for r in records] == [f"n8-s1-{r['index']:05d}" for r in records]
    for r in records:
        assert {"solution", "seed", "seconds", "repairs", "restarts", "regions"} <= set(r)
    code, stdout, _ = run(capsys, "check", str(out), "--json")
    assert code == 0
    assert [json.loads(line)["status"] for line in stdout.splitlines()] == ["unique"] * 4
    # standard output when there is no --out, the same puzzles
    code, stdout, _ = run(capsys, "generate", "--n", "8", "--count", "4", "--seed", "1", "--workers", "1", "-q")
    assert code == 0
    assert _strip([json.loads(line) for line in stdout.splitlines()]) == _strip(records)


def test_resume_after_a_torn_last_line_gives_the_uninterrupted_file(capsys, tmp_path):
    full, cut = tmp_path / "full.jsonl", tmp_path / "cut.jsonl"
    args = ["generate", "--n", "7", "--seed", "4", "--workers", "1", "-q"]
    assert run(capsys, *args, "--count", "6", "-o", str(full))[0] == 0
    data = full.read_bytes()
    lines = data.splitlines(keepends=True)
    cut.write_bytes(b"".join(lines[:3]) + lines[3][: len(lines[3]) // 2])  # killed inside a write
    code, _, err = run(capsys, *args[:-1], "--count", "6", "-o", str(cut), "--resume")
    assert code == 0 and "torn" in err
    assert _strip(_lines(cut)) == _strip(_lines(full))
    # resuming a finished run adds nothing; asking for more goes on where it stopped
    assert run(capsys, *args, "--count", "6", "-o", str(cut), "--resume")[0] == 0
    assert len(_lines(cut)) == 6
    assert run(capsys, *args, "--count", "8", "-o", str(cut), "--resume")[0] == 0
    assert run(capsys, *args, "--count", "8", "-o", str(full), "--force")[0] == 0
    assert _strip(_lines(cut)) == _strip(_lines(full))


def test_resume_refuses_another_runs_file(capsys, tmp_path):
    out = tmp_path / "p.jsonl"
    assert run(capsys, "generate", "--n", "6", "--count", "2", "--seed", "1", "--workers", "1", "-q", "-o", str(out))[0] == 0
    code, _, err = run(capsys, "generate", "--n", "6", "--count", "3", "--seed", "2", "--workers", "1", "-o", str(out), "--resume")
    assert code == 2 and f"{out}:1:" in err and "seed" in err and "Traceback" not in err
    code, _, err = run(capsys, "generate", "--n", "6", "--count", "3", "--workers", "1", "-o", str(out))
    assert code == 2 and "--resume" in err and "--force" in err
    out.write_text('{"n": 6}\nnot json\n')
    code, _, err = run(capsys, "generate", "--n", "6", "--count", "3", "--workers", "1", "-o", str(out), "--resume")
    assert code == 2 and f"{out}:1: not a generator record: no rule, seed, strategy, index, regions" in err
    good = tmp_path / "good.jsonl"
    assert run(capsys, "generate", "--n", "6", "--count", "1", "--seed", "1", "--workers", "1", "-q", "-o", str(good))[0] == 0
    good.write_text(good.read_text() + "not json\n")
    code, _, err = run(capsys, "generate", "--n", "6", "--count", "3", "--seed", "1", "--workers", "1", "-o", str(good), "--resume")
    assert code == 2 and f"{good}:2: not a generator record" in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--n", "3"], "no 3x3 board"),
        (["--n", "65"], "1 to 64"),
        (["--n", "6", "--validator", "oracle"], "unknown validator"),
        (["--n", "6", "--resume"], "--resume needs --out"),
        (["--n", "6", "--max-depth", "3"], "--max-depth goes with --logic"),
        (["--n", "6", "--dask", "tcp://127.0.0.1:1", "--workers", "2"], "remote Dask cluster"),
    ],
)
def test_cli_errors_exit_2_without_traceback(capsys, argv, message):
    code, _out, err = run(capsys, "generate", *argv)
    assert code == 2
    assert message in err and "Traceback" not in err


def test_cli_rejects_bad_numbers():
    for argv in (["--n", "0"], ["--n", "8", "--count", "-1"], ["--n", "8", "--max-region-share", "1.5"]):
        with pytest.raises(SystemExit) as exit:
            main(["generate", *argv])
        assert exit.value.code == 2


HERE = os.path.dirname(os.path.abspath(__file__))  # not the repository root: its queens_sat is the source tree


def _cli_process(*argv: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "queens_sat", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=HERE
    )


def test_ctrl_c_leaves_whole_lines_and_resume_goes_on(tmp_path):
    out = tmp_path / "p.jsonl"
    proc = _cli_process("generate", "--n", "9", "--count", "100000", "--seed", "5", "--workers", "2", "-o", str(out))
    deadline = time.time() + 60
    while time.time() < deadline and (not out.exists() or out.read_bytes().count(b"\n") < 3):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    data = out.read_bytes()
    assert data.endswith(b"\n")
    done = _lines(out)
    assert len(done) >= 3
    proc = _cli_process("generate", "--n", "9", "--count", str(len(done) + 2), "--workers", "1", "-q", "-o", str(out), "--resume")
    assert proc.wait(timeout=60) == 0
    resumed = _lines(out)
    assert _strip(resumed[: len(done)]) == _strip(done)
    assert len(resumed) == len(done) + 2
    again = generate(9, len(done) + 2, seed=5)
    assert [r["regions"] for r in resumed] == [Puzzle(p.regions).label_rows() for p in again]


def dies_once(regions, rule="no-touch"):
    """A validator whose first call, in whichever worker, kills that worker (a crash or an OOM kill)."""
    mark = os.environ["QUEENS_SAT_TEST_DIE_ONCE"]
    if not os.path.exists(mark):
        open(mark, "w").close()
        os._exit(1)
    return fast.count_regions(regions, rule)


def test_a_killed_worker_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("QUEENS_SAT_TEST_DIE_ONCE", str(tmp_path / "died"))
    with pytest.warns(UserWarning, match="worker process died"):
        puzzles = generate(7, 4, seed=8, workers=2, validator=dies_once)
    assert (tmp_path / "died").exists()
    assert [p.regions for p in puzzles] == [p.regions for p in generate(7, 4, seed=8, validator=fast.count_regions)]


def test_dask_local_cluster_makes_the_same_puzzles():
    pytest.importorskip("distributed", reason="dask[distributed] is not installed (the dask extra)")
    on_dask = generate(6, 3, seed=7, dask="local", workers=1)
    assert [p.regions for p in on_dask] == [p.regions for p in generate(6, 3, seed=7)]


def test_library_export():
    assert queens_sat.generate is generate
    assert "generate" in dir(queens_sat)


def test_the_pure_python_path_makes_the_same_puzzles():
    code = (
        "import json, queens_sat.engines.regions.counting as f; from queens_sat.services.generator import generate; "
        "print(json.dumps([f.IMPLEMENTATION, [p.regions for p in generate(8, 2, seed=3, style='blobs')]]))"
    )
    env = dict(os.environ, QUEENS_SAT_PURE_PYTHON="1")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, cwd=HERE)
    implementation, regions = json.loads(done.stdout)
    assert implementation == "python"
    assert regions == [p.regions for p in generate(8, 2, seed=3, style="blobs")]


def test_logic_and_grade_keep_only_what_the_engine_solves(capsys):
    logic = pytest.importorskip("queens_sat.engines.logic")
    for p in generate(8, 3, seed=2, logic=True, max_depth=0):
        result = logic.logic_solve(p.puzzle(), max_depth=0)
        assert result.solved and result.solution == p.solution
        assert p.extra["grade"] == result.grade
    code, out, _ = run(capsys, "generate", "--n", "9", "--count", "2", "--seed", "1", "--workers", "1", "-q", "--grade", "medium")
    assert code == 0
    for line in out.splitlines():
        r = json.loads(line)
        assert r["grade"] == "Medium"
        assert logic.logic_solve(Puzzle(r["regions"]), max_depth=2).grade == "Medium"
    code, _, err = run(capsys, "generate", "--n", "9", "--grade", "Impossible")
    assert code == 2 and "unknown grade 'Impossible'" in err


def test_max_restarts_gives_up_with_exit_code_1(capsys, tmp_path):
    out = tmp_path / "p.jsonl"
    code, _, err = run(
        capsys, "generate", "--n", "10", "--count", "2", "--seed", "1", "--workers", "1",
        "--strategy", "reject", "--max-restarts", "0", "-o", str(out),
    )
    assert code == 1 and "no unique puzzle after 0 fresh layouts" in err and "Traceback" not in err
    assert out.read_text() == ""


def _grown_layouts(rng: random.Random, trials: int, sizes: list[int]) -> Iterator[Any]:
    """Grown layouts of the given sizes (k = 1), and of n = 10 or 12 with k = 2 every fourth trial."""
    from queens_sat.services.generator.joining import star_regions
    from queens_sat.services.generator.layout import Layout
    from queens_sat.services.generator.placement import random_placement

    for trial in range(trials):
        stars = 2 if trial % 4 == 3 else 1
        n = rng.choice([10, 12]) if stars == 2 else rng.choice(sizes)
        solution = random_placement(n, rng, "no-touch", stars)
        cells = grow_regions(n, solution, rng, n * n) if stars == 1 else star_regions(n, stars, solution, rng, n * n)
        if cells is not None:
            yield Layout(n, "no-touch", cells, solution, stars)


def _compiled_connectivity() -> Any:
    """The generator's compiled connectivity passes (``_connectivity``), or a skip saying why they are not there."""
    from queens_sat.extension import connectivity

    check = connectivity()
    if check is None:
        pytest.skip("the generator's compiled passes are not built (or QUEENS_SAT_PURE_PYTHON is set)")
    return check


def test_the_compiled_cut_off_is_the_python_one():
    """What a candidate move cuts off its region (``_connectivity.cut_off``, asked of every candidate
    of every repair) is the pure-Python twin's answer: the same cells in the same order, or None
    when the move would split a region's planted stars, on grown layouts of n = 5 to 64 (k = 1
    and 2) and paths taken from the repair's own path finder."""
    from queens_sat.services.generator import connectivity_py
    from queens_sat.services.generator.moves import paths_out

    check = _compiled_connectivity()
    rng = random.Random(3)
    outcomes: set[str] = set()
    for layout in _grown_layouts(rng, 120, [5, 8, 11, 16, 30, 64]):
        n = layout.n
        for cell in rng.sample([c for c in range(n * n) if c not in layout.queen_cells], 6):
            for path in list(paths_out(layout, cell).values())[:3]:
                k = layout.cells[path[0]]
                want = connectivity_py.cut_off(layout.cells, n, k, layout.anchors[k], set(path), layout.sizes[k])
                assert connectivity_py.cut_off(layout.cells, n, k, layout.anchors[k], path) == want  # the size counted
                assert check.cut_off(layout.cells, n, k, layout.anchors[k], path) == want
                outcomes.add("none" if want is None else "empty" if not want else "cut")
    assert outcomes == {"none", "empty", "cut"}


def test_the_compiled_paths_out_is_the_python_one():
    """The repair's path finder (``_connectivity.paths_out``, asked of every queen of each solution a
    repair kills) gives the pure-Python twin's paths, in its order (the order the repair draws its
    tie-breaks in), and its connectivity check (``_connectivity.stays_connected``) the twin's answer,
    on grown layouts of n = 5 to 64 (k = 1 and 2), from every kind of cell."""
    from queens_sat.services.generator import connectivity_py

    check = _compiled_connectivity()
    rng = random.Random(4)
    compared = 0
    outcomes: set[bool] = set()
    for layout in _grown_layouts(rng, 100, [5, 8, 11, 16, 30, 48, 64]):
        n = layout.n
        for cell in rng.sample([c for c in range(n * n) if c not in layout.queen_cells], 8):
            want = connectivity_py.paths_out(layout.cells, n, cell, layout.queen_cells)
            got = check.paths_out(layout.cells, n, cell, layout.queen_cells)
            assert list(got.items()) == list(want.items())
            connected = connectivity_py.stays_connected(layout.cells, n, cell)
            assert check.stays_connected(layout.cells, n, cell) is connected
            outcomes.add(connected)
            compared += 1
    assert compared > 500 and outcomes == {True, False}


# --- styles (issue 24) -------------------------------------------------------------------

def _independent_count(regions, rule: str = "no-touch", stars: int = 1) -> int:
    """Solutions counted by the pure-Python reference search, not the generator's validator."""
    return queens_sat.solve(Puzzle(regions, rule=rule, stars=stars), backend="python", limit=2).count


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_style_makes_unique_puzzles_without_specks(style):
    for p in generate(9, 4, seed=11, style=style):
        assert _independent_count(p.regions) == 1
        min_size = min((m for m, _ in STYLES[style].min_sizes), default=STYLES[style].min_size)  # published: a mix
        assert_good_puzzle(p, max_share=STYLES[style].max_share, full_lines=STYLES[style].full_lines, min_size=min_size)


@pytest.mark.parametrize("style", ["rings", "mirror", "published"])
def test_styles_make_star_battles_too(style):
    for p in generate(10, 2, seed=3, stars=2, style=style):
        assert _independent_count(p.regions, stars=2) == 1
        assert all(sum(row.count(k) for row in p.regions) >= 2 for k in range(10))


def test_same_seed_same_styled_puzzles_and_styles_differ():
    a = generate(8, 3, seed=5, style="published")
    assert [p.regions for p in a] == [p.regions for p in generate(8, 3, seed=5, style="published")]
    assert [p.regions for p in a] != [p.regions for p in generate(8, 3, seed=5, style="bands")]


def test_designs_draw_connected_partitions_of_n_regions():
    rng = random.Random(1)
    for name in DESIGNS:
        drawn = [cells for _ in range(30) if (cells := design(name, 9, rng)) is not None]
        assert drawn, name
        for cells in drawn:
            assert sorted(set(cells)) == list(range(9))
            assert all(parts == 1 for parts in pieces(cells, 9)), name


def test_symmetric_designs_are_symmetric_before_repair():
    rng = random.Random(2)
    cells = None
    while cells is None:
        cells = design("rotation", 8, rng)
    image = mirror_map(8, "rotation")
    # the region of a cell's image is the image of its region: same partition turned round
    pairs = {(cells[c], cells[image[c]]) for c in range(64)}
    assert len(pairs) == 8 and len({a for a, _ in pairs}) == 8
    assert symmetry_of(cells, 8) is not None


def test_no_repair_leaves_a_speck_when_the_style_forbids_them():
    layout = Layout(4, "no-touch", [0, 0, 1, 1, 2, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], (1, 3, 0, 2))
    strict = RegionRules(min_size=3)
    for cell in range(16):
        for region, path in paths_out(layout, cell).items():
            move = complete_move(layout, path, region, strict)
            if move is not None:
                assert layout.sizes[layout.cells[path[0]]] - len(move.cells) >= 3


def test_the_command_line_names_every_style(capsys):
    from queens_sat.cli.generate_command import STYLE_NAMES

    assert tuple(STYLES) == STYLE_NAMES
    assert main(["generate", "--n", "8", "--style", "zigzag", "--workers", "1"]) != 0
    assert "unknown style" in capsys.readouterr().err


def test_an_unknown_style_is_refused_and_big_boards_still_work():
    with pytest.raises(ValueError, match="unknown style"):
        GeneratorOptions(n=8, style="zigzag")
    (big,) = generate(40, 1, seed=1)
    assert _connected(big.regions)


def test_grade_mix_and_score_range_and_depth_zero_default():
    options = GeneratorOptions(n=8, logic=True)
    assert options.max_depth == 0
    assert GeneratorOptions(n=10, stars=2, logic=True).max_depth == 2
    assert harder_share(7) < harder_share(8) < harder_share(9) == harder_share(11)
    for p in generate(8, 4, seed=2, logic=True):
        result = queens_sat.engines.logic.logic_solve(p.puzzle(), max_depth=0)
        assert result.solved and p.extra["grade"] == result.grade
    for p in generate(8, 2, seed=2, score_range=(0.0, 20.0)):
        assert 0 <= p.extra["score"] <= 20
    with pytest.raises(ValueError, match="score range"):
        GeneratorOptions(n=8, score_range=(5.0, 1.0))


# --- answers drawn like published ones (issue 35) -------------------------------------------


def test_answers_are_not_corner_biased():
    """80 puzzles at n = 7: the row-1 queen stood in column 1 in 49 of them when the planted answer
    was the search's first (issue 35); a drawn answer puts it there about one time in six."""
    made = generate(7, 80, seed=11)
    r1c1 = sum(p.solution[0] == 0 for p in made)
    assert r1c1 <= 28, r1c1  # 35 %: 3 standard deviations above a fair share, 5 below the old 61 %
    first_columns = {p.solution[0] for p in made}
    assert len(first_columns) == 7  # every column of row 1 is an answer's somewhere


def test_the_planted_answer_is_drawn_from_all_solutions_by_weight():
    from queens_sat.services.generator.planting import answer_weight, draw_greedy, draw_listed

    # outside the sizes the corpus sets a corner share for (n = 12): a weight per corner queen
    two, one, none = [0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11], [0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 11, 9], [1, 3, 5, 7, 9, 11, 0, 2, 4, 6, 8, 10]
    solutions = [tuple(two), tuple(one), tuple(none)]
    weights = [answer_weight(12, 1, s) for s in solutions]
    assert weights[0] > weights[1] > weights[2] == 1.0  # two corner queens, one, none
    rng = random.Random(3)
    drawn = [tuple(draw_listed(12, 1, solutions[::-1] if i % 2 else solutions, rng)) for i in range(600)]
    for s, w in zip(solutions, weights, strict=True):  # each drawn about its weight's share, whatever the list's order
        assert abs(drawn.count(s) / 600 - w / sum(weights)) < 0.07
    # greedy, on a board with many solutions: always a solution, every one of them reachable
    board = Puzzle([[r] * 6 for r in range(6)])  # every no-touch placement solves it
    every = set(brute_force_solutions(board))

    def extends(given):
        return any(all(s[r] == c for r, c in given) for s in every)

    found = {tuple(draw_greedy(6, 1, random.Random(i), extends)) for i in range(2000)}
    assert found <= every and len(found) == len(every)


def test_the_answer_has_a_corner_queen_as_often_as_the_corpus_at_its_size():
    from queens_sat.services.generator.planting import CORNER_SHARE, corner_wanted, draw_greedy, draw_listed, has_corner

    board = Puzzle([[r] * 6 for r in range(6)])
    every = sorted(set(brute_force_solutions(board)))
    assert any(has_corner(6, 1, s) for s in every) and not all(has_corner(6, 1, s) for s in every)

    def extends(given):
        return any(all(s[r] == c for r, c in given) for s in every)

    rng = random.Random(5)
    for corner in (True, False):  # the kind asked for, listed or built greedily
        assert all(has_corner(6, 1, draw_listed(6, 1, every, rng, corner=corner)) == corner for _ in range(50))
        # (greedy, without a corner: None when the queens given on the way complete only through one)
        greedy = [draw_greedy(6, 1, rng, extends, corner) for _ in range(50)]
        assert all(has_corner(6, 1, s) == corner for s in greedy if s is not None)
        assert sum(s is not None for s in greedy) >= (50 if corner else 40)
    only = [s for s in every if not has_corner(6, 1, s)]
    assert draw_listed(6, 1, only, rng, corner=True) is None  # none of the kind: the board is drawn again
    wanted = [corner_wanted(9, 1, rng) for _ in range(2000)]
    assert abs(sum(wanted) / 2000 - CORNER_SHARE[9]) < 0.04
    assert corner_wanted(9, 2, rng) is None and corner_wanted(20, 1, rng) is None


# --- grades on demand, starting hints (issue 35) ---------------------------------------------


def test_an_unreachable_grade_is_refused_at_once_with_the_setting_that_reaches_it(capsys):
    from queens_sat.services.generator.reach import reachable_grades, unreachable

    with pytest.raises(ValueError, match="--max-depth 1 reaches it"):
        GeneratorOptions(n=9, grades=("Expert",))  # no probes: no Queens board scores an Expert's 500
    with pytest.raises(ValueError, match="n >= 7 reaches it"):
        GeneratorOptions(n=5, grades=("Expert",), max_depth=1)
    assert unreachable(9, 1, 1, ("Expert",), None) is None
    assert unreachable(9, 1, 0, ("Hard", "Expert"), None) is None  # one reachable grade is enough
    assert "Expert" in reachable_grades(9) and "Expert" not in reachable_grades(9, depth=0)
    code, out, err = run(capsys, "generate", "--n", "9", "--grade", "Expert", "--seed", "1", "--workers", "1")
    assert code == 2 and out == "" and "--max-depth 1" in err


@pytest.mark.skipif(not NATIVE, reason="steering solves by logic hundreds of times a puzzle")
def test_grades_are_steered_to_and_the_same_whatever_the_workers():
    one = generate(9, 2, seed=4, grades=("Expert",), max_depth=1, workers=1)
    assert [p.extra["grade"] for p in one] == ["Expert", "Expert"]
    for p in one:
        result = queens_sat.engines.logic.logic_solve(p.puzzle(), max_depth=1)
        assert result.solved and result.grade == "Expert" and p.extra["score"] == pytest.approx(result.score)
    two = generate(9, 2, seed=4, grades=("Expert",), max_depth=1, workers=2)
    assert [(p.regions, p.solution, p.extra) for p in one] == [(p.regions, p.solution, p.extra) for p in two]
    for p in generate(9, 3, seed=4, grades=("Easy",)):
        assert p.extra["grade"] == "Easy"


@pytest.mark.skipif(not NATIVE, reason="steering solves by logic hundreds of times a puzzle")
def test_steering_mirrors_its_moves_on_a_symmetric_board():
    """A symmetric layout steered toward a grade with its symmetry's cell map stays more
    symmetric than steered without it (each move made with its image where the rules allow),
    and solved by logic (so unique)."""
    from queens_sat.engines.logic import logic_solve
    from queens_sat.services.generator.designs import symmetry_share
    from queens_sat.services.generator.steering import Target, steer

    rules = RegionRules(full_lines=True, max_share=0.6, min_size=3)
    shares: dict[bool, list[float]] = {True: [], False: []}
    for p in generate(9, 12, seed=5, style="rotation", workers=1):
        cells = [k for row in p.regions for k in row]
        sigma = symmetry_of(cells, 9, fixing=[r * 9 + c for r, c in enumerate(p.solution)])
        if sigma is None:
            continue
        for mirrored in (True, False):
            layout = Layout(9, "no-touch", cells, p.solution)
            steer(layout, Target.of(("Expert",), None), 1, random.Random(p.index), rules, moves=40, mirror=sigma if mirrored else None)
            shares[mirrored].append(symmetry_share(layout.cells, 9, sigma))
            assert logic_solve(layout.puzzle(), max_depth=1).solved  # steering keeps only solved boards
            assert queens_sat.solve(layout.puzzle(), limit=2).count == 1
    assert shares[True] and sum(shares[True]) > sum(shares[False])


def test_a_time_limit_bounds_each_puzzle():
    from queens_sat.services.generator import GenerationFailed

    with pytest.raises(GenerationFailed, match=r"within the time limit of 0\.001 s"):
        generate(8, 1, seed=1, grades=("Expert",), max_depth=1, time_limit=0.001)  # hundreds of moves: never in 1 ms


def _unique_with(p, given) -> bool:
    puzzle = Puzzle(p.regions, rule=p.rule, stars=p.stars, queens=given)
    return queens_sat.solve(puzzle, backend="python", limit=2).count == 1


@pytest.mark.parametrize(
    "stars, n", [(1, 8), pytest.param(2, 10, marks=pytest.mark.skipif(not NATIVE, reason="17 s of pure-Python 2-star searches"))]
)
def test_givens_are_part_of_the_answer_honoured_and_minimal(stars, n):
    made = generate(n, 4, seed=2, stars=stars, givens=True, max_givens=3)
    assert any(p.givens for p in made)
    for p in made:
        assert len(p.givens) <= 3
        cells = set(star_cells(p.solution, p.stars))
        assert set(p.givens) <= cells
        result = queens_sat.solve(p.puzzle(), backend="python", limit=2)
        assert result.count == 1 and tuple(result.solution) == tuple(p.solution)
        for smaller in combinations(p.givens, len(p.givens) - 1) if p.givens else ():
            assert not _unique_with(p, smaller)  # no fewer givens would do
    assert all(not p.givens for p in generate(n, 2, seed=2, stars=stars))  # without --givens, none


def test_the_command_line_writes_givens(capsys):
    code, out, _ = run(capsys, "generate", "--n", "8", "--count", "4", "--seed", "3", "--workers", "1", "--givens", "-q")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and any(r.get("givens") for r in records)
    assert run(capsys, "generate", "--n", "8", "--max-givens", "2", "--workers", "1")[0] == 2
