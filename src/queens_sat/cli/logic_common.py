"""What the commands that run the logic engine (check, explain, hint) share."""

from __future__ import annotations

import argparse
from typing import IO, TYPE_CHECKING

from queens_sat.cli.common import nonnegative_int

if TYPE_CHECKING:
    from queens_sat.model.puzzle import Puzzle

DEFAULT_DEPTH = 2  # the engine's own default; repeated here so --help imports no engine code


def add_depth_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-depth",
        type=nonnegative_int,
        default=DEFAULT_DEPTH,
        metavar="D",
        help=f"deepest contradiction probe the logic engine may use; 0 for none (default {DEFAULT_DEPTH})",
    )


def piece_mark(puzzle: Puzzle, stream: IO[str]) -> str:
    """How a board drawing marks a placed piece: a crown for a queen, a star in a Star
    Battle (k > 1), "*" where the terminal cannot show either."""
    from queens_sat.services.render.terminal import queen_mark

    mark = queen_mark(stream)
    return "\u2605" if puzzle.stars > 1 and mark != "*" else mark
