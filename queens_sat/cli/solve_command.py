"""``queens-sat solve``: one solution of each puzzle, or "no solution"."""

from __future__ import annotations

import argparse
import sys

from .common import add_input_arguments, add_output_arguments, add_solver_arguments, emit_json, iter_records, ms, peek_batch


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "solve",
        help="print one solution of each puzzle",
        description="Find one solution. Exit code 0 when every puzzle was solved, 1 when one has "
        "no solution, 2 on bad input, 3 when a time limit was hit.",
    )
    add_input_arguments(p)
    add_solver_arguments(p)
    add_output_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..checking import exit_code
    from ..display import board_lines, queen_mark, wants_color
    from ..solving import solve

    batch, records = peek_batch(iter_records(args))
    color = wants_color(sys.stdout, False if args.no_color else None)
    statuses: set[str] = set()
    for record in records:
        if record.error is not None or record.puzzle is None:
            statuses.add("invalid")
            if args.json:
                emit_json({"source": record.source, "line": record.line, "id": record.id, "status": "invalid", "error": str(record.error)})
            else:
                print(f"queens-sat: error: {record.error}", file=sys.stderr)
            continue
        res = solve(record.puzzle, backend=args.backend, limit=1, time_limit=args.time_limit)
        found = res.solution
        # "unique" stands for "solved" here: exit 0 means every puzzle got a solution
        statuses.add("unique" if found else ("unknown" if res.timed_out else "none"))
        if args.json:
            emit_json(
                {
                    "source": record.source,
                    "line": record.line,
                    "id": record.id,
                    "status": "solved" if found else ("unknown" if res.timed_out else "none"),
                    "solution": list(found) if found else None,
                    "elapsed": round(res.elapsed, 6),
                    "backend": res.backend,
                }
            )
            continue
        if args.quiet:
            continue
        prefix = f"{record.name}: " if batch else ""
        if found is None:
            print(prefix + ("unknown (time limit hit)" if res.timed_out else "no solution"))
            continue
        print(f"{prefix}solution {list(found)} [{res.backend}, {ms(res.elapsed)}]")
        if not batch:
            print("\n".join(board_lines(record.puzzle, found, color=color, queen=queen_mark(sys.stdout))))
    return exit_code(statuses)
