"""How fast the logic engine grades, against the uniqueness check and the pure-Python engine, in one run.

    .venv/bin/python bench/logic_speed.py [FILE.jsonl ...] [--repeat 3] [--python-sample 5] [--time-limit 10]

Prints (CPU seconds of this process, so that other load on the machine counts less; the
load average is printed too):

1. Queens dailies' kind of puzzle: the shared corpus's unique boards of n 7 to 11 (../shared/corpus
   or QUEENS_SAT_CORPUS). Per board, best of --repeat passes: ``is_unique`` on the bare grid,
   ``logic_solve`` on the same grid with its grade read (native engine), and the pure-Python
   engine; the ratios logic / is_unique (issue 22's target: at most 10) and python / native.
2. Star Battle: bench/stars-puzzles.jsonl and every FILE given (JSON lines of puzzles, a
   ``level`` or ``difficulty`` field groups them, e.g. a publisher's levels), per size, stars
   and level: solved / stuck / timed out within --time-limit (the default limit of ``check``),
   the median and largest time per puzzle, the deepest probe needed, and the pure-Python
   engine's median on the first --python-sample puzzles of the group (targets: 10x10 2-star
   median at most 2 ms; 14x14 3-star publisher's hard level all solved within 10 s, median
   at most 100 ms).
3. The time limit: how long after a limit of 0.05, 0.2 and 1 s the native engine returns on
   a board whose probes take many seconds (target: within 0.1 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import queens_sat as qs
from queens_sat import extension
from queens_sat.cli.progress import tracked
from queens_sat.engines.logic.engine import logic_solve
from queens_sat.formats import read_puzzles
from queens_sat.model.puzzle import Puzzle

ROOT = Path(__file__).resolve().parent
STARS = ROOT / "stars-puzzles.jsonl"
LONG_BOARD = "n21-5star-s16-00017"  # a 21x21 5-star puzzle whose depth-3 probes take many seconds


def cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def best_per_item(fn: Callable[[Any], Any], items: list[Any], repeat: int) -> float:
    """CPU seconds per item, the best of ``repeat`` passes over all of them."""
    best = float("inf")
    for _ in range(repeat):
        spent, _ = cpu(lambda: [fn(x) for x in items])
        best = min(best, spent / len(items))
    return best


def dailies(repeat: int) -> None:
    folder = Path(os.environ.get("QUEENS_SAT_CORPUS", ROOT.parent.parent / "shared" / "corpus"))
    records = [r for f in sorted(folder.glob("*.jsonl")) for r in read_puzzles(str(f))] if folder.is_dir() else []
    grids = [[list(row) for row in r.puzzle.regions] for r in records
             if r.puzzle is not None and 7 <= r.puzzle.n <= 11 and r.meta.get("solutions") == 1]  # fmt: skip
    if not grids:
        print("1. dailies: the shared corpus is missing (set QUEENS_SAT_CORPUS); skipped")
        return
    unique = best_per_item(qs.is_unique, grids, repeat)
    graded = best_per_item(lambda g: logic_solve(g).grade, grids, repeat)
    python = best_per_item(lambda g: logic_solve(g, engine="python").grade, grids[:200], 1)
    print(f"1. {len(grids)} unique corpus boards, n 7-11 (best of {repeat}, CPU per board):")
    print(f"   is_unique {unique * 1e6:.1f} us; logic_solve + grade, native {graded * 1e6:.1f} us = {graded / unique:.1f}x is_unique "
          f"(target <= 10x); pure Python {python * 1e6:.0f} us = {python / graded:.0f}x native")


def star_groups(paths: list[Path]) -> dict[tuple[str, int, int, str], list[Puzzle]]:
    groups: dict[tuple[str, int, int, str], list[Puzzle]] = defaultdict(list)
    for path in paths:
        for record in read_puzzles(str(path)):
            if record.puzzle is None:
                continue
            level = str(record.meta.get("level", record.meta.get("difficulty", "-")))
            groups[(path.name, record.puzzle.n, record.puzzle.stars, level)].append(record.puzzle)
    return groups


def stars(paths: list[Path], time_limit: float, python_sample: int) -> None:
    print(f"2. Star Battle, probes up to depth 2, time limit {time_limit:g} s (CPU per puzzle):")
    for (name, n, k, level), puzzles in sorted(star_groups(paths).items()):
        times, statuses, deepest = [], Counter(), Counter()
        for puzzle in tracked(puzzles, len(puzzles), f"{name} {n}x{n} {k}-star {level}"):
            spent, result = cpu(lambda p=puzzle: logic_solve(p, 2, time_limit))
            times.append(spent)
            statuses[result.status.value] += 1
            deepest[max((s.depth for s in result.steps), default=0)] += 1
        python = [cpu(lambda p=p: logic_solve(p, 2, 60.0, engine="python"))[0] for p in puzzles[:python_sample]]
        py = f"; pure Python median {1e3 * statistics.median(python):.0f} ms on {len(python)}" if python else ""
        depths = dict(sorted(deepest.items()))
        print(f"   {name} {n}x{n} {k}-star {level}: {len(puzzles)} puzzles, {dict(statuses)}, deepest probe {depths}; "
              f"native median {1e3 * statistics.median(times):.1f} ms, max {1e3 * max(times):.0f} ms{py}")


def time_limits() -> None:
    board = next((r.puzzle for r in read_puzzles(str(STARS)) if r.id == LONG_BOARD), None)
    if board is None:
        print(f"3. time limit: {LONG_BOARD} is missing from {STARS.name}; skipped")
        return
    overs = []
    for limit in (0.05, 0.2, 1.0):
        start = time.perf_counter()
        result = logic_solve(board, 3, limit)
        overs.append(f"{limit:g} s -> {time.perf_counter() - start - limit:+.4f} s ({result.status.value})")
    print(f"3. time limit on {LONG_BOARD} (depth 3), wall time past the limit: " + "; ".join(overs))


def logic_variant() -> str:
    module = extension.logic()
    return module.variant() if module is not None else "python"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="more JSON lines files of Star Battle puzzles")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--python-sample", type=int, default=5, help="puzzles per star group also solved by the pure-Python engine")
    parser.add_argument("--time-limit", type=float, default=10.0)
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.files if not p.exists()]
    if missing:
        print(f"not found: {', '.join(missing)}", file=sys.stderr)
        return 2
    if extension.logic() is None:
        print(f"the native logic engine is not available: {extension.unavailable_reason(extension.LOGIC)}", file=sys.stderr)
        return 2
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; logic engine variant: {logic_variant()}")
    dailies(args.repeat)
    stars([STARS, *args.files], args.time_limit, args.python_sample)
    time_limits()
    return 0


if __name__ == "__main__":
    sys.exit(main())
