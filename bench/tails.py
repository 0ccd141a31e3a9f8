"""The search's tails: random boards the way a generator meets them, every backend side by side.

Boards are made in turn by the two recipes of ``queens_sat.services.benchmark.boards``: regions
flood-filled around a planted no-touch solution (at least one solution, often several),
and regions flood-filled from n random cells (mostly no solution at all). For each size
and backend it prints the median, p95 and max time of the uniqueness check (model
building included) and the number of boards left unsettled (the time limit, or, for the
logic engine, a question reasoning alone cannot answer), then checks the issue's targets
for the default backend (``auto``) against the same run.

    .venv/bin/python bench/tails.py                       # the full run: 7 sizes x 40 boards, 5 s limit
    .venv/bin/python bench/tails.py --sizes 16,20 --per-size 10 --backends native,auto
    .venv/bin/python bench/tails.py --raw tails.jsonl     # every measurement saved as it is made

Exit code 0 when every backend agreed on every settled verdict, 1 otherwise; Ctrl-C
prints the figures measured so far.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from rich.console import Console

from queens_sat.backends import get_backend
from queens_sat.services.benchmark.cases import generated_cases, parse_sizes
from queens_sat.services.benchmark.measure import Measurement, run_bench
from queens_sat.services.benchmark.report import print_table
from queens_sat.services.benchmark.summary import SummaryRow, summarise
from queens_sat.services.render.terminal import wants_color

SIZES = "16,20,24,30,40,50,64"
BACKENDS = "native,auto,sat,cpsat,logic"
DEFAULT = "auto"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=SIZES, help=f"board sizes (default {SIZES})")
    parser.add_argument("--per-size", type=int, default=40, help="boards per size, half of each recipe (default 40)")
    parser.add_argument("--backends", default=BACKENDS, help=f"backends side by side (default {BACKENDS})")
    parser.add_argument("--time-limit", type=float, default=5.0, help="seconds per check (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the boards (default 1)")
    parser.add_argument("--raw", help="write every measurement to this file as a JSON line, as it is made")
    parser.add_argument("--json", action="store_true", help="the summary rows as JSON on stdout")
    args = parser.parse_args()

    sizes = parse_sizes(args.sizes)
    engines = {name: get_backend(name) for name in args.backends.split(",") if name}
    cases = list(generated_cases(sizes, args.per_size, args.seed, "no-touch", ("planted", "cells")))
    console = Console(stderr=True)
    raw = open(args.raw, "w", encoding="utf-8") if args.raw else None  # noqa: SIM115 -- written case by case, closed at the end
    done = 0
    start = time.perf_counter()

    def measured(m: Measurement) -> None:
        if raw is not None:
            raw.write(json.dumps(m.as_dict()) + "\n")
            raw.flush()

    def case_done(case: Any, disagreement: Any) -> None:
        nonlocal done
        done += 1
        if disagreement is not None:
            console.print(f"[red]disagreement[/red] on {case.name}: {disagreement.verdicts}")
        if done % 20 == 0 or done == len(cases):
            console.print(f"{done}/{len(cases)} boards, {time.perf_counter() - start:.0f} s", highlight=False)

    try:
        run = run_bench(cases, engines, time_limit=args.time_limit, on_measurement=measured, on_case=case_done)
    finally:
        if raw is not None:
            raw.close()
    rows = [r for r in summarise(run.measurements, run.backends) if r.size != "all"]
    if args.json:
        print(json.dumps([r.as_dict() for r in rows], indent=1))
    else:
        print(f"{len(cases)} random boards (planted and from random cells), limit {args.time_limit:g} s; "
              "timeouts: boards left unsettled (for logic, also those reasoning cannot settle)")
        print_table(sys.stdout, run, rows, [], wants_color(sys.stdout, None))
        print_targets(rows, run.measurements)
    if run.interrupted:
        print(f"interrupted after {run.puzzles} of {len(cases)} boards: the figures cover those")
    if run.disagreements:
        print(f"{len(run.disagreements)} boards with disagreeing verdicts")
        return 1
    return 0


def print_targets(rows: list[SummaryRow], measurements: list[Measurement]) -> None:
    """The issue's targets for the default backend, from this run's figures."""
    by = {(r.size, r.backend): r for r in rows}
    ours = [r for r in rows if r.backend == DEFAULT]
    if not ours:
        return
    unknown = sum(m.status == "unknown" for m in measurements if m.backend == DEFAULT)
    worst = max(r.max for r in ours)
    lines = [f"{DEFAULT}: unsettled boards {unknown} (target 0); max {worst * 1e3:.1f} ms over every size (target <= 1000 ms)"]
    if (64, DEFAULT) in by:
        lines.append(f"{DEFAULT}: median at n = 64 {by[64, DEFAULT].median * 1e3:.3f} ms (target <= 5 ms)")
    for r in ours:
        if not isinstance(r.size, int) or r.size < 30:
            continue
        rivals = [by[r.size, b].p95 for b in ("sat", "cpsat") if (r.size, b) in by]
        if rivals:
            best = min(rivals)
            ratio = best / r.p95 if r.p95 > 0 else float("inf")
            lines.append(
                f"n = {r.size}: p95 {DEFAULT} {r.p95 * 1e3:.3f} ms, better of sat/cpsat {best * 1e3:.3f} ms: {ratio:.1f}x (target >= 10x)"
            )
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
