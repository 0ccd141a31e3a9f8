"""Boards without regions: the symmetric counter, the no-touch recurrence, enumeration,
local search, the construction and the fast check, each native and pure Python."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from math import comb, factorial

import numpy as np
import pytest
from helpers import brute_force_solutions

from queens_sat import BackendError, Puzzle, Status, available_backends, count_solutions, get_backend, solve
from queens_sat.engines.nqueens import counting, enumeration, finding
from queens_sat.engines.nqueens import min_conflicts as ls
from queens_sat.engines.nqueens._impl import native
from queens_sat.engines.nqueens.construction import construct
from queens_sat.engines.nqueens.no_touch import count_no_touch
from queens_sat.extension import PURE_PYTHON_ENV as PURE_ENV
from queens_sat.extension import reread_environment
from queens_sat.model import columns as verify
from queens_sat.model.placement import solution_violations
from queens_sat.services.solving import iter_solutions

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596]
# Published terms of OEIS A002464, n = 20..23 (past 2**63 from n = 22).
A002464_PUBLISHED = {
    20: 327460573946510746,
    21: 6880329406055690790,
    22: 151436547414562736234,
    23: 3484423186862152966838,
}


@pytest.fixture(params=["native", "pure"])
def impl(request, monkeypatch) -> str:
    """Run a test on the compiled kernels, then again on their pure-Python twins."""
    if request.param == "pure":
        monkeypatch.setenv(PURE_ENV, "1")
        reread_environment()
        assert native() is None
    else:
        monkeypatch.delenv(PURE_ENV, raising=False)
        reread_environment()
    return request.param


def valid(cols, rule: str) -> bool:
    return not solution_violations(len(cols), rule, None, [int(c) for c in cols])


needs_native = pytest.mark.skipif(native() is None, reason="the extension is off (QUEENS_SAT_PURE_PYTHON) or not built")


@pytest.mark.skipif(os.environ.get(PURE_ENV, "0") != "0", reason="QUEENS_SAT_PURE_PYTHON turns the extension off")
def test_the_native_extension_is_built_and_imported():
    module = native()
    assert module is not None, "queens_sat._nqueens was not compiled: pip install . builds it"
    import queens_sat

    assert os.path.dirname(module.__file__) == os.path.dirname(queens_sat.__file__)


# ---------------------------------------------------------------- counting


def test_symmetric_counts_match_oeis_a000170(impl):
    top = 12 if impl == "native" else 9
    for n in range(1, top + 1):
        result = counting.count_queens(n, workers=1)
        assert result.complete and result.count == A000170[n - 1], n
        assert impl.replace("pure", "pure Python") in result.stats["method"] or n < 4


@needs_native
def test_every_task_gives_the_same_weighted_count_natively_and_in_python():
    kernel = native()
    for n in range(4, 11):
        for kind, prefix in counting.tasks(n, 3):
            assert kernel.count_task(n, kind, prefix) == counting.count_task(n, kind, prefix), (n, kind, prefix)


def test_representatives_are_the_smallest_of_their_classes():
    # The weights of the representatives found must add up, class by class, to the
    # solutions the plain enumerator lists: check it through the classes themselves.
    n = 8
    every = set(enumeration.iter_solutions(n, "queens"))
    classes = {min(tuple(int(v) for v in img) for img in finding.symmetric_images(np.array(s))) for s in every}
    sizes = {len({tuple(int(v) for v in img) for img in finding.symmetric_images(np.array(s))}) for s in every}
    assert len(every) == 92 and len(classes) == 12 and sizes <= {2, 4, 8}
    assert counting.count_queens(n, workers=1).count == len(every)


def test_a_process_pool_shares_the_count(impl, monkeypatch):
    monkeypatch.setattr(counting, "POOL_FROM_N", 8)
    result = counting.count_queens(10 if impl == "native" else 9, workers=2)
    assert result.stats["workers"] == 2 and result.complete and result.count == (724 if impl == "native" else 352)


def test_a_time_limit_leaves_a_lower_bound(impl):
    result = counting.count_queens(14, workers=1, time_limit=0.001)
    assert not result.complete and result.count < 365_596


def test_count_solutions_through_the_backend_uses_the_counter():
    res = solve(Puzzle(n=13, rule="queens"), limit=None, keep=0)
    assert res.count == 73712 and res.complete and res.backend == "nqueens"
    assert "symmetric" in res.stats["method"]
    with pytest.raises(BackendError, match="out of reach"):
        count_solutions(Puzzle(n=64, rule="queens"))


# ---------------------------------------------------------------- no-touch counts


def inclusion_exclusion(n: int) -> int:
    """A002464 by inclusion-exclusion over the adjacent pairs (an independent formula)."""
    if n == 0:
        return 1
    total = factorial(n)
    for k in range(1, n):
        inner = sum(comb(k - 1, i - 1) * comb(n - k, i) * 2**i for i in range(1, k + 1))
        total += (-1) ** k * factorial(n - k) * inner
    return total


def test_no_touch_counts_by_recurrence_match_brute_force_formula_and_published_terms():
    for n in range(1, 9):
        assert count_no_touch(n) == len(brute_force_solutions(Puzzle(n=n))), n
    for n in range(9, 11):
        assert count_no_touch(n) == sum(1 for _ in enumeration.iter_solutions(n, "no-touch")), n
    for n in range(0, 80):
        assert count_no_touch(n) == inclusion_exclusion(n), n
    for n, value in A002464_PUBLISHED.items():
        assert count_no_touch(n) == value
    assert count_no_touch(22) > 2**63


def test_no_touch_count_of_any_size_says_its_method():
    res = solve(Puzzle(n=500), limit=None, keep=2)
    assert res.count == count_no_touch(500) and res.complete and "A002464" in res.stats["method"]
    assert len(res.solutions) == 2  # kept solutions are real, verified ones


# ---------------------------------------------------------------- enumeration


@pytest.mark.parametrize("rule", ["queens", "no-touch"])
def test_enumeration_lists_every_solution_once_in_order(impl, rule):
    for n in range(1, 8):
        listed = list(enumeration.iter_solutions(n, rule))
        assert listed == sorted(set(listed)) == sorted(brute_force_solutions(Puzzle(n=n, rule=rule))), n


@needs_native
def test_enumeration_resumes_after_any_budget_and_agrees_with_the_twin():
    kernel = native()
    for rule in ("queens", "no-touch"):
        for n in (6, 8, 9):
            whole = list(enumeration.PureStream(n, rule == "queens").next_batch(10**6))
            stream = kernel.Enumerator(n, rule == "queens")
            pieces = []
            while not stream.exhausted:
                pieces += stream.next_batch(7, 5)  # tiny batches, tiny node budgets
            assert pieces == whole and stream.nodes > 0


# ---------------------------------------------------------------- local search and construction


@pytest.mark.parametrize("rule", ["queens", "no-touch"])
def test_local_search_solves_and_is_reproducible(impl, rule):
    sizes = [4, 5, 8, 13, 64, 500] + ([20_000] if impl == "native" else [2000])
    for n in sizes:
        for seed in range(3):
            run = ls.local_search(n, rule, seed)
            assert run.columns is not None and valid(run.columns, rule), (n, seed)
            again = ls.local_search(n, rule, seed)
            assert np.array_equal(run.columns, again.columns)
    boards = {tuple(ls.local_search(200, rule, seed).columns.tolist()) for seed in range(5)}
    assert len(boards) == 5  # the seed matters


@pytest.mark.parametrize("rule", ["queens", "no-touch"])
def test_native_and_pure_local_search_take_the_same_steps(rule, monkeypatch):
    for n, seed in [(4, 1), (9, 2), (37, 3), (300, 4), (3000, 5)]:
        fast = ls.local_search(n, rule, seed)
        monkeypatch.setenv(PURE_ENV, "1")
        reread_environment()
        slow = ls.local_search(n, rule, seed)
        monkeypatch.delenv(PURE_ENV)
        reread_environment()
        assert np.array_equal(fast.columns, slow.columns)
        assert (fast.restarts, fast.swaps) == (slow.restarts, slow.swaps)


def test_local_search_stops_at_its_time_limit(impl):
    run = ls.local_search(200_000 if impl == "native" else 20_000, "queens", 0, time_limit=1e-9)
    assert run.columns is None


@pytest.mark.parametrize("rule", ["queens", "no-touch"])
def test_construction_is_valid_for_every_residue_mod_6(rule):
    for n in list(range(1, 400)) + [10**5 + k for k in range(6)]:
        cols = construct(n, rule)
        if n in (2, 3):
            assert cols is None
        else:
            assert verify.first_violation(cols, rule) == -1, n
    assert valid(construct(1000, rule), rule)


# ---------------------------------------------------------------- the O(n) check


@needs_native
def test_fast_check_native_and_numpy_find_the_same_first_bad_row():
    rng = np.random.default_rng(7)
    for n in range(1, 40):
        for rule in ("queens", "no-touch"):
            for trial in range(12):
                cols = rng.permutation(n).astype(np.int32)
                if trial % 3 == 0 and n > 1:
                    cols[rng.integers(n)] = cols[rng.integers(n)]
                got = native().first_violation(cols, rule == "queens")
                assert got == verify._first_violation_numpy(cols, rule)
                assert (got == -1) == valid(cols, rule)
    assert verify.first_violation((0, "x"), "queens") == 1
    assert verify.first_violation((0, 7), "queens") == 1


def test_big_region_free_check_still_explains_what_is_wrong():
    n = 5000
    problems = Puzzle(n=n, rule="queens").violations(list(range(n)))
    assert problems[0] == "queens r1c1 and r2c2 share a diagonal"
    assert Puzzle(n=n, rule="queens").violations(construct(n, "queens").tolist()) == []


# ---------------------------------------------------------------- the backend


def test_auto_picks_nqueens_only_for_boards_without_regions_or_givens():
    def picked(puzzle: Puzzle) -> str:
        return get_backend("auto", puzzle).resolve(puzzle).name

    assert picked(Puzzle(n=9, rule="queens")) == "nqueens"
    general = "native" if "native" in available_backends() else "python"
    assert picked(Puzzle(n=9, rule="queens", queens=[(0, 0)])) == general
    assert picked(Puzzle(["AB", "BA"])) == general
    assert solve(Puzzle(n=6, rule="queens", queens=[(0, 1)]), limit=None).count == 1  # givens: general search


def test_small_boards_get_exact_verdicts():
    assert solve(Puzzle(n=1, rule="queens")).status is Status.UNIQUE
    for n in (2, 3):
        for method in finding.METHODS:
            assert solve(Puzzle(n=n, rule="queens"), backend=f"nqueens:{method}").status is Status.NONE
    res = solve(Puzzle(n=4, rule="queens"), limit=3)
    assert res.complete and res.count == 2 and res.status is Status.MULTIPLE


@pytest.mark.parametrize("method", ["local", "construct"])
def test_huge_boards_are_multiple_with_two_verified_solutions(method):
    res = solve(Puzzle(n=100_000, rule="queens"), backend=f"nqueens:{method}")
    assert res.status is Status.MULTIPLE and len(set(res.solutions)) == 2
    res = solve(Puzzle(n=30, rule="queens"), backend=get_backend("nqueens", method=method, seed=4), limit=20)
    assert res.count == 20 and len(set(res.solutions)) == 20
    res = solve(Puzzle(n=5, rule="queens"), backend=f"nqueens:{method}", limit=20)
    assert res.complete and res.count == 10


def test_auto_chooses_by_size():
    assert solve(Puzzle(n=20, rule="queens"), limit=1).stats["method"] == "backtrack"
    big = solve(Puzzle(n=200_000, rule="queens"), limit=1, backend=get_backend("nqueens", seed=9))
    assert big.stats["method"] == "local" and big.stats["seed"] == 9 and big.solution is not None
    assert solve(Puzzle(n=63), limit=1).stats["method"] == "backtrack"


def test_iter_solutions_streams_and_refuses_what_it_cannot_list():
    stream = iter_solutions(Puzzle(n=10, rule="queens"))
    assert sum(1 for _ in stream) == 724 and not stream.timed_out
    with pytest.raises(BackendError, match="stops at n = 63"):
        next(iter(iter_solutions(Puzzle(n=64, rule="queens"))))
    with pytest.raises(BackendError, match="no method"):
        get_backend("nqueens:fast")


# ---------------------------------------------------------------- the command line


def run(capsys, *argv):
    from queens_sat.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_check_count_and_solve_boards_without_regions(capsys):
    code, out, _ = run(capsys, "check", "--n", "8", "--rule", "queens", "--no-color")
    assert code == 1 and out.startswith("8x8 board (--n 8): multiple")
    code, out, _ = run(capsys, "count", "--n", "12", "--rule", "queens", "--workers", "1")
    assert code == 0 and out.startswith("14200 [nqueens") and "symmetric" in out
    code, out, _ = run(capsys, "count", "--n", "40", "--json")
    obj = json.loads(out)
    assert obj["count"] == count_no_touch(40) and "A002464" in obj["method"]
    code, out, _ = run(capsys, "solve", "--n", "1000", "--rule", "queens")
    cols = [int(x) for x in out.split()]
    assert code == 0 and len(cols) == 1000 and valid(cols, "queens")
    code, out, _ = run(capsys, "check", "--n", "100000", "--rule", "queens")
    assert code == 1 and "multiple" in out and "not drawn" in out and len(out) < 500


def test_cli_solve_all_in_three_forms(capsys):
    code, out, err = run(capsys, "solve", "--n", "8", "--rule", "queens", "--all", "--columns")
    rows = [tuple(map(int, line.split())) for line in out.splitlines()]
    assert code == 0 and len(rows) == len(set(rows)) == 92 and all(valid(r, "queens") for r in rows)
    assert "92 solutions [nqueens" in err
    _, out, _ = run(capsys, "solve", "--n", "6", "--rule", "queens", "--all", "--json")
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["index"] for o in objs] == [1, 2, 3, 4] and objs[0]["solution"] == [1, 3, 5, 0, 2, 4]
    _, out, _ = run(capsys, "solve", "--n", "6", "--rule", "queens", "--all", "--no-color")
    assert out.count("solution ") == 4 and len(out.splitlines()) == 4 * 7
    code, out, err = run(capsys, "solve", "--n", "3", "--rule", "queens", "--all")
    assert code == 1 and out == "" and "0 solutions" in err


def test_cli_out_file_method_and_seed(capsys, tmp_path):
    path = tmp_path / "cols.txt"
    code, out, _ = run(capsys, "solve", "--n", "100000", "--rule", "queens", "--out", str(path), "--seed", "3")
    assert code == 0 and f"written to {path}" in out
    lines = path.read_text().splitlines()
    assert len(lines) == 1 and verify.first_violation([int(x) for x in lines[0].split()], "queens") == -1
    run(capsys, "solve", "--n", "100000", "--rule", "queens", "--out", str(path), "--seed", "3")
    assert path.read_text().splitlines() == lines  # the seed makes it reproducible
    code, out, _ = run(capsys, "solve", "--n", "10", "--rule", "queens", "--method", "construct", "--columns")
    assert out.split() == [str(c) for c in construct(10, "queens")]
    code, out, _ = run(capsys, "solve", "--n", "1000", "--method", "construct", "--json")
    assert valid(json.loads(out)["solution"], "no-touch") and json.loads(out)["method"] == "construct"


def test_cli_errors_are_named_and_exit_2(capsys, tmp_path):
    from helpers import EXAMPLES

    code, _, err = run(capsys, "solve", str(EXAMPLES / "unique-8.json"), "--method", "local")
    assert code == 2 and "--method applies to boards without regions" in err
    code, _, err = run(capsys, "solve", str(EXAMPLES / "batch.jsonl"), "--out", str(tmp_path / "x"))
    assert code == 2 and "--out takes one puzzle" in err
    code, _, err = run(capsys, "count", "--n", "70", "--rule", "queens")
    assert code == 2 and "out of reach" in err
    code, _, err = run(capsys, "solve", "--n", "100", "--rule", "queens", "--all")
    assert code == 2 and "stops at n = 63" in err
    code, _, err = run(capsys, "solve", "--n", "100", "--rule", "queens", "--method", "backtrack")
    assert code == 2 and "backtracking handles n <= 63" in err
    for bad in (["count", "--n", "8", "--workers", "0"], ["solve", "--n", "8", "--seed", "-1"]):
        with pytest.raises(SystemExit) as info:
            run(capsys, *bad)
        assert info.value.code == 2


def test_cli_streams_every_solution_before_the_search_ends():
    script = [sys.executable, "-m", "queens_sat", "solve", "--n", "14", "--rule", "queens", "--all", "--columns"]
    proc = subprocess.Popen(script, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        first = proc.stdout.readline()
        assert first.split() == ["0", "2", "4", "6", "11", "9", "12", "3", "13", "8", "1", "5", "7", "10"]
        assert proc.poll() is None  # 365,596 boards: far from done when the first one arrived
    finally:
        proc.kill()
        proc.wait()


# ---------------------------------------------------------------- solutions never held whole
@pytest.mark.parametrize("rule", ["queens", "no-touch"])
def test_construction_in_chunks_is_the_construction(rule):
    from queens_sat.engines.nqueens.construction import construct_chunks

    for n in [*range(1, 80), 10**5 + 1, 10**5 + 2, 10**5 + 3]:
        whole = construct(n, rule)
        chunks = list(construct_chunks(n, rule, size=7))
        if whole is None:
            assert chunks == []
        else:
            assert np.array_equal(np.concatenate(chunks), whole), n


def _checkers(n, rule):
    yield verify.PureColumnChecker(n, rule)
    if native() is not None:
        yield native().ColumnChecker(n, rule == "queens")


@pytest.mark.parametrize("rule", ["queens", "no-touch"])
def test_column_checker_fed_in_chunks_finds_the_first_bad_row(rule):
    """Native and pure checkers, fed in chunks of any size, name the row the whole-array check names."""
    rng = np.random.default_rng(5)
    for trial in range(300):
        n = int(rng.integers(1, 40))
        cols = construct(n, rule) if trial % 3 == 0 and n > 3 else rng.permutation(n)
        cols = np.array(cols, dtype=np.int32)
        if trial % 5 == 1 and n > 1:
            cols[rng.integers(n)] = rng.integers(0, n)  # a repeat, maybe
        expected = verify.first_violation(cols, rule)
        size = int(rng.integers(1, n + 1))
        for checker in _checkers(n, rule):
            found = -1
            for lo in range(0, n, size):
                found = checker.feed(np.ascontiguousarray(cols[lo : lo + size]))
                if found >= 0:
                    break
            assert found == expected, (n, rule, cols.tolist(), size, type(checker).__name__)
    for checker in _checkers(8, rule):  # off the board, and rows past the board's last
        assert checker.feed(np.array([1, 3, 8], dtype=np.int32)) == 2
    for checker in _checkers(4, rule):
        assert checker.feed(np.array([1, 3], dtype=np.int32)) == -1
        assert checker.feed(np.array([0, 2, 1], dtype=np.int32)) == 4


def test_a_check_of_a_huge_board_holds_no_solution(monkeypatch):
    """Past ``STREAM_N``, a search that keeps no solution (``check``) streams the explicit one through
    the checker and counts its mirror; a wrong construction is a bug, never a verdict."""
    monkeypatch.setattr(finding, "STREAM_N", 1000)
    for rule in ("queens", "no-touch"):
        out = finding.find_solutions(1234, rule, limit=2, keep=0)
        assert out.count == 2 and out.solutions == [] and out.stats == {"method": "construct", "streamed": True}
        assert finding.find_solutions(1234, rule, limit=2, keep=1).stats["method"] == "local"  # one is wanted: held

    def broken(n, rule, size=1 << 20):
        yield np.arange(n, dtype=np.int32)  # the diagonal: every queen attacks the next

    from queens_sat.engines.nqueens import construction

    monkeypatch.setattr(construction, "construct_chunks", broken)  # finding imports it when it streams
    with pytest.raises(RuntimeError, match="breaks the rule at row 1"):
        finding.find_solutions(1234, "queens", limit=2, keep=0)


def test_columns_is_a_read_only_sequence_of_ints():
    from queens_sat.model.columns import Columns

    cols = Columns(np.array([1, 3, 0, 2]))
    assert len(cols) == 4 and cols[1] == 3 and type(cols[1]) is int and list(cols) == [1, 3, 0, 2]
    assert isinstance(cols[1:3], Columns) and list(cols[1:3]) == [3, 0]
    assert cols == Columns(np.array([1, 3, 0, 2], dtype=np.int64)) and hash(cols) == hash(Columns(np.array([1, 3, 0, 2])))
    assert cols != Columns(np.array([2, 0, 3, 1])) and len({cols, Columns(np.array([1, 3, 0, 2]))}) == 1
    with pytest.raises(ValueError):
        cols.array[0] = 2


@pytest.mark.parametrize("rule", ["queens", "no-touch"])
def test_a_huge_solution_is_never_a_tuple(monkeypatch, capsys, tmp_path, rule):
    """Past ``STREAM_N`` a solution stays the array it was found in (``Columns``), is verified as it
    is, and every output writes it a chunk at a time: the same columns as the small-board path."""
    import queens_sat.cli.solve_command as solve_command
    from queens_sat.cli import main
    from queens_sat.model.columns import Columns

    monkeypatch.setattr(finding, "STREAM_N", 1000)
    monkeypatch.setattr(solve_command, "CHUNK", 300)
    n = 2500
    res = solve(Puzzle(n=n, rule=rule), limit=1)
    assert isinstance(res.solution, Columns) and verify.first_violation(res.solution, rule) == -1
    expected = list(res.solution)
    assert main(["solve", "--n", str(n), "--rule", rule, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solution"] == expected
    assert main(["solve", "--n", str(n), "--rule", rule, "--columns"]) == 0
    assert [int(c) for c in capsys.readouterr().out.split()] == expected
    out = tmp_path / "s.json"
    assert main(["solve", "--n", str(n), "--rule", rule, "--json", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["solution"] == expected


@pytest.mark.parametrize("rule", ["queens", "no-touch"])
def test_past_hold_n_the_explicit_solution_is_never_held(monkeypatch, capsys, rule):
    """Past ``HOLD_N`` (where the local search's arrays pass 200 MB) ``auto`` gives the explicit
    solution as ``ConstructedColumns``: checked a chunk at a time, made again from the formula
    as it is written; ``--method construct`` does the same from ``STREAM_N``."""
    import queens_sat.cli.solve_command as solve_command
    from queens_sat.cli import main
    from queens_sat.engines.nqueens.construction import ConstructedColumns

    monkeypatch.setattr(finding, "STREAM_N", 1000)
    monkeypatch.setattr(finding, "HOLD_N", 2000)
    monkeypatch.setattr(finding, "PURE_HOLD_N", 2000)
    monkeypatch.setattr(solve_command, "CHUNK", 300)
    n = 2500
    expected = construct(n, rule).tolist()
    res = solve(Puzzle(n=n, rule=rule), limit=1)
    assert isinstance(res.solution, ConstructedColumns) and res.stats["method"] == "construct"
    assert list(res.solution) == expected and len(res.solution) == n
    assert res.solution[7] == expected[7] and res.solution[-1] == expected[-1] and list(res.solution[100:2200:3]) == expected[100:2200:3]
    assert verify.first_violation(res.solution, rule) == -1
    for argv in (["--json"], ["--method", "construct", "--json"]):
        assert main(["solve", "--n", str(n), "--rule", rule, *argv]) == 0
        assert json.loads(capsys.readouterr().out)["solution"] == expected
    assert main(["solve", "--n", "1500", "--rule", rule, "--method", "construct", "--columns"]) == 0  # below HOLD_N, past STREAM_N
    assert [int(c) for c in capsys.readouterr().out.split()] == construct(1500, rule).tolist()
