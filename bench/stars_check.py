"""The Star Battle (k-star) uniqueness check's speed: native, the pure-Python reference and
cpsat on the same boards, per size, with the ratio to cpsat taken in the same run.

    .venv/bin/python bench/stars_check.py                          # built boards, 10/2 .. 21/5
    .venv/bin/python bench/stars_check.py --sizes 10/2,14/3,17/4,21/5,25/6 --boards 5
    .venv/bin/python bench/stars_check.py --puzzles stars.jsonl    # a JSONL file of puzzles

The operation timed is ``backend.search(puzzle, limit=2)`` in this process (the uniqueness
check; the facade's verification of the answer is left out alike for every backend), each
puzzle once per backend after one warm-up search. Built boards (``bench/star_boards.py``): a
planted k-star solution with regions flood-filled round it, k planted stars a region; most
have many solutions, and the check is still what is timed. With ``--puzzles`` the file's
puzzles are grouped by size and stars. The machine is shared: only ratios taken in one run
mean much. Targets (issue 16): native median <= 0.2 ms at 10/2, 5 ms at 14/3, 100 ms at
17/4, 2 s at 21/5, and >= 20x faster than cpsat at every size.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from star_boards import star_board

from queens_sat.backends import get_backend
from queens_sat.cli.progress import tracked
from queens_sat.formats import read_puzzles
from queens_sat.model.puzzle import Puzzle

DEFAULT_SIZES = "10/2,14/3,17/4,21/5"
BOARDS = {10: 30, 14: 15, 17: 8, 21: 4, 25: 3}  # built boards per size (more where each is quick)
PYTHON_UP_TO = 14  # the reference is timed only on boards this small


def parse_sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in text.split(","):
        n, _, k = part.partition("/")
        sizes.append((int(n), int(k or 1)))
    return sizes


def built(sizes: list[tuple[int, int]], boards: int | None, seed: int) -> dict[tuple[int, int], list[Puzzle]]:
    groups = {}
    for n, k in sizes:
        rng = random.Random(seed * 1000 + n)
        groups[(n, k)] = [star_board(n, k, rng)[0] for _ in range(boards or BOARDS.get(n, 3))]
    return groups


def from_file(path: str, sizes: list[tuple[int, int]] | None) -> dict[tuple[int, int], list[Puzzle]]:
    groups: dict[tuple[int, int], list[Puzzle]] = {}
    for record in read_puzzles(path):
        if record.puzzle is None:
            print(f"skipped {record.id}: {record.error}", file=sys.stderr)
            continue
        key = (record.puzzle.n, record.puzzle.stars)
        if sizes is None or key in sizes:
            groups.setdefault(key, []).append(record.puzzle)
    return dict(sorted(groups.items()))


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def time_backend(name: str, puzzles: list[Puzzle], time_limit: float) -> tuple[list[float], list[int], int]:
    """Milliseconds per puzzle, the counts found (up to 2) and how many ran out of time."""
    backend = get_backend(name)
    backend.search(puzzles[0], limit=2, keep=2, time_limit=time_limit)  # warm-up: imports, tables
    times, counts, timeouts = [], [], 0
    for puzzle in tracked(puzzles, len(puzzles), f"{name}: boards searched"):
        start = time.perf_counter()
        outcome = backend.search(puzzle, limit=2, keep=2, time_limit=time_limit)
        times.append((time.perf_counter() - start) * 1e3)
        counts.append(outcome.count)
        timeouts += outcome.timed_out
    return times, counts, timeouts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", help="a JSONL (or any readable) file of Star Battle puzzles")
    parser.add_argument("--sizes", help=f"n/k list (default {DEFAULT_SIZES}; with --puzzles: every size in the file)")
    parser.add_argument("--boards", type=int, help="built boards per size (default: 30 at 10/2 down to 3 at 25/6)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--backends", default="native,python,cpsat", help="comma list (default native,python,cpsat)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per search (default 60)")
    args = parser.parse_args()
    sizes = parse_sizes(args.sizes) if args.sizes else None
    if args.puzzles:
        groups = from_file(args.puzzles, sizes)
    else:
        groups = built(sizes or parse_sizes(DEFAULT_SIZES), args.boards, args.seed)
    names = []
    for name in args.backends.split(","):
        backend = get_backend(name)
        if not backend.available():
            print(f"{name}: not installed, left out", file=sys.stderr)
        elif not backend.star_battle:
            print(f"{name}: does not search Star Battle boards (star_battle is False), left out", file=sys.stderr)
        else:
            names.append(name)
    print(f"{'size':>6} {'backend':>8} {'puzzles':>7} {'median ms':>10} {'p95 ms':>10} {'max ms':>10} {'timeouts':>8} {'cpsat/x':>8}")
    disagreements = 0
    for (n, k), puzzles in groups.items():
        rows = {}
        for name in names:
            if name == "python" and n > PYTHON_UP_TO:
                continue
            rows[name] = time_backend(name, puzzles, args.time_limit)
        settled = [row[1] for row in rows.values() if row[2] == 0]
        disagreements += sum(1 for counts in settled if counts != settled[0])
        cpsat = statistics.median(rows["cpsat"][0]) if "cpsat" in rows else None
        for name, (times, _counts, timeouts) in rows.items():
            median = statistics.median(times)
            ratio = f"{cpsat / median:8.1f}" if cpsat is not None else f"{'-':>8}"
            print(f"{n:>3}/{k:<2} {name:>8} {len(times):>7} {median:>10.3f} {p95(times):>10.3f} {max(times):>10.3f} {timeouts:>8} {ratio}")
        unique = sum(1 for c in next(iter(rows.values()))[1] if c == 1) if rows else 0
        print(f"{'':>6} {'':>8} unique: {unique} of {len(puzzles)}", flush=True)
    if disagreements:
        print(f"{disagreements} backends disagree on the counts", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
