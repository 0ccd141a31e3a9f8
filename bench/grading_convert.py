"""Turn published, labelled Star Battle puzzles into our JSON lines, for ``bench/grading.py``.

    .venv/bin/python bench/grading_convert.py psb LEVELS.json OUT.jsonl
    .venv/bin/python bench/grading_convert.py krazydad SAMPLE.txt OUT.jsonl [--bands 4]

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
"""

from __future__ import annotations

import argparse
import json
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=("psb", "krazydad"))
    parser.add_argument("source", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--bands", type=int, default=4, help="krazydad: effort bands (levels) to cut lwork into")
    args = parser.parse_args()
    records = psb_records(args.source) if args.kind == "psb" else krazydad_records(args.source, args.bands)
    with args.out.open("w") as out:
        for record in records:
            out.write(json.dumps(record) + "\n")
    print(f"{len(records)} puzzles -> {args.out}")


if __name__ == "__main__":
    main()
