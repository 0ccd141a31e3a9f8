"""The command-line tool's exit codes, and the one rule that turns verdicts into a code.

Only the CLI speaks in exit codes: the library raises typed exceptions and returns statuses.
"""

from __future__ import annotations

from collections.abc import Iterable

TYPE_CHECKING = False  # the verdicts are imported where they are read: ``library daily`` needs only the numbers
if TYPE_CHECKING:
    from queens_sat.model.result import Status

EXIT_OK = 0
EXIT_NOT_UNIQUE = 1  # some puzzle has no solution or several
EXIT_BAD_INPUT = 2  # unreadable or invalid input, or bad usage
EXIT_TIME_LIMIT = 3  # a time limit stopped a search before it settled
EXIT_INTERNAL = 4  # a bug in queens-sat itself, never a verdict on the input
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report SIGINT
EXIT_TERMINATED = 143  # SIGTERM (128 + 15): stopped like Ctrl-C
EXIT_BROKEN_PIPE = 141  # the reader of standard output went away (``| head``), as shells report SIGPIPE


def exit_code(statuses: Iterable[Status]) -> int:
    """The one rule from verdicts to the exit code: 2 any invalid; else 1 any none, multiple, or a
    logic solve stuck or at a contradiction; else 3 any unknown or timed out; else 0 (unique,
    counted, solved, a hint)."""
    from queens_sat.model.result import Status

    seen = set(statuses)
    if Status.INVALID in seen:
        return EXIT_BAD_INPUT
    if seen & {Status.NONE, Status.MULTIPLE, Status.STUCK, Status.CONTRADICTION}:
        return EXIT_NOT_UNIQUE
    if seen & {Status.UNKNOWN, Status.TIMED_OUT}:  # a time limit, not a verdict
        return EXIT_TIME_LIMIT
    return EXIT_OK
