"""Asking the library for puzzles: filters on every stored fact (size, stars, rule, grade, score,
style, source, tag, when added, scheduled or not, played or not), a sort and a limit, turned into
one SQL query that the (n, grade, score) index answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from queens_sat.model.errors import UsageError
from queens_sat.services.library.entries import GRADES, SELECT, Entry, entry_of_row, grade_rank
from queens_sat.services.library.store import Library

SORTS = {
    "id": "id",
    "added": "added, id",
    "n": "n, id",
    "grade": "grade_rank, score, id",
    "score": "score, id",
    "random": "random()",
}


@dataclass
class Filters:
    """What a query keeps; None (or empty) keeps everything."""

    n: tuple[int, ...] = ()
    stars: int | None = None
    rule: str | None = None
    grades: tuple[str, ...] = ()
    score_min: float | None = None
    score_max: float | None = None
    style: str | None = None
    source: str | None = None  # a substring of the source (SQL LIKE)
    tag: str | None = None
    added_since: str | None = None  # YYYY-MM-DD or a full time, UTC
    added_before: str | None = None
    scheduled: bool | None = None
    played: bool | None = None
    status: str | None = "unique"  # None: any verdict (puzzles kept with --keep-invalid too)

    def where(self) -> tuple[str, list[Any]]:
        """The WHERE clause (or "") and its parameters."""
        parts: list[str] = []
        params: list[Any] = []
        if self.n:
            parts.append(f"n IN ({', '.join('?' * len(self.n))})")
            params += self.n
        for column, value in (("stars", self.stars), ("rule", self.rule), ("style", self.style), ("status", self.status)):
            if value is not None:
                parts.append(f"{column} = ?")
                params.append(value)
        if self.grades:
            ranks = []
            for grade in self.grades:
                rank = grade_rank(grade.capitalize())
                if rank is None:
                    raise UsageError(f"grade {grade!r} is not one of {', '.join(GRADES)}")
                ranks.append(rank)
            parts.append(f"grade_rank IN ({', '.join('?' * len(ranks))})")
            params += ranks
        if self.score_min is not None:
            parts.append("score >= ?")
            params.append(self.score_min)
        if self.score_max is not None:
            parts.append("score <= ?")
            params.append(self.score_max)
        if self.source is not None:
            parts.append("source LIKE ?")
            params.append(f"%{self.source}%")
        if self.tag is not None:
            parts.append("id IN (SELECT puzzle FROM tags WHERE tag = ?)")
            params.append(self.tag)
        if self.added_since is not None:
            parts.append("added >= ?")
            params.append(self.added_since)
        if self.added_before is not None:
            parts.append("added < ?")
            params.append(self.added_before)
        if self.scheduled is not None:
            parts.append(("" if self.scheduled else "NOT ") + "EXISTS (SELECT 1 FROM calendar WHERE calendar.puzzle = puzzles.id)")
        if self.played is not None:
            parts.append(("" if self.played else "NOT ") + "EXISTS (SELECT 1 FROM plays WHERE plays.key = puzzles.key)")
        return (" WHERE " + " AND ".join(parts)) if parts else "", params


def query(library: Library, filters: Filters, *, sort: str = "id", descending: bool = False, limit: int | None = 50) -> list[Entry]:
    """The puzzles that pass ``filters``, sorted, at most ``limit`` of them (None: all)."""
    if sort not in SORTS:
        raise UsageError(f"sort {sort!r} is not one of {', '.join(SORTS)}")
    where, params = filters.where()
    order = SORTS[sort]
    if descending and sort != "random":
        order = ", ".join(f"{column} DESC" for column in order.split(", "))
    sql = f"{SELECT}{where} ORDER BY {order}"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [entry_of_row(row) for row in library.read(sql, params)]


def count(library: Library, filters: Filters) -> int:
    """How many puzzles pass ``filters``."""
    where, params = filters.where()
    return int(library.read(f"SELECT count(*) FROM puzzles{where}", params)[0][0])
