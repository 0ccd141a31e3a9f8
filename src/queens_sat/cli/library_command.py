"""``queens-sat library``: puzzles kept in one SQLite file (``--db``), added from any input,
deduplicated up to symmetry, queried, tagged, scheduled as dailies, exported and played.

Each sub-command is a small function here or in ``library_publish``; the work is in
``services.library``. A file that is not a library, or one of a newer version, is exit 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from queens_sat.cli.common import add_input_arguments, add_solver_arguments, nonnegative_int, positive_int
from queens_sat.cli.exit_codes import EXIT_BAD_INPUT, EXIT_OK
from queens_sat.cli.library_common import add_filter_arguments, filters_of, open_library


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "library",
        help="keep puzzles in a library file: add, query, schedule dailies, export, play",
        description="A puzzle library in one SQLite file (--db PATH, else $QUEENS_SAT_DB, else puzzles.db): "
        "every puzzle checked once and kept with its verdict, solution and logic grade, never twice up to "
        "rotation, reflection and recolouring. Exit code 2 when the file is not a library (or a newer one).",
    )
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--db", metavar="PATH", help="the library file (default: $QUEENS_SAT_DB, else puzzles.db)")
    subs = p.add_subparsers(dest="library_command", metavar="ACTION")
    subs.required = True
    _register_add(subs, parent)
    _register_query(subs, parent)
    show = subs.add_parser("show", parents=[parent], help="draw one puzzle and say what is known of it")
    show.add_argument("id", metavar="ID", help="the puzzle's id (or key)")
    show.add_argument("--solution", action="store_true", help="draw its solution too")
    show.add_argument("--json", action="store_true", help="the puzzle's record as JSON")
    show.set_defaults(action=_show)
    tag = subs.add_parser("tag", parents=[parent], help="tag puzzles (or untag them with --remove)")
    tag.add_argument("tag", metavar="TAG")
    tag.add_argument("ids", nargs="+", type=positive_int, metavar="ID")
    tag.add_argument("--remove", action="store_true", help="take the tag off instead")
    tag.set_defaults(action=_tag)
    remove = subs.add_parser("remove", parents=[parent], help="remove puzzles (their tags and calendar days go too)")
    remove.add_argument("ids", nargs="+", type=positive_int, metavar="ID")
    remove.set_defaults(action=_remove)
    stats = subs.add_parser("stats", parents=[parent], help="how many puzzles of each size and grade")
    stats.add_argument("--json", action="store_true", help="the counts as JSON")
    stats.add_argument("--plot", metavar="FILE", help="also a bar chart (.png, .svg or .pdf; needs the plot extra)")
    stats.set_defaults(action=_stats)
    from queens_sat.cli.library_publish import register_publishing

    register_publishing(subs, parent)
    p.set_defaults(run=run)


def _register_add(subs: argparse._SubParsersAction[argparse.ArgumentParser], parent: argparse.ArgumentParser) -> None:
    add = subs.add_parser(
        "add",
        parents=[parent],
        help="check puzzles and keep the new ones",
        description="Add puzzles from files, folders or standard input ('-'), in any format check reads "
        "(generate's output too). Each is checked once; copies of a kept puzzle (rotated, mirrored, "
        "recoloured) are skipped, puzzles with no solution or several refused (--keep-invalid keeps them). "
        "Each batch is one transaction. Exit 0 when every record was added or a duplicate, 1 when some "
        "were refused, 2 when some could not be read.",
    )
    add_input_arguments(add)
    add_solver_arguments(add)
    add.add_argument("--source", metavar="LABEL", help="the source kept with each puzzle (default: its file)")
    add.add_argument("--keep-invalid", action="store_true", help="keep puzzles with no solution or several too")
    add.add_argument("--max-depth", type=nonnegative_int, default=2, metavar="D", help="probe depth of the logic grade (default 2)")
    add.add_argument("--batch", type=positive_int, default=512, metavar="K", help="records a transaction (default 512)")
    add.add_argument("--json", action="store_true", help="a JSON line per record: what became of it")
    add.add_argument("--quiet", "-q", action="store_true", help="only the summary line")
    add.set_defaults(action=_add)


def _register_query(subs: argparse._SubParsersAction[argparse.ArgumentParser], parent: argparse.ArgumentParser) -> None:
    q = subs.add_parser("query", parents=[parent], help="list the puzzles that pass filters")
    add_filter_arguments(q)
    q.add_argument("--limit", type=nonnegative_int, default=50, metavar="K", help="at most K puzzles (default 50; 0: all)")
    q.add_argument("--json", action="store_true", help="a JSON line per puzzle (its record, puzzle and solution included)")
    q.add_argument("--count", action="store_true", help="only how many pass")
    q.set_defaults(action=_query)


def run(args: argparse.Namespace) -> int:
    """Run the sub-command (the library's refusals, ``LibraryError``, are exit 2 as every bad input is)."""
    return int(args.action(args) or EXIT_OK)


# ---------------------------------------------------------------------- add
def _add(args: argparse.Namespace) -> int:
    from queens_sat.cli.common import emit_json, iter_records, show_read_warnings
    from queens_sat.cli.exit_codes import EXIT_NOT_UNIQUE
    from queens_sat.services.library import AddOptions, Outcome, add_records

    options = AddOptions(
        source=args.source,
        keep_invalid=args.keep_invalid,
        backend=args.backend,
        time_limit=args.time_limit,
        logic_depth=args.max_depth,
        batch=args.batch,
    )
    records = iter_records(args)
    shown_duplicates = [0]
    with open_library(args, create=True) as library:

        def heard(outcome: Outcome) -> None:
            show_read_warnings(args, outcome.record)
            if args.json:
                emit_json(outcome.as_dict())
            elif args.quiet:
                return
            elif outcome.action in ("invalid", "refused"):
                print(f"{outcome.record.name}: {outcome.action}: {_unlocated(outcome)}", file=sys.stderr)
            elif outcome.action == "duplicate" and shown_duplicates[0] < 10:
                shown_duplicates[0] += 1
                held = f"#{outcome.id}" if outcome.id is not None else "another"
                print(f"{outcome.record.name}: duplicate of {held} (skipped)", file=sys.stderr)

        summary = add_records(library, records, options, heard)
        total = library.count()
    print(f"queens-sat: {summary.line()}; the library holds {total} puzzles", file=sys.stderr)
    if summary.counts["invalid"]:
        return EXIT_BAD_INPUT
    return EXIT_NOT_UNIQUE if summary.counts["refused"] else EXIT_OK


def _unlocated(outcome: Any) -> str:
    from queens_sat.cli.common import unlocated

    return unlocated(outcome.record, outcome.why)


# ---------------------------------------------------------------------- query, show, tag, remove, stats
def _query(args: argparse.Namespace) -> int:
    from queens_sat.cli.common import emit_json
    from queens_sat.cli.library_views import entry_table
    from queens_sat.services.library import count, query

    filters = filters_of(args)
    with open_library(args, read_only=True) as library:
        if args.count:
            print(count(library, filters))
            return EXIT_OK
        entries = query(library, filters, sort=args.sort, descending=args.desc, limit=args.limit or None)
    if args.json:
        for entry in entries:
            emit_json(entry.as_dict())
    else:
        entry_table(entries)
    return EXIT_OK


def _show(args: argparse.Namespace) -> int:
    from queens_sat.cli.common import emit_json
    from queens_sat.cli.library_views import show_entry

    with open_library(args, read_only=True) as library:
        entry = library.get(args.id)
        tags = library.tags_of(entry.id or 0)
    if args.json:
        emit_json({**entry.as_dict(), "tags": tags})
    else:
        show_entry(entry, tags, args.solution)
    return EXIT_OK


def _tag(args: argparse.Namespace) -> int:
    with open_library(args) as library:
        changed = library.tag(args.ids, [args.tag], remove=args.remove)
    print(f"queens-sat: {'removed' if args.remove else 'added'} {changed} tags", file=sys.stderr)
    return EXIT_OK


def _remove(args: argparse.Namespace) -> int:
    with open_library(args) as library:
        removed = library.remove(args.ids)
    print(f"queens-sat: removed {removed} puzzles", file=sys.stderr)
    return EXIT_OK


def _stats(args: argparse.Namespace) -> int:
    from queens_sat.cli.common import emit_json
    from queens_sat.cli.library_views import stats_chart, stats_table

    with open_library(args, read_only=True) as library:
        rows = library.stats()
    if args.plot:
        stats_chart(rows, args.plot)
    if args.json:
        for n, stars, grade, number in rows:
            emit_json({"n": n, "stars": stars, "grade": grade, "count": number})
    else:
        stats_table(rows)
    return EXIT_OK
