"""``--plot``: time against board size per backend, on a log scale (matplotlib, an optional extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from . import BenchError
from .summary import ALL_SIZES, SummaryRow

PLOT_FORMATS = (".png", ".svg", ".pdf")
INSTALL_HINT = "pip install 'queens-sat[plot]' (or pip install matplotlib)"


class PlotError(BenchError):
    """The plot cannot be made: matplotlib is missing or the file name is unusable."""


def check_plot_target(path: str) -> None:
    """Fail before a long run, not after it: the suffix and matplotlib itself."""
    suffix = Path(path).suffix.lower()
    if suffix not in PLOT_FORMATS:
        raise PlotError(f"--plot {path}: the file must end in {', '.join(PLOT_FORMATS)}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotError(f"--plot needs matplotlib: {INSTALL_HINT}") from None


def plot_times(rows: Sequence[SummaryRow], path: str, title: str) -> None:
    """Median time per size for each backend, with a band up to the p95."""
    check_plot_target(path)
    import matplotlib

    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt

    per_size = [r for r in rows if r.size != ALL_SIZES]
    backends = list(dict.fromkeys(r.backend for r in per_size))
    fig, ax = plt.subplots(figsize=(8, 5))
    for backend in backends:
        mine = sorted((r for r in per_size if r.backend == backend), key=lambda r: int(r.size))
        sizes = [int(r.size) for r in mine]
        (line,) = ax.plot(sizes, [r.median * 1000 for r in mine], marker="o", label=backend)
        medians, p95s = [r.median * 1000 for r in mine], [r.p95 * 1000 for r in mine]
        ax.fill_between(sizes, medians, p95s, color=line.get_color(), alpha=0.15)
    ax.set_yscale("log")
    ax.set_xlabel("board size n")
    ax.set_ylabel("uniqueness check, ms (median; band to p95)")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as err:
        raise PlotError(f"--plot {path}: cannot write: {err.strerror or err}") from None
    finally:
        plt.close(fig)
