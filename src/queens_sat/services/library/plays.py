"""The players' results: one row a finished or abandoned play (the puzzle's key, the day, seconds,
solved or not, mistakes, hints, the first queens placed; nothing about the player), and what they
say about the grader: solve times by grade and score band, and the Spearman rank correlation
between a puzzle's score and its median solve time."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median
from typing import Any

from queens_sat.model.errors import UsageError
from queens_sat.services.library.entries import GRADES, now_utc
from queens_sat.services.library.store import Library

MAX_SECONDS = 7 * 24 * 3600.0  # a play longer than a week is not a solve time
MAX_FIRST = 8  # the first queens kept of a play
SCORE_BANDS = (0.0, 5.0, 15.0, 30.0, 60.0, 120.0)  # lower bounds of the score bands reported
KEY = re.compile(r"^[0-9a-f]{32}$")
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class PlayError(UsageError):
    """A posted play that is not one (a missing or malformed field)."""


@dataclass(frozen=True)
class Play:
    key: str
    day: str | None
    seconds: float
    solved: bool
    mistakes: int
    hints: int
    first: tuple[tuple[int, int], ...]


def play_of(obj: Any) -> Play:
    """A play from a posted JSON object, every field checked (``PlayError`` naming the bad one)."""
    if not isinstance(obj, dict):
        raise PlayError("a play is a JSON object")
    unknown = set(obj) - {"key", "day", "seconds", "solved", "mistakes", "hints", "first"}
    if unknown:
        raise PlayError(f"unknown field(s) {', '.join(sorted(unknown))[:100]}: a play keeps nothing else")
    key, day = obj.get("key"), obj.get("day")
    if not isinstance(key, str) or not KEY.match(key):
        raise PlayError('"key" must be the puzzle\'s key (32 hexadecimal digits)')
    if day is not None and (not isinstance(day, str) or not DAY.match(day)):
        raise PlayError('"day" must be a date YYYY-MM-DD or null')
    seconds = obj.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds <= MAX_SECONDS:
        raise PlayError(f'"seconds" must be a number from 0 to {int(MAX_SECONDS)}')
    solved = obj.get("solved")
    if not isinstance(solved, bool):
        raise PlayError('"solved" must be true or false')
    counts = []
    for name in ("mistakes", "hints"):
        value = obj.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10_000:
            raise PlayError(f'"{name}" must be a whole number from 0 to 10000')
        counts.append(value)
    first = obj.get("first", [])
    if not isinstance(first, list) or len(first) > MAX_FIRST or not all(_is_cell(c) for c in first):
        raise PlayError(f'"first" must be a list of at most {MAX_FIRST} [row, column] pairs')
    return Play(key, day, float(seconds), solved, counts[0], counts[1], tuple((int(r), int(c)) for r, c in first))


def _is_cell(value: Any) -> bool:
    return (
        isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1000 for v in value)
    )


def record_play(library: Library, play: Play) -> int:
    """Store one play (a transaction of its own); its id."""
    first = json.dumps([list(c) for c in play.first])
    row = (play.key, play.day, play.seconds, int(play.solved), play.mistakes, play.hints, first, now_utc())
    sql = "INSERT INTO plays (key, day, seconds, solved, mistakes, hints, first, posted) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    return library.write(lambda db: db.execute(sql, row).lastrowid or 0)


@dataclass
class Group:
    """Plays of one grade or score band."""

    name: str
    plays: int
    solved: int
    median_seconds: float | None
    puzzles: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "plays": self.plays, "solved": self.solved, "median_seconds": self.median_seconds, "puzzles": self.puzzles,
        }  # fmt: skip


@dataclass
class PlayReport:
    """``library plays``: the plays by grade and by score band, and Spearman's rho between a
    puzzle's score and its median solve time (None with fewer than 3 puzzles solved)."""

    plays: int
    by_grade: list[Group]
    by_band: list[Group]
    rho: float | None
    rho_puzzles: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "plays": self.plays, "by_grade": [g.as_dict() for g in self.by_grade], "by_band": [g.as_dict() for g in self.by_band],
            "spearman_rho": self.rho, "puzzles_ranked": self.rho_puzzles,
        }  # fmt: skip


def band_of(score: float) -> str:
    lows = [b for b in SCORE_BANDS if b <= score]
    low = lows[-1] if lows else SCORE_BANDS[0]
    i = SCORE_BANDS.index(low)
    return f"{low:g}-{SCORE_BANDS[i + 1]:g}" if i + 1 < len(SCORE_BANDS) else f"{low:g}+"


def play_report(library: Library) -> PlayReport:
    """The plays of puzzles the library holds, summed up."""
    rows = library.read(
        "SELECT p.key, p.grade, p.score, pl.seconds, pl.solved FROM plays pl JOIN puzzles p ON p.key = pl.key"
    )
    total = int(library.read("SELECT count(*) FROM plays")[0][0])
    by_grade: dict[str, list[tuple[str, float, bool]]] = defaultdict(list)
    by_band: dict[str, list[tuple[str, float, bool]]] = defaultdict(list)
    times: dict[str, list[float]] = defaultdict(list)
    scores: dict[str, float] = {}
    for key, grade, score, seconds, solved in rows:
        by_grade[grade or "not graded"].append((key, seconds, bool(solved)))
        if score is not None:
            by_band[band_of(score)].append((key, seconds, bool(solved)))
            scores[key] = score
        if solved:
            times[key].append(seconds)
    grade_order = {g: i for i, g in enumerate(GRADES)}
    ranked = [k for k in times if k in scores]
    rho = spearman([scores[k] for k in ranked], [median(times[k]) for k in ranked]) if len(ranked) >= 3 else None
    return PlayReport(
        total,
        [_group(name, plays) for name, plays in sorted(by_grade.items(), key=lambda kv: grade_order.get(kv[0], 99))],
        [_group(name, plays) for name, plays in sorted(by_band.items(), key=lambda kv: float(kv[0].split("-")[0].rstrip("+")))],
        rho,
        len(ranked),
    )


def _group(name: str, plays: list[tuple[str, float, bool]]) -> Group:
    solved = [seconds for _, seconds, ok in plays if ok]
    return Group(name, len(plays), len(solved), median(solved) if solved else None, len({key for key, _, _ in plays}))


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation (Pearson's on the ranks, so ties are handled); None when either
    side is constant."""
    rx, ry = ranks(xs), ranks(ys)
    n = len(rx)
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return float(sxy / (sxx * syy) ** 0.5)
