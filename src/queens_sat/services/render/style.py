"""The look of the project's charts (benchmarks, generator summaries), drawn with matplotlib.

One place for colours, markers, fonts and axes, so every chart the tool writes
looks alike and stays readable for colour-blind viewers: series colours are the
Okabe-Ito set and every series also has its own marker and line style. matplotlib
is an optional extra (``pip install 'queens-sat[plot]'``), imported only here and
only when a chart is drawn.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from queens_sat.model.errors import MissingDependency, extra_remedy
from queens_sat.services.render.palette import INK

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

# Okabe & Ito (2008), colour-blind safe on white; yellow left out (too light for lines).
SERIES_COLORS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00", "#000000")
SERIES_MARKERS: tuple[str, ...] = ("o", "s", "^", "D", "v", "P", "X")
SERIES_LINES: tuple[str, ...] = ("-", "--", "-.", ":")
PLOT_SUFFIXES = (".png", ".svg", ".pdf")

STYLE: dict[str, object] = {
    "figure.figsize": (7.0, 4.4),
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "savefig.bbox": "tight",
    "svg.fonttype": "none",  # SVG charts keep their text as text: smaller, searchable
    "font.size": 10,
    "axes.edgecolor": INK,
    "axes.labelcolor": INK,
    "axes.titlesize": 12,
    "axes.titleweight": "bold",
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#DDDDDD",
    "grid.linewidth": 0.8,
    "xtick.color": INK,
    "ytick.color": INK,
    "legend.frameon": False,
    "lines.linewidth": 1.8,
    "lines.markersize": 5.5,
}


class PlotUnavailable(MissingDependency):
    """matplotlib is not installed; the message says how to get it."""


def require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotUnavailable(f"charts need matplotlib: {extra_remedy('plot')}") from None


def series_style(i: int) -> dict[str, object]:
    """Colour, marker and line style of the i-th series: each differs from its neighbours
    in all three, so series stay apart in grey print and for colour-blind viewers."""
    return {
        "color": SERIES_COLORS[i % len(SERIES_COLORS)],
        "marker": SERIES_MARKERS[i % len(SERIES_MARKERS)],
        "linestyle": SERIES_LINES[i % len(SERIES_LINES)],
    }


@contextmanager
def styled_figure(title: str | None = None) -> Iterator[tuple[Figure, Axes]]:
    """A figure and axes in the project's look (no pyplot, so no global state or display)."""
    require_matplotlib()
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context(STYLE):
        fig = Figure()
        ax = fig.add_subplot()
        if title:
            ax.set_title(title, loc="left")
        yield fig, ax


def save_figure(fig: Figure, path: str | Path) -> Path:
    path = Path(path)
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise ValueError(f"{path}: a chart must be saved as {', '.join(PLOT_SUFFIXES)}")
    fig.savefig(path)
    return path


def plot_time_vs_size(
    series: Mapping[str, Iterable[tuple[float, float]]],
    path: str | Path,
    *,
    title: str | None = None,
    xlabel: str = "board size n",
    ylabel: str = "time per puzzle (s)",
) -> Path:
    """Time against board size, one line per series (a backend, say), on a log time axis.

    ``series`` maps a name to (size, seconds) points; several points at one size are
    drawn as their median with a band from the fastest to the slowest. Writes ``path``
    (.png, .svg or .pdf) and returns it.
    """
    with styled_figure(title) as (fig, ax):
        for i, (name, points) in enumerate(series.items()):
            by_size: dict[float, list[float]] = {}
            for size, seconds in points:
                by_size.setdefault(size, []).append(seconds)
            if not by_size:
                continue
            sizes = sorted(by_size)
            style = series_style(i)
            ax.plot(sizes, [statistics.median(by_size[s]) for s in sizes], label=name, **style)
            if any(len(v) > 1 for v in by_size.values()):
                low, high = [min(by_size[s]) for s in sizes], [max(by_size[s]) for s in sizes]
                ax.fill_between(sizes, low, high, color=style["color"], alpha=0.15, linewidth=0)
        ax.set_yscale("log")
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.xaxis.get_major_locator().set_params(integer=True)
        if series:
            ax.legend()
        return save_figure(fig, path)


def plot_bars(
    groups: Mapping[str, Mapping[str, float]],
    path: str | Path,
    *,
    title: str | None = None,
    xlabel: str = "",
    ylabel: str = "count",
    log: bool = False,
) -> Path:
    """Grouped bars: for each group on the x axis (a board size, say), one bar per series
    (a difficulty, an outcome...). ``groups`` maps group -> {series: value}. Writes ``path``."""
    names: list[str] = []
    for values in groups.values():
        names += [s for s in values if s not in names]
    with styled_figure(title) as (fig, ax):
        width = 0.8 / max(1, len(names))
        xs = range(len(groups))
        for i, name in enumerate(names):
            style = series_style(i)
            heights = [values.get(name, 0) for values in groups.values()]
            offsets = [x - 0.4 + width * (i + 0.5) for x in xs]
            ax.bar(offsets, heights, width, label=name, color=style["color"], hatch=_BAR_HATCHES[i % len(_BAR_HATCHES)], edgecolor="white")
        ax.set_xticks(list(xs), [str(g) for g in groups])
        ax.grid(axis="x", visible=False)
        if log:
            ax.set_yscale("log")
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        if names:
            ax.legend()
        return save_figure(fig, path)


_BAR_HATCHES = ("", "//", "..", "xx", "\\\\", "--", "++")
