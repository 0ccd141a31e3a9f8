"""``queens-sat library schedule``, ``daily``, ``export`` and ``plays``: the library's puzzles put
on a calendar, written out, and the players' results read back."""

from __future__ import annotations

import argparse
import datetime as dt
import sys

from queens_sat.cli.common import positive_int
from queens_sat.cli.exit_codes import EXIT_OK

EXPORT_CHOICES = ("jsonl", "json", "text", "puzzlink", "png", "svg", "pdf", "queens-game")  # services.library.export's, spelled for --help


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date YYYY-MM-DD, got {text!r}") from None


def register_publishing(subs: argparse._SubParsersAction[argparse.ArgumentParser], parent: argparse.ArgumentParser) -> None:
    """The publishing sub-commands."""
    s = subs.add_parser(
        "schedule",
        parents=[parent],
        help="put a puzzle on each day, from the library, generating what it lacks",
        description="Lay out N days of dailies from --start: each weekday gets the size and grade of the plan "
        "(default: mon=7:Easy tue=8:Easy wed=8:Medium thu=9:Medium fri=9:Hard sat=10:Medium sun=10:Hard). "
        "Unused puzzles of the library come first; what it lacks is generated and added. A puzzle (or a "
        "symmetric copy of it) is never on two days. Days already on the calendar are kept.",
    )
    s.add_argument("--start", type=_date, default=None, metavar="DATE", help="the first day (default: today)")
    s.add_argument("--days", type=positive_int, default=7, metavar="N", help="how many days (default 7)")
    s.add_argument("--plan", metavar="SPEC", help="change the plan: DAY=N:GRADE items, e.g. 'mon=6:Easy,sun=10*2:Hard'")
    s.add_argument("--workers", type=positive_int, default=None, help="generator processes (default: every core)")
    s.add_argument("--seed", type=int, help="the generator's seed (default: a random one)")
    s.add_argument("--quiet", "-q", action="store_true", help="only the summary line")
    s.set_defaults(action=_schedule)
    d = subs.add_parser("daily", parents=[parent], help="the puzzle of a day (default today), drawn")
    d.add_argument("date", nargs="?", type=_date, metavar="DATE", help="the day (YYYY-MM-DD; default today)")
    d.add_argument("--json", action="store_true", help="the day's puzzle as JSON")
    d.add_argument("--solution", action="store_true", help="draw its solution")
    d.set_defaults(action=_daily)
    c = subs.add_parser("calendar", parents=[parent], help="the days on the calendar and their puzzles")
    c.add_argument("--from", dest="first", type=_date, metavar="DATE")
    c.add_argument("--to", dest="last", type=_date, metavar="DATE")
    c.set_defaults(action=_calendar)
    _register_export(subs, parent)
    p = subs.add_parser(
        "plays",
        parents=[parent],
        help="solve times of the plays recorded by serve: by grade, by score band, and score against time",
        description="What the players' plays say about the grades: plays, solves and the median solve time for "
        "each grade and score band, and Spearman's rank correlation between a puzzle's score and its "
        "median solve time (the evidence to calibrate the grader on).",
    )
    p.add_argument("--json", action="store_true", help="the report as one JSON object")
    p.set_defaults(action=_plays)


def _register_export(subs: argparse._SubParsersAction[argparse.ArgumentParser], parent: argparse.ArgumentParser) -> None:
    from queens_sat.cli.library_common import add_filter_arguments

    e = subs.add_parser(
        "export",
        parents=[parent],
        help="write puzzles out: JSON lines, JSON, text, puzz.link, PNG/SVG pictures, a PDF booklet, queens-game levels",
        description="Write the puzzles that pass the filters (or --ids) as --format to --out: a file for jsonl, "
        "json, puzzlink and pdf (a print booklet: six puzzles a page with number, size and grade, the "
        "solutions at the back; needs the pdf extra), a folder for text, png, svg and queens-game "
        "(samimsu/queens-game's level files).",
    )
    e.add_argument("--format", required=True, choices=EXPORT_CHOICES, help="what to write")
    e.add_argument("--out", "-o", required=True, metavar="PATH", help="the file (or folder) to write")
    e.add_argument("--ids", nargs="+", type=positive_int, metavar="ID", help="these puzzles, in this order (instead of the filters)")
    e.add_argument("--calendar", action="store_true", help="the calendar's puzzles, day by day (with --from/--to)")
    e.add_argument("--from", dest="first", type=_date, metavar="DATE", help="with --calendar: the first day")
    e.add_argument("--to", dest="last", type=_date, metavar="DATE", help="with --calendar: the last day")
    add_filter_arguments(e)
    e.add_argument("--limit", type=positive_int, metavar="K", help="at most K puzzles (default: all)")
    e.add_argument("--solutions", action="store_true", help="pictures (png, svg) show the solution")
    e.add_argument("--quiet", "-q", action="store_true")
    e.set_defaults(action=_export)


def _schedule(args: argparse.Namespace) -> int:
    from queens_sat.cli.library_common import open_library
    from queens_sat.services.library.schedule import Slot, parse_plan, schedule

    plan = parse_plan(args.plan)
    start = args.start or dt.date.today()

    def made(slot: Slot, count: int) -> None:
        if not args.quiet:
            print(f"queens-sat: generated {count} puzzles n = {slot.n}", file=sys.stderr)

    with open_library(args, create=True) as library:
        placed = schedule(library, start, args.days, plan, workers=args.workers, seed=args.seed, on_made=made)
    if not args.quiet:
        for day in placed:
            print(f"{day.day}\t#{day.puzzle}\t{day.slot}")
    kept = args.days - len(placed)
    tail = f" ({kept} already on the calendar, kept)" if kept else ""
    print(f"queens-sat: scheduled {len(placed)} days from {start}{tail}", file=sys.stderr)
    return EXIT_OK


def _daily(args: argparse.Namespace) -> int:
    from queens_sat.cli.library_daily import show_daily

    return show_daily(args.db, args.date or dt.date.today(), args.json, args.solution)


def _calendar(args: argparse.Namespace) -> int:
    from queens_sat.cli.library_common import open_library
    from queens_sat.services.library.calendar import calendar

    with open_library(args, read_only=True) as library:
        rows = calendar(library, args.first.isoformat() if args.first else None, args.last.isoformat() if args.last else None)
    print("day\tid\tn\tgrade\tplanned")
    for day, pid, grade, n, planned in rows:
        print(f"{day}\t{pid}\t{n}\t{grade}\t{planned or ''}")
    return EXIT_OK


def _export(args: argparse.Namespace) -> int:
    from queens_sat.cli.library_common import filters_of, open_library
    from queens_sat.services.library import query
    from queens_sat.services.library.calendar import calendar
    from queens_sat.services.library.export import export

    with open_library(args, read_only=True) as library:
        if args.ids:
            entries = [library.get(i) for i in args.ids]
        elif args.calendar:
            days = calendar(library, args.first.isoformat() if args.first else None, args.last.isoformat() if args.last else None)
            entries = [library.get(pid) for _, pid, *_ in days]
        else:
            entries = query(library, filters_of(args), sort=args.sort, descending=args.desc, limit=args.limit)
    written = export(entries, args.format, args.out, solutions=args.solutions, warn=_skipped)
    if not args.quiet:
        print(f"queens-sat: wrote {written} puzzles to {args.out}", file=sys.stderr)
    return EXIT_OK


def _skipped(text: str) -> None:
    print(f"queens-sat: skipped {text}", file=sys.stderr)


def _plays(args: argparse.Namespace) -> int:
    from queens_sat.cli.common import emit_json
    from queens_sat.cli.library_common import open_library
    from queens_sat.services.library.plays import play_report

    with open_library(args, read_only=True) as library:
        report = play_report(library)
    if args.json:
        emit_json(report.as_dict())
        return EXIT_OK
    print(f"{report.plays} plays")
    for title, groups in (("grade", report.by_grade), ("score band", report.by_band)):
        print(f"{title}\tplays\tsolved\tpuzzles\tmedian time")
        for g in groups:
            median = "-" if g.median_seconds is None else f"{g.median_seconds:.1f} s"
            print(f"{g.name}\t{g.plays}\t{g.solved}\t{g.puzzles}\t{median}")
    rho = "not enough solved puzzles (3 needed)" if report.rho is None else f"{report.rho:+.3f} over {report.rho_puzzles} puzzles"
    print(f"Spearman rho, score against median solve time: {rho}")
    return EXIT_OK
