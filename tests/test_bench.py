"""``queens-sat bench``: figures, outputs, and above all that a disagreement is caught."""

from __future__ import annotations

import csv
import io
import json
import random
import sys

import pytest
from helpers import EXAMPLES

from queens_sat import Puzzle, solve
from queens_sat.backends import available_backends
from queens_sat.backends.base import Backend
from queens_sat.backends.python import PythonBackend
from queens_sat.cli import main
from queens_sat.formats import puzzle_to_json
from queens_sat.model.result import Outcome
from queens_sat.services.benchmark.boards import random_board
from queens_sat.services.benchmark.measure import Measurement
from queens_sat.services.benchmark.summary import percentile, summarise

SOLVERS = "python,sat,cpsat" if {"sat", "cpsat"} <= set(available_backends()) else "python"
SMALL = ["bench", "--generate", "5-6", "--per-size", "3", "--backends"]


class WrongBackend(Backend):
    """Says "no solution" to every 8x8 puzzle: the bench must notice."""

    name = "wrong"

    def search(self, puzzle, *, limit, keep, time_limit):
        if puzzle.n == 8:
            return Outcome([], 0, True)
        return PythonBackend().search(puzzle, limit=limit, keep=keep, time_limit=time_limit)


class GaveUpBackend(Backend):
    """Always hits its time limit: unknown is not a disagreement."""

    name = "gaveup"

    def search(self, puzzle, *, limit, keep, time_limit):
        return Outcome([], 0, False, True)


class GhostBackend(WrongBackend):
    name = "ghost"
    install_hint = "pip install ghost-solver"

    @classmethod
    def available(cls) -> bool:
        return False


@pytest.fixture
def fake_backends(monkeypatch):
    from queens_sat import backends

    for name, cls in (("wrong", "WrongBackend"), ("gaveup", "GaveUpBackend"), ("ghost", "GhostBackend")):
        monkeypatch.setitem(backends._REGISTRY, name, (__name__, cls))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_small_run_as_json(capsys):
    code, out, err = run(capsys, *SMALL, SOLVERS, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["puzzles"] == 6 and doc["disagreements"] == [] and not doc["interrupted"]
    names = SOLVERS.split(",")
    assert doc["backends"] == names
    rows = doc["rows"]
    assert {(r["size"], r["backend"]) for r in rows} == {(s, b) for s in (5, 6, "all") for b in names}
    for size in (5, 6, "all"):
        group = [r for r in rows if r["size"] == size]
        assert min(r["ratio"] for r in group) == 1.0
        for r in group:
            assert r["puzzles"] == (3 if size != "all" else 6)
            assert 0 < r["median_ms"] <= r["p95_ms"] <= r["max_ms"]
            assert (r["build_median_ms"] is None) == (r["backend"] == "python")


def test_csv_and_table_outputs(capsys):
    code, out, _ = run(capsys, *SMALL, SOLVERS, "--csv")
    assert code == 0
    table = list(csv.DictReader(io.StringIO(out)))
    assert len(table) == 3 * len(SOLVERS.split(",")) and table[0]["size"] == "5"
    assert set(table[0]) >= {"backend", "median_ms", "p95_ms", "max_ms", "ratio", "build_median_ms", "solve_median_ms"}
    code, out, _ = run(capsys, *SMALL, SOLVERS, "--no-color")
    assert code == 0
    assert "× fastest" in out and "build ms" in out and "every backend gave the same verdict" in out
    for name in SOLVERS.split(","):
        assert f" {name} " in out


def test_a_wrong_backend_is_caught_and_its_puzzle_printed(capsys, fake_backends):
    code, out, err = run(capsys, "bench", str(EXAMPLES / "batch.jsonl"), "--backends", "python,wrong", "--json")
    assert code == 1
    assert "DISAGREEMENT on" in err and "python=unique" in err and "wrong=none" in err
    assert "CBBBBBAA" in err  # the 8x8 puzzle itself, ready to reproduce
    doc = json.loads(out)
    assert [d["verdicts"] for d in doc["disagreements"]] == [
        {"python": "unique", "wrong": "none"},  # unique-8
        {"python": "multiple", "wrong": "none"},  # nqueens-8
    ]
    assert doc["disagreements"][0]["puzzle"]["regions"][0] == "CBBBBBAA"
    assert doc["disagreements"][1]["puzzle"] == {"n": 8, "rule": "queens"}


def test_the_corpus_count_is_a_voter_too(capsys, tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    puzzle = Puzzle(["AABCCC", "BBBDEC", "BBBDEE", "BBEEEE", "BEEEFF", "BEEFFF"], queens=[(0, 0)])  # unique
    record = json.loads(puzzle_to_json(puzzle, id="claims-two"))
    corpus.write_text(json.dumps({**record, "solutions": 2}) + "\n")
    code, out, err = run(capsys, "bench", str(corpus), "--backends", "python")
    assert code == 1
    assert "[claims-two]" in err and "corpus=multiple" in err and "python=unique" in err
    assert "1 puzzle with disagreeing verdicts" in out


def test_time_limit_unknowns_are_counted_not_disagreements(capsys, fake_backends):
    code, out, _ = run(capsys, *SMALL, "python,gaveup", "--json")
    assert code == 0
    rows = {(r["size"], r["backend"]): r for r in json.loads(out)["rows"]}
    assert rows[(5, "gaveup")]["timeouts"] == 3 and rows[(5, "python")]["timeouts"] == 0


def test_corpus_filters_by_size_and_caps_per_size(capsys):
    code, out, _ = run(capsys, "bench", str(EXAMPLES / "batch.jsonl"), "--sizes", "6", "--per-size", "2", "--backends", "python", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["puzzles"] == 2 and {r["size"] for r in doc["rows"]} == {6}


def test_raw_measurements_are_written_as_they_are_made(capsys, tmp_path):
    raw = tmp_path / "raw.jsonl"
    code, _, _ = run(capsys, *SMALL, SOLVERS, "--csv", "--raw", str(raw))
    assert code == 0
    lines = [json.loads(line) for line in raw.read_text().splitlines()]
    assert len(lines) == 6 * len(SOLVERS.split(","))
    assert {m["status"] for m in lines} <= {"unique", "multiple"} and all(m["elapsed"] > 0 for m in lines)


def test_ctrl_c_prints_what_was_measured(capsys, monkeypatch):
    from queens_sat.services.benchmark import measure

    real = measure.measure_case
    calls = []

    def interrupted_on_the_fourth(*args, **kwargs):
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(measure, "measure_case", interrupted_on_the_fourth)
    code, out, err = run(capsys, *SMALL, "python", "--json")
    assert code == 130
    doc = json.loads(out)
    assert doc["interrupted"] and doc["puzzles"] == 3
    assert [(r["size"], r["puzzles"]) for r in doc["rows"]] == [(5, 3)]
    assert "interrupted after 3 of 6 puzzles" in err
    calls.clear()
    code, out, _ = run(capsys, *SMALL, "python", "--no-color")
    assert code == 130 and "3 puzzles (interrupted)" in out and "interrupted after 3 of 6" in out


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml")])
def test_plot_draws_a_file(capsys, tmp_path, suffix, magic):
    pytest.importorskip("matplotlib")
    target = tmp_path / f"times{suffix}"
    code, _, _ = run(capsys, *SMALL, "python", "--csv", "--plot", str(target))
    assert code == 0 and target.read_bytes().startswith(magic)


def test_plot_without_matplotlib_fails_before_measuring(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes "import matplotlib" fail
    code, out, err = run(capsys, *SMALL, "python", "--plot", str(tmp_path / "t.png"))
    assert code == 2 and out == ""
    assert "--plot needs matplotlib" in err and "queens-sat[plot]" in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["bench"], "nothing to measure"),
        (["bench", "--generate", "0-3"], "sizes must be between 1 and 64"),
        (["bench", "--generate", "9-8"], "runs backwards"),
        (["bench", "--generate", "eight"], "is not a size"),
        (["bench", "--generate", "3"], "no 3x3 board has a solution"),
        (["bench", "--generate", "5", "--backends", "gurobi"], "unknown backend 'gurobi'"),
        (["bench", "--generate", "5", "--backends", "ghost"], "pip install ghost-solver"),
        (["bench", "--generate", "5", "--plot", "t.gif"], "must end in .png, .svg, .pdf"),
        (["bench", "no-such-file.jsonl"], "no such file"),
        (["bench", str(EXAMPLES / "batch.jsonl"), "--sizes", "30"], "no puzzle to measure"),
    ],
)
def test_bad_usage_exits_2_with_a_message(capsys, fake_backends, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err


def test_missing_backends_are_skipped_with_a_note_by_default(capsys, fake_backends, monkeypatch):
    from queens_sat.cli import bench_command

    monkeypatch.setattr(bench_command, "NOT_BY_DEFAULT", ("logic", "wrong", "gaveup"))
    code, out, _ = run(capsys, "bench", "--generate", "5", "--per-size", "2", "--no-color")
    assert code == 0
    assert "note: ghost skipped: backend 'ghost' is not installed: pip install ghost-solver" in out
    assert " python " in out


def test_summary_figures():
    assert percentile([5, 1, 4, 2, 3], 95) == 5 and percentile([5, 1, 4, 2, 3], 50) == 3
    assert percentile(list(range(1, 101)), 95) == 95
    ms = [Measurement("a", f"p{i}", 8, "unique", t) for i, t in enumerate([0.001, 0.002, 0.003])]
    ms += [Measurement("b", f"p{i}", 8, "unique", t, 0.0001, 0.0005) for i, t in enumerate([0.004, 0.006, 0.008])]
    ms.append(Measurement("b", "big", 9, "unknown", 0.5))
    ms.append(Measurement("a", "big", 9, "skipped", error="too big"))
    rows = {(r.size, r.backend): r for r in summarise(ms, ["a", "b"])}
    assert rows[(8, "a")].median == 0.002 and rows[(8, "b")].ratio == pytest.approx(3.0)
    assert rows[(8, "b")].build_median == 0.0001 and rows[(8, "a")].build_median is None
    assert rows[(9, "a")].refused == "too big" and rows[(9, "a")].puzzles == 0  # shown as refusing, without times
    assert rows[(9, "b")].timeouts == 1 and rows[(9, "b")].ratio == 1.0
    assert rows[("all", "b")].puzzles == 4 and rows[("all", "a")].puzzles == 3


@pytest.mark.parametrize("rule", ["no-touch", "queens"])
def test_random_boards_have_a_solution_and_connected_regions(rule):
    for n in (1, 4, 7, 12):
        for seed in range(5):
            puzzle = random_board(n, random.Random(seed), rule)
            assert puzzle.n == n and puzzle.rule == rule and puzzle.warnings() == []
            assert solve(puzzle, backend="python", limit=1).count == 1
            assert random_board(n, random.Random(seed), rule) == puzzle  # reproducible from the seed
