"""A puzzle as the library keeps it: the checked facts in columns, the puzzle and its solution as
JSON, and the way back from a stored row to a ``Puzzle``."""

from __future__ import annotations

import json
import time

TYPE_CHECKING = False  # typing is not imported at run time: ``library daily`` starts without it (type checkers read True)

if TYPE_CHECKING:
    from typing import Any

    from queens_sat.model.puzzle import Puzzle
    from queens_sat.services.checking import CheckReport

COLUMNS = (
    "key", "n", "stars", "rule", "givens", "status", "grade", "grade_rank", "score", "hardest", "style", "source", "added", "puzzle",
    "solution",
)  # fmt: skip
GRADES = ("Trivial", "Easy", "Medium", "Hard", "Expert")  # engines.logic.GRADES, spelled here so a query imports no engine


def grade_rank(grade: str | None) -> int | None:
    """A grade's place in ``GRADES`` (None for none, or an unknown word)."""
    return GRADES.index(grade) if grade in GRADES else None


def now_utc() -> str:
    """The time now as the library writes it: UTC, ISO 8601, to the second."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Entry:
    """One row of the puzzles table. A plain class, not a dataclass: ``library daily`` reads one
    row and prints it, and importing ``dataclasses`` (with ``inspect``) would be a fifth of its
    start-up."""

    __slots__ = (*(c for c in COLUMNS if c != "grade_rank"), "id")  # every column but grade_rank (the grade says it), and the row id

    def __init__(
        self,
        key: str,
        n: int,
        stars: int,
        rule: str,
        givens: int,
        status: str,
        grade: str | None,
        score: float | None,
        hardest: str | None,
        style: str | None,
        source: str | None,
        added: str,
        puzzle: str,
        solution: str | None,
        id: int | None = None,
    ) -> None:
        self.key, self.n, self.stars, self.rule, self.givens, self.status = key, n, stars, rule, givens, status
        self.grade, self.score, self.hardest, self.style, self.source, self.added = grade, score, hardest, style, source, added
        self.puzzle, self.solution, self.id = puzzle, solution, id

    def __eq__(self, other: object) -> bool:  # (defining it leaves the class unhashable, as a dataclass: ``id`` changes when stored)
        return isinstance(other, Entry) and all(getattr(self, name) == getattr(other, name) for name in Entry.__slots__)

    def __repr__(self) -> str:
        return f"Entry(id={self.id!r}, key={self.key!r}, n={self.n!r}, grade={self.grade!r})"

    def row(self) -> tuple[Any, ...]:
        return (
            self.key, self.n, self.stars, self.rule, self.givens, self.status, self.grade, grade_rank(self.grade), self.score,
            self.hardest, self.style, self.source, self.added, self.puzzle, self.solution,
        )  # fmt: skip

    def as_puzzle(self) -> Puzzle:
        from queens_sat.formats.json_format import puzzle_from_dict  # here: reading the calendar loads no reader

        return puzzle_from_dict(json.loads(self.puzzle))

    def solution_columns(self) -> list[int] | None:
        """The solution as ``Puzzle.is_solution`` takes it (k columns a row, flat), or None."""
        if self.solution is None:
            return None
        cols = json.loads(self.solution)
        return [c for row in cols for c in row] if cols and isinstance(cols[0], list) else list(cols)

    def as_dict(self) -> dict[str, Any]:
        """The entry as JSON answers show it (the puzzle and solution as objects, not text)."""
        return {
            "id": self.id, "key": self.key, "n": self.n, "stars": self.stars, "rule": self.rule, "givens": self.givens,
            "status": self.status, "grade": self.grade, "score": self.score, "hardest": self.hardest, "style": self.style,
            "source": self.source, "added": self.added, "puzzle": json.loads(self.puzzle),
            "solution": json.loads(self.solution) if self.solution is not None else None,
        }  # fmt: skip


SELECT = "SELECT id, " + ", ".join(c for c in COLUMNS) + " FROM puzzles"


def entry_of_row(row: tuple[Any, ...]) -> Entry:
    """An ``Entry`` from a row of ``SELECT`` (its ``grade_rank`` dropped: the grade says it)."""
    (id_, key, n, stars, rule, givens, status, grade, _rank, score, hardest, style, source, added, puzzle, solution) = row
    return Entry(key, n, stars, rule, givens, status, grade, score, hardest, style, source, added, puzzle, solution, id_)


def style_of(meta: dict[str, Any]) -> str | None:
    """The layout style a record says it was made in: its own ``style``, a generator line's options
    (``published`` when they name none), else None."""
    if isinstance(meta.get("style"), str):
        return str(meta["style"])
    options = meta.get("options")
    if isinstance(options, dict) and "seed" in meta and "strategy" in meta:
        return str(options.get("style", "published"))
    return None


def entry_of_report(report: CheckReport, key: str, source: str | None, added: str) -> Entry:
    """The row of a checked record (``report``'s puzzle, verdict, solution and logic grade)."""
    from queens_sat.formats.json_format import puzzle_to_dict, solution_to_json

    record = report.record
    puzzle = record.puzzle
    assert puzzle is not None
    result, logic = report.result, report.logic
    solution = None
    if result is not None and report.status == "unique" and result.solutions:
        solution = json.dumps(solution_to_json(result.solutions[0], puzzle.stars))
    body = puzzle_to_dict(puzzle, id=record.id)
    return Entry(
        key=key,
        n=puzzle.n,
        stars=puzzle.stars,
        rule=puzzle.rule,
        givens=len(puzzle.queens) + len(puzzle.blocked),
        status=report.status.value,
        grade=logic.grade if logic is not None else None,
        score=float(logic.score) if logic is not None and logic.score is not None else None,
        hardest=logic.hardest if logic is not None else None,
        style=style_of(record.meta),
        source=source,
        added=added,
        puzzle=json.dumps(body),
        solution=solution,
    )
