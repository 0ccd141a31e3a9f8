"""``queens-sat backends``: which solver backends exist, which are installed, which ``auto`` picks."""

from __future__ import annotations

import argparse
import json
import sys


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "backends",
        help="list the solver backends and whether they are installed",
        description="List every solver backend, whether it can be used here, what to install "
        "when it cannot, and the order in which 'auto' tries them.",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per backend")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from queens_sat.backends import AUTO_ORDER, backend_info

    for info in backend_info():
        if args.json:
            print(json.dumps(info))
            continue
        state = "available" if info["available"] else f"not installed: {info['install_hint']}"
        auto = f", auto #{info['auto_rank']}" if info["auto_rank"] else ""
        print(f"{info['name']:<10} {state}{auto}")
        if info["summary"]:
            print(f"{'':<10} {info['summary']}")
    if not args.json:
        print(f"auto tries, in order: {', '.join(AUTO_ORDER)}", file=sys.stdout)
    return 0
