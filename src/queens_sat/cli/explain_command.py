"""``queens-sat explain``: solve each puzzle by reasoning alone, saying why at every step."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from queens_sat.cli.common import (
    add_input_arguments,
    add_output_arguments,
    emit_json,
    ms,
    open_records,
    positive_float,
    show_read_warnings,
    unlocated,
    with_warnings,
)
from queens_sat.cli.logic_common import add_depth_argument, piece_mark
from queens_sat.model.result import Status


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "explain",
        help="solve by logic alone, explaining every step in plain words",
        description="Solve each puzzle as a person does, never guessing, and list every step with "
        "its reason. Givens (queens, blocked cells) are the starting position. Exit code 0 when "
        "logic solves every puzzle, 1 when it cannot (no solution, or more than logic can "
        "settle), 2 on bad input, 3 when the time limit was hit.",
    )
    add_input_arguments(p)
    add_depth_argument(p)
    p.add_argument("--time-limit", type=positive_float, metavar="SECONDS", help="give up on a puzzle after this long")
    add_output_arguments(p)
    p.add_argument("--boards", action="store_true", help="draw the board after each step")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from queens_sat.cli.exit_codes import exit_code
    from queens_sat.engines.logic import logic_solve
    from queens_sat.model.errors import PuzzleError
    from queens_sat.services.logic.describe import describe, replay, state_lines, step_dicts, summary
    from queens_sat.services.render.terminal import wants_color

    batch, records = open_records(args)
    color = wants_color(sys.stdout, False if args.no_color else None)
    statuses: set[Status] = set()
    for record in records:
        show_read_warnings(args, record)
        error = record.error
        result = None
        if error is None and record.puzzle is not None:
            try:
                result = logic_solve(record.puzzle, args.max_depth, args.time_limit)
            except PuzzleError as err:
                error = err.located(source=record.source, line=record.line)
        if result is None or record.puzzle is None:
            statuses.add(Status.INVALID)
            if args.json:
                emit_json({"source": record.source, "line": record.line, "id": record.id, "status": Status.INVALID, "error": str(error)})
            elif batch and not args.quiet:
                print(f"{record.name}: invalid: {unlocated(record, error)}")
            else:
                print(f"queens-sat: error: {error}", file=sys.stderr)
            continue
        puzzle = record.puzzle
        queen = piece_mark(puzzle, sys.stdout)
        statuses.add(result.status)
        if args.json:
            obj: dict[str, Any] = {"source": record.source, "line": record.line, "id": record.id, "n": puzzle.n, "rule": puzzle.rule}
            if puzzle.stars > 1:
                obj["stars"] = puzzle.stars
            obj.update(result.as_dict())
            obj.update(summary=summary(result, puzzle), steps=step_dicts(result, puzzle))
            emit_json(with_warnings(obj, record))
            continue
        if args.quiet:
            continue
        stars = f", {puzzle.stars} stars" if puzzle.stars > 1 else ""
        print(f"{record.name}: {summary(result, puzzle)} [{puzzle.n}x{puzzle.n}, {puzzle.rule}{stars}, {ms(result.elapsed)}]")
        if args.boards:
            print("  start:")
            print("\n".join(state_lines(puzzle, puzzle.queens, puzzle.blocked, color=color, queen=queen)))
        width = len(str(len(result.steps)))
        for number, (step, (queens, crossed)) in enumerate(zip(result.steps, replay(puzzle, result.steps), strict=False), 1):
            print(f"  {number:>{width}}. {describe(step, puzzle)}")
            if args.boards:
                print("\n".join(state_lines(puzzle, queens, crossed, color=color, queen=queen)))
        sys.stdout.flush()
    return exit_code(statuses)
