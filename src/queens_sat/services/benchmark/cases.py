"""The puzzles a benchmark runs on: corpus files and random boards."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from queens_sat.formats import read_puzzles
from queens_sat.model.puzzle import MAX_REGION_N, Puzzle
from queens_sat.services.benchmark.boards import kind_board


@dataclass(frozen=True)
class BenchCase:
    name: str  # where the puzzle came from: "file:line [id]" or "generated n=8 #3"
    puzzle: Puzzle
    expected: str | None = None  # the verdict the corpus records (from its solution count), if any


def parse_sizes(text: str) -> list[int]:
    """Board sizes from "8-11", "8,11,14,18" or "7-11,14"; raises ValueError on bad text."""
    sizes: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        low, dash, high = part.partition("-")
        try:
            first, last = (int(low), int(high)) if dash else (int(part), int(part))
        except ValueError:
            raise ValueError(f"{part!r} is not a size or a range of sizes like 8-11") from None
        if first > last:
            raise ValueError(f"range {part!r} runs backwards")
        if first < 1 or last > MAX_REGION_N:
            raise ValueError(f"sizes must be between 1 and {MAX_REGION_N}, got {part!r}")
        sizes.update(range(first, last + 1))
    return sorted(sizes)


# The classic board size for k stars (10x10 with 2, 14x14 with 3...): ``--generate`` without sizes.
STAR_SIZES = {2: 10, 3: 14, 4: 17, 5: 21, 6: 25}
BoardSize = tuple[int, int]  # (n, stars)


def parse_board_sizes(text: str | None, stars: int = 1) -> list[BoardSize]:
    """Board sizes with their stars from "8-11" or "10/2,14/3" (a size without "/K" takes ``stars``);
    empty or None: the classic size for ``stars``. Raises ValueError on bad text."""
    if not text:
        if stars not in STAR_SIZES:
            raise ValueError(f"name the sizes to generate (classic sizes are known for {', '.join(map(str, STAR_SIZES))} stars)")
        return [(STAR_SIZES[stars], stars)]
    out: set[BoardSize] = set()
    for part in text.split(","):
        size, slash, k = part.strip().partition("/")
        if slash:
            try:
                k_stars = int(k)
            except ValueError:
                raise ValueError(f"{part.strip()!r}: the stars after '/' must be a whole number") from None
            if k_stars < 1:
                raise ValueError(f"{part.strip()!r}: at least 1 star")
        else:
            k_stars = stars
        out.update((n, k_stars) for n in parse_sizes(size))
    return sorted(out)


def expected_verdict(meta: dict[str, Any]) -> str | None:
    """The verdict a corpus record's ``solutions`` count implies."""
    count = meta.get("solutions")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        return None
    return "none" if count == 0 else "unique" if count == 1 else "multiple"


def corpus_cases(
    paths: Iterable[str], sizes: set[int] | None, per_size: int | None, problems: list[str]
) -> Iterator[BenchCase]:
    """The puzzles of the files, filtered by size and capped per size (the first ones).

    Bad records are reported in ``problems`` and skipped; a file that cannot be
    read at all raises ``PuzzleError``.
    """
    taken: Counter[int] = Counter()
    for path in paths:
        for record in read_puzzles(path):
            if record.error is not None or record.puzzle is None:
                problems.append(f"{record.name}: skipped: {record.error}")
                continue
            n = record.puzzle.n
            if sizes is not None and n not in sizes:
                continue
            if per_size is not None and taken[n] >= per_size:
                continue
            taken[n] += 1
            yield BenchCase(record.name, record.puzzle, expected_verdict(record.meta))


def generated_cases(
    sizes: Sequence[int | BoardSize], per_size: int, seed: int, rule: str, kinds: tuple[str, ...] = ("planted",)
) -> Iterator[BenchCase]:
    """``per_size`` random boards of each size (n, or (n, stars)), shared out in turn among
    ``kinds`` (see ``benchmark.boards``); the same ones for the same seed."""
    for size in sizes:
        n, k = size if isinstance(size, tuple) else (size, 1)
        star_key = f":{k}stars" if k > 1 else ""
        rngs = {
            kind: random.Random(f"{seed}:{n}:{rule}{star_key}" if kind == "planted" else f"{seed}:{n}:{rule}:{kind}{star_key}")
            for kind in kinds
        }
        stars = f" {k} stars" if k > 1 else ""
        for i in range(per_size):
            kind = kinds[i % len(kinds)]
            label = "" if kinds == ("planted",) else f" {kind}"
            yield BenchCase(f"generated{label} n={n}{stars} #{i + 1} (seed {seed})", kind_board(kind, n, rngs[kind], rule, k))
