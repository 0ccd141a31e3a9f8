"""The native search, the raw-grid entries of ``queens_sat.engines.regions.counting`` and the pure-Python fallback.

test_backends.py already runs the ``native`` backend against the brute-force
oracle; here: native against the reference move for move (same solutions in the
same order), the batch entry against one board at a time, the corpus, Ctrl-C,
time limits, and what happens when the extension is missing or turned off.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading

import numpy as np
import pytest
from helpers import EXAMPLES, random_puzzle, random_regions

from queens_sat import BackendError, Puzzle, count_solutions, get_backend, solve
from queens_sat.engines.regions import counting as fast
from queens_sat.extension import native_module
from queens_sat.formats import read_puzzles
from queens_sat.model.errors import Interrupted
from queens_sat.services.benchmark.boards import flood_fill, planted_board
from queens_sat.services.checking import check_record, check_records

NATIVE = native_module() is not None
needs_native = pytest.mark.skipif(not NATIVE, reason="the native extension is not built, or QUEENS_SAT_PURE_PYTHON is set")
COUNT_REGIONS = [fast.python_count_regions] + ([fast.native_count_regions] if NATIVE else [])
COUNT_BATCH = [fast.python_count_batch] + ([fast.native_count_batch] if NATIVE else [])
IDS = ["python", "native"][: len(COUNT_BATCH)]


def _parts(puzzle: Puzzle) -> tuple[np.ndarray, list, list]:
    return np.array(puzzle.regions), sorted(puzzle.queens), sorted(puzzle.blocked)


@needs_native
@pytest.mark.parametrize("rule", ["no-touch", "queens"])
@pytest.mark.parametrize("givens", [False, True])
def test_native_finds_what_the_reference_finds_in_the_same_order(rule, givens):
    for seed in range(120):
        n = 4 + seed % 6
        grid, queens, blocked = _parts(random_puzzle(n, 1000 + seed, rule, givens))
        args = dict(queens=queens, blocked=blocked, keep=10**6)
        want = fast.python_count_regions(grid, rule, None, **args)
        got = fast.native_count_regions(grid, rule, None, **args)
        assert (got.count, got.complete, got.solutions) == (want.count, want.complete, want.solutions), (grid, queens, blocked)
        assert got.nodes == want.nodes, (grid, queens, blocked)  # the flat layout branches and prunes as the reference does
        assert len(set(got.solutions)) == got.count
    for seed in range(40):  # larger boards: the uniqueness check only
        n = 10 + seed % 5
        grid, queens, blocked = _parts(random_puzzle(n, 2000 + seed, rule, givens))
        want = fast.python_count_regions(grid, rule, queens=queens, blocked=blocked)
        got = fast.native_count_regions(grid, rule, queens=queens, blocked=blocked)
        assert got == want  # past 11 both filter each node to the same Hall fixpoint: the same nodes


# Boards past the flat layout (n > 24) that the reference settles in well under a second.
LARGE = [(25, "no-touch", False, 10), (25, "no-touch", True, 18), (27, "queens", False, 17), (27, "queens", True, 17),
         (30, "no-touch", False, 20), (30, "queens", True, 2), (33, "no-touch", True, 21), (33, "queens", False, 23)]


@needs_native
def test_native_row_layout_agrees_with_the_reference_on_large_boards():
    for n, rule, givens, seed in LARGE:
        grid, queens, blocked = _parts(random_puzzle(n, seed, rule, givens))
        args = dict(queens=queens, blocked=blocked, keep=3)
        want = fast.python_count_regions(grid, rule, 3, **args)
        got = fast.native_count_regions(grid, rule, 3, **args)
        assert got == want, (n, rule, givens, seed)
    for puzzle in (Puzzle(n=30, rule="queens"), Puzzle(n=40), Puzzle(n=50, rule="queens")):
        assert solve(puzzle, backend="native", limit=3).solutions == solve(puzzle, backend="python", limit=3).solutions


def _tail_board(n: int, rng: random.Random, rule: str) -> np.ndarray:
    """A board as a generator hands its validator: planted (a solution at least) or grown from
    n random cells (mostly none), at random; the boards that sent the search thrashing (issue 12)."""
    if rng.random() < 0.5:
        return np.array(planted_board(n, rng, rule).regions)
    return np.array(flood_fill(n, rng.sample([(r, c) for r in range(n) for c in range(n)], n), rng))


@needs_native
@pytest.mark.parametrize("rule", ["no-touch", "queens"])
def test_native_filters_as_the_reference_does_node_for_node(rule):
    """From 12x12 up both searches filter every node by Hall's theorem; they must reach the same
    fixpoint, hence the same solutions in the same order and the same node counts. (Under the
    queens rule the filter knows nothing of diagonals: larger boards can take the reference minutes.)"""
    rng = random.Random(f"tails {rule}")
    for _ in range(30):
        n = rng.randint(12, 30 if rule == "no-touch" else 20)
        try:
            grid = _tail_board(n, rng, rule)
        except ValueError:  # no placement to plant under this rule: try another
            continue
        queens = [(rng.randrange(n), rng.randrange(n))] if rng.random() < 0.3 else []
        blocked = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(3))]
        args = dict(queens=queens, blocked=blocked, keep=20)
        want = fast.python_count_regions(grid, rule, 20, **args)
        got = fast.native_count_regions(grid, rule, 20, **args)
        assert got == want, (n, grid.tolist(), queens, blocked)


@needs_native
def test_native_counts_match_oeis_beyond_the_shared_tests():
    assert count_solutions(Puzzle(n=12, rule="queens"), backend="native") == 14200  # A000170
    assert count_solutions(Puzzle(n=10), backend="native") == 479306  # A002464


@needs_native
def test_native_counts_the_whole_corpus_exactly(community, generated):
    """The corpus counts were checked by two independent searches and the reference reproduces them
    (test_reference_corpus.py), so matching them is agreeing with the reference."""
    for records, limit in ((community, None), (generated, 2)):
        by_size: dict[int, list] = {}
        for rec in records:
            by_size.setdefault(rec.puzzle.n, []).append(rec)
        for group in by_size.values():
            found = fast.native_count_batch(np.array([r.puzzle.regions for r in group]), limit=limit)
            assert found.complete.all() if limit is None else True
            for i, rec in enumerate(group):
                assert found.counts[i] == min(rec.meta["solutions"], limit or 10**9), rec.id
                if "solution" in rec.meta:
                    assert found.solutions[i, 0].tolist() == rec.meta["solution"], rec.id


@pytest.mark.parametrize("count_batch", COUNT_BATCH, ids=IDS)
@pytest.mark.parametrize("rule", ["no-touch", "queens"])
def test_batch_gives_what_one_board_at_a_time_gives(count_batch, rule):
    rng = random.Random(rule)
    for n, limit, keep in ((5, None, 4), (7, 2, 2), (9, 2, 1), (6, 3, 0)):
        puzzles = [random_puzzle(n, rng.randrange(10**9), rule, givens=rng.random() < 0.5) for _ in range(25)]
        regions = np.array([p.regions for p in puzzles])
        queens = np.zeros(regions.shape, dtype=bool)
        blocked = np.zeros(regions.shape, dtype=bool)
        for i, p in enumerate(puzzles):
            for r, c in p.queens:
                queens[i, r, c] = True
            for r, c in p.blocked:
                blocked[i, r, c] = True
        found = count_batch(regions, rule, limit, queens=queens, blocked=blocked, keep=keep)
        assert len(found) == found.done == len(puzzles)
        for i, p in enumerate(puzzles):
            one = solve(p, backend="python", limit=limit, keep=keep)
            assert found.counts[i] == one.count and found.complete[i] == one.complete
            assert found.outcome(i).solutions == list(one.solutions)
            assert (found.solutions[i, len(one.solutions) :] == -1).all()


@pytest.mark.parametrize("count_regions", COUNT_REGIONS, ids=IDS)
def test_raw_entries_refuse_bad_arguments_clearly(count_regions):
    grid = np.array(random_regions(6, random.Random(1)))
    r, c = np.argwhere(grid == 5)[0]
    cases = [
        (dict(regions=grid[:5]), "n x n grid"),
        (dict(regions=grid + 1), f"row {r}, column {c}: region 6 is not in 0..5"),
        (dict(regions=np.zeros((65, 65), dtype=int)), "n = 1 to 64"),
        (dict(regions=grid, rule="bishops"), "rule 'bishops'"),
        (dict(regions=grid, limit=0), "limit must be at least 1"),
        (dict(regions=grid, queens=[(6, 0)]), "given queen (6, 0) is off the 6x6 board"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValueError, match=re.escape(message)):
            count_regions(**kwargs)
    with pytest.raises(ValueError, match="stack of n x n grids"):
        fast.count_batch(grid)


def test_an_unused_region_number_means_no_solution():
    grid = np.zeros((4, 4), dtype=int)
    grid[:, 1:] = [1, 2, 2]  # region 3 has no cell
    for count_regions in COUNT_REGIONS:
        found = count_regions(grid, "queens", None)
        assert (found.count, found.complete, found.solutions) == (0, True, [])


def _rows_as_regions(n: int, boards: int, dead: int) -> tuple[np.ndarray, np.ndarray]:
    """``boards`` n x n boards with a region per row (millions of solutions); the first ``dead``
    have their row 0 blocked, so that they have none, found at once."""
    stack = np.repeat(np.arange(n)[None, :, None], n, axis=2).repeat(boards, axis=0)
    blocked = np.zeros(stack.shape, dtype=bool)
    blocked[:dead, 0, :] = True
    return stack, blocked


@pytest.mark.parametrize("count_batch", COUNT_BATCH, ids=IDS)
def test_batch_time_limit_is_per_board(count_batch):
    stack, blocked = _rows_as_regions(16, 3, dead=1)
    found = count_batch(stack, limit=None, blocked=blocked, keep=1, time_limit=0.05)
    assert found.complete[0] and found.counts[0] == 0 and not found.timed_out[0]
    for i in (1, 2):
        assert found.timed_out[i] and not found.complete[i] and found.counts[i] >= 1
        assert 0.04 < found.elapsed[i] < 2


@pytest.mark.parametrize("count_batch", COUNT_BATCH, ids=IDS)
def test_ctrl_c_stops_a_batch_and_keeps_the_boards_done(count_batch):
    stack, blocked = _rows_as_regions(20, 4, dead=2)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(Interrupted) as info:
            count_batch(stack, limit=None, blocked=blocked)
    finally:
        timer.cancel()
    assert isinstance(info.value, KeyboardInterrupt)
    partial = info.value.partial
    assert partial.done == 2 and partial.complete[:2].all() and (partial.counts[:2] == 0).all()
    assert (partial.counts[2:] == -1).all()


@needs_native
def test_ctrl_c_stops_the_command_promptly():
    script = [sys.executable, "-I", "-m", "queens_sat", "count", "--n", "18", "--rule", "queens"]
    proc = subprocess.Popen(script, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(timeout=1.5)  # started and searching
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=5)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err


def _write_mixed_batch(path) -> None:
    """A JSON-lines file of every kind: sizes and rules mixed, givens, errors, boards without regions."""
    rng = random.Random(9)
    lines = []
    for i in range(60):
        n = rng.choice([5, 6, 7, 8])
        rule = rng.choice(["no-touch", "queens"])
        p = random_puzzle(n, rng.randrange(10**9), rule, givens=i % 3 == 0)
        obj = {"id": f"p{i}", "n": n, "rule": rule, "regions": p.label_rows()}
        if p.has_givens:
            obj["givens"] = {"queens": [list(q) for q in p.queens], "blocked": [list(b) for b in p.blocked]}
        lines.append(json.dumps(obj))
        if i % 17 == 5:
            lines.append('{"id": "bad", "regions": ["AB", "B"]}')
        if i % 23 == 7:
            lines.append(json.dumps({"id": "free", "n": 6, "rule": "queens"}))
    big = [[r, 2 * r % 65] for r in range(62)]  # rows of a 65-queens solution: the reference finishes it at once
    lines.append(json.dumps({"id": "too big for native", "n": 65, "rule": "queens", "givens": {"queens": big}}))
    path.write_text("\n".join(lines) + "\n")


def _comparable(report) -> dict:
    out = report.as_dict()
    out.pop("elapsed", None)
    out.pop("backend", None)
    out.pop("stats", None)  # node counts differ between the searches; the verdicts may not
    if out.get("logic"):
        out["logic"].pop("elapsed")
    return out


def test_check_batch_path_gives_the_reports_of_one_record_at_a_time(tmp_path, monkeypatch):
    path = tmp_path / "mixed.jsonl"
    _write_mixed_batch(path)
    monkeypatch.setattr("queens_sat.services.checking.batch.BATCH", 16)  # several chunks
    one_by_one = [check_record(rec, "python") for rec in read_puzzles(path)]
    if NATIVE:
        with pytest.warns(UserWarning, match="native search handles n <= 64"):
            batched = list(check_records(read_puzzles(path), "auto"))
    else:
        batched = list(check_records(read_puzzles(path), "auto"))
    assert [_comparable(r) for r in batched] == [_comparable(r) for r in one_by_one]
    statuses = {r.status for r in batched}
    assert {"unique", "multiple", "invalid"} <= statuses
    if NATIVE:
        searched = [r for r in batched if r.result is not None and r.record.id != "too big for native"]
        assert {r.result.backend for r in searched if r.record.puzzle.has_regions} == {"native"}
        # boards without regions or givens belong to the region-free specialist
        assert {r.result.backend for r in searched if not r.record.puzzle.has_regions} == {"nqueens"}


@needs_native
def test_boards_beyond_the_native_limit_fall_back_with_a_message():
    big = Puzzle(n=65, rule="queens", queens=[(0, 1)])  # a given: not one for the region-free specialist
    with pytest.warns(UserWarning, match="native search handles n <= 64, this board has n = 65"):
        assert get_backend("auto", big).resolve(big).name == "python"
    with pytest.raises(BackendError, match="n <= 64"):
        solve(big, backend="native")


@needs_native
def test_native_iter_solutions_streams_every_solution_once_in_order():
    from queens_sat.backends.python import PythonBackend

    for puzzle in (Puzzle(n=8, rule="queens"), Puzzle(["AABCCC", "BBBDEC", "BBBDEE", "BBEEEE", "BEEEFF", "BEEFFF"])):
        streamed = list(get_backend("native").iter_solutions(puzzle))
        assert streamed == list(PythonBackend().iter_solutions(puzzle))
        assert len(set(streamed)) == len(streamed)


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    """Run Python code on the installed package (-I: not the source folder the tests run in)."""
    environ = {k: v for k, v in os.environ.items() if k != "QUEENS_SAT_PURE_PYTHON"}
    environ.update(env, NO_COLOR="1")
    return subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, env=environ, timeout=120)


REPORT = f"""
import sys
from queens_sat.cli import main
code = main(["check", r"{EXAMPLES / 'unique-8.json'}"])
from queens_sat import available_backends
from queens_sat.engines.regions import counting as fast
print("native" in available_backends(), fast.IMPLEMENTATION)
print(fast.count_regions([[0, 0, 1], [0, 2, 1], [2, 2, 1]], "no-touch", None).count)
sys.exit(code)
"""


def test_pure_python_path_when_forced_by_the_environment():
    res = _run(REPORT, QUEENS_SAT_PURE_PYTHON="1")
    lines = res.stdout.splitlines()
    assert "unique [8x8, no-touch, python," in lines[0]
    assert lines[-2:] == ["False python", "0"]
    assert res.returncode == 0 and res.stderr == ""  # asked for: no warning


def test_missing_extension_falls_back_to_python_with_one_warning():
    res = _run("import sys; sys.modules['queens_sat._bitsearch'] = None\n" + REPORT)
    lines = res.stdout.splitlines()
    assert "unique [8x8, no-touch, python," in lines[0]
    assert lines[-2:] == ["False python", "0"]
    assert res.returncode == 0
    warnings = res.stderr.splitlines()
    assert len(warnings) == 1 and "native extension queens_sat._bitsearch is not built" in warnings[0], res.stderr


@needs_native
def test_native_is_the_default_when_built():
    res = _run(REPORT)
    assert res.stdout.splitlines()[-2] == "True native"
    assert "unique [8x8, no-touch, native," in res.stdout
