"""How often the image reader reads a board exactly, and how long it takes, by kind of picture.

    .venv/bin/python bench/images.py [--per-kind 20] [--seed 0] [--kinds crop,phone,...]
                                     [--real DIR] [--truth bench/screenshots-truth.jsonl] [--save DIR]

Synthetic pictures: random boards drawn by the project's renderer in the looks of real
games and framed as browser windows and phone screens, scaled, blurred, JPEG'd
(``synthetic_shots``). Real screenshots: every picture under
``--real DIR`` whose SHA-256 is in the truth file (one JSON object a line: ``sha256``,
``kind``, ``regions``, ``source``, ``licence``; ``held_out`` for those first read after the
reader was last changed, reported apart). Exact means the same n and the same
partition into regions, whatever the labels (and, for pictures with marks, the same
given queens and blocked cells). A read is "warned" when the reader said it was in doubt,
"refused" when it raised an error; "wrong, silent" is a wrong read without any warning,
which must never happen. Times are in-process (decoding included, drawing the synthetic
picture not), one picture at a time; others' jobs on the machine slow every row alike.
``--save DIR`` writes the synthetic pictures, named by kind, to look at the failures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from queens_sat.cli.progress import tracked
from queens_sat.formats.image import ImageReadError, read_puzzle_image
from queens_sat.formats.image.decode import decode_image
from queens_sat.model.errors import PuzzleError
from queens_sat.model.puzzle import Puzzle

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the synthetic screenshots are the tests' fixtures
from synthetic_shots import KINDS, make_shot

ROOT = Path(__file__).resolve().parent
TRUTH = ROOT / "screenshots-truth.jsonl"


@dataclass
class Tally:
    total: int = 0
    exact: int = 0
    exact_warned: int = 0
    refused: int = 0
    wrong_warned: int = 0
    wrong_silent: int = 0
    ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    decode_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def same_board(read: Puzzle, truth: Puzzle, marks: bool) -> bool:
    """Same n and the same partition (Puzzle keeps regions numbered by first appearance, so
    equal grids are equal partitions); with marks also the same givens."""
    if read.n != truth.n or read.regions != truth.regions:
        return False
    return not marks or (read.queens == truth.queens and read.blocked == truth.blocked)


def measure(tally: Tally, name: str, data: bytes, truth: Puzzle | None, marks: bool) -> None:
    """Read one picture and count the outcome; ``truth`` None means the picture holds no whole
    puzzle, and the read must be refused (or at least warned)."""
    tally.total += 1
    start = time.perf_counter()
    decode_image(data, name)
    tally.decode_ms.append((time.perf_counter() - start) * 1000)
    start, cpu = time.perf_counter(), time.process_time()
    try:
        read = read_puzzle_image(data, read_marks=marks, stars=truth.stars if truth else 1, name=name)
    except (ImageReadError, PuzzleError) as err:
        tally.ms.append((time.perf_counter() - start) * 1000)
        tally.cpu_ms.append((time.process_time() - cpu) * 1000)
        tally.refused += 1
        tally.failures.append(f"refused {name}: {err}")
        return
    tally.ms.append((time.perf_counter() - start) * 1000)
    tally.cpu_ms.append((time.process_time() - cpu) * 1000)
    if truth is None:  # read where a refusal was due
        if read.warnings:
            tally.wrong_warned += 1
        else:
            tally.wrong_silent += 1
        tally.failures.append(f"{'read, warned' if read.warnings else 'READ, SILENT'} {name}: no whole puzzle is in it")
        return
    exact = same_board(read.puzzle, truth, marks)
    if exact and not read.warnings:
        tally.exact += 1
    elif exact:
        tally.exact_warned += 1
        tally.failures.append(f"exact but warned {name}: {read.warnings[0]}")
    elif read.warnings:
        tally.wrong_warned += 1
        tally.failures.append(f"wrong (warned) {name}: n={read.n} {read.method}; {read.warnings[0]}")
    else:
        tally.wrong_silent += 1
        tally.failures.append(f"WRONG, SILENT {name}: n={read.n} (truth {truth.n}) {read.method}")


def real_pictures(folder: Path, truth_file: Path) -> list[tuple[str, str, bytes, Puzzle | None, bool]]:
    """(kind, name, bytes, truth, marks) of every picture under ``folder`` that the truth file
    knows (by SHA-256, whatever its name); truth None for a picture that must be refused."""
    truths = {}
    for line in truth_file.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            truths[record["sha256"]] = record
    found = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        data = path.read_bytes()
        record = truths.get(hashlib.sha256(data).hexdigest())
        if record is None:
            continue
        puzzle = None
        if record.get("expect") != "refusal":
            givens = {"queens": record.get("queens", ()), "blocked": record.get("blocked", ())}
            puzzle = Puzzle(record["regions"], stars=record.get("stars", 1), **givens)
        label = "real, held out" if record.get("held_out") else "real"
        found.append((f"{label}: {record['kind']}", str(path.relative_to(folder)), data, puzzle, bool(record.get("marks"))))
    return found


def table(tallies: dict[str, Tally]) -> None:
    head = (
        f"{'kind':34s} {'pictures':>8s} {'exact':>7s} {'+warned':>8s} {'refused':>8s} {'wrong,warned':>12s} {'WRONG,silent':>12s} "
        f"{'median ms':>10s} {'p95 ms':>7s} {'cpu ms':>7s} {'decode ms':>9s}"
    )
    print(head)
    print("-" * len(head))
    for kind, t in tallies.items():
        if not t.total:
            continue
        exact = t.exact + t.exact_warned
        p95 = sorted(t.ms)[max(0, int(0.95 * len(t.ms)) - 1)]
        rate = "   n/a " if kind.endswith("not a whole puzzle") else f"{100 * exact / t.total:6.1f}%"  # refusals due there
        print(
            f"{kind:34s} {t.total:8d} {rate} {t.exact_warned:8d} {t.refused:8d} {t.wrong_warned:12d} "
            f"{t.wrong_silent:12d} {statistics.median(t.ms):10.1f} {p95:7.1f} {statistics.median(t.cpu_ms):7.1f} "
            f"{statistics.median(t.decode_ms):9.1f}"
        )


def timing(count: int, repeats: int, seed: int) -> None:
    """Time per picture of two sizes: whole 1920x1080 browser screenshots and tight crops of
    boards (480 to 640 pixels), each read ``repeats`` times: the least and the median wall
    and CPU time of a read, and of the decoding alone, over all pictures."""
    from synthetic_shots import frames, random_puzzle
    from synthetic_shots.looks import draw_board

    print(f"\ntime per picture ({count} pictures of each size, each read {repeats} times; load {_load()})")
    for label, size in (("1920x1080 screenshot", (1920, 1080)), ("cropped board", None)):
        walls, cpus, decodes = [], [], []
        for i in range(count):
            rng = random.Random(f"timing-{seed}-{label}-{i}")
            puzzle, _ = random_puzzle(rng.randint(7, 11), rng)
            board = draw_board(puzzle, rng.choice(("linkedin", "tol", "classic")), rng, rng.randint(48, 64))
            image = frames.browser(board, rng, dark=rng.random() < 0.3, size=size) if size else frames.tight(board, rng)
            data = frames.encoded(image, "PNG")
            for _ in range(repeats):
                start, cpu = time.perf_counter(), time.process_time()
                decode_image(data, label).load()
                decodes.append(time.process_time() - cpu)
                start, cpu = time.perf_counter(), time.process_time()
                read_puzzle_image(data)
                walls.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)

        def ms(values: list[float]) -> str:
            return f"least {1000 * min(values):6.1f} ms, median {1000 * statistics.median(values):6.1f} ms"

        print(f"  {label:22s} wall: {ms(walls)}; CPU: {ms(cpus)}; decoding alone (CPU): {ms(decodes)}")


def _load() -> str:
    try:
        return ", ".join(f"{v:.2f}" for v in os.getloadavg())
    except OSError:
        return "unknown"


def _summed(parts: list[Tally]) -> Tally:
    total = Tally()
    for t in parts:
        for name in ("total", "exact", "exact_warned", "refused", "wrong_warned", "wrong_silent"):
            setattr(total, name, getattr(total, name) + getattr(t, name))
        total.ms += t.ms
        total.cpu_ms += t.cpu_ms
        total.decode_ms += t.decode_ms
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-kind", type=int, default=20, help="synthetic pictures of each kind (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kinds", help="comma-separated kinds (default all): " + ", ".join(KINDS))
    parser.add_argument("--real", type=Path, help="a folder of real screenshots named in the truth file")
    parser.add_argument("--truth", type=Path, default=TRUTH, help="the truth file of the real screenshots")
    parser.add_argument("--save", type=Path, help="write the synthetic pictures here")
    parser.add_argument("--failures", action="store_true", help="list every read that was not exact and silent")
    parser.add_argument("--timing", type=int, default=0, metavar="N", help="also time N 1920x1080 screenshots and N crops")
    parser.add_argument("--repeats", type=int, default=5, help="reads of each picture when timing")
    args = parser.parse_args()
    kinds = tuple(args.kinds.split(",")) if args.kinds else KINDS
    tallies: dict[str, Tally] = defaultdict(Tally)
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    shots = [(kind, i) for kind in kinds for i in range(args.per_kind)]
    for kind, i in tracked(shots, len(shots), "synthetic pictures read"):
        shot = make_shot(kind, random.Random(f"{args.seed}-{kind}-{i}"), i)
        if args.save:
            (args.save / shot.name).write_bytes(shot.data)
        measure(tallies[kind], shot.name, shot.data, shot.truth, shot.marks)
    if any(t.total for t in tallies.values()):
        tallies["all synthetic"] = _summed(list(tallies.values()))
    if args.real:
        real_kinds: dict[str, Tally] = defaultdict(Tally)
        for kind, name, data, truth, marks in real_pictures(args.real, args.truth):
            measure(real_kinds[kind], name, data, truth, marks)
        tallies.update(sorted(real_kinds.items()))
        for label in ("real", "real, held out"):
            readable = [t for kind, t in real_kinds.items() if kind.startswith(label + ":") and not kind.endswith("not a whole puzzle")]
            if readable:
                tallies[f"all {label} (whole puzzles)"] = _summed(readable)
    print(f"load average {_load()} (others' jobs slow wall times; CPU times less so)")
    table(tallies)
    if args.failures:
        for kind, t in tallies.items():
            if kind.startswith("all "):
                continue
            for line in t.failures:
                print(f"  [{kind}] {line}")
    if args.timing:
        timing(args.timing, args.repeats, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
