"""The two logic engines side by side: the native one (native/logic/) must make the very steps
of the pure-Python reference (engines/logic/), in the same order, and end in the same state.

    .venv/bin/python bench/logic_differential.py [--boards 10000] [--seed 1] [--python-limit 20] [--out mismatches.jsonl]

Boards, about evenly from five sources (each with probe depths 0 to 3):
- corpus: the shared real-puzzle corpus (../shared/corpus or QUEENS_SAT_CORPUS), unique and
  several-solution boards;
- generated: unique puzzles made by the generator (``queens-sat generate``'s ``make_puzzle``)
  for k = 1 (n 6-11), 2 (n 8-10), 3 (n 12-13) and 4 (n 16), and bench/stars-puzzles.jsonl;
- random: k = 1 region grids of both rules, flood-filled from random cells (mostly no or
  several solutions) or around a planted solution, with random given queens and crosses;
  boards without regions with random crosses;
- stars: k = 2, 3 and 4 boards, planted or from random cells, with random crosses and stars;
- probes: small boards cut down by crosses until probes are needed (more probe steps).

For each board and depth: status, every step (rule, cells placed and crossed, units, lines,
probe cell, depth, assumption, forced cells, stars, blocks, candidates open before it, the
assumptions a probe tried), the counts per technique, the difficulty score (the native one
read straight from the record's heads), the deepest probe, the grade, the final queens and
crosses, the contradiction and the solution must agree. Where the Python engine hits
--python-limit, its steps must be the first steps of the native run (a "prefix" check).
Prints a table per source, the time each engine took, and writes each mismatching board
to --out (a JSON line with the board, depth and the first difference).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from queens_sat.cli.progress import tracked
from queens_sat.engines.logic.engine import LogicResult, logic_solve
from queens_sat.formats import read_puzzles
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Status
from queens_sat.services.benchmark.boards import cells_board, planted_board

ROOT = Path(__file__).resolve().parent
STARS_FILE = ROOT / "stars-puzzles.jsonl"
SOURCES = ("corpus", "generated", "random", "stars", "probes")

Case = tuple[str, Puzzle, int]  # source, board, probe depth


def corpus_dir() -> Path | None:
    path = Path(os.environ.get("QUEENS_SAT_CORPUS", ROOT.parent.parent / "shared" / "corpus"))
    return path if path.is_dir() else None


def corpus_cases(rng: random.Random, count: int) -> Iterator[Case]:
    folder = corpus_dir()
    if folder is None:
        return
    records = [r for f in sorted(folder.glob("*.jsonl")) for r in read_puzzles(str(f)) if r.puzzle is not None]
    rng.shuffle(records)
    for i in range(min(count, 2 * len(records))):
        record = records[i % len(records)]
        depth = 2 if i < len(records) else rng.choice((0, 1, 3))
        yield "corpus", record.puzzle, depth


GENERATED_KINDS = [(1, n) for n in range(6, 12)] * 4 + [(2, 8), (2, 9), (2, 10)] * 2 + [(3, 12), (3, 13), (4, 16)]


def generated_cases(rng: random.Random, count: int) -> Iterator[Case]:
    from queens_sat.services.generator.attempt import GeneratorOptions, make_puzzle

    given = 0
    if STARS_FILE.exists():
        for record in read_puzzles(str(STARS_FILE)):
            if record.puzzle is not None and given < count // 10:
                given += 1
                yield "generated", record.puzzle, 2
    seed = rng.randrange(1 << 30)
    for index in range(count - given):
        stars, n = GENERATED_KINDS[index % len(GENERATED_KINDS)]
        options = GeneratorOptions(n=n, stars=stars, seed=seed, rule="no-touch" if stars > 1 or index % 5 else "queens")
        puzzle = make_puzzle(options, index).puzzle()
        yield "generated", puzzle, (2, 1, 2, 0, 3)[index % 5]


def with_marks(puzzle: Puzzle, rng: random.Random, crosses: int, stars: list[tuple[int, int]]) -> Puzzle:
    """``puzzle`` with some cells crossed out and some stars given (none of them clashing)."""
    n = puzzle.n
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in stars]
    blocked = rng.sample(free, min(crosses, len(free)))
    try:
        return puzzle.replace(blocked=blocked, queens=stars)
    except Exception:  # the stars clash with each other under this rule: crosses only
        return puzzle.replace(blocked=blocked)


def random_cases(rng: random.Random, count: int) -> Iterator[Case]:
    for index in range(count):
        n = rng.randint(4, 12)
        rule = rng.choice(("no-touch", "no-touch", "queens"))
        kind = index % 5
        if kind == 4:  # no regions: rows and columns only
            puzzle = Puzzle(n=n, rule=rule)
        elif kind % 2:
            try:
                puzzle = planted_board(n, rng, rule)
            except ValueError:
                puzzle = cells_board(n, rng, rule)
        else:
            puzzle = cells_board(n, rng, rule)
        stars = [(r, rng.randrange(n)) for r in rng.sample(range(n), rng.choice((0, 0, 1, 2)))]
        yield "random", with_marks(puzzle, rng, rng.choice((0, 0, n // 2, n, 2 * n)), stars), rng.choice((0, 1, 2, 2, 3))


STAR_KINDS = [(2, n) for n in range(8, 13)] * 3 + [(3, 12), (3, 13), (3, 14)] + [(4, 16)]


def star_cases(rng: random.Random, count: int) -> Iterator[Case]:
    for index in range(count):
        k, n = STAR_KINDS[index % len(STAR_KINDS)]
        puzzle = cells_board(n, rng, stars=k) if index % 3 == 0 else planted_board(n, rng, stars=k)
        crosses = rng.choice((0, n, 2 * n, 3 * n))
        yield "stars", with_marks(puzzle, rng, crosses, []), rng.choice((0, 1, 2, 2)) if k < 4 else rng.choice((0, 1, 2))


def probe_cases(rng: random.Random, count: int) -> Iterator[Case]:
    """Boards that need probes: random small boards, k = 1 and 2, kept when depth 0 is stuck."""
    made = 0
    while made < count:
        k = rng.choice((1, 1, 2))
        n = rng.randint(6, 9) if k == 1 else rng.randint(8, 10)
        puzzle = planted_board(n, rng, stars=k) if k > 1 else planted_board(n, rng, rng.choice(("no-touch", "queens")))
        puzzle = with_marks(puzzle, rng, rng.choice((0, n, 2 * n)), [])
        if logic_solve(puzzle, 0, engine="native").status != "stuck":
            continue
        made += 1
        yield "probes", puzzle, rng.choice((1, 2, 2, 3))


def cases(rng: random.Random, per_source: int, sources: tuple[str, ...] = SOURCES) -> Iterator[Case]:
    makers = {"corpus": corpus_cases, "generated": generated_cases, "random": random_cases, "stars": star_cases, "probes": probe_cases}
    for name in sources:
        yield from makers[name](random.Random(rng.randrange(1 << 30)), per_source)


def view(result: LogicResult) -> dict[str, Any]:
    """Everything a result says, for comparing."""
    return {
        "status": result.status,
        "step_count": result.step_count,
        "counts": result.counts,
        "grade": result.grade,
        "score": result.score,  # native: read from the record's heads; python: from the Steps
        "deepest_probe": result.deepest_probe,
        "hardest": result.hardest,
        "queens": sorted(result.queens),
        "crossed": sorted(result.crossed),
        "contradiction": result.contradiction,
        "solution": result.solution,
    }


def first_difference(reference: LogicResult, native: LogicResult) -> str | None:
    """Where the native result parts from the reference (None: nowhere). A reference that
    ran out of time must be the start of the native run."""
    ref_steps, nat_steps = reference.steps, native.steps
    if reference.status is Status.TIMED_OUT:
        for i, step in enumerate(ref_steps):
            if i >= len(nat_steps) or nat_steps[i] != step:
                return f"step {i}: python {step} / native {nat_steps[i] if i < len(nat_steps) else None}"
        return None
    for i, (a, b) in enumerate(zip(ref_steps, nat_steps, strict=False)):
        if a != b:
            return f"step {i}: python {a} / native {b}"
    a, b = view(reference), view(native)
    for key in a:
        if a[key] != b[key]:
            return f"{key}: python {a[key]!r} / native {b[key]!r}"
    if ref_steps != nat_steps:
        return "steps differ"
    return None


def compare(puzzle: Puzzle, depth: int, python_limit: float | None = None) -> tuple[str | None, LogicResult, LogicResult, float, float]:
    """(first difference or None, python result, native result, python seconds, native seconds)."""
    start = time.perf_counter()
    reference = logic_solve(puzzle, depth, python_limit, engine="python")
    middle = time.perf_counter()
    native = logic_solve(puzzle, depth, engine="native")
    end = time.perf_counter()
    return first_difference(reference, native), reference, native, middle - start, end - middle


def board_json(puzzle: Puzzle) -> dict[str, Any]:
    return {
        "n": puzzle.n,
        "rule": puzzle.rule,
        "stars": puzzle.stars,
        "regions": puzzle.label_rows() if puzzle.regions is not None else None,
        "queens": sorted(puzzle.queens),
        "blocked": sorted(puzzle.blocked),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=10_000, help="boards in all, shared out over the sources (default 10000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sources", default=",".join(SOURCES), help=f"comma-separated, of {', '.join(SOURCES)}")
    parser.add_argument("--python-limit", type=float, default=20.0, help="seconds the reference gets a board (then: a prefix check)")
    parser.add_argument("--out", type=Path, help="write each mismatching board here, a JSON line each")
    args = parser.parse_args(argv)
    from queens_sat import extension

    if extension.logic() is None:
        print(f"the native logic engine is not available: {extension.unavailable_reason(extension.LOGIC)}", file=sys.stderr)
        return 2
    sources = tuple(s for s in args.sources.split(",") if s)
    unknown = [s for s in sources if s not in SOURCES]
    if unknown:
        print(f"unknown sources: {', '.join(unknown)}", file=sys.stderr)
        return 2
    if "corpus" in sources and corpus_dir() is None:
        print("the shared corpus is missing (set QUEENS_SAT_CORPUS): the corpus source is left out", file=sys.stderr)
    per_source = -(-args.boards // len(sources))
    out = args.out.open("w") if args.out else None
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    seconds: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    mismatches = 0
    done = 0
    started = time.perf_counter()
    try:
        made = cases(random.Random(args.seed), per_source, sources)
        expected = per_source * sum(s != "corpus" or corpus_dir() is not None for s in sources)
        for source, puzzle, depth in tracked(made, expected, "boards, native against python"):
            difference, reference, native, py_s, nat_s = compare(puzzle, depth, args.python_limit)
            done += 1
            totals[source]["boards"] += 1
            totals[source][reference.status if reference.status is not Status.TIMED_OUT else "python timed out (prefix)"] += 1
            totals[source]["probe steps"] += sum(c for t, c in native.counts.items() if t.startswith("probe"))
            totals[source]["cross probes"] += sum(1 for s in native.steps if s.assumed == "cross")
            kinds[source][f"k={puzzle.stars} d={depth}"] += 1
            seconds[source][0] += py_s
            seconds[source][1] += nat_s
            if difference is not None:
                mismatches += 1
                totals[source]["MISMATCH"] += 1
                print(f"MISMATCH {source} depth {depth}: {difference}", file=sys.stderr)
                if out is not None:
                    out.write(json.dumps({"source": source, "depth": depth, "board": board_json(puzzle), "difference": difference}) + "\n")
                    out.flush()
    finally:
        if out is not None:
            out.close()
    print(f"logic differential: {done} boards (seed {args.seed}), {mismatches} mismatches, {time.perf_counter() - started:.0f} s")
    for source in sources:
        t = totals[source]
        py_s, nat_s = seconds[source]
        rest = ", ".join(f"{k} {v}" for k, v in sorted(t.items()) if k != "boards")
        ratio = py_s / nat_s if nat_s else float("nan")
        print(f"  {source:<10} {t['boards']:>6} boards: {rest}")
        mix = ", ".join(f"{k} {v}" for k, v in sorted(kinds[source].items()))
        print(f"  {'':<10} python {py_s:8.1f} s, native {nat_s:7.2f} s (python/native {ratio:.0f}x); {mix}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
