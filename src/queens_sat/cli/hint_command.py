"""``queens-sat hint``: the next logical step from a partly solved board.

The player's queens and crosses are the file's givens (``queens`` and ``blocked``);
the reasoning is ``queens_sat.services.logic.hinting.next_hint``, shared with the HTTP service.
"""

from __future__ import annotations

import argparse
import sys
from itertools import islice
from typing import TYPE_CHECKING

from queens_sat.cli.common import (
    add_input_arguments,
    add_output_arguments,
    add_solver_arguments,
    emit_json,
    iter_records,
    show_read_warnings,
    with_warnings,
)
from queens_sat.cli.logic_common import add_depth_argument, piece_mark

if TYPE_CHECKING:
    from queens_sat.formats.records import PuzzleRecord
    from queens_sat.services.logic.hinting import Hint


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "hint",
        help="the next logical step from a partly solved board",
        description="Say what to do next on a partly solved board: the player's queens and crossed-out "
        "cells are the file's givens (queens, blocked). First checks with a solver that the "
        "position still has a solution. Exit code 0 with a hint (or when the board is solved), "
        "1 when the position has no solution or logic finds no step, 2 on bad input, 3 when a "
        "time limit was hit.",
    )
    add_input_arguments(p, many=False)
    add_depth_argument(p)
    add_solver_arguments(p)
    add_output_arguments(p)
    p.add_argument("--boards", "--board", dest="boards", action="store_true", help="draw the board with the hint applied")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``queens-sat hint``: the next step of reasoning on one board; the exit code says what was found."""
    from queens_sat.cli.exit_codes import exit_code
    from queens_sat.services.logic.hinting import next_hint

    record = _one_record(args)
    assert record.puzzle is not None  # _one_record raised otherwise
    found = next_hint(record.puzzle, args.max_depth, args.backend, args.time_limit)
    code = exit_code({found.status})
    if args.json:
        emit_json(with_warnings(found.as_dict(record.source), record))
    elif not args.quiet:
        _show(args, found)
    return code


def _one_record(args: argparse.Namespace) -> PuzzleRecord:
    """The input's only puzzle: several, none or a bad one is an error."""
    from queens_sat.model.errors import PuzzleError, UsageError

    stream = iter_records(args)
    records = list(islice(stream, 2))  # a file of a million puzzles is counted, never held
    if len(records) != 1:
        raise UsageError(f"hint works on one board; the input holds {len(records) + sum(1 for _ in stream)} puzzles")
    record = records[0]
    if record.error is not None or record.puzzle is None:
        raise record.error or PuzzleError("no puzzle", source=record.source)
    show_read_warnings(args, record)
    return record


def _show(args: argparse.Namespace, found: Hint) -> None:
    """The hint in words (or why there is none), and the board with it applied when asked."""
    from queens_sat.model.result import Status
    from queens_sat.services.logic.describe import contradiction_phrase, describe, replay, state_lines
    from queens_sat.services.logic.phrases import cells_phrase
    from queens_sat.services.render.terminal import wants_color

    puzzle, hint = found.puzzle, found.step
    if found.status is Status.NONE:
        why = f" ({contradiction_phrase(puzzle, *found.contradiction)})" if found.contradiction is not None else ""
        print(f"no solution from here: a queen or a cross is wrong{why}")
        return
    if found.status is Status.SOLVED and hint is None:
        print("the board is solved")
        return
    if found.implied:
        print(f"(your queens also rule out {cells_phrase(list(found.implied))}; taken as crossed out)")
    if hint is None:
        if found.status is Status.TIMED_OUT:
            print("no hint: the time limit stopped the engine")
        else:
            several = " this position has several solutions, and" if found.position is Status.MULTIPLE else ""
            print(f"no hint:{several} logic finds no next step with probes up to depth {args.max_depth}")
        return
    print(f"hint: {describe(hint, puzzle)}")
    if found.position is Status.MULTIPLE:
        print("(note: this position has several solutions)")
    if args.boards:
        color = wants_color(sys.stdout, False if args.no_color else None)
        *_, (queens, crossed) = replay(puzzle, [*found.implied_steps, hint])
        print("\n".join(state_lines(puzzle, queens, crossed, color=color, queen=piece_mark(puzzle, sys.stdout))))
