"""Peak memory of every command on dense inputs of at most 10 MB (issue 38).

Writes a family of inputs, each shaped to make a reader hold far more than its bytes (dense
JSON, JSON lines and text), runs every command that reads a file on each in a process of its
own and prints the process's high-water mark (VmHWM), its exit code, time and first line of
error. The promise (docs/limits.md): at most 200 MB on any input of at most 10 MB.

    python bench/input_memory.py [--size 10000000] [--commands check,solve] [--shapes meta,givens]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

LIMIT_MB = 200
# the command run in-process, then its own high-water mark (as tests/test_faults.py measures it)
PEAK_OF = (
    "import sys\n"
    "from queens_sat.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "peak = next(line for line in open('/proc/self/status') if line.startswith('VmHWM:')).split()[1]\n"
    "sys.stderr.write(f'\\npeak-kb {peak}\\n')\n"
    "sys.exit(code)\n"
)


def repeat(head: str, item: str, tail: str, size: int, sep: str = ",") -> bytes:
    """``head`` + ``item`` repeated (joined by ``sep``) + ``tail``, at most ``size`` bytes."""
    count = max((size - len(head) - len(tail)) // (len(item) + len(sep)), 1)
    return (head + sep.join([item] * count) + tail).encode()


def distinct_pairs(size: int) -> bytes:
    pairs, total, i = [], 60, 0
    while total < size - 40:
        pair = f"[{i},{(2 * i) % 9_999_991}]"
        pairs.append(pair)
        total += len(pair) + 1
        i += 1
    return ('{"n": 10000000, "rule": "queens", "givens": {"queens": [' + ",".join(pairs) + "]}}").encode()


SHAPES: dict[str, tuple[str, Callable[[int], bytes]]] = {
    "empty-lists": ("json", lambda s: repeat("[", "[]", "]", s)),
    "small-objects": ("json", lambda s: repeat("[", '{"n":8}', "]", s)),
    "meta-dicts": ("json", lambda s: repeat('{"n": 8, "meta": [', "{}", "]}", s)),
    "meta-numbers": ("json", lambda s: repeat('{"n": 8, "meta": [', "1", "]}", s)),
    "meta-keys": ("json", lambda s: ('{"n": 8, "meta": {' + ",".join(f'"k{i}":0' for i in range(s // 11)) + "}}").encode()[:s]),
    "same-given": ("json", lambda s: repeat('{"n": 8, "givens": {"queens": [', "[0,0]", "]}}", s)),
    "distinct-givens": ("json", distinct_pairs),
    "nested": ("json", lambda s: b"[" * (s // 2) + b"]" * (s // 2)),
    "lines-meta": ("jsonl", lambda s: repeat('{"n": 8, "meta": [', "{}", "]}\n", s // 10) * 10),
    "lines-small": ("jsonl", lambda s: b'{"n": 8}\n' * (s // 9)),
    "lines-one": ("jsonl", lambda s: repeat('{"n": 8, "meta": [', "[]", "]}", s)),
    "text-givens": ("txt", lambda s: repeat("# queens: ", "(0, 0)", "\naabbccdd\n" * 8, s, " ")),
    "text-wide": ("txt", lambda s: ("a" * 3160 + "\n").encode() * min(3160, s // 3161)),
    "text-rows": ("txt", lambda s: b"ab\n" * (s // 3)),
    "text-comments": ("txt", lambda s: b"aab\nabb\nbbb\n" + b"#\n" * ((s - 12) // 2)),
}
COMMANDS = {
    "check": ["check"],
    "solve": ["solve"],
    "count": ["count"],
    "explain": ["explain"],
    "hint": ["hint"],
    "render": ["render", "--out", "{tmp}/out.svg"],
    "convert": ["convert", "--to", "json"],
}


def run(argv: list[str]) -> tuple[int, float, int, str]:
    """Exit code, seconds, peak KB and the first error line of one command."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PEAK_OF, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err, _, peak = done.stderr.rpartition("\npeak-kb ")
    first = next((line for line in err.splitlines() if line.strip()), "")
    return done.returncode, time.perf_counter() - start, int(peak or 0), first


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000_000)
    parser.add_argument("--commands", default=",".join(COMMANDS))
    parser.add_argument("--shapes", default=",".join(SHAPES))
    args = parser.parse_args()
    worst = 0
    with tempfile.TemporaryDirectory() as tmp:
        print("| shape | bytes | command | peak MB | exit | seconds | first line of error |\n|---|---:|---|---:|---:|---:|---|")
        for shape in args.shapes.split(","):
            suffix, make = SHAPES[shape]
            data = make(args.size)[: args.size] if suffix != "json" else make(args.size)
            path = Path(tmp) / f"{shape}.{suffix}"
            path.write_bytes(data)
            for command in args.commands.split(","):
                argv = [part.format(tmp=tmp) for part in COMMANDS[command]] + [str(path)]
                code, seconds, peak, first = run(argv)
                worst = max(worst, peak)
                flag = "" if peak >> 10 <= LIMIT_MB and "Traceback" not in first else " **over**"
                print(f"| {shape} | {len(data):,} | {command} | {peak >> 10}{flag} | {code} | {seconds:.1f} | {first[:110]} |", flush=True)
    print(f"\nworst peak: {worst >> 10} MB (limit {LIMIT_MB} MB)")
    return 0 if worst >> 10 <= LIMIT_MB else 1


if __name__ == "__main__":
    sys.exit(main())
