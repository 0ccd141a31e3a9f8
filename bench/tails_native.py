"""The native search on random region boards, sizes 16 to 64: the tail of issue 12.

Run from the repository root, once the package is installed as the README says:

    .venv/bin/python bench/tails_native.py [--per-size 40] [--time-limit 5] [--sizes 16,20,...]

Per size, half the boards are planted (regions flood-filled around a random
no-touch solution: at least one solution) and half grown from n random cells
(mostly without solution), from fixed seeds, so two runs see the same boards. Each
board gets the uniqueness check (limit 2) through ``fast.native_count_regions``
under the time limit; the table shows the median, p95 and max wall time, the
boards left unknown (timed out) and the median node count. Timings on a loaded
machine are noisy: compare runs made one after the other.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from queens_sat.cli.progress import tracked
from queens_sat.engines.regions import counting as fast
from queens_sat.services.benchmark.boards import flood_fill, planted_board

SIZES = (16, 20, 24, 30, 40, 50, 64)


def boards(n: int, count: int, seed: int) -> list[np.ndarray]:
    """``count`` boards of size n: planted and random-cell alternately, from ``seed``."""
    rng = random.Random(seed * 1000 + n)
    cells = [(r, c) for r in range(n) for c in range(n)]
    out = []
    for i in range(count):
        if i % 2 == 0:
            out.append(np.array(planted_board(n, rng).regions, dtype=np.int64))
        else:
            out.append(np.array(flood_fill(n, rng.sample(cells, n), rng), dtype=np.int64))
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=40)
    parser.add_argument("--time-limit", type=float, default=5.0)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"{'n':>3} {'boards':>6} {'median ms':>10} {'p95 ms':>9} {'max ms':>9}"
        f" {'unknown':>7} {'solvable':>8} {'nodes med':>9} {'nodes max':>10}"
    )
    for n in map(int, args.sizes.split(",")):
        times, nodes, unknown, solvable = [], [], 0, 0
        for grid in tracked(boards(n, args.per_size, args.seed), args.per_size, f"n = {n}: boards searched"):
            t0 = time.perf_counter()
            result = fast.native_count_regions(grid, "no-touch", 2, time_limit=args.time_limit)
            times.append(time.perf_counter() - t0)
            nodes.append(result.nodes)
            unknown += not result.complete and result.count < 2
            solvable += result.count > 0
        print(
            f"{n:>3} {len(times):>6} {1000 * statistics.median(times):>10.2f} {1000 * percentile(times, 0.95):>9.1f}"
            f" {1000 * max(times):>9.1f} {unknown:>7} {solvable:>8} {int(statistics.median(nodes)):>9} {max(nodes):>10}",
            flush=True,
        )


if __name__ == "__main__":
    main()
