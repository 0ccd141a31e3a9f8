"""``queens-sat bench``: time every backend's uniqueness check on the same puzzles, and cross-check them."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from queens_sat.cli.common import positive_float, positive_int
from queens_sat.cli.progress import ProgressBar

# The logic engine answers "solvable by deduction?", not "how many solutions?", and
# nqueens takes no board with regions (bench/nqueens.py measures it): they take part
# only when named.
NOT_BY_DEFAULT = ("logic", "nqueens")
DEFAULT_PER_SIZE = 20


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "bench",
        help="compare the backends' speed and verdicts on the same puzzles",
        description="Time the uniqueness check (limit 2, model building included) of every backend "
        "on every puzzle: median, p95 and max per board size, and the ratio to the fastest backend, "
        "all from one run. Also checks that every backend (and the corpus's recorded count) gives the "
        "same verdict on every puzzle. Exit code 0 when they all agree, 1 on any disagreement "
        "(each is printed with its puzzle), 2 on bad input, 130 when interrupted (the figures "
        "measured so far are still printed).",
    )
    p.add_argument("corpus", nargs="*", metavar="CORPUS", help="puzzle files (JSON lines corpora, JSON, text grids)")
    p.add_argument(
        "--backends",
        metavar="LIST",
        help="comma-separated backends with their variants, e.g. native,sat,cpsat,python or "
        "sat:minisat22,sat:glucose4:ladder (default: every installed exact backend; "
        "missing ones are skipped with a note)",
    )
    p.add_argument(
        "--generate",
        metavar="SIZES",
        nargs="?",
        const="",
        help="also make random boards of these sizes: 8-11, 8,11,14,18 ..., or with stars 10/2,14/3,17/4,21/5 "
        "(alone, with --stars K: the classic size for K stars)",
    )
    p.add_argument(
        "--stars",
        type=positive_int,
        default=1,
        metavar="K",
        help="the random boards are Star Battles with K stars a row, column and region (default 1: Queens); "
        "backends that do not search them are shown as refusing",
    )
    p.add_argument(
        "--per-size",
        type=positive_int,
        metavar="K",
        help=f"random boards per size (default {DEFAULT_PER_SIZE}); with CORPUS, also take at most the first K puzzles of each size",
    )
    p.add_argument("--sizes", metavar="SIZES", help="only corpus puzzles of these sizes, e.g. 7-11 or 8,11,14,18")
    p.add_argument("--seed", type=int, default=0, help="seed of the random boards (default 0: the same boards every run)")
    p.add_argument("--rule", choices=("no-touch", "queens"), default="no-touch", help="rule of the random boards")
    p.add_argument(
        "--board-kind",
        "--boards",  # the old spelling, kept (check and explain's --boards draws boards)
        dest="board_kind",
        choices=("planted", "cells", "both"),
        default="planted",
        help="how the random boards' regions grow: around a planted solution (default), from n random cells "
        "(mostly no solution), or both in turn",
    )
    p.add_argument("--time-limit", type=positive_float, metavar="SECONDS", help="give up on a check after this long (counted as a timeout)")
    p.add_argument("--repeat", type=positive_int, default=1, metavar="R", help="time each check R times and keep the best (default 1)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="the results as one JSON document on stdout")
    out.add_argument("--csv", action="store_true", help="the summary rows as CSV on stdout")
    p.add_argument("--plot", metavar="FILE", help="also draw time against board size per backend (.png, .svg or .pdf; needs matplotlib)")
    p.add_argument("--raw", metavar="FILE", help="write every single measurement to FILE as a JSON line, as it is made")
    p.add_argument("--no-color", action="store_true", help="no colours in the table")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from queens_sat.services.benchmark import BenchError

    try:
        return _run(args)
    except BenchError as err:
        from queens_sat.cli.exit_codes import EXIT_BAD_INPUT

        print(f"queens-sat: error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _run(args: argparse.Namespace) -> int:
    """Gather the puzzles and backends, measure them under a progress bar, report, and exit."""
    from queens_sat.cli.exit_codes import EXIT_INTERRUPTED, EXIT_NOT_UNIQUE, EXIT_OK, EXIT_TERMINATED

    generate, sizes = _sizes(args)
    notes: list[str] = []
    engines = _engines(args.backends, notes)
    cases = _cases(args, generate, sizes, notes)
    run = _measure(args, cases, engines)
    notes.extend(_skip_notes(run))
    if run.interrupted:
        notes.append(f"interrupted after {run.puzzles} of {len(cases)} puzzles; the figures cover those")
    _report(args, run, notes)
    if run.disagreements:
        return EXIT_NOT_UNIQUE
    if run.interrupted:
        return EXIT_TERMINATED if run.terminated else EXIT_INTERRUPTED
    return EXIT_OK


def _sizes(args: argparse.Namespace) -> tuple[list[tuple[int, int]], set[int] | None]:
    """The sizes to generate and the corpus sizes to keep; bad arguments refused before any work."""
    from queens_sat.services.benchmark import BenchError
    from queens_sat.services.benchmark.cases import parse_board_sizes, parse_sizes
    from queens_sat.services.benchmark.plot import check_plot_target

    if args.stars > 1 and args.generate is None:
        raise BenchError("--stars K makes random boards with K stars: give --generate (alone: the classic size for K)")
    try:
        generate = parse_board_sizes(args.generate, args.stars) if args.generate is not None else []
        sizes = set(parse_sizes(args.sizes)) if args.sizes else None
    except ValueError as err:
        raise BenchError(str(err)) from None
    if not args.corpus and not generate:
        raise BenchError("nothing to measure: name CORPUS files or use --generate SIZES")
    if args.plot:
        check_plot_target(args.plot)
    return generate, sizes


def _cases(args: argparse.Namespace, generate: list[tuple[int, int]], sizes: set[int] | None, notes: list[str]) -> list[Any]:
    """The puzzles to measure: the corpus files' (within --sizes) and the generated ones."""
    from queens_sat.services.benchmark import BenchError
    from queens_sat.services.benchmark.cases import corpus_cases, generated_cases

    cases = list(corpus_cases(args.corpus, sizes, args.per_size, notes))
    try:
        kinds = ("planted", "cells") if args.board_kind == "both" else (args.board_kind,)
        cases += generated_cases(generate, args.per_size or DEFAULT_PER_SIZE, args.seed, args.rule, kinds)
    except ValueError as err:
        raise BenchError(f"--generate: {err}") from None
    if not cases:
        raise BenchError("no puzzle to measure (check --sizes against the corpus)")
    return cases


def _measure(args: argparse.Namespace, cases: list[Any], engines: dict[str, Any]) -> Any:
    """``run_bench`` under a progress bar, each measurement written to --raw as it is made."""
    from queens_sat.runtime.line_output import append_line
    from queens_sat.services.benchmark.measure import run_bench
    from queens_sat.services.benchmark.report import describe_disagreement

    raw = _open_raw(args.raw) if args.raw else None
    try:
        with ProgressBar(len(cases), "benchmarking") as progress:

            def measured(m: Any) -> None:
                if raw is not None:
                    append_line(raw, (json.dumps(m.as_dict()) + "\n").encode(), args.raw)

            def case_done(case: Any, disagreement: Any) -> None:
                progress.advance()
                if disagreement is not None:
                    progress.print(describe_disagreement(disagreement))

            return run_bench(cases, engines, time_limit=args.time_limit, repeat=args.repeat, on_measurement=measured, on_case=case_done)
    finally:
        if raw is not None:
            os.close(raw)


def _report(args: argparse.Namespace, run: Any, notes: list[str]) -> None:
    """The summary as JSON, CSV or a table (notes on stderr beside the first two), and the plot."""
    from queens_sat.services.benchmark.plot import plot_times
    from queens_sat.services.benchmark.report import plural, print_table, write_csv, write_json
    from queens_sat.services.benchmark.summary import summarise
    from queens_sat.services.render.terminal import wants_color

    rows = summarise(run.measurements, run.backends)
    if args.json:
        write_json(sys.stdout, run, rows, notes)
    elif args.csv:
        write_csv(sys.stdout, rows)
    else:
        print_table(sys.stdout, run, rows, notes, wants_color(sys.stdout, False if args.no_color else None))
    if (args.json or args.csv) and notes:
        for note in notes:
            print(f"queens-sat: note: {note}", file=sys.stderr)
    if args.plot and rows:
        plot_times(run.measurements, run.backends, args.plot, f"uniqueness check, {plural(run.puzzles, 'puzzle')}")


def _open_raw(path: str) -> int:
    """The --raw file, emptied, open for appending whole lines (``append_line``)."""
    from queens_sat.services.benchmark import BenchError

    try:
        return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o666)
    except OSError as err:
        raise BenchError(f"--raw {path}: cannot write: {err.strerror or err}") from None


def _engines(spec: str | None, notes: list[str]) -> dict[str, Any]:
    """The backends to compare, by the names the user gave; missing defaults become notes."""
    from queens_sat.backends import backend_names, get_backend
    from queens_sat.model.errors import BackendError

    if spec:
        names = list(dict.fromkeys(part.strip() for part in spec.split(",") if part.strip()))
        if not names:
            raise BackendError("--backends is empty")
        return {name: get_backend(name) for name in names}  # explicitly asked for: errors stop the run
    engines = {}
    for name in backend_names():
        if name in NOT_BY_DEFAULT:
            continue
        try:
            engines[name] = get_backend(name)
        except BackendError as err:
            notes.append(f"{name} skipped: {str(err).splitlines()[0]}")
    return engines


def _skip_notes(run: Any) -> list[str]:
    skipped: dict[str, list[Any]] = {}
    for m in run.measurements:
        if m.status == "skipped":
            skipped.setdefault(m.backend, []).append(m)
    return [f"{name} skipped {len(ms)} puzzles: {ms[0].error}" for name, ms in skipped.items()]
