"""The ``queens-sat`` command: argument parsing and the error policy of every command.

Each command lives in its own module with ``register(subparsers)``; modules
import their heavy dependencies inside ``run`` so that ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from typing import Sequence

from .. import __version__
from ..errors import EXIT_BAD_INPUT, EXIT_INTERRUPTED, BackendError, PuzzleError

COMMANDS = ("check", "solve", "count", "explain", "hint", "render", "bench", "backends", "generate", "serve")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="queens-sat",
        description="Solve, validate and generate Queens puzzles.",
        epilog="Exit codes: 0 all unique (or success), 1 no solution or several, "
        "2 bad input or usage, 3 a time limit was hit, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"queens-sat {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}_command").register(sub)
    return parser


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    print(f"queens-sat: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    warnings.showwarning = _show_warning
    try:
        return int(args.run(args) or 0)
    except (PuzzleError, BackendError) as err:
        print(f"queens-sat: error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("queens-sat: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader went away (``| head``); say nothing more
        sys.stderr.close()
        return 0
