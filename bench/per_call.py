"""What a generator pays per call of ``qs.is_unique`` / ``qs.solve`` on a bare grid, before and after.

Run from the repository root, once the package is installed as the README says:

    .venv/bin/python bench/per_call.py

For n = 7, 8 and 9 it takes boards of the shared corpus (../shared/corpus/generated.jsonl,
or ``--corpus DIR``; random grown boards when it is missing) and times, in one run and
interleaved so that the machine's load hits all alike:

- ``before``: ``qs.is_unique`` of another checkout (``--before DIR``, e.g. the main branch
  before this change), run in a child process between the other figures;
- ``Puzzle way``: a ``Puzzle`` built and handed to the facade with a backend object, the
  full way every call took before (its ``Puzzle`` now built by the same C check);
- ``is_unique`` and ``solve`` on a list of lists and on a numpy array: the plain-grid path
  (``queens_sat.backends.grids``);
- ``search``: the compiled search alone on a ready int64 array, the floor; ``is_unique/search``
  is what the layers above it cost, as a ratio measured in the same run (issue 34's target: 2x),
  their rounds taken in turn.

Figures are microseconds of this process's CPU time per call (not wall-clock time, which
counts the moments other processes hold the CPU), the best of ``--repeat`` rounds; the
ratio before/after is what to compare across machines. The load average is printed: other processes make
absolute figures noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
import timeit
from pathlib import Path

import numpy as np

import queens_sat as qs
from queens_sat.backends import get_backend
from queens_sat.extension import native_module
from queens_sat.services.generator.growth import grow_regions
from queens_sat.services.generator.placement import random_placement
from queens_sat.services.solving import as_puzzle, solve

ROOT = Path(__file__).resolve().parent.parent


def boards(n: int, corpus: Path, count: int) -> list[list[list[int]]]:
    """Up to ``count`` n x n grids of the corpus, else grown ones (as a generator makes them)."""
    path = corpus / "generated.jsonl"
    if path.exists():
        grids = [rec["regions"] for rec in map(json.loads, path.open()) if rec["n"] == n]
        if grids:
            return grids[:count]
    rng, grids = random.Random(n), []
    while len(grids) < count:
        flat = grow_regions(n, random_placement(n, rng), rng, n * n)
        if flat is not None:
            grids.append([flat[r * n : (r + 1) * n] for r in range(n)])
    return grids


def per_call(fn, grids: list, repeat: int) -> float:
    """Microseconds per call, best of ``repeat`` rounds over every grid."""
    number = max(1, 2000 // len(grids))
    rounds = timeit.repeat(lambda: [fn(g) for g in grids], number=number, repeat=repeat, timer=time.process_time)
    return min(rounds) / (number * len(grids)) * 1e6


def per_call_pair(fn, grids: list, floor_fn, arrays: list, repeat: int) -> tuple[float, float]:
    """``per_call`` of ``fn`` and of ``floor_fn``, their rounds taken in turn (one of each, ``repeat``
    times), so that a burst of the machine's load hits both sides of the ratio alike."""
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for side, (f, gs) in enumerate(((fn, grids), (floor_fn, arrays))):
            best[side] = min(best[side], per_call(f, gs, 1))
    return best[0], best[1]


BEFORE = """
import json, sys, time, timeit
import queens_sat as qs
grids, repeat = json.loads(sys.stdin.read())
qs.is_unique(grids[0])
number = max(1, 2000 // len(grids))
rounds = timeit.repeat(lambda: [qs.is_unique(g) for g in grids], number=number, repeat=repeat, timer=time.process_time)
print(min(rounds) / (number * len(grids)) * 1e6)
"""


def before(checkout: Path | None, grids: list, repeat: int) -> float:
    """``qs.is_unique`` per call in another checkout of the package (NaN without one)."""
    if checkout is None:
        return float("nan")
    env = dict(os.environ, PYTHONPATH=str(checkout))
    res = subprocess.run(
        [sys.executable, "-c", BEFORE], input=json.dumps([grids, repeat]), capture_output=True, text=True, env=env, cwd=checkout
    )
    if res.returncode != 0:
        raise SystemExit(f"--before {checkout}: {res.stderr.strip()[-300:]}")
    return float(res.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=Path(os.environ.get("QUEENS_SAT_CORPUS", ROOT.parent / "shared" / "corpus")))
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--before", type=Path, metavar="DIR", help="a checkout of the package to compare with (built in place)")
    args = parser.parse_args()
    native = native_module()
    print(f"load average {os.getloadavg()[0]:.2f}; µs of CPU time per call, best of {args.repeat}")
    print(
        f"{'n':>2} {'before':>8} {'Puzzle way':>10} {'is_unique':>10} {'(numpy)':>8}"
        f" {'solve':>8} {'(numpy)':>8} {'search':>8} {'before/after':>12} {'is_unique/search':>16}"
    )
    for n in (7, 8, 9):
        grids = boards(n, args.corpus, args.boards)
        arrays = [np.array(g, dtype=np.int64) for g in grids]
        for g in grids:  # both ways must agree before either is timed
            assert qs.is_unique(g) == solve(as_puzzle(g), limit=2, keep=0).is_unique
        engine = get_backend("auto")
        old = per_call(lambda g: solve(as_puzzle(g), backend=engine, limit=2, keep=0).is_unique, grids, args.repeat)  # noqa: B023 -- timed at once
        then = before(args.before, grids, args.repeat)
        if native:  # is_unique and the floor of the ratio, round for round
            search = lambda a: native.count(a, n, 0, 2, 0, (), (), 0.0)  # noqa: B023, E731
            new, floor = per_call_pair(qs.is_unique, grids, search, arrays, args.repeat)
        else:
            new, floor = per_call(qs.is_unique, grids, args.repeat), float("nan")
        new_np = per_call(qs.is_unique, arrays, args.repeat)
        sol = per_call(qs.solve, grids, args.repeat)
        sol_np = per_call(qs.solve, arrays, args.repeat)
        print(
            f"{n:>2} {then:8.2f} {old:10.2f} {new:10.2f} {new_np:8.2f} {sol:8.2f} {sol_np:8.2f} {floor:8.2f} {then / new:11.1f}x"
            f" {new / floor:15.1f}x"
        )


if __name__ == "__main__":
    main()
