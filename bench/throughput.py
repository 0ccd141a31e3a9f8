"""Every way in to the uniqueness check, side by side with its floors, in one run.

    .venv/bin/python bench/throughput.py                  # 20,000 puzzles, every row
    .venv/bin/python bench/throughput.py --puzzles 5000 --seconds 5 --skip serve

Rows, each in microseconds a puzzle and answers (puzzles) a second:

- floors, in this process: ``cat`` of the batch file (a subprocess reading it), ``json.loads`` of
  every line, and the in-process API loop a user would write (``json.loads`` + ``qs.is_unique``);
- the CLI: ``queens-sat check --no-logic --json FILE`` on the batch, CPU time after start-up (the
  start-up, a one-puzzle file's CPU time, is printed on its own);
- the co-process: ``check --no-logic --json -`` driven in lock-step (one line, wait for its
  answer, the next) at n = 9, beside ``cat`` driven the same way (the pipes' own ceiling);
- the service (``queens-sat serve --workers W``, the serve extra): ``GET /health``, ``POST /check?logic=false``
  and ``POST /check`` (with the grade) with 16 keep-alive clients, and batch bodies of JSON lines
  (``/check?logic=false&format=jsonl``), each with the server's own CPU time an answer. The
  client is wrk when it is installed (``apt-get install wrk``: a C client, so on a 2-core machine
  the figure is the server's), else this script's asyncio client (``--client python``), which
  spends 40 to 70 µs of CPU a request on the same two cores.

The batch is the shared corpus's puzzles of n = 7 to 11 (a daily's size), repeated to
``--puzzles`` lines, or generated ones when the corpus is not there. Figures depend on what
else the machine does (the load average is printed): compare rows of one run.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

CORPUS = Path(os.environ.get("QUEENS_SAT_CORPUS", HERE.parent.parent / "shared" / "corpus"))
SCRIPT = shutil.which("queens-sat", path=os.path.dirname(sys.executable)) or "queens-sat"


def say(text: str) -> None:
    print(text, flush=True)


def batch_lines(count: int) -> list[str]:
    """``count`` JSON lines of n = 7 to 11 puzzles: the corpus's, repeated, else generated ones."""
    lines = []
    for name in ("community.jsonl", "generated.jsonl"):
        path = CORPUS / name
        if path.exists():
            lines += [line.strip() for line in path.open() if 7 <= json.loads(line)["n"] <= 11]
    if not lines:
        from coprocess import candidates

        lines = candidates(9, 500, 1)
    return list(itertools.islice(itertools.cycle(lines), count))


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_of(argv: list[str], stdin: Path | None = None) -> float:
    """CPU seconds (user + system) of one run of ``argv``, output thrown away."""
    before = children_cpu()
    with open(stdin or os.devnull, "rb") as source:
        subprocess.run(argv, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return children_cpu() - before


def best(runs: int, measure) -> float:  # type: ignore[no-untyped-def]
    return min(measure() for _ in range(runs))


def row(name: str, micros: float, note: str = "") -> None:
    say(f"  {name:<44} {micros:9.2f} µs a puzzle {1e6 / micros:12,.0f} /s  {note}")


def floors(lines: list[str], path: Path, repeat: int) -> dict[str, float]:
    import queens_sat as qs

    count = len(lines)
    out = {}
    out["cat"] = best(repeat, lambda: cpu_of(["cat", str(path)])) / count * 1e6
    row("floor: cat FILE (CPU)", out["cat"])

    def loads() -> float:
        start = time.process_time()
        for line in lines:
            json.loads(line)
        return time.process_time() - start

    out["json.loads"] = best(repeat, loads) / count * 1e6
    row("floor: json.loads a line", out["json.loads"])
    qs.is_unique(json.loads(lines[0])["regions"])

    def api() -> float:
        start = time.process_time()
        for line in lines:
            qs.is_unique(json.loads(line)["regions"])
        return time.process_time() - start

    out["api"] = best(repeat, api) / count * 1e6
    row("in-process API: json.loads + qs.is_unique", out["api"])
    return out


def cli(lines: list[str], path: Path, one: Path, repeat: int, api: float) -> None:
    argv = [SCRIPT, "check", "--no-logic", "--json"]
    start_up = best(repeat, lambda: cpu_of([*argv, str(one)]))
    total = best(repeat, lambda: cpu_of([*argv, str(path)]))
    per = (total - start_up) / len(lines) * 1e6
    say(f"  {'CLI start-up: check --no-logic --json, one puzzle':<44} {start_up:9.3f} s of CPU")
    row("CLI: check --no-logic --json FILE", per, f"{per / api:.2f}x the API loop")


def coprocess(count: int, repeat: int) -> None:
    """Lock-step rates: the Python client once, the C client ``repeat`` times, the best kept and
    every run shown (a lock-step rate swings by a fifth from run to run with where the scheduler
    puts the two processes: the same core or two)."""
    from coprocess import c_client, candidates, python_client

    lines = candidates(9, count, 7)
    argv = [SCRIPT, "check", "--no-logic", "--json", "-"]
    floor, _ = python_client(lines, ["cat"])
    rate, statuses = python_client(lines, argv)
    row("co-process floor: cat, lock-step", 1e6 / floor, "Python client")
    row("co-process: check --no-logic --json -, lock-step", 1e6 / rate, f"Python client, n = 9, {dict(statuses)}")
    with tempfile.TemporaryDirectory() as tmp:  # the C client: next to no cost of its own a round trip
        path = Path(tmp) / "candidates.jsonl"
        path.write_text("\n".join(lines) + "\n")
        c_floors = [c_client(path, ["cat"]) for _ in range(repeat)]
        c_rates = [c_client(path, argv) for _ in range(repeat)]
    failed = [run for run in c_floors + c_rates if isinstance(run, str)]
    if failed:
        say(f"  co-process with the C client: {failed[0]}")
        return
    floor_runs = sorted(run[0] for run in c_floors)  # type: ignore[index]
    rate_runs = sorted(run[0] for run in c_rates)  # type: ignore[index]
    row("co-process floor: cat, lock-step", 1e6 / floor_runs[-1], f"C client, best of {repeat}")
    shown = ", ".join(f"{rate:,.0f}" for rate in rate_runs)
    row("co-process: check --no-logic --json -, lock-step", 1e6 / rate_runs[-1], f"C client, n = 9, best of {repeat} ({shown} /s)")


def serve(seconds: float, clients: int, workers: int, client: str) -> None:
    import serve_load as load

    port = load.free_port()
    server = load.start_server(port, workers)
    load_of = load.wrk_throughput if client == "wrk" else lambda *a, **k: asyncio.run(load.throughput(*a, **k))
    who = f"{clients} clients ({client}), {workers} worker{'s' if workers > 1 else ''}"
    try:
        asyncio.run(load.wait_until_up(port))
        bodies = load.puzzles_n9(60)
        routes = (("GET /health", "", True), ("POST /check?logic=false", "?logic=false", False), ("POST /check (graded)", "", False))
        for name, query, health in routes:
            load_of(port, bodies, clients, 1.0, query, health=health)  # warm-up: imports, the thread pool
            cpu = load.tree_cpu(server.pid)
            done, errors, spent = load_of(port, bodies, clients, seconds, query, health=health)
            per = (load.tree_cpu(server.pid) - cpu) / max(done, 1) * 1e6
            row(f"service: {name}, {who}", spent / max(done, 1) * 1e6, f"server CPU {per:.0f} µs an answer; errors {dict(errors)}")
        per_body = 2000
        batch = b"\n".join(itertools.islice(itertools.cycle(body.replace(b"\n", b"") for body in bodies), per_body))
        senders = 2 * workers  # a connection stays with the worker that took it: two a worker keep each one busy
        cpu = load.tree_cpu(server.pid)
        puzzles, spent = asyncio.run(batches(port, batch, per_body, seconds, senders))
        per = (load.tree_cpu(server.pid) - cpu) / max(puzzles, 1) * 1e6
        name = f"service: batch bodies of 2,000 JSON lines, {senders} clients"
        row(name, spent / max(puzzles, 1) * 1e6, f"server CPU {per:.1f} µs a puzzle")
    finally:
        server.terminate()
        server.wait(timeout=30)


async def batches(port: int, body: bytes, per_body: int, seconds: float, clients: int = 2) -> tuple[int, float]:
    """Puzzles answered in batch bodies by ``clients`` keep-alive clients for ``seconds``."""
    import serve_load as load

    request = load.request_bytes("POST", "/check?logic=false&format=jsonl", body)
    done = 0
    stop = time.perf_counter() + seconds

    async def client() -> None:
        nonlocal done
        conn = await load.Connection.open(port)
        try:
            while time.perf_counter() < stop:
                status, answer = await conn.request(request)
                if status != 200 or answer.count(b"\n") != per_body:
                    raise SystemExit(f"batch body answered {status}: {answer[:200]!r}")
                done += per_body
        finally:
            await conn.close()

    start = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    return done, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", type=int, default=20_000, help="lines in the batch (default 20,000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing, the best kept (default 3)")
    parser.add_argument("--candidates", type=int, default=5000, help="lock-step candidates of the co-process (default 5,000)")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of each service load (default 10)")
    parser.add_argument("--clients", type=int, default=16, help="keep-alive clients of the service (default 16)")
    parser.add_argument("--workers", type=int, default=1, help="server processes of the service (serve --workers; default 1)")
    parser.add_argument(
        "--client", choices=("python", "wrk"), default="wrk" if shutil.which("wrk") else "python",
        help="the service's load generator: wrk (default when installed: a C client, so the figure is the server's), or asyncio",
    )
    parser.add_argument("--skip", action="append", default=[], choices=("cli", "coprocess", "serve"), help="leave a part out")
    args = parser.parse_args()
    say(f"queens-sat throughput, load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    lines = batch_lines(args.puzzles)
    with tempfile.TemporaryDirectory() as tmp:
        path, one = Path(tmp, "batch.jsonl"), Path(tmp, "one.jsonl")
        path.write_text("\n".join(lines) + "\n")
        one.write_text(lines[0] + "\n")
        say(f"batch: {len(lines):,} puzzles of n = 7 to 11")
        found = floors(lines, path, args.repeat)
        if "cli" not in args.skip:
            cli(lines, path, one, args.repeat, found["api"])
    if "coprocess" not in args.skip:
        coprocess(args.candidates, args.repeat)
    if "serve" not in args.skip:
        serve(args.seconds, args.clients, args.workers, args.client)
    say(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
