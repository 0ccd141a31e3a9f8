"""``queens-sat library daily``, also on a lean path: a daily game's server or a shell prompt asks
for the day's puzzle often, so ``command`` answers ``library daily [DATE] [--db PATH] [--json]``
before building the whole command line (every command's options, and the readers they import):
only the library's store and the calendar are loaded. Anything else on that line (``--help``, a
bad date) goes the ordinary way, which gives the same answers."""

from __future__ import annotations

import datetime as dt
import sys

from queens_sat.cli.exit_codes import EXIT_BAD_INPUT, EXIT_OK


def show_daily(db: str | None, day: dt.date, as_json: bool, solution: bool) -> int:
    """Print the day's puzzle (drawn, or as one JSON line); exit 2 when there is none."""
    from queens_sat.services.library.calendar import daily
    from queens_sat.services.library.store import Library

    with Library(db, create=False, read_only=True) as library:
        entry = daily(library, day)
    if entry is None:
        print(f"queens-sat: error: no puzzle on the calendar for {day} ('queens-sat library schedule' lays out days)", file=sys.stderr)
        return EXIT_BAD_INPUT
    if as_json:  # the standard library's json writes these plain values as orjson (``emit_json``) does, and loads faster
        import json

        print(json.dumps({"day": day.isoformat(), **entry.as_dict()}, separators=(",", ":"), ensure_ascii=False))
        return EXIT_OK
    from queens_sat.cli.library_views import show_entry

    print(f"{day:%A %d %B %Y}")
    show_entry(entry, [], solution)
    return EXIT_OK


def fast_daily(argv: list[str]) -> int | None:
    """The exit code of ``library daily`` with these arguments, or None when the line asks for more
    than the lean path reads (then the ordinary parser takes it)."""
    db: str | None = None
    day: dt.date | None = None
    as_json = solution = False
    words = iter(argv)
    for word in words:
        if word == "--json":
            as_json = True
        elif word == "--solution":
            solution = True
        elif word == "--db":
            db = next(words, None)
            if db is None:
                return None
        elif word.startswith("--db="):
            db = word[5:]
        elif not word.startswith("-") and day is None:
            try:
                day = dt.date.fromisoformat(word)
            except ValueError:
                return None
        else:
            return None
    from queens_sat.model.errors import LibraryError

    try:
        return show_daily(db, day or dt.date.today(), as_json, solution)
    except LibraryError as err:
        print(f"queens-sat: error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
