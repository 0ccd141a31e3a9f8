"""Does the difficulty score rank puzzles as their publishers do? Per labelled set, in one run.

    .venv/bin/python bench/grading.py PATH.jsonl [PATH.jsonl ...] [--max-depth 2] [--time-limit 10] [--dump FILE]

Each PATH is JSON lines of puzzles with a ``level`` (a publisher's difficulty: easy, normal,
medium, hard...; or q1..q4 effort bands) and optionally ``set`` (what the levels are levels
of, e.g. "8x8 1★"; default: the file, n and k) and ``lwork`` (KrazyDad's effort figure).
bench/grading_convert.py makes such files from the public collections the figures in
bench/grading-results.md were measured on (not kept in this repository: no licence).

Prints, per set: for each pair of levels (easiest vs hardest, and neighbours) the AUC of
``logic.score`` (the chance that a puzzle of the harder level scores above one of the
easier, ties counting half; an unsolved puzzle scores above every solved one), Spearman's
rho between the level's rank (or ``lwork``) and the score, the grade mix per level, and the
time per puzzle (logic_solve, default engine: native when built). Progress on stderr.
``--dump`` writes each puzzle's step items (rule id, depth, candidates, tried) as JSON
lines, to try other weights without solving again.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from queens_sat.cli.progress import tracked
from queens_sat.engines.logic import GRADES, logic_solve
from queens_sat.engines.logic.result import step_items
from queens_sat.formats import read_puzzles
from queens_sat.services.library.plays import spearman as library_spearman

LEVEL_ORDER = ("beginner", "easy", "normal", "medium", "hard", "harder", "expert", "evil", "q1", "q2", "q3", "q4", "q5")


def level_key(level: str) -> tuple[int, str]:
    low = level.lower()
    return (LEVEL_ORDER.index(low) if low in LEVEL_ORDER else len(LEVEL_ORDER), low)


def auc(low: Sequence[float], high: Sequence[float]) -> float:
    """P(score of a ``high`` puzzle > score of a ``low`` one), ties half (Mann-Whitney)."""
    ranked = sorted([(s, 0) for s in low] + [(s, 1) for s in high])
    ranks = [0.0] * len(ranked)
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        for t in range(i, j):
            ranks[t] = (i + j + 1) / 2  # 1-based mean rank of the tie
        i = j
    high_ranks = sum(r for r, (_, side) in zip(ranks, ranked, strict=True) if side)
    n_high, n_low = len(high), len(low)
    return (high_ranks - n_high * (n_high + 1) / 2) / (n_high * n_low)


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The library's rank correlation (``services.library.plays.spearman``); NaN when a side is constant."""
    rho = library_spearman(xs, ys)
    return float("nan") if rho is None else rho


def measure(paths: list[Path], max_depth: int, time_limit: float, dump: Any) -> dict[str, list[dict[str, Any]]]:
    """Solve every puzzle once; per set, one row a puzzle: level, score, grade, seconds."""
    sets: dict[str, list[dict[str, Any]]] = defaultdict(list)
    records = [(path, r) for path in paths for r in read_puzzles(str(path))]
    for path, record in tracked(records, len(records), "puzzles solved by logic"):
        p = record.puzzle
        name = str(record.meta.get("set", f"{path.name} {p.n}x{p.n} {p.stars}★"))
        began = time.perf_counter()
        result = logic_solve(p, max_depth=max_depth, time_limit=time_limit)
        seconds = time.perf_counter() - began
        score = result.score if result.solved else math.inf
        row = {"level": str(record.meta.get("level", "-")), "score": score, "grade": result.grade or "unsolved",
               "seconds": seconds, "lwork": record.meta.get("lwork"), "deepest": result.deepest_probe}  # fmt: skip
        sets[name].append(row)
        if dump is not None:
            dump.write(json.dumps({"set": name, "level": row["level"], "n": p.n, "k": p.stars, "solved": result.solved,
                                   "lwork": row["lwork"], "steps": step_items(result.steps)}) + "\n")  # fmt: skip
    return sets


def report(name: str, rows: list[dict[str, Any]]) -> None:
    by_level: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_level[row["level"]].append(row)
    levels = sorted(by_level, key=level_key)
    scores = {lv: [r["score"] for r in by_level[lv]] for lv in levels}
    print(f"\n## {name}: {len(rows)} puzzles, levels {', '.join(f'{lv} ({len(by_level[lv])})' for lv in levels)}")
    pairs = list(pairwise(levels))
    if len(levels) > 2:
        pairs.insert(0, (levels[0], levels[-1]))
    for low, high in pairs:
        print(f"   AUC {low} < {high}: {auc(scores[low], scores[high]):.3f}")
    finite = [r for r in rows if math.isfinite(r["score"])]
    if len(levels) > 1:
        rho = spearman([level_key(r["level"])[0] for r in finite], [r["score"] for r in finite])
        print(f"   Spearman rho (level rank, score), solved ones: {rho:.3f}")
    with_work = [r for r in finite if r["lwork"] is not None]
    if with_work:
        rho = spearman([float(r["lwork"]) for r in with_work], [r["score"] for r in with_work])
        print(f"   Spearman rho (lwork, score): {rho:.3f}")
    for lv in levels:
        mix = Counter(r["grade"] for r in by_level[lv])
        total = len(by_level[lv])
        shown = ", ".join(f"{g} {max(100 * mix[g] / total, 1):.0f}%".replace(" 1%", " <1%" if 100 * mix[g] < total else " 1%")
                          for g in (*GRADES, "unsolved") if mix[g])  # fmt: skip
        solved = sorted(s for s in scores[lv] if math.isfinite(s))
        median = statistics.median(solved) if solved else float("nan")
        print(f"   {lv}: median score {median:.1f}; grades {shown}")
    seconds = sorted(r["seconds"] for r in rows)
    print(f"   time a puzzle: median {1000 * statistics.median(seconds):.2f} ms, mean {1000 * statistics.fmean(seconds):.2f} ms, "
          f"max {1000 * seconds[-1]:.2f} ms")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--max-depth", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=10.0, help="per puzzle, as check's default")
    parser.add_argument("--dump", type=Path, help="write each puzzle's step items here (JSON lines)")
    args = parser.parse_args()
    dump = args.dump.open("w") if args.dump else None
    try:
        sets = measure(args.paths, args.max_depth, args.time_limit, dump)
    finally:
        if dump is not None:
            dump.close()
    for name, rows in sets.items():
        report(name, rows)


if __name__ == "__main__":
    main()
