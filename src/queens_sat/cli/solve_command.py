"""``queens-sat solve``: one solution of each puzzle (or every one with --all), or "no solution"."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from queens_sat.formats.json_format import solution_to_json
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.errors import BackendError, PuzzleError, UsageError
from queens_sat.model.result import Status

if TYPE_CHECKING:
    from queens_sat.model.result import SolveResult
from queens_sat.cli.colors import paint
from queens_sat.cli.common import (
    add_input_arguments,
    add_output_arguments,
    add_region_free_arguments,
    add_solver_arguments,
    backend_for,
    check_backend,
    check_output_path,
    emit_json,
    facts,
    fail_record,
    ms,
    open_records,
    show_read_warnings,
    with_warnings,
)

CHUNK = 100_000  # columns converted to text at a time when writing a huge solution


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "solve",
        help="print one solution of each puzzle, or every solution",
        description="Find one solution, or stream every solution with --all. Exit code 0 when every "
        "puzzle was solved, 1 when one has no solution, 2 on bad input, 3 when a time limit was hit. "
        "Boards above n = 64 are written as column lists, never drawn.",
    )
    add_input_arguments(p)
    add_solver_arguments(p)
    add_output_arguments(p)
    p.add_argument("--all", action="store_true", help="stream every solution as it is found (memory stays flat)")
    p.add_argument(
        "--columns",
        action="store_true",
        help="write each solution as its queens' columns, row by row (\"0 4 7 5 2 6 1 3\"; with k stars a row, "
        "the rows' columns apart by commas: \"0 5, 2 7, ...\"), not as a board",
    )
    p.add_argument("--out", "-o", metavar="FILE", help="write the solution(s) to FILE instead of standard output (one puzzle)")
    add_region_free_arguments(p, finding=True, counting=False)
    p.set_defaults(run=run)


def write_columns(stream: Any, prefix: str, cols: Sequence[int], stars: int = 1) -> None:
    """``prefix``, the columns apart by spaces and a newline, written a chunk at a time: a solution of
    n = 10^8 is 900 MB of text, never held whole, and Ctrl-C is seen between chunks. With k > 1
    stars a row (boards up to 64), each row's k columns, the rows apart by commas."""
    if stars > 1:
        stream.write(prefix + ", ".join(" ".join(map(str, cols[i : i + stars])) for i in range(0, len(cols), stars)) + "\n")
        return
    stream.write(prefix)
    for i, chunk in enumerate(_chunks(cols)):
        stream.write((" " if i else "") + " ".join(map(str, chunk)))
    stream.write("\n")


def _chunks(cols: Sequence[int]) -> Iterator[Sequence[int]]:
    """``cols`` ``CHUNK`` columns at a time: a huge board's solution (``ChunkedColumns``) is read
    as its chunks, never whole."""
    if hasattr(cols, "chunks"):
        yield from (chunk.tolist() for chunk in cols.chunks(CHUNK))
        return
    for i in range(0, len(cols), CHUNK):
        yield cols[i : i + CHUNK]


def run(args: argparse.Namespace) -> int:
    if args.out:
        check_output_path(args.out)
    check_backend(args.backend)
    batch, records = open_records(args)
    if args.out and batch:
        raise UsageError("--out takes one puzzle; this input holds several")
    # whole or not at all: an interrupted run leaves the former file, never half a solution
    out = _open_out(args.out) if args.out else None
    finished = False
    try:
        code = _solve_all(args, batch, records, out) if args.all else _solve_each(args, batch, records, out)
        finished = True
        return code
    finally:
        if out is not None:
            out.commit() if finished else out.discard()


def _open_out(path: str) -> Any:
    """The --out file, written under a temporary name and renamed into place when done."""
    from queens_sat.runtime.atomic_file import AtomicOutput

    try:
        return AtomicOutput(path)
    except OSError as err:
        raise PuzzleError(f"--out {path}: cannot write: {err.strerror or err}") from None


def _invalid(args: argparse.Namespace, record: PuzzleRecord) -> None:
    if args.json:
        emit_json({"source": record.source, "line": record.line, "id": record.id, "status": Status.INVALID, "error": str(record.error)})
    else:
        print(f"queens-sat: error: {record.error}", file=sys.stderr)


def _solve_each(args: argparse.Namespace, batch: bool, records: Iterator[PuzzleRecord], out: Any) -> int:
    from queens_sat.cli.exit_codes import exit_code
    from queens_sat.services.render.terminal import DRAW_MAX_N, board_lines, queen_mark, wants_color
    from queens_sat.services.solving import solve

    color = wants_color(sys.stdout, False if args.no_color else None)
    statuses: set[Status] = set()
    for record in records:
        show_read_warnings(args, record)
        if record.error is not None or record.puzzle is None:
            statuses.add(Status.INVALID)
            _invalid(args, record)
            continue
        puzzle = record.puzzle
        try:
            res = solve(puzzle, backend=backend_for(args, puzzle), limit=1, time_limit=args.time_limit)
        except (PuzzleError, BackendError) as err:  # this record only: the batch goes on
            fail_record(record, err)
            statuses.add(Status.INVALID)
            _invalid(args, record)
            continue
        found = res.solution
        # exit 0 means every puzzle got a solution; "none" only when the search was
        # complete (a backend that gave up proves nothing)
        status = Status.SOLVED if found else (Status.NONE if res.complete else Status.UNKNOWN)
        statuses.add(status)
        if args.json:
            obj: dict[str, Any] = {"source": record.source, "line": record.line, "id": record.id, "status": status}
            huge = found is not None and puzzle.stars == 1 and len(found) > CHUNK  # written a chunk at a time, never one list
            shown = solution_to_json(found, puzzle.stars) if found and not huge else None
            obj.update(solution=shown, elapsed=round(res.elapsed, 6), backend=res.backend)
            obj.update({k: v for k, v in res.stats.items() if k in ("method", "seed")})
            with_warnings(obj, record)
            if out is not None:
                _write_json(out, obj, found if huge else None)
                emit_json({k: v for k, v in obj.items() if k != "solution"} | {"out": args.out})
            elif huge:
                _write_json(sys.stdout, obj, found)
            else:
                emit_json(obj)
            continue
        if out is not None and found:
            write_columns(out, "", found, puzzle.stars)
        if args.quiet:
            continue
        prefix = f"{record.name}: " if batch else ""
        if found is None:
            if res.complete:
                print(prefix + paint("no solution", Status.NONE, color))
            else:
                print(prefix + paint(f"unknown ({gave_up(res)})", Status.UNKNOWN, color))
        elif out is not None:
            print(f"{prefix}solution of n = {puzzle.n} written to {args.out} [{facts(res)}]")
        elif args.columns or puzzle.n > DRAW_MAX_N:
            write_columns(sys.stdout, prefix, found, puzzle.stars)
        else:
            print(f"{prefix}{paint('solution', Status.SOLVED, color)} {solution_to_json(found, puzzle.stars)} [{facts(res)}]")
            if not batch:
                print("\n".join(board_lines(puzzle, found, color=color, queen=queen_mark(sys.stdout))))
        sys.stdout.flush()
    return exit_code(statuses)


def gave_up(res: SolveResult) -> str:
    """Why a search ended without settling: the time limit, or the backend's own limits."""
    if res.timed_out:
        return "time limit hit"
    return f"backend {res.backend} could not settle it" + (f": {res.stats['logic']}" if "logic" in res.stats else "")


def _write_json(stream: Any, obj: dict[str, Any], huge: Sequence[int] | None) -> None:
    """``obj`` as one JSON line; ``huge``, when given, is its solution, written ``CHUNK`` columns at a
    time in the place of ``obj``'s ``"solution": null`` (n = 10^7 as one list of Python ints is 360 MB)."""
    from queens_sat.formats.numbers import json_line

    line = json_line(obj)
    if huge is None:
        stream.write(line + "\n")
        return
    head, _, tail = line.partition('"solution":null')  # orjson's compact form, once: a string's quotes are escaped
    stream.write(head + '"solution":[')
    for i, chunk in enumerate(_chunks(huge)):
        stream.write(("," if i else "") + ",".join(map(str, chunk)))
    stream.write("]" + tail + "\n")


def _solve_all(args: argparse.Namespace, batch: bool, records: Iterator[PuzzleRecord], out: Any) -> int:
    """Every solution of each puzzle, written as it is found and flushed as it goes."""
    import time

    from queens_sat.cli.exit_codes import exit_code
    from queens_sat.services.render.terminal import DRAW_MAX_N, board_lines, queen_mark, wants_color
    from queens_sat.services.solving import iter_solutions

    stream = out or sys.stdout
    color = out is None and wants_color(sys.stdout, False if args.no_color else None)
    queen = queen_mark(stream)
    statuses: set[Status] = set()
    for record in records:
        show_read_warnings(args, record)
        if record.error is not None or record.puzzle is None:
            statuses.add(Status.INVALID)
            _invalid(args, record)
            continue
        puzzle = record.puzzle
        prefix = f"{record.name}: " if batch else ""
        boards = not (args.json or args.columns or puzzle.n > DRAW_MAX_N)
        start = time.perf_counter()
        count = 0
        try:
            solutions = iter_solutions(puzzle, backend=backend_for(args, puzzle), time_limit=args.time_limit)
            for count, solution in enumerate(solutions, 1):
                if args.quiet and out is None:
                    continue
                if args.json:
                    entry = {"source": record.source, "line": record.line, "id": record.id, "index": count}
                    _write_json(stream, entry | {"solution": solution_to_json(solution, puzzle.stars)}, None)
                elif boards:
                    stream.write(f"{prefix}solution {count}: {solution_to_json(solution, puzzle.stars)}\n")
                    stream.write("\n".join(board_lines(puzzle, solution, color=color, queen=queen)) + "\n")
                else:
                    write_columns(stream, prefix, solution, puzzle.stars)
                if count % 64 == 0 or count < 64:
                    stream.flush()
        except (PuzzleError, BackendError) as err:  # this record only: the batch goes on
            fail_record(record, err)
            statuses.add(Status.INVALID)
            _invalid(args, record)
            continue
        stream.flush()
        timed_out = solutions.timed_out
        statuses.add(Status.UNKNOWN if timed_out else (Status.COUNTED if count else Status.NONE))
        if not args.quiet:
            what = f"at least {count} solutions (time limit hit)" if timed_out else f"{count} solution{'s' if count != 1 else ''}"
            print(f"{prefix}{what} [{solutions.backend}, {ms(time.perf_counter() - start)}]", file=sys.stderr)
    return exit_code(statuses)
