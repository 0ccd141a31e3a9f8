"""The cpsat and sat Star Battle (k-star) encodings (and the native search): agreement with the
pure-Python reference on random boards, then the uniqueness check's time for each, side by side.

    .venv/bin/python bench/stars_encodings.py                 # 300 boards, then the timing table
    .venv/bin/python bench/stars_encodings.py --boards 50 --timing 10

Agreement: on every board (planted k-star solutions with regions grown round them,
``bench/star_boards.py``: n = 8..12 with 2 stars, 13..15 with 3) each backend counts the
solutions up to ``--limit`` and returns them; the counts and the solution sets must be the
reference's (the sets when there are fewer than the limit). Timing: the uniqueness check (limit 2) on ``--timing`` boards of each size,
median and worst per backend, with the ratio to cpsat in the same run (the machine is shared:
only ratios taken in one run mean much).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from star_boards import star_board

from queens_sat import solve
from queens_sat.backends.cnf import CARDINALITY_ENCODINGS, NATIVE
from queens_sat.cli.progress import tracked

REFERENCE = "python"
AGREEING = ["native", "cpsat", "cpsat:blocking", "sat", *(f"sat:glucose4:{e}" for e in CARDINALITY_ENCODINGS if e != NATIVE)]
TIMED = ["native", "cpsat", "cpsat:blocking", "sat", "sat:glucose4:seqcounter", "sat:glucose4:totalizer", "sat:glucose4:cardnetwrk"]
AGREEMENT_SIZES = [(8, 2), (9, 2), (10, 2), (11, 2), (12, 2), (13, 3), (14, 3), (15, 3)]
TIMING_SIZES = [(10, 2), (14, 3), (17, 4)]


def agreement(boards: int, limit: int, seed: int) -> int:
    """Every backend against the reference on ``boards`` random boards; returns the disagreements."""
    rng = random.Random(seed)
    bad = 0
    counts: dict[int, int] = {}
    for i in tracked(range(boards), boards, "boards, every backend against the reference"):
        n, k = AGREEMENT_SIZES[i % len(AGREEMENT_SIZES)]
        puzzle, _ = star_board(n, k, rng)
        ref = solve(puzzle, backend=REFERENCE, limit=limit, keep=limit)
        counts[min(ref.count, 2)] = counts.get(min(ref.count, 2), 0) + 1
        for name in AGREEING:
            res = solve(puzzle, backend=name, limit=limit, keep=limit)
            # below the limit both found every solution: the sets must match (above it, each
            # backend's first ``limit`` may differ; the facade has checked every one)
            same = set(res.solutions) == set(ref.solutions) if ref.complete else True
            if res.count != ref.count or res.complete != ref.complete or not same:
                bad += 1
                print(f"DISAGREE board {i} (n={n}, k={k}): {name} count {res.count}, reference {ref.count}")
                print("  " + " ".join(puzzle.label_rows()))
    print(
        f"agreement: {boards} boards x {len(AGREEING)} backends against {REFERENCE} (limit {limit}): "
        f"{bad} disagreements; boards with 0 / 1 / 2+ solutions: {counts.get(0, 0)} / {counts.get(1, 0)} / {counts.get(2, 0)}"
    )
    return bad


def timing(per_size: int, seed: int) -> None:
    """The uniqueness check's median and worst time per backend and size."""
    rng = random.Random(seed)
    print(f"\nuniqueness check (limit 2), {per_size} random boards a size; ms median / max (median ratio to cpsat)")
    print(f"{'backend':<28}" + "".join(f"{f'{n}x{n} {k}*':>26}" for n, k in TIMING_SIZES))
    boards = {size: [star_board(*size, rng)[0] for _ in range(per_size)] for size in TIMING_SIZES}
    times: dict[str, dict[tuple[int, int], list[float]]] = {}
    for name in tracked(TIMED, len(TIMED), "backends timed"):
        times[name] = {}
        for size, puzzles in boards.items():
            spent = []
            for puzzle in puzzles:
                start = time.perf_counter()
                solve(puzzle, backend=name, limit=2, keep=0)
                spent.append(time.perf_counter() - start)
            times[name][size] = spent
    for name in TIMED:
        cells = []
        for size in TIMING_SIZES:
            spent = times[name][size]
            ratio = statistics.median(a / b for a, b in zip(spent, times["cpsat"][size], strict=True))
            cells.append(f"{statistics.median(spent) * 1e3:8.1f} / {max(spent) * 1e3:7.1f} ({ratio:4.2f}x)")
        print(f"{name:<28}" + "".join(f"{c:>26}" for c in cells))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=300, help="random boards for the agreement check (default 300)")
    parser.add_argument("--limit", type=int, default=20, help="solutions counted and compared a board (default 20)")
    parser.add_argument("--timing", type=int, default=15, help="boards a size for the timing table (0: none; default 15)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bad = agreement(args.boards, args.limit, args.seed)
    if args.timing:
        timing(args.timing, args.seed)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
