"""Timing every backend's uniqueness check on every puzzle, and comparing verdicts.

All backends run on the same puzzle one after the other, in an order that
rotates from puzzle to puzzle, so that noise from other work on the machine
falls on all of them alike and ratios from one run can be trusted more than
absolute times. Each measurement is handed to a callback the moment it is
made, so a long run can save as it goes, and Ctrl-C ends the run with what was
measured so far.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from queens_sat.backends.base import Backend
from queens_sat.model.errors import BackendError, was_terminated
from queens_sat.services.benchmark.cases import BenchCase
from queens_sat.services.solving import solve

SETTLED = ("unique", "multiple", "none")


@dataclass
class Measurement:
    """One backend's uniqueness check of one puzzle."""

    backend: str  # the name it was asked for by (``sat:glucose4``)
    case: str
    n: int
    status: str  # unique, multiple, none, unknown (time limit), error or skipped
    elapsed: float | None = None  # seconds, model building included; the best of the repeats
    build_time: float | None = None  # model building, for backends that report it
    solve_time: float | None = None
    error: str | None = None
    stars: int = 1  # k stars a row, column and region (Star Battle when above 1)

    @property
    def size(self) -> int | str:
        """The board size the figures are grouped by: n, or "n/k" for a board of k stars."""
        return self.n if self.stars == 1 else f"{self.n}/{self.stars}"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Disagreement:
    case: BenchCase
    verdicts: dict[str, str]  # backend (or "corpus") -> verdict or error text

    def as_dict(self) -> dict[str, Any]:
        from queens_sat.formats import puzzle_to_dict

        return {"case": self.case.name, "verdicts": self.verdicts, "puzzle": puzzle_to_dict(self.case.puzzle)}


@dataclass
class BenchRun:
    backends: list[str]
    measurements: list[Measurement] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    puzzles: int = 0
    interrupted: bool = False
    terminated: bool = False  # the interruption was SIGTERM (exit 143, not 130)


def measure_case(label: str, engine: Backend, case: BenchCase, time_limit: float | None, repeat: int) -> Measurement:
    """The best of ``repeat`` uniqueness checks; the verdict is the first run's."""
    puzzle = case.puzzle
    why = engine.unsupported(puzzle)
    if why is not None:  # a backend that refuses the board (k stars, say) is shown as such, not run
        return Measurement(label, case.name, puzzle.n, "skipped", error=why, stars=puzzle.stars)
    best = None
    status = None
    for _ in range(repeat):
        try:
            result = solve(puzzle, backend=engine, limit=2, time_limit=time_limit)
        except BackendError as err:  # a wrong or repeated solution: the facade refused it
            return Measurement(label, case.name, puzzle.n, "error", error=str(err), stars=puzzle.stars)
        status = status or result.status.value
        if best is None or result.elapsed < best.elapsed:
            best = result
    assert best is not None and status is not None
    return Measurement(
        label,
        case.name,
        puzzle.n,
        status,
        best.elapsed,
        best.stats.get("build_time"),
        best.stats.get("solve_time"),
        stars=puzzle.stars,
    )


def find_disagreement(case: BenchCase, measurements: list[Measurement]) -> Disagreement | None:
    """The verdicts on one puzzle, when they are not all the same (unknowns aside)."""
    verdicts = {m.backend: (m.status if m.status != "error" else f"error: {m.error}") for m in measurements if m.status != "skipped"}
    if case.expected is not None:
        verdicts["corpus"] = case.expected
    settled = {v for v in verdicts.values() if v in SETTLED}
    errors = any(m.status == "error" for m in measurements)
    if len(settled) > 1 or errors:
        return Disagreement(case, verdicts)
    return None


def run_bench(
    cases: Iterable[BenchCase],
    engines: dict[str, Backend],
    *,
    time_limit: float | None = None,
    repeat: int = 1,
    on_measurement: Callable[[Measurement], None] | None = None,
    on_case: Callable[[BenchCase, Disagreement | None], None] | None = None,
) -> BenchRun:
    """Check every puzzle with every backend; Ctrl-C stops it and keeps what was measured."""
    labels = list(engines)
    run = BenchRun(labels)
    try:
        for index, case in enumerate(cases):
            if index == 0:
                _warm_up(engines, case)
            shift = index % len(labels)
            results = []
            for label in labels[shift:] + labels[:shift]:
                m = measure_case(label, engines[label], case, time_limit, repeat)
                results.append(m)
                run.measurements.append(m)
                if on_measurement is not None:
                    on_measurement(m)
            run.puzzles += 1
            results.sort(key=lambda m: labels.index(m.backend))
            disagreement = find_disagreement(case, results)
            if disagreement is not None:
                run.disagreements.append(disagreement)
            if on_case is not None:
                on_case(case, disagreement)
    except KeyboardInterrupt as stop:
        run.interrupted = True
        run.terminated = was_terminated(stop)
    return run


def _warm_up(engines: dict[str, Backend], case: BenchCase) -> None:
    """One untimed check per backend: library imports and first-call costs stay out of the figures."""
    for engine in engines.values():
        if engine.unsupported(case.puzzle) is None:
            try:
                solve(case.puzzle, backend=engine, limit=2, time_limit=10)
            except BackendError:
                pass  # measured (and reported) properly in the run itself
