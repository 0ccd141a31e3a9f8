"""Which grades does the generator reach, per size, stars and probe depth? (issue 35)

    python bench/grade_reach.py --sizes 5 6 7 8 9 10 11 12 --depths 0 1 2 [--stars 1] [--count 3] [--time-limit 20]

For each (n, k, depth, grade): ``generate(n, 1, seed=s, grades=(grade,), max_depth=depth,
time_limit=T)`` for seeds 1..count, one process; prints how many puzzles came within the
time limit, their median and max seconds, and the closest grade of those that did not. The
table ``services.generator.reach`` holds is read from these figures (bench/generator-results.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from queens_sat.engines.logic.grading import GRADES
from queens_sat.services.generator import GenerationFailed, generate


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[5, 6, 7, 8, 9, 10, 11, 12])
    p.add_argument("--depths", type=int, nargs="+", default=[0, 1, 2])
    p.add_argument("--stars", type=int, default=1)
    p.add_argument("--count", type=int, default=3, help="seeds 1..count, one puzzle each")
    p.add_argument("--time-limit", type=float, default=20.0, help="seconds a puzzle")
    p.add_argument("--grades", nargs="+", default=list(GRADES))
    args = p.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}", flush=True)
    for n in args.sizes:
        for depth in args.depths:
            row = []
            for grade in args.grades:
                seconds, failed = [], []
                for seed in range(1, args.count + 1):
                    start = time.perf_counter()
                    try:
                        (made,) = generate(n, 1, seed=seed, stars=args.stars, grades=(grade,), max_depth=depth, time_limit=args.time_limit)
                        seconds.append(made.seconds)
                    except GenerationFailed as err:
                        failed.append(str(err).rpartition("; ")[2].rstrip(")"))
                    except ValueError:  # refused at once: unreachable by the table
                        failed.append(f"refused in {time.perf_counter() - start:.2f} s")
                        break
                text = f"{grade} {len(seconds)}/{args.count}"
                if seconds:
                    text += f" (median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s)"
                if failed:
                    text += f" [{failed[0]}]"
                row.append(text)
            print(f"n {n} k {args.stars} depth {depth}: " + "; ".join(row), flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
