"""Issue 38's faults, each measured the way it showed: memory bounded by what an input means (dense
JSON, JSON lines and text refused or streamed before they are built), one time budget shared by
the stages of a request, and standard output left with whole lines on a full disk."""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from queens_sat.formats import json_budget, read_puzzles
from queens_sat.formats.text_format import read_text
from queens_sat.model.errors import PuzzleError
from queens_sat.model.puzzle import Puzzle

LINUX = sys.platform.startswith("linux")
MEMORY_CAP_MB = 200
PURE = os.environ.get("QUEENS_SAT_PURE_PYTHON", "") not in ("", "0")

# a command (or a few lines of Python) in a process of its own, then its high-water mark (VmHWM)
_PEAK = (
    "\npeak = next(line for line in open('/proc/self/status') if line.startswith('VmHWM:')).split()[1]\n"
    "sys.stderr.write(f'\\npeak-kb {peak}\\n')\n"
)
_COMMAND = "import sys\nfrom queens_sat.cli import main\ncode = main(sys.argv[1:])" + _PEAK + "sys.exit(code)\n"


def peak_of(script: str, *argv: str) -> tuple[int, int, str]:
    """Exit code, peak MB and standard error of ``script`` run with ``argv`` in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", script, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=tempfile.gettempdir()
    )
    err, _, peak = done.stderr.rpartition("\npeak-kb ")
    assert peak, done.stderr
    return done.returncode, int(peak) >> 10, err


def dense(head: str, item: str, tail: str, size: int = 10_000_000) -> bytes:
    count = (size - len(head) - len(tail)) // (len(item) + 1)
    return (head + ",".join([item] * count) + tail).encode()


DENSE = {  # the shapes, each at most 10 MB; every one held 250-360 MB before
    "meta-dicts.json": dense('{"n": 8, "meta": [', "{}", "]}"),
    "same-given.json": dense('{"n": 8, "givens": {"queens": [', "[0,0]", "]}}"),
    "one-line.jsonl": dense('{"n": 8, "meta": [', "[]", "]}"),
    "text-givens.txt": dense("# queens: ", "(0, 0)", "\naabbccdd\n" * 8),
    "wide-grid.txt": ("a" * 3160 + "\n").encode() * 3160,
}


@pytest.mark.skipif(not LINUX, reason="reads VmHWM from /proc")
@pytest.mark.skipif(PURE, reason="the readers are the same on both paths; run once")
@pytest.mark.parametrize("name", sorted(DENSE))
def test_a_dense_input_is_refused_before_it_is_built(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(DENSE[name])
    for command in ("check", "explain"):
        code, peak, err = peak_of(_COMMAND, command, str(path))
        assert code == 2, (name, command, err)
        assert "Traceback" not in err and f"{name}" in err, err
        assert peak <= MEMORY_CAP_MB, f"{command} {name}: {peak} MB"


@pytest.mark.skipif(not LINUX, reason="reads VmHWM from /proc")
def test_a_json_array_of_many_records_streams(tmp_path: Path) -> None:
    """A 10 MB array of 3.3 million small values is read a record at a time: its first records
    come without the rest ever being objects (300 MB of lists before)."""
    path = tmp_path / "lists.json"
    path.write_bytes(dense("[", "[]", "]"))
    script = (
        "import sys\nfrom queens_sat.formats import read_puzzles\n"
        "records = read_puzzles(sys.argv[1])\nfirst = [next(records) for _ in range(3)]\n"
        "assert all('expected a JSON object' in str(r.error) for r in first), first\n" + _PEAK
    )
    code, peak, err = peak_of(script, str(path))
    assert code == 0, err
    assert peak <= 100, f"{peak} MB"


def test_a_streamed_array_gives_the_records_a_whole_parse_gives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    objects: list[Any] = [
        {"regions": ["AAB", "ABB", "CCC"], "id": "x,]"},
        [],
        {"n": 5, "rule": "queens", "givens": {"queens": [[0, 0]]}},
        {"n": 4, "meta": {"note": "a \"quoted\" [string], {with} brackets\\"}},
        "text",
        {"regions": [[0, 0], [1, 1]]},
    ]
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(objects, indent=1))
    whole = [(r.id, str(r.error), r.puzzle) for r in read_puzzles(str(path))]
    monkeypatch.setattr(json_budget, "estimate", lambda text: 1 << 40)  # every document looks too big: streamed
    monkeypatch.setattr(json_budget, "BLOCK", 7)  # scanned 7 bytes at a time: every carry crosses a block
    streamed = [(r.id, str(r.error), r.puzzle) for r in read_puzzles(str(path))]
    assert len(streamed) == len(objects)
    for (id_w, err_w, puzzle_w), (id_s, err_s, puzzle_s) in zip(whole, streamed, strict=True):
        assert id_w == id_s and puzzle_w == puzzle_s
        assert (err_w == "None") == (err_s == "None")


@pytest.mark.parametrize(
    "text",
    [b"[]", b"[ ]", b"[1,2]", b'[[],{"a,":"]\\"["},[[1]]]', b' [ {"n":8} , {"n":9} ]  ', b'["\\\\", "\\\\\\"", 3]'],
)
def test_the_scan_finds_the_elements_json_finds(text: bytes) -> None:
    found = [json.loads(text[start:end]) for start, end, _, _ in json_budget.elements(text)]
    assert found == json.loads(text)
    assert json_budget.scan(text)[3] == _depth(json.loads(text))


def _depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


def test_duplicate_givens_are_refused_with_their_place(tmp_path: Path) -> None:
    path = tmp_path / "twice.json"
    path.write_text(json.dumps({"n": 8, "givens": {"queens": [[0, 0], [2, 4], [2, 4]]}}))
    (record,) = read_puzzles(str(path))
    assert record.error is not None and "queen r3c5 is given twice" in str(record.error)
    assert (record.error.location.row, record.error.location.col) == (2, 4)
    text = read_text("# blocked: (1, 1) (1, 1)\nab\nba\n", "twice.txt")
    assert text.error is not None and "blocked cell r2c2 is given twice" in str(text.error)
    with pytest.raises(PuzzleError, match="more queens given than the 8x8 board can hold"):
        Puzzle(n=8, queens=[(r, c) for r in range(8) for c in range(2)])


def test_a_text_grid_is_refused_at_its_first_wide_row() -> None:
    record = read_text("a" * 65 + "\n" + "b" * 65 + "\n", "wide.txt")
    assert record.error is not None and record.error.location.line == 1
    assert "at most 64 cells wide" in str(record.error)
    record = read_text("# queens: " + "(0, 0) " * 5000 + "\nab\nba\n", "givens.txt")
    assert record.error is not None and "5,000 cells listed" in str(record.error)


# ---------------------------------------------------------------------------- one time budget


def test_a_hint_gives_the_logic_engine_what_the_search_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solvability search and the logic engine share the one limit: the engine's deadline is
    the limit counted from the call, not from the end of the search."""
    import queens_sat.services.logic.hinting as hinting
    import queens_sat.services.solving as solving

    real_solve, deadlines = solving.solve, []

    def slow_solve(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.05)  # a search that takes part of the budget
        return real_solve(*args, **kwargs)

    real_open = hinting.open_engine

    def recording_open(puzzle: Puzzle, max_depth: int, deadline: float | None) -> Any:
        deadlines.append((deadline, time.perf_counter()))
        return real_open(puzzle, max_depth, deadline)

    monkeypatch.setattr(solving, "solve", slow_solve)
    monkeypatch.setattr(hinting, "open_engine", recording_open)
    hinting.next_hint([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]], time_limit=5.0)
    (deadline, opened), = deadlines
    assert deadline is not None
    assert deadline <= opened + 5.0 - 0.05  # the 50 ms the search took are gone from the engine's budget


def test_a_check_gives_the_logic_verdict_what_the_search_left(monkeypatch: pytest.MonkeyPatch) -> None:
    import queens_sat.engines.logic as logic
    from queens_sat.formats.records import PuzzleRecord
    from queens_sat.services import checking

    limits: list[float | None] = []
    real = logic.logic_solve

    def recording(puzzle: Puzzle, depth: int, limit: float | None = None, *args: Any, **kwargs: Any) -> Any:
        limits.append(limit)
        return real(puzzle, depth, limit)

    monkeypatch.setattr(logic, "logic_solve", recording)
    puzzle = _unique_puzzle()
    report = checking.check_record(PuzzleRecord("x", puzzle=puzzle), time_limit=3.0)
    assert report.result is not None and limits
    assert limits[0] is not None and limits[0] <= 3.0 - report.result.elapsed + 1e-9


def _unique_puzzle() -> Puzzle:
    from queens_sat.services.generator import generate

    return generate(6, count=1, seed=4)[0].puzzle()


# ---------------------------------------------------------------------------- a full disk


def _limit_file_size(size: int) -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead of killing
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


@pytest.mark.skipif(not LINUX, reason="RLIMIT_FSIZE and SIGXFSZ as Linux has them")
@pytest.mark.parametrize(
    "argv, room",
    [
        (["solve", "--n", "12", "--rule", "queens", "--all", "--json"], 8192),
        (["generate", "--n", "6", "--count", "400", "--seed", "3", "--quiet"], 8192),
        (["check", "--json", "--no-logic", "{examples}/batch.jsonl"], 1000),
    ],
    ids=["solve", "generate", "check"],
)
def test_standard_output_on_a_full_disk_ends_with_a_whole_line(tmp_path: Path, argv: list[str], room: int) -> None:
    """A file that can grow only to ``room`` bytes stands for a full disk (the write that passes
    it fails half-way, as on a full tmpfs): what standard output holds is whole lines, and the
    error names standard output."""
    examples = Path(__file__).resolve().parent.parent / "examples"
    out = tmp_path / "out.jsonl"
    with out.open("wb") as handle:
        done = subprocess.run(
            [sys.executable, "-m", "queens_sat", *(a.format(examples=examples) for a in argv)],
            stdout=handle,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: _limit_file_size(room),
            cwd=tempfile.gettempdir(),
        )
    data = out.read_bytes()
    assert done.returncode == 2, done.stderr
    assert "cannot write to standard output" in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert data and data.endswith(b"\n") and len(data) <= room
    for line in data.splitlines():
        json.loads(line)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_standard_output_on_dev_full_is_named() -> None:
    examples = Path(__file__).resolve().parent.parent / "examples"
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "queens_sat", "check", "--json", str(examples / "batch.jsonl")],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tempfile.gettempdir(),
        )
    assert done.returncode == 2
    assert "cannot write to standard output: No space left on device" in done.stderr, done.stderr


# ---------------------------------------------------------------------------- big boards without regions


@pytest.mark.skipif(not LINUX, reason="reads VmHWM from /proc")
@pytest.mark.skipif(PURE, reason="the compiled local search's memory; the twin's is bench material")
def test_a_big_board_without_regions_is_solved_within_200_mb(tmp_path: Path) -> None:
    """n = 10^7 took the local search's arrays to 254 MB; from ``HOLD_N`` on the explicit solution
    is written a chunk at a time."""
    out = tmp_path / "solution.json"
    code, peak, err = peak_of(_COMMAND, "solve", "--n", "10000000", "--rule", "queens", "--out", str(out))
    assert code == 0, err
    assert peak <= MEMORY_CAP_MB, f"{peak} MB"
    assert out.stat().st_size > 10_000_000


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(6 if depth < 5 else 3)
    if kind == 0:
        return rng.randint(-5, 10**6)
    if kind == 1:
        return "".join(rng.choice('ab,[]{}"\\: ') for _ in range(rng.randrange(6)))
    if kind == 2:
        return rng.choice([None, True, 1.5])
    if kind in (3, 4):
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {f"k{i}{rng.choice('[]{},')}": _random_value(rng, depth + 1) for i in range(rng.randrange(4))}


@pytest.mark.parametrize("block", [1, 3, 8, 1 << 18])
def test_the_scan_agrees_with_json_on_random_documents(monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    """Random arrays (strings full of brackets, quotes and backslashes), scanned ``block`` bytes at
    a time: the elements found are the array's, each as deep as it is."""
    monkeypatch.setattr(json_budget, "BLOCK", block)
    rng = random.Random(38)
    for _ in range(150):
        document = [_random_value(rng) for _ in range(rng.randrange(5))]
        text = json.dumps(document, indent=rng.choice([None, 1])).encode()
        found = list(json_budget.elements(text))
        assert [json.loads(text[start:end]) for start, end, _, _ in found] == document
        assert [depth for _, _, _, depth in found] == [_depth(value) for value in document]
        assert json_budget.scan(text)[3] == _depth(document)
