"""``queens-sat count``: the exact number of solutions, or a lower bound at ``--limit``."""

from __future__ import annotations

import argparse
import sys

from queens_sat.cli.common import (
    add_input_arguments,
    add_output_arguments,
    add_region_free_arguments,
    add_solver_arguments,
    backend_for,
    check_backend,
    emit_json,
    facts,
    fail_record,
    open_records,
    positive_int,
)
from queens_sat.formats.numbers import int_text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "count",
        help="count the solutions of each puzzle",
        description="Count solutions exactly, or stop at --limit and report 'at least K'. "
        "Boards without regions are counted by the nqueens backend: the queens rule by symmetric "
        "backtracking over --workers processes, the no-touch rule by a recurrence (any n). "
        "Exit code 0 on success, 2 on bad input, 3 when a time limit was hit.",
    )
    add_input_arguments(p)
    add_solver_arguments(p)
    add_output_arguments(p)
    p.add_argument("--limit", type=positive_int, metavar="K", help="stop counting at K solutions")
    add_region_free_arguments(p, finding=False, counting=True)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from queens_sat.cli.exit_codes import exit_code
    from queens_sat.cli.progress import LateProgressBar
    from queens_sat.model.errors import BackendError, PuzzleError
    from queens_sat.model.result import Status
    from queens_sat.services.solving import solve

    check_backend(args.backend)
    batch, records = open_records(args)
    statuses: set[Status] = set()
    for record in records:
        res = None
        if record.error is None and record.puzzle is not None:
            try:
                with LateProgressBar(f"counting {record.puzzle.n}-queens", enabled=not (args.quiet or args.json)) as bar:
                    engine = backend_for(args, record.puzzle, on_progress=bar.update if bar.enabled else None)
                    res = solve(record.puzzle, backend=engine, limit=args.limit, time_limit=args.time_limit, keep=0)
            except (PuzzleError, BackendError) as err:  # this record only: the batch goes on
                fail_record(record, err)
        if res is None:
            statuses.add(Status.INVALID)
            if args.json:
                emit_json(
                    {"source": record.source, "line": record.line, "id": record.id, "status": Status.INVALID, "error": str(record.error)}
                )
            else:
                print(f"queens-sat: error: {record.error}", file=sys.stderr)
            continue
        statuses.add(Status.UNKNOWN if res.timed_out else Status.COUNTED)  # exit 0 unless input was bad or time ran out
        if args.json:
            emit_json(
                {
                    "source": record.source,
                    "line": record.line,
                    "id": record.id,
                    "count": res.count,
                    "exact": res.complete,
                    "timed_out": res.timed_out,
                    "elapsed": round(res.elapsed, 6),
                    "backend": res.backend,
                }
                | {k: v for k, v in res.stats.items() if k in ("method", "workers")}
            )
            continue
        if args.quiet:
            continue
        if res.complete:
            text = int_text(res.count)
        elif res.timed_out:
            text = f"at least {int_text(res.count)} (time limit hit)"
        else:
            text = f"at least {int_text(res.count)}"
        prefix = f"{record.name}: " if batch else ""
        print(f"{prefix}{text} [{facts(res)}]")
    return exit_code(statuses)
