"""The puzzle library's targets (issue 36), each printed with its figure and the target.

    .venv/bin/python bench/library_bench.py [--work DIR] [--puzzles 100000] [--n 7] [--style STYLE] [--workers 2]
        [--rows 1000000] [--days 365] [--plays 10000] [--skip add,query,schedule,plays]

Steps, in order (``--skip`` leaves some out):

1. ``add``: the first ``--puzzles`` whole lines of ``DIR/gen-n{N}[-STYLE].jsonl`` (made first by
   ``queens-sat generate --n N --seed 1 --workers W [--style STYLE]``, resumed when short; ``blobs``
   makes 100,000 puzzles four times sooner than the default style), timed through
   ``check --json`` (the baseline) and ``library add`` into a new library, both as commands;
   then the same file added again (must add 0), then its 8 symmetric images with shuffled
   region labels (must add 0).
2. ``query``: a synthetic library of ``--rows`` puzzles (the documented bench step: rows written
   straight into the schema by ``build_synthetic``, sizes 5 to 12, grades and scores drawn at
   random, each row's puzzle a banded board of its size; a calendar of 365 days on it), then a query
   by size and grade in this process and as a command (start-up included), and ``library daily``
   as a command. Kept in ``DIR`` for the next run.
3. ``schedule``: ``library schedule --days 365 --workers 1`` on a new, empty library; then every
   day's puzzle checked against the plan, and no two days symmetric copies (the keys, and the
   8 images of each against the others).
4. ``plays``: ``serve --workers 2 --db`` on the scheduled library, 16 client threads posting
   ``--plays`` plays on keep-alive connections; every answer 201 and every play in the table.

Targets: add <= 2x check --json; re-add and images add 0; query <= 20 ms; daily <= 50 ms;
schedule <= 60 s; no play lost.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import json
import os
import random
import re
import resource
import socket
import sqlite3
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from queens_sat.formats.json_format import puzzle_to_dict
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.library import Filters, Library, query
from queens_sat.services.library.entries import GRADES, now_utc
from queens_sat.services.library.keys import puzzle_key

CLI = [sys.executable, "-m", "queens_sat"]


CPU: list[float] = [0.0]  # the CPU seconds (user + system) of the last command run


def run(args: list[str], **kwargs: object) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run a queens-sat command (``args`` after ``python -m queens_sat``; a list starting with the
    interpreter runs as it is): its wall time, and its CPU time in ``CPU[0]`` (on a loaded machine
    the wall time measures the neighbours too)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = args if args[:1] == [sys.executable] else [*CLI, *args]
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU[0] = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, done


def say(text: str) -> None:
    print(text, flush=True)


def added(stderr: str) -> int:
    found = re.search(r"(\d+) added", stderr)
    return int(found.group(1)) if found else -1


# ---------------------------------------------------------------------- 1. add
def puzzles_file(work: Path, n: int, count: int, workers: int, style: str | None) -> Path:
    """The first ``count`` whole lines of the generated file (generated or resumed when short)."""
    source = work / (f"gen-n{n}-{style}.jsonl" if style else f"gen-n{n}.jsonl")
    styled = ["--style", style] if style else []
    have = sum(1 for _ in source.open()) if source.exists() else 0
    if have < count:
        say(f"generating {count - have} puzzles n = {n} into {source} ...")
        resume = ["--resume"] if have else []
        subprocess.run([*CLI, "generate", "--n", str(n), "--count", str(count), "--seed", "1", "--workers", str(workers), "-q",
                        "--out", str(source), *styled, *resume], check=True)  # fmt: skip
    out = work / f"add-{count}{'-' + style if style else ''}.jsonl"
    with source.open() as lines, out.open("w") as f:
        for i, line in enumerate(lines):
            if i == count or not line.endswith("\n"):
                break
            f.write(line)
    return out


def bench_add(work: Path, n: int, count: int, workers: int, style: str | None) -> None:
    source = puzzles_file(work, n, count, workers, style)
    total = sum(1 for _ in source.open())
    say(f"\n## add: {total} generated puzzles n = {n}, style {style or 'default'}")
    check_s, done = run(["check", "--json", str(source)])
    check_cpu = CPU[0]
    assert done.returncode == 0, done.stderr[-500:]
    db = work / "add.db"
    for path in work.glob("add.db*"):
        path.unlink()
    add_s, done = run(["library", "add", "--db", str(db), str(source), "-q"])
    add_cpu = CPU[0]
    assert done.returncode == 0, done.stderr[-500:]
    say(f"check --json: {check_s:.2f} s wall, {check_cpu:.2f} s CPU ({check_cpu / total * 1e6:.0f} us CPU a puzzle)")
    say(f"library add: {add_s:.2f} s wall, {add_cpu:.2f} s CPU ({add_cpu / total * 1e6:.0f} us CPU a puzzle), {added(done.stderr)} added")
    say(f"ratio add / check --json: {add_s / check_s:.2f}x wall, {add_cpu / check_cpu:.2f}x CPU (target <= 2x)")
    again_s, done = run(["library", "add", "--db", str(db), str(source), "-q"])
    say(f"re-add: {again_s:.2f} s wall, {CPU[0]:.2f} s CPU, {added(done.stderr)} added (target 0)")
    images = work / "images.jsonl"
    rng = random.Random(8)
    with source.open() as lines, images.open("w") as f:
        for line in lines:
            puzzle = Puzzle(json.loads(line)["regions"])
            for s in range(8):
                image = puzzle.transformed(s)
                names = list(range(image.n))
                rng.shuffle(names)
                assert image.regions is not None
                f.write(json.dumps(puzzle_to_dict(image.replace(regions=[[names[k] for k in row] for row in image.regions]))) + "\n")
    images_s, done = run(["library", "add", "--db", str(db), str(images), "-q"])
    say(f"8 symmetric images with shuffled labels ({8 * total}): {images_s:.2f} s wall, {CPU[0]:.2f} s CPU, {added(done.stderr)} added"
        " (target 0)")  # fmt: skip


# ---------------------------------------------------------------------- 2. query
def stripes(n: int, rng: random.Random) -> Puzzle:
    """A board of size n for a synthetic row: bands of rows or of columns (a valid board, its
    solutions not counted: the bench times reads)."""
    grid = [[r] * n for r in range(n)]
    return Puzzle([list(col) for col in zip(*grid, strict=True)] if rng.random() < 0.5 else grid)


def build_synthetic(path: Path, rows: int, seed: int = 1) -> None:
    """The documented bench step: ``rows`` puzzles written straight into a new library's schema
    (in transactions of 50,000), and a calendar of 365 days on it. Sizes 5 to 12, grades and
    scores at random; keys are the boards' own hashes made unique by a counter (the library's
    UNIQUE constraint holds)."""
    for old in path.parent.glob(path.name + "*"):
        old.unlink()
    Library(str(path)).close()
    rng = random.Random(seed)
    boards = {n: [json.dumps(puzzle_to_dict(stripes(n, rng))) for _ in range(4)] for n in range(5, 13)}
    db = sqlite3.connect(path, isolation_level=None)
    sql = ("INSERT INTO puzzles (key, n, stars, rule, givens, status, grade, grade_rank, score, hardest, style, source, added, puzzle,"
           " solution) VALUES (?, ?, 1, 'no-touch', 0, 'unique', ?, ?, ?, 'pigeonhole', 'published', 'synthetic', ?, ?, ?)")  # fmt: skip
    added_at = now_utc()
    done = 0
    while done < rows:
        batch = []
        for i in range(done, min(rows, done + 50_000)):
            n = rng.randrange(5, 13)
            rank = rng.randrange(len(GRADES))
            batch.append((f"{i:032x}", n, GRADES[rank], rank, round(rng.uniform(0, 150), 1), added_at, rng.choice(boards[n]),
                          json.dumps(list(range(n)))))  # fmt: skip
        db.execute("BEGIN")
        db.executemany(sql, batch)
        db.execute("COMMIT")
        done += len(batch)
    start = dt.date(2027, 1, 1)
    ids = rng.sample(range(1, rows + 1), 365)
    db.execute("BEGIN")
    days = [((start + dt.timedelta(days=i)).isoformat(), pid) for i, pid in enumerate(ids)]
    db.executemany("INSERT INTO calendar (day, puzzle) VALUES (?, ?)", days)
    db.execute("COMMIT")
    db.execute("ANALYZE")
    db.close()


def bench_query(work: Path, rows: int) -> None:
    path = work / f"synthetic-{rows}.db"
    if not path.exists():
        say(f"building the synthetic library of {rows} puzzles (bench step) ...")
        start = time.perf_counter()
        building = path.with_name(path.name + ".building")
        build_synthetic(building, rows)
        building.rename(path)
        say(f"built in {time.perf_counter() - start:.1f} s")
    say(f"\n## query and daily over {rows} stored puzzles")
    times = []
    with Library(str(path), create=False, read_only=True) as library:
        for _ in range(30):
            start = time.perf_counter()
            found = query(library, Filters(n=(9,), grades=("Hard",)), sort="score", limit=50)
            times.append(time.perf_counter() - start)
    say(f"query n = 9, Hard, by score, 50 rows, in process: median {statistics.median(times) * 1e3:.2f} ms, max {max(times) * 1e3:.2f} ms"
        f" ({len(found)} rows)")  # fmt: skip
    for label, command in (
        ("library query --n 9 --grade Hard --limit 50 --json (a command, start-up included)",
         ["library", "query", "--db", str(path), "--n", "9", "--grade", "Hard", "--limit", "50", "--json"]),
        ("library daily 2027-06-01 --json (a command, start-up included)", ["library", "daily", "--db", str(path), "2027-06-01", "--json"]),
        ("queens-sat --version (the command's bare start-up, for scale)", ["--version"]),
        ("python -c pass (the interpreter alone, for scale)", [sys.executable, "-c", "pass"]),
    ):  # fmt: skip
        walls, cpus = [], []
        for _ in range(7):
            wall, done = run(command)
            assert done.returncode == 0, done.stderr[-300:]
            walls.append(wall)
            cpus.append(CPU[0])
        say(f"{label}: wall median {statistics.median(walls) * 1e3:.0f} ms, min {min(walls) * 1e3:.0f} ms; "
            f"CPU median {statistics.median(cpus) * 1e3:.0f} ms, min {min(cpus) * 1e3:.0f} ms")  # fmt: skip
    say("targets: query <= 20 ms; daily <= 50 ms")


# ---------------------------------------------------------------------- 3. schedule
def bench_schedule(work: Path, days: int) -> Path:
    db = work / "schedule.db"
    for old in work.glob("schedule.db*"):
        old.unlink()
    say(f"\n## schedule {days} days from an empty library, --workers 1")
    command = ["library", "schedule", "--db", str(db), "--start", "2027-01-04", "--days", str(days), "--workers", "1", "--seed", "1", "-q"]
    wall, done = run(command)
    assert done.returncode == 0, done.stderr[-500:]
    from queens_sat.services.library.schedule import DEFAULT_PLAN, WEEKDAYS, calendar

    with Library(str(db)) as library:
        placed = calendar(library)
        entries = [library.get(pid) for _, pid, *_ in placed]
        total = library.count()
    wrong = []
    for (day, *_), entry in zip(placed, entries, strict=True):
        slot = DEFAULT_PLAN[WEEKDAYS[dt.date.fromisoformat(day).weekday()]]
        if (entry.n, entry.grade) != (slot.n, slot.grade):
            wrong.append(day)
    puzzles = [e.as_puzzle() for e in entries]
    keys = {puzzle_key(p) for p in puzzles}
    images = {}
    for i, p in enumerate(puzzles):
        for s in range(8):
            images.setdefault(p.transformed(s), set()).add(i)
    symmetric = sum(1 for owners in images.values() if len(owners) > 1)
    say(f"schedule: {wall:.1f} s wall, {CPU[0]:.1f} s CPU (target <= 60 s); {len(placed)} days, {total} puzzles made and kept; "
        f"days off the plan: {len(wrong)}; distinct keys {len(keys)}; symmetric pairs by brute force: {symmetric}")  # fmt: skip
    return db


# ---------------------------------------------------------------------- 4. plays
def bench_plays(db: Path, plays: int, clients: int = 16) -> None:
    say(f"\n## {plays} plays posted by {clients} clients to serve --workers 2 --db")
    with Library(str(db)) as library:
        keys = [k for (k,) in library.read("SELECT key FROM puzzles")]
        before = int(library.read("SELECT count(*) FROM plays")[0][0])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([*CLI, "serve", "--port", str(port), "--workers", "2", "--db", str(db)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        for _ in range(300):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/health")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        statuses: list[int] = []
        lock = threading.Lock()

        def client(count: int, seed: int) -> None:
            rng = random.Random(seed)
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            mine = []
            for _ in range(count):
                body = json.dumps({"key": rng.choice(keys), "day": None, "seconds": round(rng.uniform(20, 900), 1), "solved": True,
                                   "mistakes": rng.randrange(3), "hints": rng.randrange(2), "first": [[0, rng.randrange(5)]]})  # fmt: skip
                conn.request("POST", "/plays", body, {"Content-Type": "application/json"})
                answer = conn.getresponse()
                answer.read()
                mine.append(answer.status)
            with lock:
                statuses.extend(mine)

        start = time.perf_counter()
        threads = [threading.Thread(target=client, args=(plays // clients + (i < plays % clients), i)) for i in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(30)
    with Library(str(db)) as library:
        after = int(library.read("SELECT count(*) FROM plays")[0][0])
    ok = statuses.count(201)
    lost = plays - (after - before)
    say(f"plays: {wall:.1f} s ({plays / wall:.0f}/s); answers 201: {ok} of {plays}; stored {after - before}; lost {lost} (target 0)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", default="bench/.library", help="folder for the bench's files (default bench/.library)")
    parser.add_argument("--puzzles", type=int, default=100_000)
    parser.add_argument("--n", type=int, default=7, help="size of the generated puzzles (default 7)")
    parser.add_argument("--style", help="layout style of the generated puzzles (default: the generator's)")
    parser.add_argument("--workers", type=int, default=2, help="generator processes making the puzzles (default 2)")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--plays", type=int, default=10_000)
    parser.add_argument("--skip", default="", help="steps to leave out: add, query, schedule, plays")
    args = parser.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    skip = set(args.skip.split(","))
    say(f"{dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
        f"on {os.cpu_count()} cores")  # fmt: skip
    if "add" not in skip:
        bench_add(work, args.n, args.puzzles, args.workers, args.style)
    if "query" not in skip:
        bench_query(work, args.rows)
    db = work / "schedule.db"
    if "schedule" not in skip:
        db = bench_schedule(work, args.days)
    if "plays" not in skip:
        bench_plays(db, args.plays)
    say(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
