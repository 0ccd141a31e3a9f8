"""``queens-sat library schedule``, ``daily``, ``export`` and ``plays``: the library's puzzles put
on a calendar, written out, and the players' results read back."""

from __future__ import annotations

import argparse
import datetime as dt
import sys

from queens_sat.cli.common import positive_int
from queens_sat.cli.exit_codes import EXIT_OK
from queens_sat.model.errors import UsageError


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


def _schedule(args: argparse.Namespace) -> int:
    from queens_sat.cli.library_command import open_library
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
    from queens_sat.cli.library_command import open_library
    from queens_sat.services.library.schedule import daily

    day = args.date or dt.date.today()
    with open_library(args, read_only=True) as library:
        entry = daily(library, day)
    if entry is None:
        raise UsageError(f"no puzzle on the calendar for {day} ('queens-sat library schedule' lays out days)")
    if args.json:
        from queens_sat.cli.common import emit_json

        emit_json({"day": day.isoformat(), **entry.as_dict()})
        return EXIT_OK
    from queens_sat.cli.library_views import show_entry

    print(f"{day:%A %d %B %Y}")
    show_entry(entry, [], args.solution)
    return EXIT_OK


def _calendar(args: argparse.Namespace) -> int:
    from queens_sat.cli.library_command import open_library
    from queens_sat.services.library.schedule import calendar

    with open_library(args, read_only=True) as library:
        rows = calendar(library, args.first.isoformat() if args.first else None, args.last.isoformat() if args.last else None)
    print("day\tid\tn\tgrade\tplanned")
    for day, pid, grade, n, planned in rows:
        print(f"{day}\t{pid}\t{n}\t{grade}\t{planned or ''}")
    return EXIT_OK
