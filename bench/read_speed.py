"""Seconds to read one long puzzle record: as JSON lines, as one JSON document, and with
the old quadratic line reader, so the ratios show that a long line reads in linear time.

    .venv/bin/python bench/read_speed.py [--mb 100] [--old]

The record is a small puzzle with one long metadata string (a generator's notes, a
picture...). Past the input limit (``limits.INPUT_BYTES``, 16 MiB) a whole JSON document is
refused, so that row is left out, and a JSON line is read past (its record invalid). ``--old``
also times the line reader this replaced (string concatenation plus a split of the whole
buffer per 64 KiB block), which is quadratic: 23 s for 100 MB on the development machine. Other jobs slow all rows alike: compare ratios.
"""

from __future__ import annotations

import argparse
import io
import os
import tempfile
import time
from collections.abc import Iterator
from typing import IO

from queens_sat.formats import _binary_lines, read_puzzles
from queens_sat.model.limits import INPUT_BYTES


def _old_chain_lines(head: str, handle: IO[str]) -> Iterator[str]:
    """The line reader before the fix, kept here only to measure against."""
    buffer = head
    while True:
        lines = buffer.split("\n")
        buffer = lines.pop()
        yield from lines
        chunk = handle.read(1 << 16)
        if not chunk:
            break
        buffer += chunk
    if buffer:
        yield buffer


def _timed(label: str, action) -> float:
    start = time.perf_counter()
    action()
    seconds = time.perf_counter() - start
    print(f"{label:<40} {seconds:8.2f} s")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=100, help="size of the record in MiB (default 100)")
    parser.add_argument("--old", action="store_true", help="also time the old quadratic line reader")
    args = parser.parse_args()
    record = '{"n": 8, "rule": "queens", "notes": "' + "x" * (args.mb << 20) + '"}\n'
    with tempfile.TemporaryDirectory() as folder:
        paths = {fmt: os.path.join(folder, f"long.{fmt}") for fmt in ("jsonl", "json")}
        for path in paths.values():
            with open(path, "w", encoding="utf-8") as f:
                f.write(record)
        print(f"one record of {len(record) / 1e6:.0f} MB")
        whole = len(record) <= INPUT_BYTES  # a longer document is refused
        base = _timed("read as .json (one document)", lambda: list(read_puzzles(paths["json"]))) if whole else None
        lines = _timed("read as .jsonl (line by line)", lambda: list(read_puzzles(paths["jsonl"])))
        split = _timed("line reader alone (new)", lambda: list(_binary_lines(b"", io.BytesIO(record.encode()), "")))
        print(f"jsonl / json: {lines / base:.2f}" if base else f"(.json left out: a document past {INPUT_BYTES >> 20} MiB is refused)")
        if args.old:
            old = _timed("line reader alone (old, quadratic)", lambda: list(_old_chain_lines("", io.StringIO(record))))
            print(f"old / new line reader: {old / split:.0f}")


if __name__ == "__main__":
    main()
