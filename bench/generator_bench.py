"""Seconds per unique puzzle: the generator's repair loop against plain generate-and-reject, one core.

    .venv/bin/python bench/generator_bench.py [--sizes 8,10,12,14,16,20,30] [--seeds 10]
        [--repair-budget 300] [--reject-budget 20] [--validators native] [--rule no-touch]
        [--out results.jsonl]
    .venv/bin/python bench/generator_bench.py --stars 2 [--sizes 10]      # Star Battle, 2 stars
    .venv/bin/python bench/generator_bench.py --sizes 10/2,14/3,17/4,21/5 --strategies repair --validators auto

For every size and strategy, puzzle 0 of the runs with seeds 0..S-1 is made in a
fresh process of its own, one at a time (one core; the process start is not
timed: ``seconds`` is the generator's own clock for that puzzle), and the table
gives the median and max seconds per unique puzzle, the median repairs, restarts
(fresh layouts) and validator checks, the searches stopped by a time limit
(``timeouts``: a puzzle with none is exactly reproducible), and the
repair/reject ratio of medians.

Each puzzle gets a time budget (``--repair-budget``, ``--reject-budget`` seconds);
a process past it is stopped and counted as "did not finish" (a median with more
than half unfinished is shown as "> budget"). Once a strategy's median fails at
one size it is not tried at larger ones. ``--validators native,sat`` adds rows
whose uniqueness checks go to python-sat (the repairs are still steered by the
native search).

``--stars K`` makes Star Battles with K stars a row, column and region: alone,
at the classic size for K (10 for 2, 14 for 3, 17 for 4, 21 for 5); sizes may
also carry their own stars (``10/2,14/3``). Their uniqueness checks go through
the backends (``auto``: the native k-star search when built); the ``native``
validator name means that backend too.

The machine's load (``uptime``) is printed before and after: other jobs slow all
rows alike, so compare the ratios, and repeat when noisy. With ``--out``, a
JSON line per puzzle is written as it is measured.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
from dataclasses import asdict

from rich.console import Console
from rich.table import Table

from queens_sat.services.benchmark.cases import parse_board_sizes
from queens_sat.services.generator import GeneratorOptions, make_puzzle


def _one(options: GeneratorOptions, conn) -> None:
    puzzle = make_puzzle(options, 0)
    conn.send({k: v for k, v in asdict(puzzle).items() if k in ("seconds", "repairs", "restarts", "checks", "timeouts")})


def measure(options: GeneratorOptions, budget: float) -> dict | None:
    """Puzzle 0 of ``options`` in a fresh process; None when it did not finish within ``budget``."""
    ctx = multiprocessing.get_context("spawn")
    receive, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_one, args=(options, send), daemon=True)
    proc.start()
    # the budget starts once the worker has imported everything: allow a few seconds for that
    ready = receive.poll(budget + 10)
    result = receive.recv() if ready else None
    if result is not None and result["seconds"] > budget:
        result = None
    proc.terminate()
    proc.join()
    return result


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", help="board sizes, 10/2 for 2 stars (default 8,10,12,14,16,20,30; with --stars K: the classic size)")
    parser.add_argument("--stars", type=int, default=1, help="stars a row, column and region (default 1: Queens)")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--rule", default="no-touch", choices=("no-touch", "queens"))
    parser.add_argument("--repair-budget", type=float, default=300.0)
    parser.add_argument("--reject-budget", type=float, default=20.0)
    parser.add_argument("--validators", default="native", help="comma-separated: native, python, sat, cpsat")
    parser.add_argument("--strategies", default="repair,reject")
    parser.add_argument("--out", help="write one JSON line per puzzle here")
    args = parser.parse_args(argv)
    sizes = parse_board_sizes(args.sizes or ("" if args.stars > 1 else "8,10,12,14,16,20,30"), args.stars)
    console = Console(width=max(Console().width, 140))
    console.print(f"before: {load()}")
    out = open(args.out, "a") if args.out else None  # noqa: SIM115 -- appended to row by row, closed at the end
    rows = []
    medians: dict[tuple[int, str, str], float] = {}
    given_up: set[tuple[str, str]] = set()
    for n, stars in sizes:
        label = n if stars == 1 else f"{n}/{stars}"
        for validator in args.validators.split(","):
            for strategy in args.strategies.split(","):
                budget = args.repair_budget if strategy == "repair" else args.reject_budget
                if (strategy, validator) in given_up:
                    rows.append([label, strategy, validator, "-", f"skipped: did not finish in {budget:g} s at a smaller size"])
                    continue
                results = []
                for seed in range(args.seeds):
                    options = GeneratorOptions(n=n, rule=args.rule, seed=seed, strategy=strategy, validator=validator, stars=stars)
                    got = measure(options, budget)
                    results.append(got)
                    if out:
                        line = {"n": n, "stars": stars, "strategy": strategy, "validator": validator, "seed": seed, "result": got}
                        out.write(json.dumps(line) + "\n")
                        out.flush()
                    seconds = got and round(got["seconds"], 3)
                    print(f"  n={label} {strategy} {validator} seed {seed}: {seconds}", file=sys.stderr, flush=True)
                rows.append(summarise(label, strategy, validator, results, budget, medians, given_up))
    console.print(f"after: {load()}")
    table = Table(title=f"seconds per unique puzzle, {args.rule}, one core, {args.seeds} seeds")
    for column in ("n", "strategy", "validator", "finished", "median s", "max s", "repairs", "restarts", "checks", "timeouts", "vs reject"):
        table.add_column(column, justify="right")
    for row in rows:
        n, strategy, validator = row[:3]
        if len(row) == 5:
            table.add_row(str(n), strategy, validator, row[3], row[4])
            continue
        ratio = ""
        if strategy == "repair" and (n, "reject", validator) in medians and (n, "repair", validator) in medians:
            times = medians[(n, "reject", validator)] / medians[(n, "repair", validator)]
            ratio = f"{times:.0f}x faster" if times >= 10 else f"{times:.1f}x"
        table.add_row(*[str(x) for x in row], ratio)
    console.print(table)
    return 0


def summarise(n, strategy, validator, results, budget, medians, given_up) -> list:
    done = [r for r in results if r is not None]
    unfinished = len(results) - len(done)
    finished = f"{len(done)}/{len(results)}"
    if len(done) * 2 <= len(results):
        given_up.add((strategy, validator))
        return [n, strategy, validator, finished, f"> {budget:g}", f"> {budget:g}" if unfinished else "", "", "", "", ""]
    seconds = sorted(r["seconds"] for r in done) + [float("inf")] * unfinished
    median = statistics.median(seconds)
    medians[(n, strategy, validator)] = median
    worst = f"> {budget:g}" if unfinished else f"{max(r['seconds'] for r in done):.3f}"
    return [
        n,
        strategy,
        validator,
        finished,
        f"{median:.3f}",
        worst,
        f"{statistics.median(r['repairs'] for r in done):g}",
        f"{statistics.median(r['restarts'] for r in done):g}",
        f"{statistics.median(r['checks'] for r in done):g}",
        str(sum(r["timeouts"] for r in done)),
    ]


if __name__ == "__main__":
    sys.exit(main())
