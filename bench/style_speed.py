"""Time to a styled, unique, logic-checked puzzle (issue 24.4), and the grade mix it makes.

    python bench/style_speed.py --sizes 8 10 11 20 --count 40

For each size and style: puzzles made one by one (``workers`` 1) with ``logic=True``
(depth 0 for Queens, the default grade mix), the median and 90th percentile of the
seconds each took, and the share of Hard-or-harder puzzles. ``blobs`` is the baseline
of the same run (ratios against it are printed).
"""

from __future__ import annotations

import argparse
import statistics
import time

from queens_sat.cli.progress import tracked
from queens_sat.services.generator import GeneratorOptions, iter_generate
from queens_sat.services.generator.logic_filter import HARDER, harder_share


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", type=int, nargs="+", default=[8, 10, 11, 20])
    p.add_argument("--styles", nargs="+", default=["blobs", "published"])
    p.add_argument("--count", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    print(f"{'n':>3} {'style':<10} {'median s':>9} {'p90 s':>8} {'x blobs':>8} {'hard %':>7} {'target %':>8} {'wall s':>7}")
    for n in args.sizes:
        base = None
        for style in args.styles:
            start = time.perf_counter()
            made = iter_generate(GeneratorOptions(n=n, seed=args.seed, style=style, logic=True), args.count, workers=1)
            puzzles = list(tracked(made, args.count, f"n = {n}, {style}: puzzles made"))  # generate(), counted as made
            wall = time.perf_counter() - start
            seconds = sorted(q.seconds for q in puzzles)
            median = statistics.median(seconds)
            base = median if base is None else base
            hard = 100 * sum(q.extra["grade"] in HARDER for q in puzzles) / len(puzzles)
            p90 = seconds[int(0.9 * (len(seconds) - 1))]
            target = 100 * harder_share(n)
            print(f"{n:>3} {style:<10} {median:>9.4f} {p90:>8.4f} {median / base:>8.2f} {hard:>7.1f} {target:>8.1f} {wall:>7.1f}")


if __name__ == "__main__":
    main()
