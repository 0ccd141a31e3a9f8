"""The command-line tool's exit codes, and the one rule that turns verdicts into a code.

Only the CLI speaks in exit codes: the library raises typed exceptions and returns statuses.
"""

from __future__ import annotations

from collections.abc import Iterable

from queens_sat.model.result import INVALID

EXIT_OK = 0
EXIT_NOT_UNIQUE = 1  # some puzzle has no solution or several
EXIT_BAD_INPUT = 2  # unreadable or invalid input, or bad usage
EXIT_TIME_LIMIT = 3  # a time limit stopped a search before it settled
EXIT_INTERNAL = 4  # a bug in queens-sat itself, never a verdict on the input
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report SIGINT
EXIT_TERMINATED = 143  # SIGTERM (128 + 15): stopped like Ctrl-C
EXIT_BROKEN_PIPE = 141  # the reader of standard output went away (``| head``), as shells report SIGPIPE
COUNTED = "counted"  # what ``count`` reports of a finished count: a success, not a verdict on uniqueness


def exit_code(statuses: Iterable[str]) -> int:
    """0 all unique (or counted, or logic-solved); 2 any invalid; else 1 any none/multiple; else 3 any unknown."""
    seen = set(statuses)
    if INVALID in seen:
        return EXIT_BAD_INPUT
    if seen & {"none", "multiple"}:
        return EXIT_NOT_UNIQUE
    if "unknown" in seen:
        return EXIT_TIME_LIMIT
    return EXIT_OK
