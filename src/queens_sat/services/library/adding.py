"""Adding puzzles: each record keyed, skipped when the library holds it (or a symmetric copy of
it) already, otherwise checked once (verdict, solution, logic grade) and stored, a batch a
transaction. Records that are not unique are refused unless kept on purpose."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.errors import PuzzleError
from queens_sat.services.checking import LOGIC_DEPTH, check_records
from queens_sat.services.library.entries import Entry, entry_of_report, now_utc
from queens_sat.services.library.keys import puzzle_key
from queens_sat.services.library.store import Library

BATCH = 512  # records a transaction (and a batch of the check's search)
ADDED, DUPLICATE, REFUSED, INVALID = "added", "duplicate", "refused", "invalid"


@dataclass
class Outcome:
    """What became of one record: added (its new id), a duplicate (the id already held), refused
    (not unique: its verdict) or invalid (why it could not be read or checked)."""

    record: PuzzleRecord
    action: str
    id: int | None = None
    why: str | None = None

    def as_dict(self) -> dict[str, Any]:
        rec = self.record
        return {"source": rec.source, "line": rec.line, "record_id": rec.id, "action": self.action, "id": self.id, "why": self.why}


@dataclass
class AddSummary:
    """The counts of a whole add."""

    counts: dict[str, int] = field(default_factory=lambda: {ADDED: 0, DUPLICATE: 0, REFUSED: 0, INVALID: 0})
    seconds: float = 0.0

    def line(self) -> str:
        c = self.counts
        return f"{c[ADDED]} added, {c[DUPLICATE]} duplicates skipped, {c[REFUSED]} refused (not unique), {c[INVALID]} invalid"


@dataclass
class AddOptions:
    """How records are checked and what is kept."""

    source: str | None = None  # the source stored with every puzzle (default: its file)
    keep_invalid: bool = False  # store puzzles with no solution or several too
    backend: str = "auto"
    time_limit: float | None = None
    logic_depth: int | None = LOGIC_DEPTH
    batch: int = BATCH


def add_records(
    library: Library,
    records: Iterable[PuzzleRecord],
    options: AddOptions | None = None,
    on_outcome: Callable[[Outcome], None] | None = None,
) -> AddSummary:
    """Add every record, ``options.batch`` a transaction; ``on_outcome`` hears of each, in order."""
    options = options or AddOptions()
    summary = AddSummary()
    start = time.perf_counter()
    it = iter(records)
    while chunk := list(islice(it, options.batch)):
        for outcome in add_batch(library, chunk, options):
            summary.counts[outcome.action] += 1
            if on_outcome is not None:
                on_outcome(outcome)
    summary.seconds = time.perf_counter() - start
    return summary


def add_batch(library: Library, chunk: list[PuzzleRecord], options: AddOptions) -> list[Outcome]:
    """One batch: keys, the duplicates skipped before any check, the rest checked and stored in
    one transaction. The outcomes in the records' order."""
    outcomes: list[Outcome | None] = [None] * len(chunk)
    keys: dict[int, str] = {}
    first_of: dict[str, int] = {}
    for i, record in enumerate(chunk):
        if record.error is not None or record.puzzle is None:
            outcomes[i] = Outcome(record, INVALID, why=str(record.error or PuzzleError("no puzzle", source=record.source)))
            continue
        keys[i] = key = puzzle_key(record.puzzle)
        first_of.setdefault(key, i)
    held = library.held(set(keys.values()))
    fresh = [i for i, key in keys.items() if key not in held and first_of[key] == i]
    entries: dict[int, Entry] = {}
    added = now_utc()
    reports = check_records((chunk[i] for i in fresh), options.backend, options.time_limit, options.logic_depth)
    for i, report in zip(fresh, reports, strict=True):
        record = chunk[i]
        if report.error is not None:
            outcomes[i] = Outcome(record, INVALID, why=report.error)
        elif report.status != "unique" and not (options.keep_invalid and report.status in ("multiple", "none")):
            count = report.result.count if report.result is not None else 0
            why = {"multiple": f"several solutions (at least {count})", "none": "no solution"}.get(report.status, "not settled")
            outcomes[i] = Outcome(record, REFUSED, why=why)
        else:
            entries[i] = entry_of_report(report, keys[i], options.source or record.source, added)
    stored = {entry.key for entry in library.insert(list(entries.values()))}
    for i, entry in entries.items():
        if entry.key in stored:
            outcomes[i] = Outcome(chunk[i], ADDED, entry.id)
    missing = {keys[i] for i, o in enumerate(outcomes) if o is None}
    if missing:
        held.update(library.held(missing - held.keys()))
    for i, outcome in enumerate(outcomes):
        if outcome is not None:
            continue
        first = outcomes[first_of[keys[i]]]
        if keys[i] not in held and first is not None and first.action == REFUSED:  # a copy of a puzzle this batch refused
            outcomes[i] = Outcome(chunk[i], REFUSED, why=f"{first.why} (a copy of {first.record.name})")
        else:  # held before, earlier in this batch, or stored by another writer meanwhile
            outcomes[i] = Outcome(chunk[i], DUPLICATE, held.get(keys[i]), why="the library holds it (or a symmetric copy) already")
    return [o for o in outcomes if o is not None]


class LiveAdder:
    """Puzzles added as they are made (``generate --db``): held in a buffer, stored a batch at a
    time, and at least every ``seconds`` so a long run's puzzles are in the library as it goes."""

    def __init__(self, library: Library, options: AddOptions | None = None, seconds: float = 1.0) -> None:
        self.library = library
        self.options = options or AddOptions()
        self.seconds = seconds
        self.buffer: list[PuzzleRecord] = []
        self.summary = AddSummary()
        self._last = time.monotonic()

    def add(self, record: PuzzleRecord) -> None:
        self.buffer.append(record)
        if len(self.buffer) >= self.options.batch or time.monotonic() - self._last >= self.seconds:
            self.flush()

    def flush(self) -> None:
        if self.buffer:
            for outcome in add_batch(self.library, self.buffer, self.options):
                self.summary.counts[outcome.action] += 1
            self.buffer = []
        self._last = time.monotonic()

