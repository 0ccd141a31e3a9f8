"""The native search against the pure-Python reference on many random boards: the same counts,
the same solutions in the same order, the same node counts.

    .venv/bin/python bench/differential.py                 # 10,000 boards, about a minute
    .venv/bin/python bench/differential.py --boards 500 --seed 3
    .venv/bin/python bench/differential.py --stars         # 10,000 Star Battle boards

Boards are made as a generator meets them (``queens_sat.services.benchmark.boards``): regions
flood-filled around a planted solution, or from n random cells, in turn; n from 5 to 30
under the no-touch rule and 5 to 20 under the queens rule (the Hall filtering knows no
diagonals, so larger queens boards can run long in the reference); every fifth board carries
a given queen from its planted or first solution and a blocked cell. Each is counted up to
50 solutions by both searches. Prints the number of boards, the mismatches (each with its
board), and the time each search took; exit code 1 on any mismatch.

``--stars``: Star Battle boards instead (``bench/star_boards.py``: a planted k-star solution,
regions grown round it): n = 8..12 with 2 stars, every tenth board n = 12..14 with 3 (7 x 7
and 11 x 11 hold no 2- and 3-star placement at all); every fifth carries a given star and a
blocked cell, every twenty-fifth has no regions. The native backend and the reference count
up to ``--limit`` solutions (default 20 here); the same comparison.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

from queens_sat.backends import get_backend
from queens_sat.cli.progress import tracked
from queens_sat.engines.regions import counting as fast
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.benchmark.boards import kind_board


def board(rng: random.Random, index: int) -> tuple[np.ndarray, str, list[tuple[int, int]], list[tuple[int, int]]]:
    rule = "no-touch" if index % 3 else "queens"
    n = rng.randint(5, 30 if rule == "no-touch" else 20)
    kind = "planted" if index % 2 else "cells"
    while True:
        try:
            puzzle = kind_board(kind, n, rng, rule)
            break
        except ValueError:  # no placement of that size under the rule: draw again
            n = rng.randint(5, 20)
    regions = np.array(puzzle.regions, dtype=np.int64)
    queens: list[tuple[int, int]] = []
    blocked: list[tuple[int, int]] = []
    if index % 5 == 0:
        r = rng.randrange(n)
        queens.append((r, rng.randrange(n)))
        blocked.append(((r + 1) % n, rng.randrange(n)))
    return regions, rule, queens, blocked


def star_puzzle(rng: random.Random, index: int) -> Puzzle:
    """A random Star Battle board (see the module's docstring for the mix)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from star_boards import star_board

    n, k = (rng.randint(12, 14), 3) if index % 10 == 9 else (rng.randint(8, 12), 2)
    puzzle, stars = star_board(n, k, rng)
    if index % 25 == 24:
        return Puzzle(None, n=n, stars=k)
    if index % 5 == 0:
        given = rng.choice(stars)
        blocked = rng.choice([(r, c) for r in range(n) for c in range(n) if (r, c) != given])
        puzzle = puzzle.replace(queens=[given], blocked=[blocked])
    return puzzle


def compare_stars(args: argparse.Namespace) -> int:
    """The native k-star search against the reference on ``args.boards`` random boards."""
    rng = random.Random(args.seed)
    limit = args.limit or 20
    mismatches = 0
    spent = {"native": 0.0, "python": 0.0}
    counts: dict[int, int] = {}
    for i in tracked(range(args.boards), args.boards, "Star Battle boards, native against python"):
        try:
            puzzle = star_puzzle(rng, i)
        except ValueError:  # a given on the blocked cell, or a blocked cell next to it: refused by Puzzle
            continue
        found = {}
        for name in ("native", "python"):
            start = time.perf_counter()
            res = get_backend(name).search(puzzle, limit=limit, keep=limit, time_limit=None)
            spent[name] += time.perf_counter() - start
            found[name] = (res.count, res.complete, res.solutions, res.stats["nodes"])
        counts[found["python"][0]] = counts.get(found["python"][0], 0) + 1
        if found["native"] != found["python"]:
            mismatches += 1
            print(f"board {i} ({puzzle!r}, givens {puzzle.queens}, blocked {puzzle.blocked}): native {found['native'][:2]} "
                  f"nodes {found['native'][3]}, python {found['python'][:2]} nodes {found['python'][3]}\n{puzzle.regions}")
    shown = ", ".join(f"{c}: {m}" for c, m in sorted(counts.items()))
    print(f"{sum(counts.values())} Star Battle boards (seed {args.seed}, limit {limit}): {mismatches} mismatches in count, "
          f"completeness, solutions in order or node count; native {spent['native']:.2f} s, python {spent['python']:.2f} s")
    print(f"boards by solutions found (up to the limit): {shown}")
    return 1 if mismatches else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit", type=int, help="solutions counted per board (default 50, 20 with --stars)")
    parser.add_argument("--stars", action="store_true", help="Star Battle boards (k = 2 and 3) instead of Queens")
    args = parser.parse_args()
    if fast.IMPLEMENTATION != "native":
        print("the native extension is not available: nothing to compare", file=sys.stderr)
        return 2
    if args.stars:
        return compare_stars(args)
    args.limit = args.limit or 50
    rng = random.Random(args.seed)
    mismatches = 0
    spent = {"native": 0.0, "python": 0.0}
    for i in tracked(range(args.boards), args.boards, "boards, native against python"):
        regions, rule, queens, blocked = board(rng, i)
        found = {}
        for name, count in (("native", fast.native_count_regions), ("python", fast.python_count_regions)):
            start = time.perf_counter()
            res = count(regions, rule, args.limit, queens=queens, blocked=blocked, keep=args.limit)
            spent[name] += time.perf_counter() - start
            found[name] = (res.count, res.complete, [tuple(s) for s in res.solutions], res.nodes)
        if found["native"] != found["python"]:
            mismatches += 1
            print(f"board {i} ({rule}, n = {len(regions)}, queens {queens}, blocked {blocked}): native {found['native'][:2]} "
                  f"nodes {found['native'][3]}, python {found['python'][:2]} nodes {found['python'][3]}\n{regions.tolist()}")
    print(f"{args.boards} boards (seed {args.seed}, limit {args.limit}): {mismatches} mismatches in count, "
          f"completeness, solutions in order or node count; native {spent['native']:.2f} s, python {spent['python']:.2f} s")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
