"""Reading the calendar of dailies: a day's puzzle, the days laid out. Kept apart from ``schedule``
(which generates, and so loads the checker and the generator) so that ``library daily`` and the
server's ``/daily`` load only the store."""

from __future__ import annotations

import datetime as dt

from queens_sat.services.library.entries import Entry
from queens_sat.services.library.store import Library


def daily(library: Library, day: dt.date) -> Entry | None:
    """The puzzle on the calendar for ``day``, or None."""
    rows = library.read("SELECT puzzle FROM calendar WHERE day = ?", (day.isoformat(),))
    return library.get(rows[0][0]) if rows else None


def calendar(library: Library, first: str | None = None, last: str | None = None) -> list[tuple[str, int, str | None, int, str | None]]:
    """The calendar's days (between ``first`` and ``last`` when given), in order: (day, puzzle id,
    its grade, its size, the grade the plan asked for)."""
    sql = "SELECT c.day, c.puzzle, p.grade, p.n, c.planned_grade FROM calendar c JOIN puzzles p ON p.id = c.puzzle"
    params: list[str] = []
    if first or last:
        sql += " WHERE c.day BETWEEN ? AND ?"
        params = [first or "0000-00-00", last or "9999-99-99"]
    return [(r[0], r[1], r[2], r[3], r[4]) for r in library.read(sql + " ORDER BY c.day", params)]
