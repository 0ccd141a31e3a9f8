"""The generator's tail at large n: seconds per puzzle, seeds 1 to S, C puzzles each, one process, one core.

    .venv/bin/python bench/generator_tail.py [--sizes 48,64] [--seeds 5] [--count 3] [--max-repairs K]

For each size and seed, ``generate(n, count, seed=seed, workers=1)`` in this process (the
imports and the first calls paid by the first seed of the first size); each puzzle's own
clock (``GeneratedPuzzle.seconds``), repairs and fresh layouts are printed as they come, then
the median and max per size. A puzzle that needed fresh layouts is the tail: a layout whose
repairs wander costs its whole repair budget (``--max-repairs``, default 3 n) before it is
dropped. Targets (issue 23): max <= 0.5 s at n = 48, <= 2 s at n = 64.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from queens_sat.services.generator import generate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="48,64", help="board sizes, comma-separated (default 48,64)")
    parser.add_argument("--seeds", type=int, default=5, help="seeds 1..S (default 5)")
    parser.add_argument("--count", type=int, default=3, help="puzzles per seed (default 3)")
    parser.add_argument("--max-repairs", type=int, default=None, help="repairs per layout (default: the generator's, 3 n)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    for n in (int(size) for size in args.sizes.split(",")):
        seconds: list[float] = []
        start = time.perf_counter()
        for seed in range(1, args.seeds + 1):
            made = generate(n, args.count, seed=seed, workers=1, max_repairs=args.max_repairs)
            seconds += [p.seconds for p in made]
            shown = ", ".join(f"{p.seconds:.3f} s ({p.repairs} repairs, {p.restarts} fresh)" for p in made)
            print(f"  n = {n}, seed {seed}: {shown}", flush=True)
        print(
            f"n = {n}: {len(seconds)} puzzles, median {statistics.median(seconds):.3f} s, max {max(seconds):.3f} s"
            f" (wall {time.perf_counter() - start:.1f} s)",
            flush=True,
        )
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
