"""Seconds per puzzle of each grade, at the depth docs/generator-grades.md names (issue 35).

    python bench/grade_speed.py [--n 9] [--seeds 10] [--stars 1]

For each grade the generator reaches on n x n boards (``reach.reachable_grades``), puzzle 0
of seeds 1..S (``generate(n, 1, seed=s, grades=(grade,), max_depth=least depth, workers=1)``),
one process: the median and max of each puzzle's own clock (and of this process's CPU time, which a
loaded machine does not inflate), and the layouts it needed.
Targets (issue 35, n = 9): median <= 2 s, max <= 20 s a puzzle.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from queens_sat.services.generator import generate
from queens_sat.services.generator.reach import reachable_grades


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=9)
    p.add_argument("--seeds", type=int, default=10)
    p.add_argument("--stars", type=int, default=1)
    args = p.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}", flush=True)
    for grade, depth in reachable_grades(args.n, args.stars).items():
        depth = max(depth, 0 if args.stars == 1 else 2)  # the default depth where it is deeper
        made, cpu = [], []
        for s in range(1, args.seeds + 1):
            start = time.process_time()
            made.append(generate(args.n, 1, seed=s, stars=args.stars, grades=(grade,), max_depth=depth)[0])
            cpu.append(time.process_time() - start)
        seconds = [m.seconds for m in made]
        print(
            f"n {args.n} k {args.stars} {grade:<8} depth {depth}: median {statistics.median(seconds):.3f} s, max {max(seconds):.3f} s"
            f" (CPU median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s); "
            f"layouts median {statistics.median(m.restarts + 1 for m in made):g}, max {max(m.restarts + 1 for m in made)}; "
            f"steered moves median {statistics.median(m.extra['steered'] for m in made):g}",
            flush=True,
        )
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
