"""The native search against the pure-Python reference on the shared corpus, in one run.

Run from the repository root, once the package is installed as the README says:

    .venv/bin/python bench/native_bench.py

It reads community.jsonl and generated.jsonl from ../shared/corpus (or
``--corpus DIR``, or the folder named by QUEENS_SAT_CORPUS) and times, for the
uniqueness check (limit 2) and for the exact count, per board size:

- ``native``: the batch entry ``fast.native_count_batch``, one call per size,
  each board timed by the search's own clock (so no Python work is counted);
- ``native call``: one ``fast.native_count_regions`` call per puzzle, wall clock
  (what a generator pays per check);
- ``python``: the pure-Python reference through ``fast.python_count_batch``.

Each puzzle's time is the best of ``--repeat`` runs, for every implementation
alike. Every implementation's counts are checked against the corpus. Then it
prints the targets of issue 3 next to the measured figures. Other processes on
the machine make timings noisy: compare the ratios, which come from one run,
and run it again when in doubt (the load average is printed). The build of the
native search that ran is printed too (``portable``, ``popcnt`` or ``avx512``,
the best this CPU has); ``QUEENS_SAT_NATIVE_PATH=portable`` measures a lesser one.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from queens_sat.cli.progress import tracked
from queens_sat.engines.regions import counting as fast
from queens_sat.extension import PATH_ENV as NATIVE_PATH_ENV
from queens_sat.extension import native_path

ROOT = Path(__file__).resolve().parent.parent
FILES = ("community.jsonl", "generated.jsonl")


def load(path: Path) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Region grids and exact counts of a corpus file, by board size."""
    grids, counts = defaultdict(list), defaultdict(list)
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            obj = json.loads(line)
            grids[obj["n"]].append(obj["regions"])
            counts[obj["n"]].append(obj["solutions"])
    return {n: (np.array(grids[n], dtype=np.int64), np.array(counts[n])) for n in sorted(grids)}


def time_batch(count_batch, grids: np.ndarray, limit: int | None, repeat: int) -> tuple[np.ndarray, np.ndarray, float]:
    """Per-board seconds (best of ``repeat``), the counts, and the best wall time of the whole call."""
    best, wall = None, float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        found = count_batch(grids, "no-touch", limit, keep=2)
        wall = min(wall, time.perf_counter() - start)
        best = found.elapsed if best is None else np.minimum(best, found.elapsed)
    return best, found.counts, wall


def time_calls(grids: np.ndarray, limit: int | None, repeat: int) -> np.ndarray:
    """Wall seconds of one ``native_count_regions`` call per board (best of ``repeat``)."""
    best = np.full(len(grids), np.inf)
    for _ in range(repeat):
        for i, grid in enumerate(grids):
            start = time.perf_counter()
            fast.native_count_regions(grid, "no-touch", limit)
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def stats(seconds: np.ndarray) -> tuple[float, float, float]:
    return float(np.median(seconds)), float(np.percentile(seconds, 95)), float(seconds.max())


def fmt(seconds: float) -> str:
    return f"{seconds * 1e6:.1f} µs" if seconds < 1e-3 else f"{seconds * 1e3:.2f} ms"


def measure(corpus: Path, repeat: int) -> dict:
    """Every timing, keyed by (file, task, implementation, n)."""
    times: dict = {}
    walls: dict = {}
    sets = [(name, n, grids, exact) for name in FILES for n, (grids, exact) in load(corpus / name).items()]
    for name, n, grids, exact in tracked(sets, len(sets), "corpus sizes timed (native, python, per call)"):
        for task, limit in (("unique", 2), ("exact", None)):
            want = exact if limit is None else np.minimum(exact, limit)
            for impl, count_batch in (("native", fast.native_count_batch), ("python", fast.python_count_batch)):
                seconds, counts, wall = time_batch(count_batch, grids, limit, repeat)
                if not (counts == want).all():
                    raise SystemExit(f"{impl} miscounts {name} n={n} ({task}): {counts.tolist()} != {want.tolist()}")
                times[name, task, impl, n] = seconds
                walls[name, task, impl, n] = wall
            times[name, task, "native call", n] = time_calls(grids, limit, repeat)
    return {"times": times, "walls": walls}


def pooled(times: dict, files, task: str, impl: str, sizes) -> np.ndarray:
    parts = [t for (f, k, i, n), t in times.items() if f in files and k == task and i == impl and n in sizes]
    return np.concatenate(parts) if parts else np.array([])


def size_table(times: dict, name: str, task: str) -> Table:
    title = f"{name}: {'uniqueness check (limit 2)' if task == 'unique' else 'exact count'}, time per puzzle"
    table = Table(title=title, title_justify="left")
    for column in ("n", "puzzles", "native: median / p95 / max", "native call: median", "python: median / p95 / max", "python / native"):
        table.add_column(column, justify="right")
    sizes = sorted(n for (f, k, i, n) in times if f == name and k == task and i == "native")
    for n in sizes:
        native, call, python = (times[name, task, impl, n] for impl in ("native", "native call", "python"))
        table.add_row(
            str(n),
            str(len(native)),
            " / ".join(fmt(v) for v in stats(native)),
            fmt(stats(call)[0]),
            " / ".join(fmt(v) for v in stats(python)),
            f"{np.median(python) / np.median(native):.0f}×",
        )
    return table


def targets(result: dict) -> Table:
    times, walls = result["times"], result["walls"]
    table = Table(title="Issue 3 targets", title_justify="left")
    for column in ("what", "measured", "target", "met"):
        table.add_column(column)

    def add(what: str, value: float, text: str, target: str, met: bool) -> None:
        table.add_row(what, text, target, "yes" if met else "NO")

    small_native = pooled(times, FILES, "unique", "native", range(7, 12))
    small_python = pooled(times, FILES, "unique", "python", range(7, 12))
    median = float(np.median(small_native))
    add("uniqueness, n = 7-11, batch entry: median", median, fmt(median), "≤ 5 µs", median <= 5e-6)
    ratio = float(np.median(small_python) / median)
    add("  python / native, medians", ratio, f"{ratio:.0f}×", "≥ 100×", ratio >= 100)
    big = pooled(times, ("community.jsonl",), "unique", "native", range(16, 19))
    add("uniqueness, n = 16-18 (community): median", float(np.median(big)), fmt(float(np.median(big))), "≤ 0.1 ms", np.median(big) <= 1e-4)
    add("  worst", float(big.max()), fmt(float(big.max())), "≤ 5 ms", big.max() <= 5e-3)
    total = sum(w for (f, k, i, n), w in walls.items() if f == "community.jsonl" and k == "exact" and i == "native")
    python_total = sum(w for (f, k, i, n), w in walls.items() if f == "community.jsonl" and k == "exact" and i == "python")
    measured = f"{total:.3f} s (python {python_total:.2f} s)"
    add("exact counts of all community puzzles, native, total", total, measured, "< 0.5 s", total < 0.5)
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default = Path(os.environ.get("QUEENS_SAT_CORPUS", ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--corpus", type=Path, default=default, help=f"folder of the corpus files (default {default})")
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle and implementation; the best counts (default 3)")
    args = parser.parse_args(argv)
    if fast.IMPLEMENTATION != "native":
        print("the native extension is not available (not built, or QUEENS_SAT_PURE_PYTHON is set)", file=sys.stderr)
        return 2
    missing = [name for name in FILES if not (args.corpus / name).exists()]
    if missing:
        print(f"corpus files not found in {args.corpus}: {', '.join(missing)}", file=sys.stderr)
        return 2
    console = Console()
    load_before = os.getloadavg()
    start = time.perf_counter()
    result = measure(args.corpus, args.repeat)
    console.print(
        f"best of {args.repeat} runs per puzzle; load average {load_before[0]:.1f} before, "
        f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores; {time.perf_counter() - start:.0f} s in all; "
        f"native build: {native_path()} ({NATIVE_PATH_ENV} picks a lesser one)"
    )
    for name in FILES:
        for task in ("unique", "exact"):
            console.print(size_table(result["times"], name, task))
    console.print(targets(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
