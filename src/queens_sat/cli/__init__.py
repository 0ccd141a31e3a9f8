"""The ``queens-sat`` command: argument parsing and the error policy of every command.

Each command lives in its own module with ``register(subparsers)``; modules
import their heavy dependencies inside ``run`` so that ``--help`` stays fast.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence

from queens_sat import __version__
from queens_sat.cli.exit_codes import EXIT_BAD_INPUT, EXIT_BROKEN_PIPE, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_TERMINATED
from queens_sat.model.errors import BackendError, LibraryError, PuzzleError, UsageError, was_terminated

TYPE_CHECKING = False  # typing is not imported at run time: ``library daily`` starts without it (type checkers read True)

if TYPE_CHECKING:
    import argparse
    from typing import TextIO

# argparse, the parser, completion and the signal handling are imported where they are used, so that
# the lean path of ``library daily`` (``_lean_daily``) starts without them

COMMANDS = (
    "check", "solve", "count", "explain", "hint", "render", "convert", "bench", "backends", "generate", "serve", "library", "site",
    "completion",
)  # fmt: skip
DEBUG_HELP = "print the traceback of an internal error (so does QUEENS_SAT_DEBUG=1)"


def build_parser() -> argparse.ArgumentParser:
    import argparse

    from queens_sat.cli.parser import QueensSatParser

    parser = QueensSatParser(
        prog="queens-sat",
        description="Solve, validate and generate Queens puzzles.",
        epilog="Exit codes: 0 all unique (or success), 1 no solution or several, "
        "2 bad input or usage (or the system refused: a full disk...), 3 a time limit was hit, "
        "4 internal error (a bug), 130 interrupted (Ctrl-C), 141 standard output closed early (| head), "
        "143 terminated (SIGTERM).",
    )
    parser.add_argument("--version", action="version", version=f"queens-sat {__version__}")
    parser.add_argument("--debug", action="store_true", help=DEBUG_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}_command").register(sub)
        # after the command name too; SUPPRESS keeps the top-level value when absent
        sub.choices[name].add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=DEBUG_HELP)
    return parser


def _show_warning(
    message: Warning | str, category: type[Warning], filename: str, lineno: int, file: TextIO | None = None, line: str | None = None
) -> None:
    print(f"queens-sat: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None, *, whole_lines: bool = False) -> int:
    """The command line ``argv`` run, its exit code returned. ``whole_lines``: standard output as
    ``runtime.line_output.WholeLines`` (the console command's; tests capture it their own way)."""
    import warnings

    from queens_sat.cli.completion_command import complete_if_asked
    from queens_sat.runtime.signals import sigterm_as_interrupt

    parser = build_parser()
    complete_if_asked(parser)  # a shell's Tab: prints the completions and exits
    args = parser.parse_args(argv)
    warnings.showwarning = _show_warning
    from queens_sat.services.process import tune_garbage_collection

    tune_garbage_collection()
    try:
        with sigterm_as_interrupt():
            if whole_lines:  # imported here, under the handlers: formats is no light import
                from queens_sat.runtime.line_output import whole_line_stdout

                whole_line_stdout()  # text goes on to whole-line batches at once; a full disk tears no line
            code = int(args.run(args) or 0)
            sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
        return code
    except (PuzzleError, BackendError, UsageError, LibraryError) as err:
        print(f"queens-sat: error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt as err:
        if was_terminated(err):
            print("queens-sat: terminated", file=sys.stderr)
            return EXIT_TERMINATED
        print("queens-sat: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return _broken_pipe()
    except SystemExit as exit_:
        if isinstance(exit_.__context__, BrokenPipeError):  # rich turns a closed pipe into exit 1
            return _broken_pipe()
        raise
    except OSError as err:  # the system refused: a full disk, a device error, a file gone
        where = f" ({err.filename})" if err.filename else ""
        print(f"queens-sat: error: {err.strerror or err}{where}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as err:  # a bug: never exit 1, which is a verdict
        if args.debug or os.environ.get("QUEENS_SAT_DEBUG", "") not in ("", "0"):
            import traceback

            traceback.print_exc()
        print(f"queens-sat: internal error: {_one_line(err)}", file=sys.stderr)
        print("queens-sat: this is a bug; QUEENS_SAT_DEBUG=1 (or --debug) prints the traceback", file=sys.stderr)
        return EXIT_INTERNAL


def command() -> None:
    """The ``queens-sat`` program (console script and ``python -m queens_sat``): ``main`` with this
    process's arguments, then its exit. A stopped command gets a bounded exit (``exit_within``);
    ``main`` itself never arms that, since tests and host programs call it in their own process."""
    code = _lean_daily() if sys.argv[1:3] == ["library", "daily"] else None
    if code is None:
        code = main(whole_lines=True)
    if code in (EXIT_INTERRUPTED, EXIT_TERMINATED):
        from queens_sat.runtime.signals import exit_within

        exit_within(code)
    raise SystemExit(code)


def _lean_daily() -> int | None:
    """``library daily`` answered without building the whole command line (``library_daily``), or
    None when its arguments need the ordinary parser."""
    from queens_sat.cli.library_daily import fast_daily

    try:
        code = fast_daily(sys.argv[3:])
        sys.stdout.flush()
    except BrokenPipeError:
        return _broken_pipe()
    return code


def _one_line(err: BaseException, limit: int = 300) -> str:
    """The exception's type and message on one bounded line."""
    text = " ".join(f"{type(err).__name__}: {err}".split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _broken_pipe() -> int:
    """The reader of standard output went away (``| head``): nothing more to say, and nothing
    left for the interpreter to flush into the closed pipe at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real stdout (tests capture it)
        pass
    return EXIT_BROKEN_PIPE
