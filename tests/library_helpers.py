"""Shared by the library tests: a small set of generated puzzles, and a library file made from them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from queens_sat.model.puzzle import Puzzle


def generated_lines(n: int, count: int, seed: int = 1, **options: Any) -> list[dict[str, Any]]:
    """``count`` puzzles of size ``n`` as generate writes them (through the generator's public entry)."""
    from queens_sat.services.generator import GeneratorOptions, iter_generate
    from queens_sat.services.generator.output import record

    opts = GeneratorOptions(n=n, seed=seed, **options)
    return [record(p, opts) for p in iter_generate(opts, count, workers=1)]


def write_lines(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def shuffled_image(puzzle: Puzzle, symmetry: int, rng: random.Random) -> Puzzle:
    """The puzzle under one of the 8 symmetries, its region numbers shuffled."""
    image = puzzle.transformed(symmetry)
    if image.regions is None:
        return image
    names = list(range(image.n))
    rng.shuffle(names)
    return image.replace(regions=[[names[k] for k in row] for row in image.regions])
