"""What the ``library`` sub-commands share: the library named by --db, and the query filters."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from queens_sat.cli.common import positive_int
from queens_sat.model.placement import RULES

if TYPE_CHECKING:
    from queens_sat.services.library import Filters, Library


def add_filter_arguments(p: argparse.ArgumentParser) -> None:
    """The filters of ``query`` (and ``export``)."""
    g = p.add_argument_group("filters")
    g.add_argument("--n", type=positive_int, nargs="+", metavar="N", help="board sizes")
    g.add_argument("--stars", type=positive_int, metavar="K", help="stars a row (1: Queens)")
    g.add_argument("--rule", choices=RULES)
    g.add_argument("--grade", nargs="+", metavar="GRADE", help="logic grades (Trivial, Easy, Medium, Hard, Expert)")
    g.add_argument("--score", metavar="LOW:HIGH", help="logic score range (either side may be empty)")
    g.add_argument("--style", metavar="STYLE", help="layout style (generated puzzles)")
    g.add_argument("--source", metavar="TEXT", help="sources containing this text")
    g.add_argument("--tag", metavar="TAG")
    g.add_argument("--added-since", metavar="DATE", help="added on or after this UTC date (YYYY-MM-DD)")
    g.add_argument("--added-before", metavar="DATE", help="added before this UTC date")
    sched = g.add_mutually_exclusive_group()
    sched.add_argument("--scheduled", dest="scheduled", action="store_true", default=None, help="only puzzles on the calendar")
    sched.add_argument("--unscheduled", dest="scheduled", action="store_false", help="only puzzles not on the calendar")
    played = g.add_mutually_exclusive_group()
    played.add_argument("--played", dest="played", action="store_true", default=None, help="only puzzles someone played")
    played.add_argument("--unplayed", dest="played", action="store_false", help="only puzzles nobody played")
    g.add_argument("--any-status", action="store_true", help="puzzles kept with --keep-invalid too (default: unique ones)")
    p.add_argument("--sort", default="id", choices=("id", "added", "n", "grade", "score", "random"), help="order (default id)")
    p.add_argument("--desc", action="store_true", help="in descending order")


def open_library(args: argparse.Namespace, *, create: bool = False, read_only: bool = False) -> Library:
    from queens_sat.services.library import Library

    return Library(args.db, create=create, read_only=read_only)


def filters_of(args: argparse.Namespace) -> Filters:
    """The query's filters from the command line."""
    from queens_sat.cli.generate_command import _score_range
    from queens_sat.services.library import Filters

    low = high = None
    if args.score:
        try:
            low, high = _score_range(args.score)
        except argparse.ArgumentTypeError as err:
            from queens_sat.model.errors import UsageError

            raise UsageError(f"--score: {err}") from None
        high = None if high == float("inf") else high
    return Filters(
        n=tuple(args.n or ()),
        stars=args.stars,
        rule=args.rule,
        grades=tuple(args.grade or ()),
        score_min=low,
        score_max=high,
        style=args.style,
        source=args.source,
        tag=args.tag,
        added_since=args.added_since,
        added_before=args.added_before,
        scheduled=args.scheduled,
        played=args.played,
        status=None if args.any_status else "unique",
    )
