"""``--plot``: time against board size per backend, on a log scale, in the project's chart look.

The drawing itself is ``queens_sat.services.render.style.plot_time_vs_size``; this module
only checks the target early and feeds it the measurements.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from queens_sat.model.errors import extra_remedy
from queens_sat.services.benchmark import BenchError
from queens_sat.services.benchmark.measure import Measurement

INSTALL_HINT = f"{extra_remedy('plot')}, or pip install matplotlib"


class PlotError(BenchError):
    """The plot cannot be made: matplotlib is missing or the file name is unusable."""


def check_plot_target(path: str) -> None:
    """Fail before a long run, not after it: the suffix and matplotlib itself."""
    from queens_sat.services.render.style import PLOT_SUFFIXES, PlotUnavailable, require_matplotlib

    if Path(path).suffix.lower() not in PLOT_SUFFIXES:
        raise PlotError(f"--plot {path}: the file must end in {', '.join(PLOT_SUFFIXES)}")
    try:
        require_matplotlib()
    except PlotUnavailable:
        raise PlotError(f"--plot needs matplotlib: {INSTALL_HINT}") from None


def plot_times(measurements: Iterable[Measurement], backends: Iterable[str], path: str, title: str) -> None:
    """Each backend's settled checks: median time per size, with a band from fastest to slowest."""
    from queens_sat.services.render.style import plot_time_vs_size

    check_plot_target(path)
    series: dict[str, list[tuple[float, float]]] = {name: [] for name in backends}
    for m in measurements:
        if m.elapsed is not None and m.status in ("unique", "multiple", "none") and m.backend in series:
            series[m.backend].append((m.n, m.elapsed))
    try:
        plot_time_vs_size(series, path, title=title, ylabel="uniqueness check, s (median; band min to max)")
    except OSError as err:
        raise PlotError(f"--plot {path}: cannot write: {err.strerror or err}") from None
