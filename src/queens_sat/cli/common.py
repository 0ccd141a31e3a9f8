"""Arguments and input handling shared by the commands."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from queens_sat.cli.completion_command import offer_backends
from queens_sat.formats import DIALECTS, INPUT_FORMATS, FieldNames, ImageOptions, field_names, values
from queens_sat.formats.numbers import json_bytes, json_line
from queens_sat.formats.records import PuzzleRecord
from queens_sat.formats.sources import peek_batch, puzzle_records, with_rule, with_stars
from queens_sat.model.errors import BackendError, PuzzleError, UsageError, printable
from queens_sat.model.placement import RULES
from queens_sat.model.puzzle import Puzzle


def argparse_type(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """A value parser of ``formats.values`` as an argparse type: its refusal becomes argparse's message."""

    def typed(text: str) -> Any:
        try:
            return parse(text)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    typed.__name__ = parse.__name__
    return typed


def whole_number(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum``."""
    return argparse_type(values.whole_number(minimum))


positive_float = argparse_type(values.positive_float)
positive_int = whole_number(1)
nonnegative_int = whole_number(0)


def add_input_arguments(parser: argparse.ArgumentParser, *, many: bool = True) -> None:
    parser.add_argument(
        "files",
        nargs="*" if many else "?",
        metavar="FILE",
        help="puzzle file(s): JSON, JSON lines, a text grid, or a screenshot (PNG, JPEG, WebP); '-' reads standard input",
    )
    parser.add_argument("--format", choices=INPUT_FORMATS, help="input format (default: from suffix and content)")
    parser.add_argument("--n", type=positive_int, help="a board of this size without regions, instead of a file")
    parser.add_argument("--rule", choices=RULES, help="the rule (overrides the file's; default no-touch)")
    parser.add_argument(
        "--stars",
        type=positive_int,
        metavar="K",
        help="Star Battle: K stars a row, column and region, for every puzzle whose file does not say "
        "(region lists, screenshots, text without '# stars:', JSON without \"stars\"; default 1)",
    )
    add_field_arguments(parser)
    add_image_arguments(parser)


def add_image_arguments(parser: argparse.ArgumentParser) -> None:
    """Options for reading a puzzle from a screenshot."""
    group = parser.add_argument_group("screenshots (PNG, JPEG, WebP)")
    group.add_argument(
        "--read-marks", action="store_true", help="read queens and X marks drawn on the board as given queens and blocked cells"
    )
    group.add_argument(
        "--debug-image",
        metavar="FILE",
        help="write the screenshot with the grid and the regions read drawn over it (.png, .jpg or .webp)",
    )


IMAGE_OUTPUT_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")


def image_options(args: argparse.Namespace, files: list[str]) -> ImageOptions:
    """The screenshot options of the command line, checked before anything is read."""
    debug = getattr(args, "debug_image", None)
    if debug is not None:
        if len(files) > 1:
            raise UsageError("--debug-image draws one screenshot: give one file")
        if not debug.lower().endswith(IMAGE_OUTPUT_SUFFIXES):
            raise UsageError(f"--debug-image {printable(debug)}: the file must end in {', '.join(IMAGE_OUTPUT_SUFFIXES)}")
        check_output_path(debug, "--debug-image")
    return ImageOptions(read_marks=bool(getattr(args, "read_marks", False)), debug_image=debug)


def with_warnings(obj: dict[str, Any], record: PuzzleRecord) -> dict[str, Any]:
    """A JSON answer with the reader's doubts about its record (a screenshot's), when it has any."""
    if record.warnings:
        obj["warnings"] = [*record.warnings, *obj.get("warnings", [])]
    return obj


def show_read_warnings(args: argparse.Namespace, record: PuzzleRecord) -> None:
    """The reader's doubts about a record (a screenshot's), on standard error (not with --quiet);
    each command calls it as it answers the record."""
    if record.warnings and not getattr(args, "quiet", False):
        for doubt in record.warnings:
            print(f"queens-sat: warning: {record.name}: {doubt}", file=sys.stderr)


def add_field_arguments(parser: argparse.ArgumentParser) -> None:
    """Options naming the fields of another program's JSON records, so its files need no converter."""
    group = parser.add_argument_group("other programs' JSON")
    group.add_argument("--regions-key", metavar="KEY", help='the field that holds the regions (e.g. colorGrid; default "regions")')
    group.add_argument("--id-key", metavar="KEY", help='the field that names a puzzle (e.g. name; default "id")')
    group.add_argument("--n-key", metavar="KEY", help='the field that holds the size (default "n")')
    group.add_argument("--rule-key", metavar="KEY", help='the field that holds the rule (default "rule")')
    group.add_argument("--dialect", choices=DIALECTS, help="the field names of a known generator's files")


def fields_of(args: argparse.Namespace) -> FieldNames | None:
    """The field names asked for by --dialect and the --*-key options, or None for ours."""
    return field_names(
        getattr(args, "dialect", None),
        regions=getattr(args, "regions_key", None),
        n=getattr(args, "n_key", None),
        rule=getattr(args, "rule_key", None),
        id=getattr(args, "id_key", None),
    )


def backend_choice(name: str) -> str:
    """``--backend``'s value, its name checked against the registry when the command line is read
    (a variant after ':' is the backend's to check): a misspelt backend is a usage error even
    for a command that turns out not to search (``render`` without ``--solution``)."""
    from queens_sat.backends import backend_names

    known = ["auto", *backend_names()]
    if name.partition(":")[0] not in known:
        raise argparse.ArgumentTypeError(f"unknown backend {name!r}; choose one of {', '.join(known)}")
    return name


def add_solver_arguments(parser: argparse.ArgumentParser) -> None:
    backend = parser.add_argument(
        "--backend",
        default="auto",
        type=backend_choice,
        help="solver backend: auto, native, python, ... (see 'queens-sat backends'; default auto)",
    )
    offer_backends(backend)
    parser.add_argument("--time-limit", type=positive_float, metavar="SECONDS", help="give up on a puzzle after this long")


def add_region_free_arguments(parser: argparse.ArgumentParser, *, finding: bool, counting: bool) -> None:
    """Options of the nqueens backend (boards without regions or givens)."""
    group = parser.add_argument_group("boards without regions (the nqueens backend)")
    if finding:
        group.add_argument(
            "--method",
            choices=("auto", "backtrack", "local", "construct"),
            help="how to find a solution: backtracking, local search, or the explicit construction "
            "(default auto: backtracking up to n = 29 under the queens rule, local search beyond)",
        )
        group.add_argument("--seed", type=nonnegative_int, help="seed of the local search (default 0)")
    if counting:
        group.add_argument(
            "--workers", type=positive_int, metavar="N", help="processes that share a count (default: every core)"
        )


def backend_for(args: argparse.Namespace, puzzle: Puzzle, *, on_progress: Callable[[int, int], None] | None = None) -> Any:
    """What to hand ``solve()``: the backend name given, or the nqueens backend set up by
    --method, --seed and --workers (and the progress callback of a count) when the puzzle is one it takes."""
    options: dict[str, Any] = {}
    for key in ("method", "seed", "workers"):
        if getattr(args, key, None) is not None:
            options[key] = getattr(args, key)
    if on_progress is not None:
        options["on_progress"] = on_progress
    if not options:
        return args.backend
    from queens_sat.backends import routed_with_options

    return routed_with_options(args.backend, puzzle, options)


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="one JSON object per puzzle on stdout, nothing else")
    parser.add_argument("--quiet", "-q", action="store_true", help="print nothing but errors; the exit code tells")
    parser.add_argument("--no-color", action="store_true", help="never colour the boards (NO_COLOR is honoured too)")


def iter_records(args: argparse.Namespace, plain: bool = False) -> Iterator[PuzzleRecord]:
    """The puzzles named on the command line (``formats.sources``); a file that cannot be read
    becomes an error record. ``plain``: plain grids of JSON lines as ``PlainRecord``."""
    files = args.files if isinstance(args.files, list) else ([args.files] if args.files else [])
    image = image_options(args, files)
    stars = getattr(args, "stars", None)
    return puzzle_records(
        files, n=args.n, rule=args.rule, stars=stars, format=args.format, fields=fields_of(args), image=image, plain=plain
    )


def open_records(args: argparse.Namespace, plain: bool = False) -> tuple[bool, Iterator[PuzzleRecord]]:
    """The records to answer, and whether they are a batch (more than one).

    With --json and a pipe on standard input (``-``), this is co-process mode: every JSON
    line is answered as soon as it has arrived, so the input counts as a batch without
    looking ahead, and the records' ``ready()`` tells how many have arrived to batch over.
    """
    from queens_sat.formats.live import LiveRecords, live_stdin

    files = args.files if isinstance(args.files, list) else ([args.files] if args.files else [])
    fd = live_stdin(args.format) if files == ["-"] and args.n is None and args.json and not getattr(args, "out", None) else None
    if fd is None:
        return peek_batch(iter_records(args, plain))
    try:
        fields = fields_of(args)
    except PuzzleError as err:
        return False, iter([PuzzleRecord("<stdin>", error=err)])
    stars = getattr(args, "stars", None)
    plain = plain and not args.rule and not stars
    fix = (lambda record: with_stars(with_rule(record, args.rule), stars)) if args.rule or stars else None
    live = LiveRecords(fd, args.format, fields, fix, plain=plain)
    answer_live_input(live.ready)
    return True, live


def check_backend(name: str) -> None:
    """Refuse an unknown, missing or misspelt backend once, before any record is read, so
    that a ``BackendError`` met later is about one record (a board it cannot take)."""
    from queens_sat.backends import get_backend

    get_backend(name)


def fail_record(record: PuzzleRecord, err: PuzzleError | BackendError) -> None:
    """Make an error met while solving one record (a board too big for the counter, a
    backend that cannot take it) that record's error, so a batch goes on."""
    record.puzzle = None
    if isinstance(err, PuzzleError):
        record.error = err.located(source=record.source, line=record.line)
    else:
        record.error = PuzzleError(str(err), source=record.source, line=record.line)


def check_output_path(path: str, option: str = "--out") -> None:
    """Refuse an output path that cannot be written before any work is done: a directory,
    or a file in a folder that does not exist."""
    if os.path.isdir(path):
        raise UsageError(f"{option} {printable(path)}: is a directory; name a file in it")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{option} {printable(path)}: the folder {printable(folder)} does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"{option} {printable(path)}: cannot write in {printable(folder)}")


def unlocated(record: PuzzleRecord, error: object) -> str:
    """An error's message without the file and line, for a batch line that names them already."""
    where = record.source if record.line is None else f"{record.source}:{record.line}"
    text, prefix = str(error), printable(where) + ": "
    return text[len(prefix) :] if text.startswith(prefix) else text


FLUSH_SECONDS = 0.1  # JSON lines wait at most this long in the buffer (when input keeps coming)
_flushed = [0.0]  # when standard output was last flushed
_waiting_for: list[Callable[[], bool]] = []  # the live input's ready(): answer before it blocks


def answer_live_input(ready: Callable[[], bool] | None) -> None:
    """Tell ``emit_json`` what the input is: with a live input (a co-process's pipe), an answer is
    flushed as soon as no further record is waiting, so the writer of the input gets it."""
    _waiting_for[:] = [ready] if ready is not None else []


def emit_json(obj: dict[str, Any]) -> None:
    """One JSON line on standard output, written in bulk: flushed when a live input has nothing more
    waiting (a co-process is owed its answer), or ``FLUSH_SECONDS`` after the last flush, and at
    the end of the command; a flush a line would cost a system call each."""
    out = sys.stdout
    if getattr(out, "write_through", False) and not out.line_buffering:  # the program's own pipe (``cli.command``): bytes, straight
        out.buffer.write(json_bytes(obj) + b"\n")
    else:  # a host program's or a test's stream
        out.write(json_line(obj) + "\n")
    now = time.monotonic()
    if now - _flushed[0] > FLUSH_SECONDS or (_waiting_for and not _waiting_for[0]()):
        sys.stdout.flush()
        _flushed[0] = now


def facts(res: Any) -> str:
    """Backend, time and (when the backend reports it) method of a result, for report lines."""
    text = f"{res.backend}, {ms(res.elapsed)}"
    method = res.stats.get("method")
    if method and method != res.backend.partition(":")[2]:
        text += f", {method}"
    return text


def ms(seconds: float) -> str:
    """A duration for people: microseconds below 0.1 ms, milliseconds below a second, seconds above."""
    if seconds < 1e-4:
        return f"{seconds * 1e6:.1f} µs"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
