"""Lock-step co-process throughput: a generator sends one candidate, waits for its verdict, sends the next.

Run from the repository root, once the package is installed as the README says:

    .venv/bin/python bench/coprocess.py              # n = 9, 3000 candidates, check --no-logic
    .venv/bin/python bench/coprocess.py --command "check" --command "count --limit 2"

The candidates are what a generator checks: regions grown around a random placement of
queens (``queens_sat.services.generator``), so each has a solution and most have several. Each
command runs as ``queens-sat CMD --json -`` and is driven in lock-step by a Python client
(this script), by a Node client (``bench/coprocess_client.js``, skipped with a reason
when ``node`` is missing) and by a C client (``bench/coprocess_client.c``, built here; skipped
without a C compiler), which spends next to nothing itself. The figure is candidates per second, one at a time, each
answered before the next is written, timed from the first answer on (the co-process starts
once; its start-up is not a cost per candidate). For comparison, ``--per-process`` candidates are
checked the only way that worked before co-process mode: one process per candidate. The
first row has ``cat`` as the co-process: the round trips that the pipes and the clients
alone allow on the machine at that moment, the ceiling for any command. Other processes on
the machine make the figures noisy; the load average is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from queens_sat.services.generator.growth import grow_regions
from queens_sat.services.generator.placement import random_placement

HERE = Path(__file__).resolve().parent
SCRIPT = shutil.which("queens-sat", path=os.path.dirname(sys.executable)) or "queens-sat"


def candidates(n: int, count: int, seed: int) -> list[str]:
    """``count`` JSON lines of grown n x n boards, as a generator's candidates."""
    rng, lines = random.Random(seed), []
    while len(lines) < count:
        flat = grow_regions(n, random_placement(n, rng), rng, n * n)
        if flat is not None:
            lines.append(json.dumps({"id": str(len(lines)), "regions": [flat[r * n : (r + 1) * n] for r in range(n)]}))
    return lines


def python_client(lines: list[str], argv: list[str]) -> tuple[float, Counter]:
    """Candidates per second from this process, one line at a time."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    statuses: Counter = Counter()
    start = time.perf_counter()
    for i, line in enumerate(lines):
        if i == 1:  # the clock starts once the first answer is in: start-up is paid once, not per candidate
            start = time.perf_counter()
        proc.stdin.write(line.encode() + b"\n")  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]
        answer = proc.stdout.readline()  # type: ignore[union-attr]
        if not answer:
            raise SystemExit(f"{argv} ended before answering")
        statuses[json.loads(answer).get("status", "counted")] += 1
    seconds = time.perf_counter() - start
    proc.stdin.close()  # type: ignore[union-attr]
    proc.wait()
    return (len(lines) - 1) / seconds, statuses


def node_client(path: Path, argv: list[str]) -> tuple[float, Counter] | str:
    """Candidates per second from ``bench/coprocess_client.js``, or why it did not run."""
    node = shutil.which("node")
    if node is None:
        return "skipped: node is not installed"
    res = subprocess.run([node, str(HERE / "coprocess_client.js"), str(path), *argv], capture_output=True, text=True)
    if res.returncode != 0:
        return f"failed: {res.stderr.strip()[-300:]}"
    report = json.loads(res.stdout)
    return (report["candidates"] - 1) / report["seconds"], Counter(report["statuses"])


def c_client(path: Path, argv: list[str]) -> tuple[float, Counter] | str:
    """Candidates per second from ``bench/coprocess_client.c`` (built here with the C compiler), or
    why it did not run. A C client spends next to nothing a round trip itself: beside ``cat``
    it shows what the pipes allow; the Python and Node clients show themselves as well."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return "skipped: no C compiler (cc or gcc)"
    with tempfile.TemporaryDirectory() as tmp:
        binary = Path(tmp) / "client"
        built = subprocess.run([compiler, "-O2", "-o", str(binary), str(HERE / "coprocess_client.c")], capture_output=True, text=True)
        if built.returncode != 0:
            return f"failed to build: {built.stderr.strip()[-300:]}"
        res = subprocess.run([str(binary), str(path), *argv], capture_output=True, text=True)
    if res.returncode != 0:
        return f"failed: {res.stderr.strip()[-300:]}"
    report = json.loads(res.stdout)
    return (report["candidates"] - 1) / report["seconds"], Counter(report["statuses"])


def per_process(lines: list[str], argv: list[str]) -> float:
    """Candidates per second with one process per candidate (what worked before)."""
    start = time.perf_counter()
    for line in lines:
        subprocess.run(argv, input=line.encode(), capture_output=True, check=False)
    return len(lines) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=9)
    parser.add_argument("--count", type=int, default=3000, help="candidates per client")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--command", action="append", help='a command and its options (default "check --no-logic")')
    parser.add_argument("--per-process", type=int, default=20, metavar="K", help="candidates for the one-process-each figure (0: skip)")
    args = parser.parse_args()
    lines = candidates(args.n, args.count, args.seed)
    print(f"n = {args.n}, {len(lines)} candidates, load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "candidates.jsonl"
        path.write_text("\n".join(lines) + "\n")
        cat = shutil.which("cat")
        if cat is not None:  # an echo as the co-process: what the pipes and the client alone allow on this machine now
            echo, c_echo = node_client(path, [cat]), c_client(path, [cat])
            print(f"{'(cat: the floor)':>24}  python client {python_client(lines, [cat])[0]:8.0f} lines/s       "
                  f"node client {echo if isinstance(echo, str) else f'{echo[0]:.0f} lines/s'}       "
                  f"C client {c_echo if isinstance(c_echo, str) else f'{c_echo[0]:.0f} lines/s'}")
        for command in args.command or ["check --no-logic"]:
            argv = [SCRIPT, *shlex.split(command), "--json", "-"]
            rate, statuses = python_client(lines, argv)
            print(f"{command:>24}  python client {rate:8.0f} candidates/s  {dict(statuses)}")
            c_rate = c_client(path, argv)
            shown = c_rate if isinstance(c_rate, str) else f"{c_rate[0]:8.0f} candidates/s  {dict(c_rate[1])}"
            print(f"{command:>24}  C client      {shown}")
            node = node_client(path, argv)
            if isinstance(node, str):
                print(f"{command:>24}  node client   {node}")
            else:
                print(f"{command:>24}  node client   {node[0]:8.0f} candidates/s  {dict(node[1])}")
            if args.per_process:
                print(f"{command:>24}  one process per candidate {per_process(lines[: args.per_process], argv):6.1f} candidates/s")


if __name__ == "__main__":
    main()
