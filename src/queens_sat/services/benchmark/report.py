"""Writing a benchmark's results: a table for people, JSON and CSV for machines."""

from __future__ import annotations

import csv
import json
import math
import os
import platform
from collections.abc import Sequence
from typing import IO, Any

from queens_sat.formats import puzzle_to_text
from queens_sat.services.benchmark.measure import BenchRun, Disagreement
from queens_sat.services.benchmark.summary import SummaryRow

CSV_FIELDS = (
    "backend", "size", "puzzles", "median_ms", "p95_ms", "max_ms", "ratio", "build_median_ms", "solve_median_ms", "timeouts", "refused",
)


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None or math.isnan(seconds) else round(seconds * 1000, 4)


def row_record(row: SummaryRow) -> dict[str, Any]:
    """A summary row with times in milliseconds, as the JSON and CSV outputs carry it."""
    return {
        "backend": row.backend,
        "size": row.size,
        "puzzles": row.puzzles,
        "median_ms": _ms(row.median),
        "p95_ms": _ms(row.p95),
        "max_ms": _ms(row.max),
        "ratio": None if math.isnan(row.ratio) else round(row.ratio, 3),
        "build_median_ms": _ms(row.build_median),
        "solve_median_ms": _ms(row.solve_median),
        "timeouts": row.timeouts,
        "refused": row.refused,
    }


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def machine() -> dict[str, Any]:
    return {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()}


def write_json(out: IO[str], run: BenchRun, rows: Sequence[SummaryRow], notes: Sequence[str]) -> None:
    document = {
        "backends": run.backends,
        "puzzles": run.puzzles,
        "interrupted": run.interrupted,
        "rows": [row_record(r) for r in rows],
        "disagreements": [d.as_dict() for d in run.disagreements],
        "notes": list(notes),
        "machine": machine(),
    }
    out.write(json.dumps(document, indent=2) + "\n")


def write_csv(out: IO[str], rows: Sequence[SummaryRow]) -> None:
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: ("" if v is None else v) for k, v in row_record(row).items()})


def describe_disagreement(d: Disagreement) -> str:
    """The verdicts and the puzzle itself, so that it can be reproduced."""
    verdicts = ", ".join(f"{name}={verdict}" for name, verdict in d.verdicts.items())
    return f"DISAGREEMENT on {d.case.name}: {verdicts}\n{puzzle_to_text(d.case.puzzle)}"


def print_table(out: IO[str], run: BenchRun, rows: Sequence[SummaryRow], notes: Sequence[str], color: bool) -> None:
    """The summary as a terminal table (rich is imported here, not before)."""
    from rich.console import Console
    from rich.table import Table

    width = None if out.isatty() else 200  # a file or pipe gets every column at full width
    console = Console(file=out, no_color=not color, highlight=False, width=width)
    title = f"uniqueness check, {plural(run.puzzles, 'puzzle')}" + (" (interrupted)" if run.interrupted else "")
    table = Table(title=title, title_justify="left")
    for heading in ("size", "backend", "puzzles", "median ms", "p95 ms", "max ms", "× fastest", "build ms", "solve ms", "timeouts"):
        if heading == "backend":
            table.add_column(heading, overflow="fold")  # a long variant wraps, never loses its end
        else:
            table.add_column(heading, justify="right")
    previous = None
    for row in rows:
        if previous is not None and row.size != previous:
            table.add_section()
        previous = row.size
        if row.refused is not None:
            table.add_row(str(row.size), row.backend, "0", "refuses", "", "", "", "", "", "")
            continue
        table.add_row(
            str(row.size),
            row.backend,
            str(row.puzzles),
            f"{row.median * 1000:.3f}",
            f"{row.p95 * 1000:.3f}",
            f"{row.max * 1000:.3f}",
            f"{row.ratio:.2f}",
            "" if row.build_median is None else f"{row.build_median * 1000:.3f}",
            "" if row.solve_median is None else f"{row.solve_median * 1000:.3f}",
            str(row.timeouts) if row.timeouts else "",
        )
    console.print(table)
    for note in notes:
        console.print(f"note: {note}", markup=False)
    verdict = (
        f"{plural(len(run.disagreements), 'puzzle')} with disagreeing verdicts"
        if run.disagreements
        else "every backend gave the same verdict on every puzzle"
    )
    console.print(verdict, markup=False)
