"""How far reasoning alone gets on Star Battle puzzles (k stars), how hard, how fast.

    .venv/bin/python bench/logic_stars.py [FILE.jsonl ...] [--max-depth 2] [--limit N] [--out results.jsonl]

Default input: bench/stars-puzzles.jsonl, generated unique puzzles (10/2, 14/3, 17/4, 21/5).
Any JSON lines file of k-star puzzles works. Published puzzles are not copied into this
repository; the figures in the issue notes were measured on 1,000 KrazyDad "Two Not Touch"
10x10 2-star puzzles (random_sample_10x10.txt of github.com/masonomara/star-battle at
47cc6fcdead4, turned into our JSON lines with their solutions and KrazyDad's ``lwork``).

Prints, per file:
- the solve rate by logic with probes up to --max-depth, and the tiers: solved with no
  probe, needing probes of depth 1, 2..., not solved (the engine tries the shallowest
  probe first, so the deepest probe a solve used is the depth the puzzle needs);
- that every logic solution is the record's ``solution`` when it has one;
- the grades (Trivial to Expert), and when the records carry a publisher's difficulty
  (``difficulty`` label, or KrazyDad's ``lwork`` effort score) the grades against it:
  the mean score per grade and the rank correlation (Spearman) of our difficulty score
  with theirs;
- the time per puzzle (mean, median, max), with, as the baseline measured in the same
  run, the time of the pure-Python reference uniqueness check where it takes k stars.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from queens_sat.cli.progress import ProgressBar
from queens_sat.engines.logic import GRADES, logic_solve, rank
from queens_sat.formats import read_puzzles
from queens_sat.model.placement import star_rows
from queens_sat.services.library.plays import spearman as library_spearman

ROOT = Path(__file__).resolve().parent
DEFAULT = ROOT / "stars-puzzles.jsonl"


def tier_of(result: Any) -> str:
    if not result.solved:
        return f"not solved ({result.status})"
    deepest = max((step.depth for step in result.steps), default=0)
    return "no probe" if deepest == 0 else f"probe depth {deepest}"


def difficulty_score(result: Any) -> float:
    """One number for "how hard was it": the hardest technique's rank, then how often it
    was needed, then the number of probe and non-trivial steps (for ranking only)."""
    if not result.solved:
        return float("inf")
    hardest = result.hardest
    top = rank(hardest) if hardest else 0
    effort = sum(count * (rank(t) + 1) ** 2 for t, count in result.counts.items())
    return top * 10_000 + effort


def spearman(xs: list[float], ys: list[float]) -> float:
    """The library's rank correlation (``services.library.plays.spearman``); 0 when a side is constant."""
    rho = library_spearman(xs, ys)
    return 0.0 if rho is None else rho


def reference_time(puzzle: Any) -> float | None:
    """Seconds for the pure-Python reference to prove uniqueness; None if it cannot take k stars."""
    from queens_sat import solve

    try:
        start = time.perf_counter()
        solve(puzzle, backend="python", limit=2)
        return time.perf_counter() - start
    except Exception:  # the reference not generalised to k stars on this branch
        return None


def run_file(path: Path, args: argparse.Namespace, out: Any) -> None:
    records = [r for r in read_puzzles(str(path)) if r.puzzle is not None]
    if args.limit:
        records = records[: args.limit]
    tiers: Counter[str] = Counter()
    grades: Counter[str] = Counter()
    wrong = 0
    times: list[float] = []
    ref_times: list[float] = []
    by_label: dict[str, list[str]] = defaultdict(list)
    scores: list[float] = []
    grade_ranks: list[float] = []
    theirs: list[float] = []
    progress = ProgressBar(len(records), f"{path.name}: solving by logic", lines_every=5.0)
    with progress:
        for record in records:
            progress.advance()
            puzzle = record.puzzle
            assert puzzle is not None
            start = time.perf_counter()
            result = logic_solve(puzzle, args.max_depth, args.time_limit)
            times.append(time.perf_counter() - start)
            if args.reference:
                ref = reference_time(puzzle)
                if ref is not None:
                    ref_times.append(ref)
            tiers[tier_of(result)] += 1
            grades[str(result.grade)] += 1
            expected = record.meta.get("solution")
            if result.solution is not None and expected is not None:
                got = star_rows(result.solution, puzzle.stars) if puzzle.stars > 1 else list(result.solution)
                wrong += got != expected
            label = record.meta.get("difficulty")
            if label is not None:
                by_label[str(label)].append(str(result.grade))
            if "lwork" in record.meta and result.solved:
                scores.append(difficulty_score(result))
                grade_ranks.append(float(GRADES.index(str(result.grade))))
                theirs.append(float(record.meta["lwork"]))
                by_label[f"lwork grade {result.grade}"].append(str(record.meta["lwork"]))
            if out is not None:
                row = {"id": record.id, "status": result.status, "grade": result.grade, "hardest": result.hardest}
                row.update(counts=result.counts, elapsed=round(times[-1], 6))
                row.update({k: record.meta[k] for k in ("lwork", "difficulty") if k in record.meta})
                out.write(json.dumps(row) + "\n")
    total = len(records)
    solved = sum(v for t, v in tiers.items() if not t.startswith("not solved"))
    print(f"\n{path.name}: {total} puzzles, logic with probes up to depth {args.max_depth}")
    print(f"  solved: {solved}/{total} = {100 * solved / max(total, 1):.1f} %   (solutions differing from the record's: {wrong})")
    for tier, count in sorted(tiers.items()):
        print(f"  {tier:<28} {count:>5}  {100 * count / total:5.1f} %")
    print("  grades: " + ", ".join(f"{g} {grades[g]}" for g in (*GRADES, "None") if grades[g]))
    if times:
        print(
            f"  time per puzzle: mean {1000 * statistics.fmean(times):.1f} ms, median {1000 * statistics.median(times):.1f} ms, "
            f"max {1000 * max(times):.1f} ms"
        )
    if ref_times:
        ratio = statistics.median(times) / statistics.median(ref_times)
        ref = 1000 * statistics.median(ref_times)
        print(f"  baseline (python reference uniqueness check): median {ref:.1f} ms; logic/reference {ratio:.2f}")
    grade_order = {f"lwork grade {g}": i for i, g in enumerate(GRADES)}
    for label, values in sorted(by_label.items(), key=lambda item: (grade_order.get(item[0], -1), item[0])):
        if label.startswith("lwork grade"):
            lw = [float(v) for v in values]
            mean, median = statistics.fmean(lw), statistics.median(lw)
            print(f"  {label:<22} {len(lw):>5} puzzles, KrazyDad lwork mean {mean:6.1f}, median {median:6.1f}")
        else:
            counts = Counter(values)
            print(f"  publisher label {label!r}: " + ", ".join(f"{g} {counts[g]}" for g in (*GRADES, "None") if counts[g]))
    if len(scores) > 2:
        print(f"  Spearman rank correlation with KrazyDad lwork: our grade {spearman(grade_ranks, theirs):.2f}, "
              f"our difficulty score {spearman(scores, theirs):.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, default=[DEFAULT], help=f"JSON lines files (default {DEFAULT.name})")
    parser.add_argument("--max-depth", type=int, default=2, help="deepest probe allowed (default 2)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="give up on a puzzle after this long (s)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N puzzles of each file")
    parser.add_argument("--reference", action="store_true", help="also time the python reference check (baseline)")
    parser.add_argument("--out", type=Path, help="write a JSON line per puzzle here")
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.files if not p.exists()]
    if missing:
        print(f"not found: {', '.join(missing)}", file=sys.stderr)
        return 2
    out = args.out.open("w") if args.out else None
    try:
        for path in args.files:
            run_file(path, args, out)
    finally:
        if out is not None:
            out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
