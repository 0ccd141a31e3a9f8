"""``serve --db``: the daily routes, the archive, the query route, POST /plays checked field by
field, many writers at once (two server workers, 16 clients and a ``library add``) losing no
play, and ``library plays`` (Spearman's rho against the textbook formula)."""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import subprocess
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from helpers import EXAMPLES
from library_helpers import generated_lines, write_lines

from queens_sat.cli import main
from queens_sat.formats.sources import puzzle_records
from queens_sat.services.library import Filters, Library, add_records, query
from queens_sat.services.library.plays import Play, play_report, record_play, spearman

pytest.importorskip("uvicorn")
SRC = Path(__file__).resolve().parent.parent / "src"


def _library(path: Path) -> list[Any]:
    """A library of the examples' unique puzzles, the first on today's calendar, the second on
    yesterday's, the third tomorrow's."""
    with Library(str(path)) as library:
        add_records(library, puzzle_records([str(EXAMPLES / "batch.jsonl"), str(EXAMPLES / "unique-9.txt")]))
        entries = query(library, Filters(), limit=None)
        today = dt.date.today()
        rows = [((today + dt.timedelta(days=d)).isoformat(), e.id) for d, e in zip((0, -1, 1), entries, strict=False)]
        library.write(lambda db: db.executemany("INSERT INTO calendar (day, puzzle) VALUES (?, ?)", rows))
    return entries


def _get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def _post(url: str, obj: Any) -> tuple[int, Any]:
    request = urllib.request.Request(url, data=json.dumps(obj).encode(), method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


@pytest.fixture(scope="module")
def served_library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from served import serving

    path = tmp_path_factory.mktemp("serve") / "lib.db"
    entries = _library(path)
    with serving("--db", str(path), "--workers", "2") as served:
        yield served, path, entries


def test_daily_archive_and_query_routes(served_library: Any) -> None:
    served, _path, entries = served_library
    today = dt.date.today()
    status, day = _get(served.url + "/daily")
    assert status == 200 and day["day"] == today.isoformat() and day["key"] == entries[0].key
    assert "solution" not in day and "no name" in day["kept"]
    status, past = _get(f"{served.url}/daily/{today - dt.timedelta(days=1)}")
    assert status == 200 and past["key"] == entries[1].key
    assert _get(f"{served.url}/daily/{today + dt.timedelta(days=1)}")[0] == 404  # no peeking at days to come
    assert _get(f"{served.url}/daily/someday")[0] == 400
    status, archive = _get(served.url + "/archive")
    assert [d["day"] for d in archive["days"]] == [today.isoformat(), (today - dt.timedelta(days=1)).isoformat()]
    status, found = _get(f"{served.url}/library?n={entries[0].n}&limit=5")
    assert status == 200 and all(p["n"] == entries[0].n for p in found["puzzles"]) and found["puzzles"]
    assert _get(f"{served.url}/library?grade=Impossible")[0] == 400


def test_plays_are_checked_field_by_field(served_library: Any) -> None:
    served, path, entries = served_library
    good = {"key": entries[0].key, "day": dt.date.today().isoformat(), "seconds": 61.5, "solved": True, "mistakes": 1, "hints": 2,
            "first": [[0, 1], [2, 3]]}  # fmt: skip
    status, answer = _post(served.url + "/plays", good)
    assert status == 201
    with Library(str(path)) as library:
        row = library.read("SELECT key, day, seconds, solved, mistakes, hints, first FROM plays WHERE id = ?", (answer["id"],))[0]
    assert row == (good["key"], good["day"], 61.5, 1, 1, 2, "[[0, 1], [2, 3]]")
    for bad in ({**good, "key": "x"}, {**good, "seconds": -1}, {**good, "solved": "yes"}, {**good, "first": [[0]]},
                {**good, "email": "a@b.c"}, {**good, "day": "tomorrow"}, [1, 2]):  # fmt: skip
        status, answer = _post(served.url + "/plays", bad)
        assert status == 400 and answer["error"]


def test_many_writers_lose_no_play(served_library: Any, tmp_path: Path) -> None:
    """16 clients post 320 plays to two workers while a ``library add`` writes in batches of 2."""
    served, path, entries = served_library
    with Library(str(path)) as library:
        before = int(library.read("SELECT count(*) FROM plays")[0][0])
    source = write_lines(tmp_path / "g.jsonl", generated_lines(6, 30, seed=21))
    environ = {**os.environ, "PYTHONPATH": str(SRC)}
    adder = subprocess.Popen([sys.executable, "-m", "queens_sat", "library", "add", "--db", str(path), "--batch", "2", "-q", str(source)],
                             env=environ, stderr=subprocess.PIPE)  # fmt: skip
    rng = random.Random(1)
    plays = [{"key": rng.choice(entries).key, "day": None, "seconds": rng.uniform(10, 600), "solved": True, "mistakes": 0, "hints": 0}
             for _ in range(320)]  # fmt: skip
    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(lambda play: _post(served.url + "/plays", play), plays))
    _, err = adder.communicate(timeout=120)
    assert adder.returncode == 0, err
    assert all(status == 201 for status, _ in answers)
    ids = [answer["id"] for _, answer in answers]
    assert len(set(ids)) == len(plays)
    with Library(str(path)) as library:
        assert int(library.read("SELECT count(*) FROM plays")[0][0]) == before + len(plays)
        assert library.count() >= 30


def test_spearman_against_the_textbook_formula() -> None:
    rng = random.Random(4)
    for _ in range(50):
        size = rng.randrange(3, 30)
        xs = rng.sample(range(1000), size)
        ys = rng.sample(range(1000), size)
        rank_x = {v: i for i, v in enumerate(sorted(xs))}
        rank_y = {v: i for i, v in enumerate(sorted(ys))}
        d2 = sum((rank_x[x] - rank_y[y]) ** 2 for x, y in zip(xs, ys, strict=True))
        assert spearman(xs, ys) == pytest.approx(1 - 6 * d2 / (size * (size * size - 1)))
    assert spearman([1, 2, 3], [5, 5, 5]) is None
    assert spearman([1, 2, 2, 3], [1, 2, 2, 3]) == pytest.approx(1.0)


def test_library_plays_reports_times_by_grade_and_band(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lib.db"
    entries = _library(path)
    times = {}
    with Library(str(path)) as library:
        for i, entry in enumerate(entries):
            for seconds in (10.0 * (i + 1), 10.0 * (i + 1) + 4, 10.0 * (i + 1) + 8):
                record_play(library, Play(entry.key, None, seconds, True, 0, 0, ()))
            record_play(library, Play(entry.key, None, 999.0, False, 3, 1, ((0, 0),)))
            times[entry.key] = 10.0 * (i + 1) + 4
        report = play_report(library)
    scores = [e.score or 0.0 for e in entries]
    assert report.rho == pytest.approx(spearman(scores, [times[e.key] for e in entries]))
    assert sum(g.plays for g in report.by_grade) == 4 * len(entries) == report.plays
    assert all(g.solved * 4 == g.plays * 3 for g in report.by_grade)
    assert main(["library", "plays", "--db", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["spearman_rho"] == pytest.approx(report.rho)
