"""``queens-sat check``: is each puzzle well formed, and does it have exactly one solution?"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from queens_sat.cli.colors import paint
from queens_sat.cli.common import (
    add_input_arguments,
    add_output_arguments,
    add_solver_arguments,
    emit_json,
    ms,
    open_records,
    show_read_warnings,
    unlocated,
)
from queens_sat.cli.logic_common import add_depth_argument
from queens_sat.model.result import Status

if TYPE_CHECKING:
    from queens_sat.services.checking import CheckReport

SUMMARY_ORDER = (Status.UNIQUE, Status.MULTIPLE, Status.NONE, Status.UNKNOWN, Status.INVALID)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "check",
        help="verdict on each puzzle: unique, multiple, none, unknown or invalid",
        description="Check that each puzzle is well formed and has exactly one solution. "
        "Exit code 0 when every puzzle is unique, 1 when one has no solution or several, "
        "2 on bad input, 3 when a time limit was hit.",
    )
    add_input_arguments(p)
    add_solver_arguments(p)
    add_output_arguments(p)
    p.add_argument("--boards", action="store_true", help="draw the solution boards in batch mode too")
    add_depth_argument(p)
    p.add_argument("--no-logic", action="store_true", help="skip the logic verdict and grade (faster on big batches)")
    p.set_defaults(run=run)


def _grade_order(item: tuple[str, int]) -> int:
    from queens_sat.engines.logic import GRADES

    return GRADES.index(item[0]) if item[0] in GRADES else len(GRADES)


def run(args: argparse.Namespace) -> int:
    """``queens-sat check``: a verdict per record as it comes, a summary line for a batch, the exit code."""
    from queens_sat.cli.exit_codes import exit_code
    from queens_sat.services.checking import check_records
    from queens_sat.services.render.terminal import queen_mark, wants_color

    batch, records = open_records(args, plain=args.no_logic)  # plain grids searched as they are (PlainRecord)
    look = _Look(wants_color(sys.stdout, False if args.no_color else None), queen_mark(sys.stdout))
    tally: Counter[Status] = Counter()
    grades: Counter[str] = Counter()
    elapsed = 0.0
    for report in check_records(records, args.backend, args.time_limit, None if args.no_logic else args.max_depth):
        show_read_warnings(args, report.record)
        tally[report.status] += 1
        if report.logic is not None:
            grades[report.logic.grade or "not solved by logic"] += 1
        if report.result is not None:
            elapsed += report.result.elapsed
        _show(args, report, batch, look)
    if batch and not args.quiet:
        _summary(args, tally, grades, elapsed, look.color and not args.json)
    return exit_code(set(tally))


class _Look(NamedTuple):
    """How boards are drawn on this terminal."""

    color: bool
    queen: str


def _show(args: argparse.Namespace, report: CheckReport, batch: bool, look: _Look) -> None:
    """One record's verdict: a JSON line, an error, or the verdict line and its boards."""
    record = report.record
    if args.json:
        emit_json(report.as_dict())
        return
    if args.quiet:
        if report.error and not batch:
            print(f"queens-sat: error: {report.error}", file=sys.stderr)
        return
    if report.error is not None:
        if batch:
            print(f"{record.name}: {paint('invalid', Status.INVALID, look.color)}: {unlocated(record, report.error)}")
        else:
            print(f"queens-sat: error: {report.error}", file=sys.stderr)
        return
    print(_verdict_line(report, look.color))
    if not batch or args.boards:
        _boards(report, look)
    for warning in report.warnings[len(record.warnings) :]:  # the reader's doubts went to standard error
        print(f"  warning: {warning}")
    sys.stdout.flush()


def _verdict_line(report: CheckReport, color: bool = False) -> str:
    """``name: verdict [facts]; logic: grade``."""
    from queens_sat.services.logic.describe import logic_brief

    res, puzzle = report.result, report.record.puzzle
    assert res is not None and puzzle is not None  # a report without an error has both
    stars = f", {puzzle.stars} stars" if puzzle.stars > 1 else ""
    facts = f"{puzzle.n}x{puzzle.n}{stars}, {puzzle.rule}, {res.backend}, {ms(res.elapsed)}"
    if "method" in res.stats and res.backend == "nqueens":
        facts += f", {res.stats['method']}"
    verdict = {
        "unique": "unique",
        "multiple": f"multiple ({'at least ' if not res.complete else ''}{res.count} solutions)",
        "none": "no solution",
        "unknown": "unknown (time limit hit)"
        if res.timed_out
        else ("unknown (reasoning alone cannot settle it)" if res.stats.get("logic") == "stuck" else "unknown"),
    }[report.status]
    verdict = paint(verdict, report.status, color)
    logic = f"; logic: {logic_brief(report.logic)}" if report.logic is not None else ""
    return f"{report.record.name}: {verdict} [{facts}]{logic}"


def _boards(report: CheckReport, look: _Look) -> None:
    """The solution boards (two for a puzzle with several), or why they are not drawn."""
    from queens_sat.formats.json_format import solution_to_json
    from queens_sat.services.render.terminal import DRAW_MAX_N, board_lines

    res, puzzle = report.result, report.record.puzzle
    assert res is not None and puzzle is not None
    if puzzle.n > DRAW_MAX_N:
        print(f"  (boards above n = {DRAW_MAX_N} are not drawn; 'queens-sat solve --out FILE' writes a solution)")
        return
    for i, solution in enumerate(res.solutions[:2]):
        if report.status == "multiple":
            print(f"  solution {i + 1}:")
        print("\n".join(board_lines(puzzle, solution, color=look.color, queen=look.queen)))
        if report.status == "multiple":
            print(f"  columns: {solution_to_json(solution, puzzle.stars)}")


def _summary(args: argparse.Namespace, tally: Counter[Status], grades: Counter[str], elapsed: float, color: bool) -> None:
    """The batch's last line: how many puzzles got each verdict (the verdicts met in colour), the
    search time, the logic grades."""
    total = sum(tally.values())
    parts = ", ".join(f"{tally[s]} {paint(s, s, color and tally[s] > 0)}" for s in SUMMARY_ORDER)
    logic = ""
    if grades:
        logic = "; logic: " + ", ".join(f"{count} {grade}" for grade, count in sorted(grades.items(), key=_grade_order))
    print(f"{total} puzzles: {parts} (search time {ms(elapsed)}){logic}", file=sys.stderr if args.json else sys.stdout)
