"""The calendar of dailies: a plan of size and grade for each weekday, days filled from the
library's unused puzzles, and what the library lacks generated (every puzzle made is kept: a
surplus serves later schedules). A puzzle is never on two days, and since the library keeps one
puzzle per symmetry class, neither is a rotated or recoloured copy of it.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass

from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.errors import UsageError
from queens_sat.services.library.adding import AddOptions, add_batch
from queens_sat.services.library.calendar import calendar, daily
from queens_sat.services.library.entries import GRADES, Entry, grade_rank
from queens_sat.services.library.selection import Filters, query
from queens_sat.services.library.store import Library

__all__ = ["DEFAULT_PLAN", "WEEKDAYS", "Day", "ScheduleError", "Slot", "calendar", "daily", "parse_plan", "schedule"]

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


@dataclass(frozen=True)
class Slot:
    """What one day asks for: a size, stars a row and a logic grade."""

    n: int
    grade: str
    stars: int = 1

    def __str__(self) -> str:
        stars = f"*{self.stars}" if self.stars > 1 else ""
        return f"{self.n}{stars}:{self.grade}"


# Easiest early in the week, hardest at its end: sizes and grades as daily games publish them.
DEFAULT_PLAN: dict[str, Slot] = {
    "mon": Slot(7, "Easy"),
    "tue": Slot(8, "Easy"),
    "wed": Slot(8, "Medium"),
    "thu": Slot(9, "Medium"),
    "fri": Slot(9, "Hard"),
    "sat": Slot(10, "Medium"),
    "sun": Slot(10, "Hard"),
}
MADE_PER_NEEDED = 60  # generated puzzles per missing one before the schedule gives up on a slot


class ScheduleError(UsageError):
    """A plan that cannot be read, or a slot the generator could not fill."""


def parse_plan(spec: str | None) -> dict[str, Slot]:
    """``DEFAULT_PLAN`` changed by ``spec``: ``day=N:GRADE`` items (``N*K`` for K stars), separated
    by commas or spaces, e.g. ``"mon=6:Easy,sun=10*2:Hard"``."""
    plan = dict(DEFAULT_PLAN)
    for item in (spec or "").replace(",", " ").split():
        day, sep, slot = item.partition("=")
        size, sep2, grade = slot.partition(":")
        n, _, k = size.partition("*")
        day = day.strip().lower()[:3]
        grade = grade.strip().capitalize()
        if not sep or not sep2 or day not in WEEKDAYS or grade not in GRADES or not n.isdigit() or (k and not k.isdigit()):
            raise ScheduleError(f"--plan item {item!r}: expected DAY=N:GRADE (DAY mon..sun, GRADE one of {', '.join(GRADES)})")
        plan[day] = Slot(int(n), grade, int(k or 1))
    return plan


@dataclass
class Day:
    """One calendar day and its puzzle."""

    day: str
    puzzle: int
    slot: str


def days(start: dt.date, count: int) -> list[dt.date]:
    return [start + dt.timedelta(days=i) for i in range(count)]


def scheduled(library: Library, first: dt.date, last: dt.date) -> dict[str, int]:
    """The days already on the calendar between ``first`` and ``last`` (both included)."""
    rows = library.read("SELECT day, puzzle FROM calendar WHERE day BETWEEN ? AND ?", (first.isoformat(), last.isoformat()))
    return dict(rows)


def _free(library: Library, slot: Slot, limit: int, taken: set[int]) -> list[Entry]:
    """Up to ``limit`` unique puzzles of the slot not on the calendar (and not ``taken`` here)."""
    filters = Filters(n=(slot.n,), stars=slot.stars, rule="no-touch", grades=(slot.grade,), scheduled=False)
    return [e for e in query(library, filters, sort="id", limit=limit + len(taken)) if e.id not in taken and e.givens == 0][:limit]


def schedule(
    library: Library,
    start: dt.date,
    count: int,
    plan: dict[str, Slot] | None = None,
    *,
    workers: int | None = 1,
    seed: int | None = None,
    on_made: Callable[[Slot, int], None] | None = None,
) -> list[Day]:
    """Put a puzzle on each of ``count`` days from ``start`` (days already on the calendar are
    kept), drawing unused puzzles from the library and generating the ones it lacks; the calendar
    is written in one transaction at the end. ``on_made(slot, made)`` hears of the generation."""
    plan = plan or DEFAULT_PLAN
    wanted = days(start, count)
    held = scheduled(library, wanted[0], wanted[-1]) if wanted else {}
    todo = [d for d in wanted if d.isoformat() not in held]
    slots = {d: plan[WEEKDAYS[d.weekday()]] for d in todo}
    needed = Counter(slots.values())
    _refuse_unreachable(library, needed)
    rng = random.Random(seed)
    for n_stars in sorted({(s.n, s.stars) for s in needed}):
        group = {s: c for s, c in needed.items() if (s.n, s.stars) == n_stars}
        _fill(library, group, workers, rng.randrange(2**31) if seed is not None else random.SystemRandom().randrange(2**31), on_made)
    taken: set[int] = set()
    picks: dict[dt.date, tuple[int, Slot]] = {}
    for slot, number in needed.items():
        free = _free(library, slot, number, taken)
        if len(free) < number:
            raise ScheduleError(f"only {len(free)} puzzles of {slot} for {number} days")
        taken.update(e.id for e in free if e.id is not None)
        chosen = iter(free)
        for d in todo:
            if slots[d] == slot:
                entry = next(chosen)
                assert entry.id is not None
                picks[d] = (entry.id, slot)
    rows = [(d.isoformat(), pid, slot.n, slot.grade) for d, (pid, slot) in sorted(picks.items())]
    library.write(lambda db: db.executemany("INSERT INTO calendar (day, puzzle, planned_n, planned_grade) VALUES (?, ?, ?, ?)", rows))
    return [Day(day, pid, f"{n}:{grade}") for day, pid, n, grade in rows]


def _refuse_unreachable(library: Library, needed: Counter[Slot]) -> None:
    """Refuse the plan before anything is made when a slot the library cannot fill asks for a grade
    its size never reaches at the library's probe depth (the generator's reach table says which)."""
    from queens_sat.services.generator.reach import unreachable

    depth = AddOptions().logic_depth or 0
    for slot, number in sorted(needed.items(), key=lambda item: str(item[0])):
        if len(_free(library, slot, number, set())) < number:
            why = unreachable(slot.n, slot.stars, depth, (slot.grade,), None)
            if why is not None:
                raise ScheduleError(f"the plan's {slot}: {why}")


def _fill(library: Library, group: dict[Slot, int], workers: int | None, seed: int, on_made: Callable[[Slot, int], None] | None) -> None:
    """Generate puzzles of one size until the library has enough unused ones of every grade the
    group asks for, one slot at a time."""
    rng = random.Random(seed)
    for slot in sorted(group, key=str):
        _fill_slot(library, slot, group[slot], workers, rng.randrange(2**31), on_made)


def _fill_slot(
    library: Library, slot: Slot, number: int, workers: int | None, seed: int, on_made: Callable[[Slot, int], None] | None
) -> None:
    """Generate puzzles of the slot's grade until the library holds ``number`` unused ones. The
    generator steers each layout toward the grade (graded at the library's own probe depth), so
    nearly every puzzle made is one the slot wanted; any that is not (a duplicate, another grade)
    is kept all the same: a surplus serves later schedules."""
    from queens_sat.services.generator import GeneratorOptions, iter_generate
    from queens_sat.services.generator.output import puzzle_id

    short = number - len(_free(library, slot, number, set()))
    if short <= 0:
        return
    add = AddOptions(source=f"schedule n={slot.n} seed={seed}")
    options = GeneratorOptions(n=slot.n, seed=seed, stars=slot.stars, grades=(slot.grade,), max_depth=add.logic_depth)
    made = 0
    buffer: list[PuzzleRecord] = []
    with closing(iter_generate(options, MADE_PER_NEEDED * short, workers=workers)) as puzzles:
        for puzzle in puzzles:
            made += 1
            meta = {"style": options.style}
            buffer.append(PuzzleRecord(add.source or "schedule", id=puzzle_id(puzzle), puzzle=puzzle.puzzle(), meta=meta))
            if len(buffer) >= short:
                add_batch(library, buffer, add)
                buffer = []
                if on_made is not None:
                    on_made(slot, made)
                short = number - len(_free(library, slot, number, set()))
                if short <= 0:
                    return
    if buffer:
        add_batch(library, buffer, add)
    short = number - len(_free(library, slot, number, set()))
    if short > 0:
        raise ScheduleError(f"{made} puzzles made at n = {slot.n} and still {short} short of {slot.grade}; plan another grade for it")


def grade_ok(entry: Entry, slot: Slot) -> bool:
    """Whether a stored puzzle is what the slot planned (size, stars, grade)."""
    return entry.n == slot.n and entry.stars == slot.stars and grade_rank(entry.grade) == grade_rank(slot.grade)
