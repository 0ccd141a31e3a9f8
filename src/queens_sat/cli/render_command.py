"""``queens-sat render``: a board as an SVG or PNG picture, bare, solved, or step by step."""

from __future__ import annotations

import argparse
import sys
from itertools import chain, islice
from typing import Any

from queens_sat.cli.common import add_input_arguments, add_solver_arguments, iter_records, positive_int, show_read_warnings
from queens_sat.cli.exit_codes import EXIT_BAD_INPUT, EXIT_NOT_UNIQUE, EXIT_OK, EXIT_TIME_LIMIT
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.errors import PuzzleError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "render",
        help="draw a puzzle as an SVG or PNG picture",
        description="Draw a puzzle: each region in its own colour (colour-blind safe; hatched and "
        "labelled when colours repeat), thick lines between regions, given queens on a token, "
        "blocked cells crossed. The suffix of --out picks the format. Exit code 0 when drawn, "
        "1 when --solution finds no solution or several, 2 on bad input or usage, 3 when a "
        "time limit was hit.",
    )
    add_input_arguments(p, many=False)
    p.add_argument(
        "--out",
        "-o",
        "--output",  # the old spelling, kept
        dest="out",
        required=True,
        metavar="PATH",
        help="picture to write: .svg or .png (.gif too with --steps)",
    )
    what = p.add_mutually_exclusive_group()
    what.add_argument("--solution", action="store_true", help="draw the puzzle's unique solution (an error if it has none or several)")
    what.add_argument(
        "--steps",
        action="store_true",
        help="draw the logic engine's solve step by step: numbered files (board-01.png...) or one animated .gif",
    )
    p.add_argument("--id", metavar="ID", help="which puzzle of a file that holds several: its id, or its line number")
    p.add_argument("--all", action="store_true", help="draw every puzzle of the input: --out is then a folder (made if missing)")
    p.add_argument("--picture", choices=("png", "svg"), default="png", help="with --all: the pictures' format (default png)")
    p.add_argument("--cell", type=positive_int, metavar="PX", help="side of a cell in pixels (default: about 800 px for the board)")
    labels = p.add_mutually_exclusive_group()
    labels.add_argument("--labels", dest="labels", action="store_true", default=None, help="write each region's letter in it")
    labels.add_argument(
        "--no-labels", dest="labels", action="store_false", help="no region letters (default: letters only when colours repeat)"
    )
    add_solver_arguments(p)
    p.add_argument("--quiet", "-q", action="store_true", help="do not list the files written")
    p.set_defaults(run=run)


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> int:
    print(f"queens-sat: error: {message}", file=sys.stderr)
    return code


def _pick_record(args: argparse.Namespace) -> PuzzleRecord:
    """The one puzzle to draw: the only one in the input, or the one named by --id."""
    stream = iter_records(args)  # read a record at a time: a file of a million puzzles is never held
    first = next(stream, None)
    if first is None:
        raise PuzzleError(f"{args.files or 'the input'}: no puzzle in it")
    if args.id is not None:
        chosen = next((r for r in chain([first], stream) if r.id == args.id or str(r.line) == args.id), None)
        if chosen is None:
            raise PuzzleError(f"{first.source}: no puzzle with id or line {args.id!r}")
        record = chosen
    else:
        more = list(islice(stream, 5))
        if more:
            head = [first, *more][:5]
            total = 1 + len(more) + sum(1 for _ in stream)
            ids = ", ".join(r.id or f"line {r.line}" for r in head) + (", ..." if total > 5 else "")
            raise PuzzleError(f"{first.source} holds {total} puzzles ({ids}); choose one with --id")
        record = first
    if record.error is not None or record.puzzle is None:
        raise record.error if isinstance(record.error, PuzzleError) else PuzzleError(str(record.error))
    show_read_warnings(args, record)
    return record


def run(args: argparse.Namespace) -> int:
    from queens_sat.services.logic.pictures import logic_states
    from queens_sat.services.render import BoardState, RenderError, image_format, render_board, render_steps

    if args.all:
        return _render_all(args)
    try:
        image_format(args.out, animated=args.steps)
    except RenderError as err:
        return _fail(str(err))
    record = _pick_record(args)
    puzzle = record.puzzle
    assert puzzle is not None  # _pick_record raised on a record without one
    state = BoardState()
    if args.solution:
        solved = _solved_state(args, record)
        if isinstance(solved, int):
            return solved
        state = solved
    try:
        if args.steps:
            written = render_steps(puzzle, logic_states(puzzle), args.out, cell=args.cell, labels=args.labels)
        else:
            written = [render_board(puzzle, args.out, state=state, cell=args.cell, labels=args.labels)]
    except RenderError as err:
        return _fail(str(err))
    except OSError as err:
        return _fail(f"cannot write {err.filename or args.out}: {err.strerror or err}")
    if not args.quiet:
        for path in written:
            print(f"wrote {path}")
    return EXIT_OK


def _solved_state(args: argparse.Namespace, record: PuzzleRecord) -> Any:
    """The board state of the record's unique solution, or the exit code of why there is none."""
    from queens_sat.services.render import BoardState
    from queens_sat.services.solving import solve

    puzzle = record.puzzle
    assert puzzle is not None
    res = solve(puzzle, backend=args.backend, limit=2, time_limit=args.time_limit)
    if res.status.value == "none":
        return _fail(f"{record.name}: no solution, so there is none to draw", EXIT_NOT_UNIQUE)
    if res.status.value == "multiple":
        return _fail(
            f"{record.name}: several solutions (at least {res.count}); --solution draws a unique one only "
            "('queens-sat check' shows two of them)",
            EXIT_NOT_UNIQUE,
        )
    if res.status.value == "unknown":
        return _fail(f"{record.name}: the time limit stopped the search before it settled uniqueness", EXIT_TIME_LIMIT)
    return BoardState.solved(res.solutions[0], stars=puzzle.stars)


def picture_stem(record: PuzzleRecord, index: int) -> str:
    """A file name (without suffix) for the record's picture: its id, else its file and line, made
    safe for a file system, numbered so that two records never share one."""
    import re
    from pathlib import Path

    name = record.id or (f"{Path(record.source).stem}-{record.line}" if record.line else Path(record.source).stem)
    return f"{index + 1:04d}-{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)[:80]}"


def _render_all(args: argparse.Namespace) -> int:
    """``render --all``: every puzzle of the input drawn into the folder --out."""
    import os

    from queens_sat.model.errors import UsageError
    from queens_sat.services.render import BoardState, render_board

    if args.steps or args.id is not None:
        raise UsageError("--all draws every puzzle as it is (or --solution): not with --steps or --id")
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        raise UsageError(f"--all: --out {args.out} is a file; name a folder")
    os.makedirs(args.out, exist_ok=True)
    code = EXIT_OK
    for index, record in enumerate(iter_records(args)):
        if record.error is not None or record.puzzle is None:
            print(f"queens-sat: error: {record.error}", file=sys.stderr)
            code = max(code, EXIT_BAD_INPUT)
            continue
        show_read_warnings(args, record)
        state = BoardState()
        if args.solution:
            solved = _solved_state(args, record)
            if isinstance(solved, int):
                code = max(code, solved)
                continue
            state = solved
        path = render_board(record.puzzle, os.path.join(args.out, f"{picture_stem(record, index)}.{args.picture}"), state=state,
                            cell=args.cell, labels=args.labels)  # fmt: skip
        if not args.quiet:
            print(f"wrote {path}")
    return code
