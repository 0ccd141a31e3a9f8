"""How a command crosses the package's layers: Python calls, files and layer changes, traced.

    python bench/trace_layers.py [PUZZLE] [-- extra check options]

Runs ``queens-sat check PUZZLE --no-logic`` (default: examples/unique-8.json) once to warm up,
then once under ``sys.setprofile``, and prints how many Python calls ran inside queens_sat, in
how many distinct files, how many times a call went from one layer to another, and the walk
of layers the calls took (each run of calls in one layer written once), so that a side door
or a second trip down shows. ``tests/test_architecture.py`` holds the check path of one
puzzle to one trip down and back.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

import queens_sat
from queens_sat.cli import main

PACKAGE = str(Path(queens_sat.__file__).resolve().parent)
ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("extension", "model", "formats", "engines", "backends", "services", "server", "cli")


def layer_of(filename: str) -> str | None:
    """The layer a source file belongs to, None outside the package."""
    if not filename.startswith(PACKAGE):
        return None
    parts = Path(filename).relative_to(PACKAGE).parts
    head = parts[0].removesuffix(".py")
    return head if head in LAYERS else "root"


def caller_layer(frame: FrameType) -> str | None:
    """The layer of the nearest frame below ``frame`` that runs package code (the standard
    library's frames in between, a generator's driver, say, are looked through)."""
    back = frame.f_back
    while back is not None:
        layer = layer_of(back.f_code.co_filename)
        if layer is not None:
            return layer
        back = back.f_back
    return None


def trace(argv: list[str]) -> tuple[int, set[str], list[str], list[tuple[str, str]]]:
    """Python calls inside the package, the files they ran in, the layer of each call in order,
    and every call from one layer into another (caller, callee)."""
    files: set[str] = set()
    walk: list[str] = []
    crossings: list[tuple[str, str]] = []

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        layer = layer_of(frame.f_code.co_filename)
        if layer is not None:
            files.add(frame.f_code.co_filename)
            walk.append(layer)
            caller = caller_layer(frame)
            if caller is not None and caller != layer:
                crossings.append((caller, layer))

    with contextlib.redirect_stdout(io.StringIO()):
        sys.setprofile(profile)
        try:
            main(argv)
        finally:
            sys.setprofile(None)
    return len(walk), files, walk, crossings


def upward(crossings: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The calls from a layer into a higher one (the root aside: it only re-exports)."""
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    return [(a, b) for a, b in crossings if a in rank and b in rank and rank[b] > rank[a]]


def main_(args: argparse.Namespace) -> None:
    argv = ["check", str(args.puzzle), "--no-logic", *args.extra]
    with contextlib.redirect_stdout(io.StringIO()):
        main(argv)  # warm: the imports are not what is measured
    calls, files, _walk, crossings = trace(argv)
    up = upward(crossings)
    print(f"queens-sat {' '.join(argv)}")
    print(f"  {calls} Python calls in queens_sat, {len(files)} files, {len(crossings)} calls across layers, {len(up)} of them upward")
    print(f"  calls across layers by pair: {dict(sorted(Counter(f'{a}>{b}' for a, b in crossings).items()))}")
    if up:
        print(f"  upward: {sorted(set(up))}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzle", nargs="?", default=ROOT / "examples" / "unique-8.json")
    parser.add_argument("extra", nargs="*", help="more check options, after --")
    main_(parser.parse_args())
