"""``queens-sat convert``: puzzles from one format into another (JSON, JSON lines, text,
puzz.link Star Battle URLs, puzzle-star-battle.com region lists)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from queens_sat.cli.common import add_input_arguments, check_output_path, iter_records, show_read_warnings
from queens_sat.cli.exit_codes import EXIT_BAD_INPUT
from queens_sat.formats import FORMATS
from queens_sat.model.errors import PuzzleError, UsageError

ONE_PUZZLE_FORMATS = ("text",)  # a text grid holds one puzzle; the others take a batch


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "convert",
        help="write puzzles in another format (JSON, text, puzz.link URLs, region lists)",
        description="Read puzzles in any format and write them in the one named by --to: json (one "
        "object, or an array for several), jsonl (one a line), text (one grid), puzzlink (one "
        "https://puzz.link/p?starbattle/... URL a line) or regionlist (puzzle-star-battle.com's "
        "comma-separated region numbers, one list a line). What the target cannot hold is an error "
        "naming it (a URL has no givens); a region list cannot say the number of stars, so read one "
        "with --stars K. Exit code 0 when every puzzle was written, 2 when one could not be read or written.",
    )
    add_input_arguments(p)
    p.add_argument("--to", required=True, choices=FORMATS, help="the format to write")
    p.add_argument("--out", "-o", metavar="FILE", help="write to FILE (whole or not at all) instead of standard output")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from queens_sat.formats import format_puzzle, puzzle_to_dict

    if args.out:
        check_output_path(args.out)
    pieces: list[str] = []
    objects: list[dict[str, Any]] = []
    failed = False
    for record in iter_records(args):
        show_read_warnings(args, record)
        try:
            if record.error is not None:
                raise record.error
            assert record.puzzle is not None
            if args.to == "json":
                objects.append(puzzle_to_dict(record.puzzle, id=record.id))
            else:
                pieces.append(format_puzzle(record.puzzle, args.to, id=record.id))
        except PuzzleError as err:
            failed = True
            where = record.name
            text = str(err.located(source=record.source, line=record.line))
            print(f"queens-sat: error: {text if text.startswith(where) else f'{where}: {text}'}", file=sys.stderr)
    if args.to in ONE_PUZZLE_FORMATS and len(pieces) > 1:
        raise UsageError(f"a {args.to} file holds one puzzle and this input holds {len(pieces)}; convert them to jsonl")
    if args.to == "json" and objects:
        doc: Any = objects[0] if len(objects) == 1 else objects
        pieces = [json.dumps(doc, indent=2) + "\n"]
    _write(args.out, "".join(pieces))
    return EXIT_BAD_INPUT if failed else 0


def _write(path: str | None, text: str) -> None:
    if path is None:
        sys.stdout.write(text)
        return
    from queens_sat.runtime.atomic_file import AtomicOutput

    try:
        out = AtomicOutput(path)
    except OSError as err:
        raise PuzzleError(f"--out {path}: cannot write: {err.strerror or err}") from None
    try:
        out.write(text)
    except BaseException:
        out.discard()
        raise
    out.commit()
