"""Figures per backend and board size: median, p95 and max time, and the ratio to the fastest."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from queens_sat.services.benchmark.measure import Measurement

ALL_SIZES = "all"


@dataclass
class SummaryRow:
    backend: str
    size: int | str  # a board size, "n/k" for k stars, or "all"
    puzzles: int  # checks timed (skipped and failed ones excluded)
    median: float  # seconds
    p95: float
    max: float
    ratio: float  # median over the fastest backend's median at this size
    build_median: float | None  # model building, for backends that report it
    solve_median: float | None
    timeouts: int
    refused: str | None = None  # why the backend took none of these puzzles (it refuses k stars, say); no times then

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile (``q`` in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def summarise(measurements: Iterable[Measurement], backends: Sequence[str]) -> list[SummaryRow]:
    """A row per size and backend (sizes ascending, backends in the order given), then
    a row per backend over all sizes. A backend that refused every puzzle of a size
    (it does not search k stars, say) gets a row that says so, without times."""
    groups: dict[tuple[Any, str], list[Measurement]] = {}
    refused: dict[tuple[Any, str], str] = {}
    order: dict[Any, tuple[int, int]] = {}  # size -> (n, stars), to sort by
    for m in measurements:
        order[m.size] = (m.n, m.stars)
        if m.elapsed is None:
            if m.status == "skipped":
                refused.setdefault((m.size, m.backend), m.error or "skipped")
            continue
        groups.setdefault((m.size, m.backend), []).append(m)
        groups.setdefault((ALL_SIZES, m.backend), []).append(m)
    sizes = sorted(order, key=order.__getitem__)
    rows: list[SummaryRow] = []
    for size in [*sizes, ALL_SIZES]:
        group_rows = [_row(b, size, groups[(size, b)]) for b in backends if (size, b) in groups]
        if size == ALL_SIZES and len(sizes) < 2:
            continue  # the same as the single size's rows
        fastest = min((r.median for r in group_rows), default=0.0)
        for row in group_rows:
            row.ratio = row.median / fastest if fastest > 0 else 1.0
        if size != ALL_SIZES:
            group_rows += [_refused_row(b, size, refused[(size, b)]) for b in backends if (size, b) in refused and (size, b) not in groups]
            group_rows.sort(key=lambda r: list(backends).index(r.backend))
        rows.extend(group_rows)
    return rows


def _refused_row(backend: str, size: int | str, why: str) -> SummaryRow:
    nan = math.nan
    return SummaryRow(backend, size, 0, nan, nan, nan, nan, None, None, 0, refused=why)


def _row(backend: str, size: int | str, ms: list[Measurement]) -> SummaryRow:
    times = [m.elapsed for m in ms if m.elapsed is not None]
    builds = [m.build_time for m in ms if m.build_time is not None]
    solves = [m.solve_time for m in ms if m.solve_time is not None]
    return SummaryRow(
        backend=backend,
        size=size,
        puzzles=len(times),
        median=statistics.median(times),
        p95=percentile(times, 95),
        max=max(times),
        ratio=1.0,
        build_median=statistics.median(builds) if builds else None,
        solve_median=statistics.median(solves) if solves else None,
        timeouts=sum(m.status == "unknown" for m in ms),
    )
