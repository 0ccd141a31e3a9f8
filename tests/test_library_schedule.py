"""The calendar: a schedule from an empty library generates what it needs, follows the plan day by
day, never repeats a puzzle nor a symmetric copy, keeps the days already laid out; ``daily``."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from queens_sat.cli import main
from queens_sat.services.library import Library
from queens_sat.services.library.schedule import WEEKDAYS, ScheduleError, calendar, daily, parse_plan, schedule

PLAN = "mon=5:Easy tue=5:Medium wed=6:Easy thu=6:Medium fri=6:Hard sat=5:Easy sun=6:Medium"  # small boards: a quick test


def test_schedule_from_empty_follows_the_plan_without_repeats(tmp_path: Path) -> None:
    db = str(tmp_path / "lib.db")
    plan = parse_plan(PLAN)
    start = dt.date(2027, 1, 4)  # a Monday
    with Library(db) as library:
        placed = schedule(library, start, 10, plan, workers=1, seed=5)
        assert [d.day for d in placed] == [(start + dt.timedelta(days=i)).isoformat() for i in range(10)]
        entries = [library.get(d.puzzle) for d in placed]
        for day, entry in zip(placed, entries, strict=True):
            slot = plan[WEEKDAYS[dt.date.fromisoformat(day.day).weekday()]]
            assert (entry.n, entry.grade, entry.status) == (slot.n, slot.grade, "unique")
        puzzles = [e.as_puzzle() for e in entries]
        for i, a in enumerate(puzzles):  # no two days symmetric copies of each other, by brute force
            for b in puzzles[i + 1 :]:
                assert a not in {b.transformed(s) for s in range(8)}
        again = schedule(library, start, 14, plan, workers=1, seed=6)  # the first 10 days are kept
        assert [d.day for d in again] == [(start + dt.timedelta(days=i)).isoformat() for i in range(10, 14)]
        days = calendar(library)
        assert len(days) == 14 and len({pid for _, pid, *_ in days}) == 14
        assert daily(library, start) == entries[0] and daily(library, start - dt.timedelta(days=1)) is None


def test_a_grade_the_size_cannot_reach_is_refused_before_anything_is_made(tmp_path: Path) -> None:
    """Expert never comes on 5x5 boards at the library's depth: the schedule says so at once, with
    the setting that would reach it, and neither a puzzle nor a day is written."""
    db = str(tmp_path / "lib.db")
    with Library(db) as library:
        with pytest.raises(ScheduleError, match=r"5:Expert: Expert cannot be reached on a 5x5 board.*n >= 7 reaches it"):
            schedule(library, dt.date(2027, 1, 4), 7, parse_plan(PLAN + " sun=5:Expert"), workers=1, seed=1)
        assert library.read("SELECT count(*) FROM puzzles") == [(0,)]
        assert library.read("SELECT count(*) FROM calendar") == [(0,)]


def test_daily_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "lib.db")
    assert main(["library", "schedule", "--db", db, "--start", "2027-01-04", "--days", "2", "--plan", PLAN, "--workers", "1", "-q"]) == 0
    capsys.readouterr()
    assert main(["library", "daily", "--db", db, "2027-01-05", "--json"]) == 0
    day = json.loads(capsys.readouterr().out)
    assert day["day"] == "2027-01-05" and day["n"] == 5 and day["grade"] == "Medium"
    assert main(["library", "daily", "--db", db, "2027-01-05"]) == 0
    assert "Tuesday 05 January 2027" in capsys.readouterr().out
    assert main(["library", "daily", "--db", db, "2027-02-01"]) == 2


def test_a_bad_plan_is_refused() -> None:
    for spec in ("mon=7", "xyz=7:Easy", "mon=7:Impossible", "mon=x:Easy"):
        with pytest.raises(ScheduleError):
            parse_plan(spec)
    assert str(parse_plan("sun=10*2:hard")["sun"]) == "10*2:Hard"


def test_the_lean_daily_answers_as_the_ordinary_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``queens-sat library daily`` (answered before the whole command line is built) prints what
    the ordinary parser's path prints, and hands anything else on its line to that parser."""
    import os
    import subprocess
    import sys

    db = str(tmp_path / "lib.db")
    assert main(["library", "schedule", "--db", db, "--start", "2027-01-04", "--days", "1", "--plan", PLAN, "--workers", "1", "-q"]) == 0
    environ = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    for extra in (["--json"], [], ["--solution"]):
        capsys.readouterr()
        assert main(["library", "daily", "--db", db, "2027-01-04", *extra]) == 0
        ordinary = capsys.readouterr().out
        lean = subprocess.run([sys.executable, "-m", "queens_sat", "library", "daily", "2027-01-04", "--db", db, *extra],
                              capture_output=True, text=True, env={**environ, "NO_COLOR": "1"})  # fmt: skip
        assert lean.returncode == 0 and lean.stdout == ordinary
    helped = subprocess.run([sys.executable, "-m", "queens_sat", "library", "daily", "--help"], capture_output=True, text=True, env=environ)
    assert helped.returncode == 0 and "usage: queens-sat library daily" in helped.stdout
    missing = subprocess.run([sys.executable, "-m", "queens_sat", "library", "daily", "--db", str(tmp_path / "none.db")],
                             capture_output=True, text=True, env=environ)  # fmt: skip
    assert missing.returncode == 2 and "no library there" in missing.stderr


def test_the_lean_daily_imports_no_typing_nor_dataclasses(tmp_path: Path) -> None:
    """The day's puzzle is asked for often (a game's server, a shell prompt): its command loads the
    store alone. ``typing``, ``dataclasses`` (with ``inspect``) and the verdicts' module were a third
    of its start-up; a module on its path that imports one of them again fails here."""
    import os
    import subprocess
    import sys

    db = str(tmp_path / "lib.db")
    assert main(["library", "schedule", "--db", db, "--start", "2027-01-04", "--days", "1", "--plan", PLAN, "--workers", "1", "-q"]) == 0
    probe = (
        "import sys\n"
        f"sys.argv = ['queens-sat', 'library', 'daily', '2027-01-04', '--db', {db!r}, '--json']\n"
        "from queens_sat.cli import command\n"
        "try:\n    command()\nexcept SystemExit as done:\n    code = done.code\n"
        "heavy = ('typing', 'dataclasses', 'inspect', 'queens_sat.model.result', 'argparse')\n"
        "print(code, sorted(m for m in heavy if m in sys.modules), file=sys.stderr)\n"
    )
    environ = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=environ, timeout=60)
    assert done.stderr.strip() == "0 []", done.stderr
    assert '"day":"2027-01-04"' in done.stdout
