"""How far reasoning alone gets on the unique corpus puzzles, and how fast.

    .venv/bin/python bench/logic_tiers.py [--max-depth 2] [--repeat 3] [--out results.jsonl]

For every unique puzzle of ../shared/corpus (community.jsonl and generated.jsonl; or the
folder named by QUEENS_SAT_CORPUS / --corpus) it runs the logic engine with probes up to
--max-depth and prints:

- tiers: solved with no probe, needing probes of depth 1, depth 2..., or not solved;
  the engine always tries the shallowest probe first, so the deepest probe a solve
  used is the depth the puzzle needs;
- grades (Trivial to Expert);
- per board size, the time per puzzle (mean, median, max; the best of --repeat runs)
  and, as the baseline measured in the same run, the pure-Python reference solver's
  uniqueness check of the same puzzles, with the ratio logic / reference.

Other jobs on the machine slow both alike; compare ratios, and repeat when noisy.
With --out, a JSON line per puzzle is written as it is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

from queens_sat import solve
from queens_sat.cli.progress import tracked
from queens_sat.engines.logic import GRADES, logic_solve
from queens_sat.formats import read_puzzles

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("QUEENS_SAT_CORPUS", ROOT.parent / "shared" / "corpus"))
FILES = ("community.jsonl", "generated.jsonl")


def best_time(repeat: int, work) -> tuple[float, object]:
    """The fastest of ``repeat`` runs of ``work()`` (seconds) and its result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def tier_of(result) -> str:
    if not result.solved:
        return "not solved"
    deepest = max((step.depth for step in result.steps), default=0)
    return "no probe" if deepest == 0 else f"probe depth {deepest}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS, help=f"corpus folder (default {CORPUS})")
    parser.add_argument("--max-depth", type=int, default=2, help="deepest probe allowed (default 2)")
    parser.add_argument("--repeat", type=int, default=1, help="time each puzzle this many times, keep the best")
    parser.add_argument("--out", type=Path, help="write a JSON line per puzzle here as it goes")
    args = parser.parse_args(argv)
    console = Console()
    paths = [args.corpus / name for name in FILES]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        console.print(f"corpus not found: {', '.join(missing)} (set QUEENS_SAT_CORPUS or --corpus)")
        return 2

    tiers: Counter[str] = Counter()
    grades: Counter[str] = Counter()
    logic_times: dict[int, list[float]] = defaultdict(list)
    reference_times: dict[int, list[float]] = defaultdict(list)
    out = args.out.open("w") if args.out else None
    try:
        for path in paths:
            count = 0
            records = list(read_puzzles(path))
            for rec in tracked(records, len(records), f"{path.name}: solved by logic"):
                if rec.puzzle is None or rec.meta.get("solutions") != 1:
                    continue
                puzzle = rec.puzzle
                spent, result = best_time(args.repeat, lambda: logic_solve(puzzle, args.max_depth))  # noqa: B023 -- timed at once, in this turn
                reference, _ = best_time(args.repeat, lambda: solve(puzzle, backend="python"))  # noqa: B023 -- timed at once, in this turn
                tier = tier_of(result)
                tiers[tier] += 1
                grades[result.grade or "not solved"] += 1
                logic_times[puzzle.n].append(spent)
                reference_times[puzzle.n].append(reference)
                count += 1
                if out:
                    row = {"id": rec.id, "n": puzzle.n, "tier": tier, "grade": result.grade, "hardest": result.hardest,
                           "steps": result.step_count, "logic_s": spent, "reference_s": reference}  # fmt: skip
                    out.write(json.dumps(row) + "\n")
                    out.flush()
            console.print(f"{path}: {count} unique puzzles")
    except KeyboardInterrupt:
        console.print("interrupted: the figures below cover the puzzles measured so far")
    finally:
        if out:
            out.close()

    total = sum(tiers.values())
    table = Table(title=f"Tiers (probes up to depth {args.max_depth}), {total} unique puzzles")
    table.add_column("tier")
    table.add_column("puzzles", justify="right")
    table.add_column("share", justify="right")
    order = ["no probe"] + [f"probe depth {d}" for d in range(1, args.max_depth + 1)] + ["not solved"]
    for tier in order:
        table.add_row(tier, str(tiers[tier]), f"{100 * tiers[tier] / max(total, 1):.1f}%")
    console.print(table)

    table = Table(title="Grades")
    table.add_column("grade")
    table.add_column("puzzles", justify="right")
    for grade in (*GRADES, "not solved"):
        table.add_row(grade, str(grades[grade]))
    console.print(table)

    table = Table(title=f"Time per puzzle (best of {args.repeat}), logic vs the reference uniqueness check")
    for name in ("n", "puzzles", "logic mean ms", "logic median ms", "logic max ms", "reference mean ms", "logic / reference"):
        table.add_column(name, justify="right")
    for n in sorted(logic_times):
        ts, refs = logic_times[n], reference_times[n]
        table.add_row(
            str(n),
            str(len(ts)),
            f"{1000 * statistics.mean(ts):.2f}",
            f"{1000 * statistics.median(ts):.2f}",
            f"{1000 * max(ts):.1f}",
            f"{1000 * statistics.mean(refs):.2f}",
            f"{sum(ts) / sum(refs):.2f}",
        )
    console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
