"""Load and abuse of ``queens-sat serve``, against 127.0.0.1 only, in one bounded run.

Run from the repository root, once the package is installed with the serve extra:

    .venv/bin/python bench/serve_load.py

It starts ``queens-sat serve`` on 127.0.0.1 on a free port, then:

1. throughput: ``--clients`` (16) keep-alive connections post n = 9 puzzles to
   ``/check`` for ``--seconds`` (10) each way: the default check (with the logic
   grade) and ``logic=false`` (the uniqueness verdict only). It prints checks/s and
   errors (any answer but 200 with the expected verdict, or a broken connection),
   after the same load on ``GET /health`` as a baseline (what the machine gives the
   HTTP stack alone right now: on a shared machine, compare against that);
2. abuse: ``--hostile`` (1,000) hostile requests, eight at a time: malformed JSON,
   10 MB bodies (declared, and streamed chunked without a length), n = 100,000,
   and bodies that stop half-way (the client hangs up), while another connection
   polls ``/health`` every 20 ms; it prints the answers by status, the ``/health``
   latencies (max, p99) and whether the server is still up;
3. a SIGTERM, and the server's exit code (0: a clean shutdown).

The client is plain asyncio sockets with the requests prepared in advance, so it
costs the server's two cores as little as a client can. Other processes on the
machine make the figures noisy (the load average is printed): compare the two
throughput figures of one run rather than runs on different days.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections import Counter

HOST = "127.0.0.1"  # the only address this script ever talks to
TARGET_CHECKS = 2000  # per second, issue 14
TARGET_HEALTH_MS = 100.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(port: int, workers: int = 1) -> subprocess.Popen:
    script = shutil.which("queens-sat", path=os.path.dirname(sys.executable))  # the installed command
    command = [script] if script else [sys.executable, "-m", "queens_sat"]
    cmd = [*command, "serve", "--host", HOST, "--port", str(port), "--workers", str(workers)]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


async def wait_until_up(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = await Connection.open(port)
            status, _ = await conn.request(request_bytes("GET", "/health"))
            await conn.close()
            if status == 200:
                return
        except OSError:
            await asyncio.sleep(0.1)
    raise SystemExit("the server did not come up")


def request_bytes(method: str, path: str, body: bytes = b"", extra: str = "") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\n{extra}"
    if method == "POST" and "Transfer-Encoding" not in extra and "Content-Length" not in extra:
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    return head.encode() + b"\r\n" + body


class Connection:
    """One keep-alive HTTP/1.1 connection: send a request, read one answer."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> Connection:
        reader, writer = await asyncio.open_connection(HOST, port)
        return cls(reader, writer)

    async def request(self, data: bytes) -> tuple[int, bytes]:
        self.writer.write(data)
        await self.writer.drain()
        return await self.answer()

    async def answer(self) -> tuple[int, bytes]:
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = 0
        chunked = False
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "transfer-encoding" and "chunked" in value:
                chunked = True
        if chunked:
            body = b""
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).strip(), 16)
                body += await self.reader.readexactly(size + 2)
                if size == 0:
                    return status, body
        return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(OSError):
            await self.writer.wait_closed()


def puzzles_n9(count: int) -> list[bytes]:
    """``count`` distinct unique 9x9 puzzles, made by the generator with a fixed seed."""
    from queens_sat.formats import puzzle_to_json
    from queens_sat.model.puzzle import Puzzle
    from queens_sat.services.generator import generate

    made = generate(9, count, seed=14, workers=1)
    return [puzzle_to_json(Puzzle(p.regions, rule=p.rule)).encode() for p in made]


def candidates_n9(count: int) -> tuple[list[bytes], list[str]]:
    """``count`` boards as a generator meets them before repairing (regions flood-filled around a
    random solution, most with several solutions), and the verdict of each."""
    import random

    from queens_sat import solve
    from queens_sat.formats import puzzle_to_json
    from queens_sat.services.benchmark.boards import planted_board

    rng = random.Random(9)
    boards = [planted_board(9, rng) for _ in range(count)]
    return [puzzle_to_json(p).encode() for p in boards], [solve(p).status.value for p in boards]


async def throughput(
    port: int, bodies: list[bytes], clients: int, seconds: float, query: str, health: bool = False,
    verdicts: list[str] | None = None,
) -> tuple[int, Counter, float]:
    """Answers per second; ``verdicts`` are the statuses the bodies must get (default: all unique)."""
    if health:  # the baseline: the same load on a route that does no work
        requests = [request_bytes("GET", "/health")]
        wanted = [b'"status":"ok"']
    else:
        requests = [request_bytes("POST", f"/check{query}", b) for b in bodies]
        wanted = [f'"status":"{v}"'.encode() for v in (verdicts or ["unique"] * len(bodies))]
    done = 0
    errors: Counter[str] = Counter()
    stop = time.perf_counter() + seconds

    async def client(k: int) -> None:
        nonlocal done
        conn = await Connection.open(port)
        i = k
        try:
            while time.perf_counter() < stop:
                status, body = await conn.request(requests[i % len(requests)])
                expected = wanted[i % len(wanted)]
                i += 1
                if status != 200:
                    errors[f"HTTP {status}"] += 1
                elif expected not in body:
                    errors["wrong verdict"] += 1
                else:
                    done += 1
        except (OSError, asyncio.IncompleteReadError) as err:
            errors[type(err).__name__] += 1
        finally:
            await conn.close()

    start = time.perf_counter()
    await asyncio.gather(*(client(k) for k in range(clients)))
    return done, errors, time.perf_counter() - start


WRK_SCRIPT = """
bodies = {%s}
wanted = %s
counter = 0
wrong = 0
request = function()
  counter = counter %% #bodies + 1
  return wrk.format(%s, %s, nil, bodies[counter])
end
response = function(status, headers, body)
  if status == 200 and not string.find(body, wanted, 1, true) then wrong = wrong + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("wrk: %%d %%d %%d %%d\\n", summary.requests, summary.errors.status, wrong, summary.duration))
end
"""


def wrk_throughput(
    port: int, bodies: list[bytes], clients: int, seconds: float, query: str, health: bool = False
) -> tuple[int, Counter, float]:
    """``throughput`` with wrk (Debian's ``wrk``, in C: a few µs of CPU a request) as the client, so
    that on a 2-core machine the figure is the server's and not a Python client's. One wrk thread
    keeps ``clients`` keep-alive connections busy; an answer other than 200, or one without the
    expected verdict (every body is a unique puzzle), is an error."""
    import tempfile

    def lua(text: bytes) -> str:
        return "[==[" + text.decode() + "]==]"

    if health:
        script = WRK_SCRIPT % (lua(b""), lua(b'"status":"ok"'), '"GET"', '"/health"')
    else:
        script = WRK_SCRIPT % (", ".join(map(lua, bodies)), lua(b'"status":"unique"'), '"POST"', f'"/check{query}"')
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as file:
        file.write(script)
    try:
        argv = ["wrk", "-t1", f"-c{clients}", f"-d{seconds:g}s", "-s", file.name, f"http://{HOST}:{port}/"]
        out = subprocess.run(argv, capture_output=True, text=True, check=True, timeout=seconds + 30).stdout
    finally:
        os.unlink(file.name)
    line = next(line for line in out.splitlines() if line.startswith("wrk: "))
    requests, bad_status, wrong, micros = map(int, line.split()[1:])
    errors: Counter[str] = Counter()
    if bad_status:
        errors["HTTP not 200"] = bad_status
    if wrong:
        errors["wrong verdict"] = wrong
    return requests - bad_status - wrong, errors, micros / 1e6


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) spent so far by a process and its live descendants (Linux /proc:
    ``serve --workers N`` runs its workers as child processes)."""
    parents: dict[int, int] = {}
    spent: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry)] = int(fields[1])
            spent[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    tree, grew = {pid}, True
    while grew:
        more = {child for child, parent in parents.items() if parent in tree} - tree
        tree |= more
        grew = bool(more)
    return sum(spent.get(p, 0.0) for p in tree)


TEN_MB = 10 * 1024 * 1024


async def hostile_one(port: int, kind: str) -> str:
    """One hostile request; what came back (a status, or how the connection ended)."""
    conn = await Connection.open(port)
    try:
        if kind == "malformed":
            status, _ = await conn.request(request_bytes("POST", "/check", b'{"regions": ["AB", "BA"'))
        elif kind == "huge-n":
            status, _ = await conn.request(request_bytes("POST", "/count", b'{"n": 100000}'))
        elif kind == "ten-mb":
            head = request_bytes("POST", "/check", extra=f"Content-Type: application/json\r\nContent-Length: {TEN_MB}\r\n")
            conn.writer.write(head + b"[" * 65536)
            await conn.writer.drain()
            status, _ = await conn.answer()
        elif kind == "ten-mb-chunked":
            head = request_bytes("POST", "/check", extra="Transfer-Encoding: chunked\r\n")
            conn.writer.write(head)
            chunk = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
            answer = asyncio.ensure_future(conn.answer())
            try:
                for _ in range(TEN_MB // 65536):
                    if answer.done():
                        break
                    conn.writer.write(chunk)
                    await conn.writer.drain()
            except OSError:
                pass  # the server refused the body and closed: its answer may still be readable
            status, _ = await answer
        elif kind == "half-body":
            body = b'{"regions": ["AAB", "ABB", "CCC"]}'
            conn.writer.write(request_bytes("POST", "/check", extra=f"Content-Length: {len(body)}\r\n") + body[: len(body) // 2])
            await conn.writer.drain()
            return "hung up"
        else:
            raise ValueError(kind)
        return f"HTTP {status}"
    except (OSError, asyncio.IncompleteReadError) as err:
        return f"connection {type(err).__name__}"  # the server hung up on a body it refused
    finally:
        await conn.close()


async def abuse(port: int, total: int) -> tuple[Counter, list[float], int]:
    kinds = ("malformed", "ten-mb", "huge-n", "half-body", "ten-mb-chunked")
    outcomes: Counter[str] = Counter()
    latencies: list[float] = []
    health_errors = 0
    finished = asyncio.Event()

    async def poll_health() -> None:
        nonlocal health_errors
        conn = await Connection.open(port)
        request = request_bytes("GET", "/health")
        while not finished.is_set():
            start = time.perf_counter()
            try:
                status, _ = await conn.request(request)
            except (OSError, asyncio.IncompleteReadError):
                health_errors += 1
                conn = await Connection.open(port)
                continue
            latencies.append((time.perf_counter() - start) * 1000)
            if status != 200:
                health_errors += 1
            await asyncio.sleep(0.02)
        await conn.close()

    queue: asyncio.Queue[str] = asyncio.Queue()
    for i in range(total):
        queue.put_nowait(kinds[i % len(kinds)])

    async def attacker() -> None:
        while not queue.empty():
            kind = queue.get_nowait()
            outcomes[f"{kind}: {await hostile_one(port, kind)}"] += 1

    poller = asyncio.ensure_future(poll_health())
    await asyncio.gather(*(attacker() for _ in range(8)))
    finished.set()
    await poller
    return outcomes, latencies, health_errors


def tree_kb(pid: int, field: str) -> int:
    """``field`` (VmRSS, VmHWM) of the server process and every process below it, in KB."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/status") as status:
                total += next((int(line.split()[1]) for line in status if line.startswith(field + ":")), 0)
            with open(f"/proc/{current}/task/{current}/children") as children:
                todo.extend(int(c) for c in children.read().split())
        except OSError:
            continue
    return total


async def timed(port: int, data: bytes) -> tuple[int, float, bytes]:
    """One request on a connection of its own: status, seconds, body (status 0: the connection broke)."""
    start = time.perf_counter()
    try:
        conn = await Connection.open(port)
        try:
            status, body = await conn.request(data)
        finally:
            await conn.close()
    except (OSError, asyncio.IncompleteReadError):
        return 0, time.perf_counter() - start, b""
    return status, time.perf_counter() - start, body


async def faults(port: int, pid: int) -> bool:
    """Issue 38: 200 concurrent 1 MiB bodies (peak and memory after), 12 slow searches with quick
    requests beside them, and /generate that cannot make its puzzle. True when a target is missed."""
    failed = False
    idle = tree_kb(pid, "VmRSS")
    dense = b'{"n": 8, "meta": [' + b",".join([b"{}"] * ((1 << 20) // 3 - 10)) + b"]}"
    answers = await asyncio.gather(*(timed(port, request_bytes("POST", "/check", dense)) for _ in range(200)))
    peak = tree_kb(pid, "VmHWM")
    await asyncio.sleep(2.0)
    after = tree_kb(pid, "VmRSS")
    statuses = Counter(status for status, _, _ in answers)
    print(
        f"200 concurrent {len(dense) >> 10} KiB bodies to /check: answers {dict(statuses)}; server idle {idle >> 10} MB,"
        f" peak {peak >> 10} MB, 2 s after {after >> 10} MB (targets: peak <= 300 MB, after within 50 MB of idle)"
    )
    failed |= peak >> 10 > 300 or (after - idle) >> 10 > 50
    star = b'{"n": 64, "stars": 16}'
    slow = [asyncio.ensure_future(timed(port, request_bytes("POST", "/count?backend=python&time_limit=5", star))) for _ in range(12)]
    await asyncio.sleep(0.5)
    daily = puzzles_n9(1)[0]
    for path in ("/check", "/explain", "/render"):
        status, seconds, body = await timed(port, request_bytes("POST", path, daily))
        print(f"  {path} beside 12 slow searches: {status} in {seconds:.3f} s (target 0.5 s)")
        failed |= status != 200 or seconds > 0.5
    done = await asyncio.gather(*slow)
    kinds = Counter(f"{status} {body[:70].decode(errors='replace')}" if status != 200 else "200" for status, _, body in done)
    print(f"12 slow /count?backend=python&time_limit=5 on 64x64 with 16 stars: {dict(kinds)}")
    status, seconds, body = await timed(port, request_bytes("POST", "/generate", b'{"n": 5, "count": 1, "grade": ["Expert"]}'))
    print(f"/generate of an unreachable grade: {status} in {seconds:.1f} s: {body[:120].decode(errors='replace')}")
    return failed


async def main_async(args: argparse.Namespace) -> int:
    if args.faults:
        port = free_port()
        server = start_server(port, args.workers)
        try:
            await wait_until_up(port)
            print(f"queens-sat serve --workers {args.workers} on {HOST}:{port}; load average {os.getloadavg()[0]:.2f}")
            failed = await faults(port, server.pid)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        return 1 if failed else 0
    bodies = puzzles_n9(args.puzzles)
    candidates, verdicts = candidates_n9(args.puzzles * 8)
    mix = ", ".join(f"{verdicts.count(v)} {v}" for v in sorted(set(verdicts)))
    port = free_port()
    server = start_server(port, args.workers)
    failed = False
    try:
        await wait_until_up(port)
        print(f"queens-sat serve --workers {args.workers} on {HOST}:{port}; load average {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores")
        baseline = None
        runs = (
            ("GET /health (baseline: no work)", "", True, bodies, None),
            ("check of unique puzzles (with logic grade)", "", False, bodies, None),
            ("check of unique puzzles, logic=false", "?logic=false", False, bodies, None),
            (f"check of generator candidates ({mix}; logic grade where unique)", "", False, candidates, verdicts),
        )
        for label, query, health, posted, wanted in runs:
            await throughput(port, posted, args.clients, 1.0, query, health, wanted)  # warm-up: imports, thread pool
            done, errors, elapsed = await throughput(port, posted, args.clients, args.seconds, query, health, wanted)
            rate = done / elapsed
            share = f" ({rate / baseline:.0%} of the baseline)" if baseline else ""
            print(
                f"{label}: {done} answers in {elapsed:.1f} s = {rate:,.0f}/s{share} with {args.clients} "
                f"keep-alive clients, n = 9; errors: {sum(errors.values())} {dict(errors) or ''}"
            )
            baseline = baseline or rate
            failed |= bool(errors)
        outcomes, latencies, health_errors = await abuse(port, args.hostile)
        print(f"abuse: {sum(outcomes.values())} hostile requests:")
        for outcome, k in sorted(outcomes.items()):
            print(f"  {outcome}: {k}")
        latencies.sort()
        p99 = latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan")
        worst = latencies[-1] if latencies else float("nan")
        print(f"/health during the abuse: {len(latencies)} answers, max {worst:.1f} ms, p99 {p99:.1f} ms, errors {health_errors}")
        alive = server.poll() is None
        conn = await Connection.open(port)
        status, _ = await conn.request(request_bytes("GET", "/health"))
        await conn.close()
        print(f"server still up after the abuse: {alive and status == 200}")
        failed |= not (alive and status == 200) or health_errors > 0 or worst >= TARGET_HEALTH_MS
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            code = server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            code = None
        print(f"SIGTERM: the server exited with code {code}")
        failed |= code != 0
    print(f"targets: >= {TARGET_CHECKS} checks/s, zero errors, /health under {TARGET_HEALTH_MS:g} ms, clean exit")
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=16, help="concurrent keep-alive connections (default 16)")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each throughput run (default 10)")
    parser.add_argument("--puzzles", type=int, default=32, help="distinct 9x9 puzzles cycled through (default 32)")
    parser.add_argument("--workers", type=int, default=1, help="server processes: queens-sat serve --workers (default 1)")
    parser.add_argument("--hostile", type=int, default=1000, help="hostile requests (default 1000)")
    parser.add_argument("--faults", action="store_true", help="issue 38 only: body memory, slow lanes, /generate status")
    args = parser.parse_args()
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
