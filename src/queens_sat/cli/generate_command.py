"""``queens-sat generate``: unique puzzles, made in parallel and written as JSON lines as they come."""

from __future__ import annotations

import argparse
import sys
from contextlib import closing
from typing import TYPE_CHECKING, Any, NamedTuple

from queens_sat.cli.common import check_output_path, nonnegative_int, positive_float, positive_int
from queens_sat.cli.completion_command import offer_backends
from queens_sat.model.placement import RULES

if TYPE_CHECKING:
    from queens_sat.services.generator import GeneratorOptions
    from queens_sat.services.generator.output import LineWriter
    from queens_sat.services.library import LiveAdder

STRATEGIES = ("repair", "reject")


def _share(text: str) -> float:
    value: float = positive_float(text)
    if value > 1:
        raise argparse.ArgumentTypeError(f"a share of the board is at most 1, got {text}")
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "generate",
        help="make puzzles with exactly one solution",
        description="Make puzzles with exactly one solution: a random solution, regions flood-filled "
        "around its queens, cells moved between regions until that solution is the only one. "
        "With --stars K, Star Battle puzzles: K stars in every row, column and region, none touching. "
        "Writes one JSON line per puzzle (queens-sat check reads them) as each is done. The same "
        "seed and options give the same puzzles, whatever --workers. Exit codes: 0 done, 1 fewer "
        "puzzles than asked (the size ran out of new ones, or --max-restarts), 2 bad usage, "
        "130 interrupted (the puzzles written are whole; --resume goes on).",
    )
    p.add_argument("--n", type=positive_int, required=True, help="board size (4 to 64; 1 with --allow-full-lines)")
    p.add_argument("--count", type=nonnegative_int, default=1, help="how many puzzles (default 1)")
    p.add_argument("--seed", type=int, help="the run's seed (default: a random one, reported; with --resume, the file's)")
    p.add_argument("--rule", choices=RULES, default="no-touch", help="placement rule (default no-touch)")
    p.add_argument(
        "--stars",
        type=positive_int,
        default=1,
        metavar="K",
        help="K stars in every row, column and region (Star Battle; no-touch only, n >= 4K; default 1: Queens)",
    )
    validator = p.add_argument(
        "--backend",
        "--validator",  # the generator's own word, kept
        dest="validator",
        default="auto",
        help="uniqueness check: auto (native when compiled, else python), native, python, sat, cpsat, "
        "or a backend variant such as sat:glucose4 (default auto)",
    )
    offer_backends(validator)
    p.add_argument("--strategy", choices=STRATEGIES, default="repair", help="repair layouts until unique (default) or reject them")
    p.add_argument("--out", "-o", metavar="FILE", help="write the puzzles here (default: standard output, unless --db)")
    p.add_argument("--db", metavar="PATH", help="also add each puzzle to this library as it is made (see 'queens-sat library')")
    p.add_argument("--resume", action="store_true", help="continue the interrupted run that wrote --out, up to --count in all")
    p.add_argument("--force", action="store_true", help="overwrite --out when it exists")
    p.add_argument("--workers", type=positive_int, help="worker processes (default: every core; 1: this process only)")
    p.add_argument("--dask", metavar="ADDRESS", help="run on a Dask cluster: tcp://HOST:8786, or 'local' to start one here")
    p.add_argument("--logic", action="store_true", help="keep only puzzles the logic engine solves without guessing")
    p.add_argument(
        "--max-depth", type=nonnegative_int, metavar="D",
        help="with --logic: deepest contradiction probe allowed (default 0 for Queens, as published dailies; 2 for --stars)",
    )
    p.add_argument(
        "--grade", nargs="+", metavar="GRADE", help="keep only puzzles of these logic grades (Trivial, Easy, Medium, Hard, Expert)"
    )
    p.add_argument("--score", type=_score_range, metavar="LOW:HIGH", help="keep only puzzles whose logic score is in this range")
    p.add_argument(
        "--any-grade", action="store_true",
        help="with --logic: any grade (default: a mix whose share of Hard-or-harder puzzles rises with n, as published)",
    )
    p.add_argument(
        "--givens", action="store_true",
        help="starting hints: give the fewest queens (stars) of the answer that make a drawn layout unique, "
        "or bring it into the asked grade (written in the puzzle's givens; default: none)",
    )
    p.add_argument(
        "--max-givens", type=nonnegative_int, metavar="K", help="with --givens: at most K given queens (stars) a puzzle (default 3)"
    )
    p.add_argument(
        "--style", default="published", metavar="STYLE",
        help=f"what the layouts look like: {', '.join(STYLE_NAMES)} (default published: a mix of the others)",
    )
    rules = p.add_argument_group("region rules")
    rules.add_argument(
        "--max-region-share", type=_share, default=0.4, metavar="SHARE",
        help="no region above this share of the board (default: the style's: 0.6, 0.4 for blobs)",
    )
    rules.add_argument(
        "--allow-full-lines", action="store_true", help="let a row or column lie inside one region (all styles but blobs do)"
    )
    rules.add_argument("--allow-disconnected", action="store_true", help="let a repair cut a region in pieces")
    limits = p.add_argument_group("limits")
    limits.add_argument("--max-repairs", type=nonnegative_int, metavar="K", help="repairs per layout before a fresh one (default 3 n)")
    limits.add_argument(
        "--max-restarts", type=nonnegative_int, metavar="K", help="fresh layouts per puzzle before giving up (default: no limit)"
    )
    limits.add_argument(
        "--time-limit", type=positive_float, metavar="SECONDS",
        help="give up on a puzzle after this long, naming the closest grade reached (exit 1; default: none)",
    )
    limits.add_argument(
        "--check-time-limit", type=positive_float, metavar="SECONDS", help="give up on a uniqueness check after this long (default: none)"
    )
    limits.add_argument(
        "--probe-time-limit", type=positive_float, default=1.0, metavar="SECONDS", help="time limit of a repair probe (default 1)"
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar and no summary")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``queens-sat generate``: check the options, open the output (resuming it), generate, summarise."""
    _check_usage(args)
    seed = _seed(args)
    options = _options(args, seed)
    writer, progress = _open_output(args, options)
    wanted = max(0, args.count - progress.done)
    if not args.quiet:
        where = f" to {args.out}" if args.out else ""
        resumed = f", resuming after {progress.done} puzzles (index {progress.start})" if args.resume else ""
        stars = f", {args.stars} stars" if args.stars > 1 else ""
        print(f"queens-sat: generating {wanted} puzzles n = {args.n}{stars}, {args.rule}, seed {seed}{where}{resumed}", file=sys.stderr)
    return _generate(args, options, writer, progress, wanted)


# the names of services.generator.styles.STYLES, spelled here so that --help imports no generator
# (and so no numpy); tests/test_generator.py checks that the two agree
STYLE_NAMES = ("published", "blobs", "rings", "bands", "figures", "spiral", "mirror", "rotation")


def _score_range(text: str) -> tuple[float, float]:
    """``LOW:HIGH`` (either side may be left empty: 0 and no limit) as two numbers."""
    low, sep, high = text.partition(":")
    try:
        if not sep:
            raise ValueError
        return float(low or 0), float(high or "inf")
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected LOW:HIGH, such as 20:60, got {text!r}") from None


def _check_usage(args: argparse.Namespace) -> None:
    """Refuse option combinations that cannot work, before any work is done."""
    from queens_sat.model.errors import UsageError

    if args.resume and not args.out:
        raise UsageError("--resume needs --out FILE: the run to continue")
    if args.out:
        check_output_path(args.out)
    if args.db:  # a file that is not a library is refused before any work
        from queens_sat.services.library import Library

        Library(args.db, create=True).close()
    if args.resume and args.force:
        raise UsageError("give --resume or --force, not both")
    if args.max_givens is not None and not args.givens:
        raise UsageError("--max-givens goes with --givens")
    if args.max_depth is not None and not (args.logic or args.grade or args.score):
        raise UsageError("--max-depth goes with --logic, --grade or --score")
    if args.dask and args.workers is not None and args.dask != "local":
        raise UsageError("--workers sets the size of a local cluster only; a remote Dask cluster has its own workers")


def _seed(args: argparse.Namespace) -> int:
    """The seed given, else the one of the run being resumed, else a fresh random one."""
    import random

    from queens_sat.services.generator.output import stored_seed

    seed: int | None = args.seed
    if seed is None and args.resume and args.out:
        seed = stored_seed(args.out)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    return seed


def _options(args: argparse.Namespace, seed: int) -> GeneratorOptions:
    """The generator's options from the command line (a bad combination is a ``UsageError``)."""
    from queens_sat.model.errors import UsageError
    from queens_sat.services.generator import GeneratorOptions, RegionRules

    try:
        return GeneratorOptions(
            n=args.n,
            rule=args.rule,
            seed=seed,
            strategy=args.strategy,
            validator=args.validator,
            rules=RegionRules(
                connected=not args.allow_disconnected, max_share=args.max_region_share, full_lines=args.allow_full_lines
            ),
            max_repairs=args.max_repairs,
            max_restarts=args.max_restarts,
            check_time_limit=args.check_time_limit,
            time_limit=args.time_limit,
            givens=args.givens,
            **({} if args.max_givens is None else {"max_givens": args.max_givens}),
            probe_time_limit=args.probe_time_limit,
            logic=args.logic,
            max_depth=args.max_depth,
            grades=tuple(args.grade or ()),
            score_range=args.score,
            grade_mix=not args.any_grade,
            stars=args.stars,
            style=args.style,
        )
    except ValueError as err:
        raise UsageError(str(err)) from None


class _Progress(NamedTuple):
    """Where a run stands: puzzles written, the next index, their keys, the last index written."""

    done: int
    start: int
    keys: set[Any]  # the dedupe keys of the puzzles written (the generator adds to it)
    previous: int


def _open_output(args: argparse.Namespace, options: GeneratorOptions) -> tuple[LineWriter, _Progress]:
    """The output, locked, and the progress of the run it holds (--resume) or emptied (--force)."""
    import os

    from queens_sat.model.errors import UsageError
    from queens_sat.services.generator.output import LineWriter, read_progress

    progress = _Progress(0, 0, set(), -1)  # a new run
    if args.out and os.path.exists(args.out) and os.path.getsize(args.out) and not (args.resume or args.force):
        raise UsageError(f"{args.out} exists: --resume continues it, --force overwrites it")
    writer = LineWriter(args.out)  # locked from here on: what is read below cannot change
    try:
        if args.resume:
            state = read_progress(args.out, options)
            progress = _Progress(state.done, state.next_index, state.keys, state.last_index)
            if state.torn and not args.quiet:
                print(f"queens-sat: dropped a torn last line of {args.out}", file=sys.stderr)
        elif args.force:
            writer.truncate()
    except BaseException:
        writer.close()
        raise
    return writer, progress


def _generate(args: argparse.Namespace, options: GeneratorOptions, writer: LineWriter, progress: _Progress, wanted: int) -> int:
    """Generate and write ``wanted`` puzzles under a progress bar; the summary line at the end."""
    from queens_sat.cli.exit_codes import EXIT_NOT_UNIQUE, EXIT_OK
    from queens_sat.cli.progress import ProgressBar
    from queens_sat.formats.records import PuzzleRecord
    from queens_sat.model.errors import PuzzleError
    from queens_sat.services.generator import GenerationFailed, TooFewPuzzles, iter_generate
    from queens_sat.services.generator.executors import ExecutorError
    from queens_sat.services.generator.output import record
    from queens_sat.services.generator.summary import RunSummary

    summary = RunSummary()
    library = _open_library(args, options)
    stats: dict[str, Any] = {}
    previous = progress.previous
    status = EXIT_OK
    try:
        with ProgressBar(args.count, "generating", enabled=not args.quiet, completed=progress.done) as bar:
            try:
                # closing: a Ctrl-C while a puzzle is written stops the workers here and now, not
                # whenever the suspended generator happens to be collected
                with closing(
                    iter_generate(
                        options, wanted, start=progress.start, workers=args.workers, dask=args.dask, seen=progress.keys, stats=stats,
                        on_progress=lambda index, layouts, closest: bar.note(f"puzzle {index}: {layouts} layouts, {closest}"),
                    )
                ) as puzzles:
                    for puzzle in puzzles:
                        line = record(puzzle, options, previous)
                        if library is None or args.out:
                            writer.write(line)
                        if library is not None:
                            library.add(PuzzleRecord(args.out or "generate", id=line["id"], puzzle=puzzle.puzzle(), meta=line))
                        previous = puzzle.index
                        summary.add(puzzle)
                        bar.note("")
                        bar.advance()
            except (TooFewPuzzles, GenerationFailed) as err:
                bar.print(f"queens-sat: {err}")
                status = EXIT_NOT_UNIQUE
            except ExecutorError as err:  # dask missing, a cluster that cannot be reached, a too-small pool
                raise PuzzleError(str(err)) from None
    finally:
        writer.close()
        if library is not None:
            library.flush()
            library.library.close()
            if not args.quiet:
                print(f"queens-sat: library {library.library.path}: {library.summary.line()}", file=sys.stderr)
        summary.duplicates = stats.get("duplicates", 0)
        if not args.quiet:
            tail = ""
            if summary.count + progress.done < args.count:
                tail = f" (of {wanted}; --resume continues)" if args.out else f" (of {wanted})"
            print(f"queens-sat: {summary.line()}{tail}", file=sys.stderr)
    return status


def _open_library(args: argparse.Namespace, options: GeneratorOptions) -> LiveAdder | None:
    """With --db, the library the puzzles go into as they are made (each checked and graded once
    more there, as ``library add`` does), tagged with the run's seed as their source."""
    if not args.db:
        return None
    from queens_sat.services.library import AddOptions, Library, LiveAdder

    source = args.out or f"generate n={options.n} seed={options.seed}"
    return LiveAdder(Library(args.db, create=True), AddOptions(source=source))
