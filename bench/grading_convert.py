"""Turn published, labelled Star Battle puzzles into our JSON lines, for ``bench/grading.py``.

    .venv/bin/python bench/grading_convert.py psb LEVELS.json OUT.jsonl
    .venv/bin/python bench/grading_convert.py krazydad SAMPLE.txt OUT.jsonl [--bands 4]
    .venv/bin/python bench/grading_convert.py sbn FILES_DIR OUT.jsonl [--per-level 300] [--seed 1]

Neither source carries a licence, so the puzzles stay out of this repository (keep them
under e.g. /work/grading-data/); this script is how they were made:

- ``psb``: ``content/starbattle-v1/levels.json`` of github.com/stopthrowingrocks/
  stopthrowingrocks.github.io (a scrape of puzzle-star-battle.com): 50 puzzles a level,
  "normal" and "hard", for 5x5 1★ (normal only), 6x6 1★, 8x8 1★, 10x10 2★, 14x14 3★.
  Each record gets ``level`` (normal / hard) and ``set`` ("8x8 1★"), regions as strings.
- ``krazydad``: ``random_sample_10x10.txt`` of github.com/masonomara/star-battle at
  47cc6fcdead4: 1,000 KrazyDad "Two Not Touch" 10x10 2★ puzzles, each with KrazyDad's
  ``lwork`` effort figure. It has no levels, so ``level`` is the effort quartile
  (``q1`` least work .. ``q4``; ``--bands``), kept beside ``lwork`` itself.
- ``sbn``: ``Main/puzzles/Files`` of github.com/itadrous73/test.starbattlelab.github.io
  (StarBattleLab): files ``N-K-LEVEL.txt`` of puzzles in Star Battle Notation, sorted into
  ez / med / hard / expert by its author's "Strategic Sorter" (a program, not a publisher:
  a second opinion, not ground truth); ``unsorted`` files are skipped. ``--per-level``
  puzzles are drawn at random from each file (``--seed``).
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path
from typing import Any

KRAZYDAD_LINE = re.compile(r'^(\d+),(\d+),(\d+),"([A-Z]+)","([01]+)"\s*#\s*(\S+)\s+lwork=(\d+)')


def psb_records(path: Path) -> list[dict[str, Any]]:
    """puzzle-star-battle.com levels as scraped: one record a puzzle, ``level`` its difficulty."""
    records = []
    for index, item in enumerate(json.loads(path.read_text())):
        n, k = int(item["size"]), int(item["stars"])
        records.append(
            {
                "id": f"psb-{n}x{n}-{k}star-{item['difficulty']}-{index:04d}",
                "n": n,
                "stars": k,
                "rule": "no-touch",
                "regions": list(item["shapes"]),
                "level": item["difficulty"],
                "set": f"{n}x{n} {k}★",
                "source": "puzzle-star-battle.com via stopthrowingrocks/stopthrowingrocks.github.io",
            }
        )
    return records


def krazydad_records(path: Path, bands: int) -> list[dict[str, Any]]:
    """KrazyDad 10x10 2★ with their ``lwork``; ``level`` the effort band (q1 = least work)."""
    records = []
    for line in path.read_text().splitlines():
        found = KRAZYDAD_LINE.match(line.strip())
        if not found:
            continue
        rows, cols, k, regions, solution, name, lwork = found.groups()
        n = int(rows)
        assert int(cols) == n, line
        grid = [regions[r * n : (r + 1) * n] for r in range(n)]
        stars = [[c for c in range(n) if solution[r * n + c] == "1"] for r in range(n)]
        records.append(
            {"id": f"krazydad-{name}", "n": n, "stars": int(k), "rule": "no-touch", "regions": grid, "solution": stars,
             "lwork": int(lwork), "set": f"KrazyDad {n}x{n} {k}★ (lwork bands)", "source": "krazydad via masonomara/star-battle"}
        )  # fmt: skip
    ordered = sorted(records, key=lambda r: r["lwork"])
    for place, record in enumerate(ordered):
        record["level"] = f"q{place * bands // len(ordered) + 1}"
    return records


SBN_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
SBN_LEVELS = {"ez": "easy", "med": "medium", "hard": "hard", "expert": "expert"}


def sbn_regions(code: str) -> tuple[int, int, list[str]]:
    """Decode one Star Battle Notation puzzle: (n, stars, region rows as letters).

    The header is the size twice as one base-64 digit ("99", "AA" = 10), the star count and
    a flag; then the region borders as base-64 digits of 6 bits each, left-padded: first the
    n·(n-1) walls between horizontal neighbours (row by row), then the n·(n-1) between
    vertical neighbours (column by column), 1 = a wall. Regions are the wall-free components.
    """
    n, stars = SBN_DIGITS.index(code[0]), int(code[2])
    if code[1] != code[0] or not 5 <= n <= 25:
        raise ValueError(f"not an SBN size header: {code[:2]!r}")
    walls = 2 * n * (n - 1)
    digits = code[4 : 4 + -(-walls // 6)]
    bits = "".join(format(SBN_DIGITS.index(d), "06b") for d in digits)[-walls:]
    across, down = bits[: n * (n - 1)], bits[n * (n - 1) :]
    label = [[-1] * n for _ in range(n)]
    count = 0
    for start in range(n * n):
        if label[start // n][start % n] >= 0:
            continue
        label[start // n][start % n] = count
        todo = [start]
        while todo:
            r, c = divmod(todo.pop(), n)
            steps = [
                (r, c + 1, c < n - 1 and across[r * (n - 1) + c] == "0"),
                (r, c - 1, c > 0 and across[r * (n - 1) + c - 1] == "0"),
                (r + 1, c, r < n - 1 and down[c * (n - 1) + r] == "0"),
                (r - 1, c, r > 0 and down[c * (n - 1) + r - 1] == "0"),
            ]
            for rr, cc, open_ in steps:
                if open_ and label[rr][cc] < 0:
                    label[rr][cc] = count
                    todo.append(rr * n + cc)
        count += 1
    if count != n:
        raise ValueError(f"{count} regions on a {n}x{n} board")
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return n, stars, ["".join(letters[x] for x in row) for row in label]


def sbn_records(folder: Path, per_level: int, seed: int) -> list[dict[str, Any]]:
    """StarBattleLab's sorted files, ``per_level`` random puzzles of each (ez/med/hard/expert)."""
    rng = random.Random(seed)
    records = []
    for path in sorted(folder.glob("*-*-*.txt")):
        size, stars, tag = path.stem.split("-")
        if tag not in SBN_LEVELS:
            continue
        lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
        for code in sorted(rng.sample(lines, min(per_level, len(lines)))):
            n, k, regions = sbn_regions(code)
            assert (n, k) == (int(size), int(stars)), (path, code)
            records.append(
                {"id": f"sbl-{code}", "n": n, "stars": k, "rule": "no-touch", "regions": regions, "level": SBN_LEVELS[tag],
                 "set": f"StarBattleLab {n}x{n} {k}★", "source": "StarBattleLab via itadrous73/test.starbattlelab.github.io"}
            )  # fmt: skip
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=("psb", "krazydad", "sbn"))
    parser.add_argument("source", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--bands", type=int, default=4, help="krazydad: effort bands (levels) to cut lwork into")
    parser.add_argument("--per-level", type=int, default=300, help="sbn: puzzles drawn from each level's file")
    parser.add_argument("--seed", type=int, default=1, help="sbn: the draw's seed")
    args = parser.parse_args()
    if args.kind == "psb":
        records = psb_records(args.source)
    elif args.kind == "krazydad":
        records = krazydad_records(args.source, args.bands)
    else:
        records = sbn_records(args.source, args.per_level, args.seed)
    with args.out.open("w") as out:
        for record in records:
            out.write(json.dumps(record) + "\n")
    print(f"{len(records)} puzzles -> {args.out}")


if __name__ == "__main__":
    main()
