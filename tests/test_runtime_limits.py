"""Time limits, interruptions, honest refusals and the generator's output file, in process.

The signal-by-signal behaviour of the real processes is in ``test_faults.py``;
these are the pieces underneath: kernels that stop inside a sub-tree, limits
that mean what they say, a backend that refuses what it cannot answer, and a
``--resume`` that refuses a file it would corrupt.
"""

from __future__ import annotations

import fcntl
import json
import math
import os
import threading
import time
from pathlib import Path

import pytest
from helpers import EXAMPLES

from queens_sat.backends import available_backends
from queens_sat.cli import main
from queens_sat.engines.nqueens import counting
from queens_sat.engines.nqueens._impl import native
from queens_sat.engines.nqueens.no_touch import count_no_touch
from queens_sat.formats import read_puzzle
from queens_sat.model.errors import BackendError, Interrupted, was_terminated
from queens_sat.model.puzzle import Puzzle
from queens_sat.runtime.atomic_file import AtomicOutput
from queens_sat.services.solving import solve, time_limit_of


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------ counters stop inside a sub-tree


def _hours_of_work() -> tuple[int, tuple[int, ...]]:
    """One task of the 30-queens counter: hours of search below its first rows."""
    kind, prefix = counting.tasks(30, 4)[0]
    return kind, prefix


@pytest.mark.skipif(native() is None, reason="the native kernel is not built")
def test_native_count_task_stops_inside_its_subtree():
    kind, prefix = _hours_of_work()
    count, finished = native().count_task(30, kind, prefix, time.monotonic() + 0.05)
    assert not finished and count >= 0


@pytest.mark.parametrize("kernel", ["native", "python"])
def test_a_task_past_its_deadline_does_no_work(kernel):
    if kernel == "native" and native() is None:
        pytest.skip("the native kernel is not built")
    kind, prefix = _hours_of_work()
    task = native().count_task if kernel == "native" else counting.count_task
    assert task(30, kind, prefix, time.monotonic() - 1) == (0, False)


def test_python_count_task_stops_inside_its_subtree():
    kind, prefix = counting.tasks(20, 2)[0]  # seconds to minutes of pure Python
    _count, finished = counting.count_task(20, kind, prefix, time.monotonic() + 0.05)
    assert not finished


def test_pool_count_with_a_time_limit_is_a_lower_bound():
    counted = counting.count_queens(30, workers=2, time_limit=0.3)
    assert not counted.complete and counted.timed_out and counted.stats["workers"] == 2


def test_no_touch_recurrence_honours_the_limit():
    assert count_no_touch(2_000_000, time_limit=0.01) is None
    assert count_no_touch(10, time_limit=5) == 479306
    res = solve(Puzzle(n=2_000_000), limit=None, keep=0, time_limit=0.01)
    assert res.timed_out and not res.complete


# ------------------------------------------------------------------ what a time limit may be


def test_time_limit_values():
    assert time_limit_of(None) is None and time_limit_of(math.inf) is None
    assert time_limit_of(2) == 2.0
    for bad in (0, -1, math.nan):
        with pytest.raises(ValueError):
            time_limit_of(bad)


@pytest.mark.parametrize("backend", ["sat", "native", "python"])
def test_an_infinite_time_limit_is_no_limit(backend):
    if backend not in available_backends():
        pytest.skip(f"{backend} is not installed")
    errors: list = []
    hook, threading.excepthook = threading.excepthook, errors.append
    try:
        res = solve(read_puzzle(EXAMPLES / "multiple.txt"), backend=backend, limit=None, time_limit=math.inf)
    finally:
        threading.excepthook = hook
    assert res.count == 3 and res.complete and not errors


# ------------------------------------------------------------------ a backend refuses what it cannot answer


def test_logic_backend_refuses_to_count_what_it_cannot_settle(capsys):
    several = read_puzzle(EXAMPLES / "multiple.txt")
    with pytest.raises(BackendError, match="cannot count"):
        solve(several, backend="logic", limit=None)
    code, out, err = run(capsys, "count", "--backend", "logic", str(EXAMPLES / "multiple.txt"))
    assert code == 2 and "cannot count" in err and "at least" not in out
    code, out, _ = run(capsys, "solve", "--backend", "logic", str(EXAMPLES / "multiple.txt"))
    assert code == 3 and out.startswith("unknown") and "no solution" not in out
    code, out, _ = run(capsys, "count", "--backend", "logic", str(EXAMPLES / "unique-8.json"))
    assert code == 0 and out.startswith("1 ")
    code, out, _ = run(capsys, "solve", "--backend", "logic", str(EXAMPLES / "none.json"))
    assert code == 1 and "no solution" in out


# ------------------------------------------------------------------ SIGTERM is Ctrl-C with another code


def test_terminated_is_seen_through_re_raised_interrupts():
    try:
        try:
            raise Interrupted("terminated", terminated=True)
        except KeyboardInterrupt:
            raise KeyboardInterrupt("a batch's own") from None
    except KeyboardInterrupt as err:
        assert was_terminated(err)
    assert not was_terminated(KeyboardInterrupt())


# ------------------------------------------------------------------ the generator's output file


GEN = ["generate", "--n", "8", "--seed", "4", "--workers", "1", "-q"]


def _made(capsys, out: Path, count: int = 6, *extra: str) -> list[dict]:
    code, _, err = run(capsys, *GEN, "--count", str(count), "-o", str(out), *extra)
    assert code == 0, err
    return [json.loads(line) for line in out.read_text().splitlines()]


@pytest.mark.parametrize(
    "option, named",
    [
        (["--grade", "easy"], "--grade"),
        (["--allow-full-lines"], "--allow-full-lines"),
        (["--allow-disconnected"], "--allow-disconnected"),
        (["--max-repairs", "7"], "--max-repairs"),
        (["--validator", "python"], "--validator"),
        (["--logic"], "--logic"),
        (["--max-region-share", "0.5"], "--max-region-share"),
    ],
)
def test_resume_refuses_an_option_that_changes_the_puzzles(capsys, tmp_path, option, named):
    out = tmp_path / "p.jsonl"
    _made(capsys, out, 3)
    before = out.read_bytes()
    code, _, err = run(capsys, *GEN, "--count", "6", "-o", str(out), "--resume", *option)
    assert code == 2 and named in err and "other options" in err
    assert out.read_bytes() == before


def test_resume_with_the_same_non_default_options_goes_on(capsys, tmp_path):
    out = tmp_path / "p.jsonl"
    _made(capsys, out, 2, "--max-repairs", "40")
    lines = _made(capsys, out, 4, "--max-repairs", "40", "--resume")
    assert len(lines) == 4 and all(r["options"] == {"max_repairs": 40} for r in lines)
    assert [r["previous"] for r in lines] == [-1] + [r["index"] for r in lines[:-1]]


def test_resume_notices_a_lost_or_repeated_line(capsys, tmp_path):
    out = tmp_path / "p.jsonl"
    _made(capsys, out, 5)
    lines = out.read_text().splitlines(keepends=True)
    for broken, says in (
        (lines[:2] + lines[3:], "a line is missing"),
        (lines + lines[-1:], "written twice"),
        ([*lines[:3], lines[1], *lines[3:]], "written twice"),
    ):
        out.write_text("".join(broken))
        code, _, err = run(capsys, *GEN, "--count", "8", "-o", str(out), "--resume")
        assert code == 2 and says in err, err
        assert out.read_text() == "".join(broken)


def test_a_locked_output_is_refused(capsys, tmp_path):
    out = tmp_path / "p.jsonl"
    _made(capsys, out, 2)
    with open(out, "a") as holder:
        fcntl.flock(holder, fcntl.LOCK_EX)
        for extra in (["--resume"], ["--force"]):
            code, _, err = run(capsys, *GEN, "--count", "4", "-o", str(out), *extra)
            assert code == 2 and "another run" in err
    assert len(_made(capsys, out, 4, "--resume")) == 4


def test_atomic_output_leaves_the_old_file_until_committed(tmp_path):
    target = tmp_path / "solution.txt"
    target.write_text("old\n")
    out = AtomicOutput(str(target))
    out.write("half")
    out.discard()
    assert target.read_text() == "old\n" and list(tmp_path.iterdir()) == [target]
    out = AtomicOutput(str(target))
    out.write("new\n")
    out.commit()
    assert target.read_text() == "new\n" and list(tmp_path.iterdir()) == [target]


# ------------------------------------------------------------------ a stream of solutions ends at its time limit


@pytest.mark.parametrize(
    "backend, n, total",
    [
        ("auto", 16, 14772512),
        ("native", 16, 14772512),
        ("nqueens", 16, 14772512),
        ("python", 13, 73712),
        ("sat", 12, 14200),
        ("cpsat", 12, 14200),
    ],
)
def test_each_backend_ends_its_stream_at_the_time_limit(backend, n, total):
    """The backend itself stops (not only the facade between two solutions): a stream that
    would list every solution ends far short of them."""
    from queens_sat.backends import get_backend

    puzzle = Puzzle(n=n, rule="queens")
    try:
        engine = get_backend(backend, puzzle)
    except BackendError:
        pytest.skip(f"{backend} is not installed")
    listed = sum(1 for _ in engine.iter_solutions(puzzle, time_limit=0.05))
    assert 0 <= listed < total
    stream = iter_solutions_facade(puzzle, backend)
    assert sum(1 for _ in stream) < total and stream.timed_out


def iter_solutions_facade(puzzle: Puzzle, backend: str):
    from queens_sat.services.solving import iter_solutions

    return iter_solutions(puzzle, backend=backend, time_limit=0.05)


def test_atomic_output_writes_a_device_in_place(tmp_path):
    """/dev/null (like /dev/stdout or a pipe) is written, never replaced by a regular file."""
    out = AtomicOutput(os.devnull)
    out.write("columns\n")
    out.commit()
    assert not os.path.isfile(os.devnull) and list(tmp_path.iterdir()) == []
