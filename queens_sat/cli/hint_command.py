"""``queens-sat hint``: the next logical step from a partly solved board.

The player's queens and crosses are the file's givens (``queens`` and ``blocked``).
The crosses the player's own queens imply are taken as made (as the games do
automatically), so the hint is the first step that needs a thought.
"""

from __future__ import annotations

import argparse
import sys

from .common import add_input_arguments, add_output_arguments, add_solver_arguments, emit_json, iter_records
from .logic_common import add_depth_argument, verdict_status


def register(sub: argparse._SubParsersAction) -> None:
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
    p.add_argument("--board", action="store_true", help="draw the board with the hint applied")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import time

    from ..checking import exit_code
    from ..display import queen_mark, wants_color
    from ..errors import PuzzleError
    from ..logic import SOLVED, Engine
    from ..logic.deduction import QUEEN_ELIMINATES
    from ..logic.describe import cells_phrase, contradiction_phrase, describe, replay, state_lines
    from ..solving import solve

    records = list(iter_records(args))
    if len(records) != 1:
        raise PuzzleError(f"hint works on one board; the input holds {len(records)} puzzles")
    record = records[0]
    if record.error is not None or record.puzzle is None:
        raise record.error or PuzzleError("no puzzle", source=record.source)
    puzzle = record.puzzle

    check = solve(puzzle, backend=args.backend, limit=2, time_limit=args.time_limit)
    deadline = None if args.time_limit is None else time.perf_counter() + args.time_limit
    engine = Engine(puzzle, args.max_depth, deadline)
    implied: list = []  # crosses the player's queens imply
    hint = None
    for step in engine.steps():
        if step.rule == QUEEN_ELIMINATES and step.cell in puzzle.queens:
            implied.append(step)
            continue
        hint = step
        break

    status = "hint" if hint is not None else engine.status
    if check.status.value == "none":
        status = "no-solution"  # whatever logic says, some mark of the player's is wrong
    implied_cells = sorted(c for s in implied for c in s.crossed)
    out = {
        "source": record.source,
        "status": status,
        "position": check.status.value,  # unique, multiple, none or unknown
        "implied": [list(c) for c in implied_cells],
        "step": dict(hint.as_dict(), text=describe(hint, puzzle)) if hint is not None and status == "hint" else None,
    }
    code = exit_code({{"hint": "unique", "no-solution": "none"}.get(status) or verdict_status(status)})
    if args.json:
        emit_json(out)
        return code
    if args.quiet:
        return code
    if status == "no-solution":
        why = ""
        if engine.contradiction is not None:
            units = engine.geo.unit_tuple(engine.contradiction.units)
            lines = engine.geo.unit_tuple(engine.contradiction.lines)
            why = f" ({contradiction_phrase(puzzle, units, lines)})"
        print(f"no solution from here: a queen or a cross is wrong{why}")
        return code
    if status == SOLVED and hint is None:
        print("the board is solved")
        return code
    if implied_cells:
        print(f"(your queens also rule out {cells_phrase(implied_cells)}; taken as crossed out)")
    if hint is None:
        if status == "timed-out":
            print("no hint: the time limit stopped the engine")
        else:
            several = " this position has several solutions, and" if check.status.value == "multiple" else ""
            print(f"no hint:{several} logic finds no next step with probes up to depth {args.max_depth}")
        return code
    print(f"hint: {describe(hint, puzzle)}")
    if check.status.value == "multiple":
        print("(note: this position has several solutions)")
    if args.board:
        color = wants_color(sys.stdout, False if args.no_color else None)
        *_, (queens, crossed) = replay(puzzle, [*implied, hint])
        print("\n".join(state_lines(puzzle, queens, crossed, color=color, queen=queen_mark(sys.stdout))))
    return code
