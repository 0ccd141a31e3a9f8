"""The puzzle library: its key (against brute force over the 8 symmetries), adding and
deduplicating, queries, tags, the schema's refusals, a kill -9 in the middle of an add, and
several writers at once."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import EXAMPLES, random_puzzle
from library_helpers import generated_lines, shuffled_image, write_lines

from queens_sat.cli import main
from queens_sat.formats import puzzle_to_dict
from queens_sat.formats.sources import puzzle_records
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.library import (
    SCHEMA_VERSION,
    AddOptions,
    Filters,
    Library,
    NewerSchema,
    NotALibrary,
    add_records,
    count,
    puzzle_key,
    query,
)
from queens_sat.services.library.schema import APPLICATION_ID

SRC = Path(__file__).resolve().parent.parent / "src"


@pytest.fixture(scope="module")
def lines() -> list[dict[str, Any]]:
    return generated_lines(6, 40, seed=7)


@pytest.fixture
def puzzles_file(tmp_path: Path, lines: list[dict[str, Any]]) -> Path:
    return write_lines(tmp_path / "g.jsonl", lines)


# ---------------------------------------------------------------------- the key
def test_key_is_the_same_for_every_symmetric_relabelled_image() -> None:
    rng = random.Random(3)
    for seed in range(40):
        puzzle = random_puzzle(rng.choice([5, 6, 7, 8, 9]), seed, rule=rng.choice(["no-touch", "queens"]), givens=seed % 2 == 0)
        keys = {puzzle_key(shuffled_image(puzzle, s, rng)) for s in range(8)}
        assert keys == {puzzle_key(puzzle)}


def test_key_equality_is_brute_force_symmetry_equality() -> None:
    """Over puzzles that include symmetric copies of each other, two keys are equal exactly when
    one puzzle is among the 8 images of the other (compared cell by cell, up to relabelling)."""
    rng = random.Random(5)
    base = [random_puzzle(5, seed, givens=seed % 3 == 0) for seed in range(12)]
    pool = base + [shuffled_image(p, rng.randrange(8), rng) for p in base[:6]]
    pool += [p.replace(rule="queens") for p in base[:3]] + [Puzzle(p.regions) for p in base[:4] if p.has_givens]
    for a in pool:
        for b in pool:
            images = {b.transformed(s) for s in range(8)}  # Puzzle equality: regions up to relabelling, givens, rule
            assert (puzzle_key(a) == puzzle_key(b)) == (a in images) == (a.symmetry_key() == b.symmetry_key())


def test_key_tells_stars_rule_and_givens_apart() -> None:
    puzzle = Puzzle(json.loads((EXAMPLES / "starbattle-10x10-2.json").read_text())["regions"], stars=2)
    assert puzzle_key(puzzle) != puzzle_key(puzzle.replace(stars=1))
    eight = random_puzzle(8, 1)
    assert puzzle_key(eight) != puzzle_key(eight.replace(rule="queens"))
    assert puzzle_key(eight) != puzzle_key(eight.replace(blocked=[(0, 0)]))
    assert puzzle_key(eight.replace(blocked=[(0, 0)])) != puzzle_key(eight.replace(blocked=[(0, 1)]))


# ---------------------------------------------------------------------- adding
def test_add_keeps_each_puzzle_once_with_its_check(tmp_path: Path, puzzles_file: Path, lines: list[dict[str, Any]]) -> None:
    db = tmp_path / "lib.db"
    assert main(["library", "add", "--db", str(db), str(puzzles_file), "-q"]) == 0
    with Library(str(db), create=False) as library:
        entries = query(library, Filters(), limit=None)
        assert len(entries) == len(lines)
        for entry, line in zip(entries, lines, strict=True):
            puzzle = entry.as_puzzle()
            assert puzzle == Puzzle(line["regions"])
            cols = entry.solution_columns()
            assert cols is not None and puzzle.is_solution(cols) and cols == line["solution"]
            assert entry.status == "unique" and entry.grade is not None and entry.hardest and entry.score is not None
            assert entry.style == "published" and entry.source == str(puzzles_file) and entry.key == puzzle_key(puzzle)
    assert main(["library", "add", "--db", str(db), str(puzzles_file), "-q"]) == 0  # re-added: nothing new
    images = [
        {"id": f"image-{i}-{s}", **puzzle_to_dict(shuffled_image(Puzzle(line["regions"]), s, random.Random(i * 8 + s)))}
        for i, line in enumerate(lines)
        for s in range(8)
    ]
    write_lines(tmp_path / "images.jsonl", images)
    with Library(str(db)) as library:
        summary = add_records(library, puzzle_records([str(tmp_path / "images.jsonl")]))
        assert summary.counts == {"added": 0, "duplicate": 8 * len(lines), "refused": 0, "invalid": 0}
        assert library.count() == len(lines)


def test_add_names_bad_records_and_refuses_puzzles_not_unique(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "lib.db")
    assert main(["library", "add", "--db", db, str(EXAMPLES / "batch-with-bad-record.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "batch-with-bad-record.jsonl:7 [broken]: invalid" in err
    assert "batch-with-bad-record.jsonl:3 [multiple-6]: refused: several solutions" in err
    assert "3 added" in err
    with Library(db) as library:
        assert library.count() == 3
    assert main(["library", "add", "--db", db, "--keep-invalid", str(EXAMPLES / "multiple.txt"), str(EXAMPLES / "none.json")]) == 0
    with Library(db) as library:
        assert count(library, Filters(status=None)) == 5 and count(library, Filters()) == 3


def test_add_reads_folders_and_standard_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    db = str(tmp_path / "lib.db")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((EXAMPLES / "unique-9.txt").read_bytes())))
    assert main(["library", "add", "--db", db, "-", "-q"]) == 0
    main(["library", "add", "--db", db, str(EXAMPLES), "-q"])
    with Library(db) as library:
        sources = {e.source for e in query(library, Filters(), limit=None)}
    assert "<stdin>" in sources and str(EXAMPLES / "starbattle-10x10-2.json") in sources


def test_check_reads_a_folder(capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", "--no-logic", str(EXAMPLES / "screenshots")])
    out = capsys.readouterr().out
    assert "today.png: unique" in out and "phone.jpg" in out


# ---------------------------------------------------------------------- queries, tags, removal
def test_query_filters_sort_and_json(tmp_path: Path, puzzles_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "lib.db")
    main(["library", "add", "--db", db, str(puzzles_file), str(EXAMPLES / "starbattle-10x10-2.json"), "-q"])
    with Library(db) as library:
        every = query(library, Filters(), limit=None)
        graded = [e for e in every if e.n == 6 and e.grade == every[0].grade]
        assert [e.id for e in query(library, Filters(n=(6,), grades=(every[0].grade or "",)), limit=None)] == [e.id for e in graded]
        assert [e.n for e in query(library, Filters(stars=2), limit=None)] == [10]
        scores = [e.score for e in query(library, Filters(n=(6,)), sort="score", limit=None)]
        assert scores == sorted(scores)
        low, high = 5.0, 30.0
        assert {e.id for e in query(library, Filters(score_min=low, score_max=high), limit=None)} == {
            e.id for e in every if e.score is not None and low <= e.score <= high
        }
    capsys.readouterr()
    assert main(["library", "tag", "--db", db, "weekend", "1", "3"]) == 0
    assert main(["library", "query", "--db", db, "--tag", "weekend", "--json"]) == 0
    assert [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()] == [1, 3]
    assert main(["library", "remove", "--db", db, "3"]) == 0
    assert main(["library", "query", "--db", db, "--tag", "weekend", "--count"]) == 0
    assert capsys.readouterr().out.strip() == "1"
    assert main(["library", "show", "--db", db, "3"]) == 2  # removed


def test_show_draws_the_puzzle_and_stats_count(tmp_path: Path, puzzles_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "lib.db")
    main(["library", "add", "--db", db, str(puzzles_file), "-q"])
    capsys.readouterr()
    assert main(["library", "show", "--db", db, "1", "--solution"]) == 0
    out = capsys.readouterr().out
    with Library(db) as library:
        entry = library.get(1)
    rows = [line.split() for line in out.splitlines()[:6]]
    assert len(rows) == 6 and all(len(r) == 6 for r in rows)
    assert [r.index(next(c for c in r if not c.isalpha())) for r in rows] == entry.solution_columns()
    assert main(["library", "stats", "--db", db, "--json"]) == 0
    counts = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sum(c["count"] for c in counts) == 40 and {c["n"] for c in counts} == {6}


def test_stats_chart(tmp_path: Path, puzzles_file: Path) -> None:
    pytest.importorskip("matplotlib")
    db = str(tmp_path / "lib.db")
    main(["library", "add", "--db", db, str(puzzles_file), "-q"])
    assert main(["library", "stats", "--db", db, "--plot", str(tmp_path / "c.png")]) == 0
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ---------------------------------------------------------------------- the file
def _snapshot(path: Path) -> bytes:
    return path.read_bytes()


def test_a_file_that_is_not_a_library_is_left_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.db"
    text.write_text("shopping list\n")
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    before = {p: _snapshot(p) for p in (text, other)}
    for path in (text, other):
        assert main(["library", "add", "--db", str(path), str(EXAMPLES / "unique-8.json")]) == 2
        assert "not a queens-sat library" in capsys.readouterr().err
        assert main(["library", "query", "--db", str(path)]) == 2
        with pytest.raises(NotALibrary):
            Library(str(path))
    assert {p: _snapshot(p) for p in (text, other)} == before
    assert sorted(os.listdir(tmp_path)) == ["notes.db", "other.db"]


def test_a_newer_schema_is_refused_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "lib.db"
    Library(str(db)).close()
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = _snapshot(db)
    assert main(["library", "add", "--db", str(db), str(EXAMPLES / "unique-8.json")]) == 2
    assert "newer queens-sat" in capsys.readouterr().err
    with pytest.raises(NewerSchema):
        Library(str(db))
    assert _snapshot(db) == before


def test_a_new_library_is_marked_and_versioned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("QUEENS_SAT_DB", str(tmp_path / "env.db"))
    assert main(["library", "add", str(EXAMPLES / "unique-8.json"), "-q"]) == 0
    assert not (tmp_path / "puzzles.db").exists()
    with sqlite3.connect(tmp_path / "env.db") as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    monkeypatch.delenv("QUEENS_SAT_DB")
    assert main(["library", "query"]) == 2  # puzzles.db is not there, and a query makes none
    assert not (tmp_path / "puzzles.db").exists()


# ---------------------------------------------------------------------- faults and many writers
def _queens_sat(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    environ = {**os.environ, "PYTHONPATH": str(SRC), **(env or {})}
    return subprocess.Popen([sys.executable, "-m", "queens_sat", *args], env=environ, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _count(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("SELECT count(*) FROM puzzles").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def test_kill_9_mid_add_leaves_whole_batches(tmp_path: Path, lines: list[dict[str, Any]]) -> None:
    """The add is slowed down (pure Python) so that the kill lands in the middle; every batch is in
    or out whole, the file is sound, and adding again completes it."""
    source = write_lines(tmp_path / "g.jsonl", lines)
    db = tmp_path / "lib.db"
    batch = 4
    proc = _queens_sat("library", "add", "--db", str(db), "--batch", str(batch), "-q", str(source), env={"QUEENS_SAT_PURE_PYTHON": "1"})
    deadline = time.monotonic() + 60
    while _count(db) == 0 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    held = _count(db)
    assert held % batch == 0 and 0 < held < len(lines)
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with Library(str(db)) as library:
        summary = add_records(library, puzzle_records([str(source)]), AddOptions(batch=batch))
        assert summary.counts["added"] == len(lines) - held and summary.counts["duplicate"] == held
        assert library.count() == len(lines)


def test_several_writers_at_once_lose_nothing(tmp_path: Path, lines: list[dict[str, Any]]) -> None:
    """Three adds of overlapping files at once, batches of 2 (many transactions in contention):
    each puzzle once, none lost."""
    parts = [write_lines(tmp_path / f"part{i}.jsonl", lines[i * 10 : i * 10 + 20]) for i in range(3)]
    db = tmp_path / "lib.db"
    Library(str(db)).close()
    procs = [_queens_sat("library", "add", "--db", str(db), "--batch", "2", "-q", str(part)) for part in parts]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()
    with Library(str(db)) as library:
        keys = [e.key for e in query(library, Filters(), limit=None)]
    assert len(keys) == len(set(keys)) == 40


def test_generate_writes_into_the_library_as_it_goes(tmp_path: Path) -> None:
    db = str(tmp_path / "lib.db")
    out = tmp_path / "g.jsonl"
    args = ["generate", "--n", "6", "--count", "6", "--seed", "11", "--workers", "1", "-q", "--db", db]
    assert main([*args, "--out", str(out)]) == 0
    written = [json.loads(line) for line in out.read_text().splitlines()]
    with Library(db) as library:
        entries = query(library, Filters(), limit=None)
    assert [e.as_puzzle() for e in entries] == [Puzzle(w["regions"]) for w in written]
    assert all(e.source == str(out) and e.grade is not None for e in entries)
    assert main([*args[:-2], "--db", str(EXAMPLES / "unique-9.txt")]) == 2  # not a library: refused before any work


def test_render_all_draws_every_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pictures"
    assert main(["render", str(EXAMPLES / "batch.jsonl"), "--all", "--out", str(out), "--picture", "svg", "-q"]) == 0
    names = sorted(os.listdir(out))
    assert names == ["0001-unique-8.svg", "0002-queens-rule-7.svg", "0003-multiple-6.svg", "0004-givens-6.svg", "0005-none-6.svg",
                     "0006-nqueens-8.svg"]  # fmt: skip
    assert all((out / name).read_text().startswith("<svg") or "<svg" in (out / name).read_text()[:200] for name in names)
    assert main(["render", str(EXAMPLES / "batch.jsonl"), "--all", "--solution", "--out", str(tmp_path / "solved"), "-q"]) == 1
    assert len(os.listdir(tmp_path / "solved")) == 3  # the three unique ones
