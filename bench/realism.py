"""Do generated boards look published? Shape statistics of sets of puzzles side by side,
a classifier that tries to tell a set from a reference set, and a contact sheet (issue 24).

    python bench/realism.py --reference community=/work/shared/corpus/community.jsonl \
        --generate published --generate blobs --sizes 8 9 10 --count 150 --sheet realism.png

Statistics (means a puzzle unless a share): puzzles with a 1-cell region, regions of
<= 2 cells, the smallest region, the largest region's share of the board, whole rows
or columns inside one region, regions not touching the border, symmetry (the best
share of region-border edges one of the square's 7 symmetries keeps) and the share
of puzzles with symmetry >= 0.9, straight-line regions of >= 3 cells. The classifier
(scikit-learn, the ``bench`` extra) reads the same features per puzzle and prints
its 5-fold cross-validated AUC, generated against reference (0.5: it cannot tell).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

Regions = list[list[int]]
THRESHOLD = 0.9  # "symmetric": at least this share of the border edges kept

# issue 24's published LinkedIn dailies, n = 8 / 9 / 10 (a column of the printed table)
DAILIES: dict[int, dict[str, float]] = {
    8: {"1-cell %": 23, "<=2 cells": 0.87, "smallest": 2.5, "largest %": 36, "lines": 0.83, "interior": 2.7,
        "symmetry": 0.71, "sym>=0.9 %": 13, "straight": 0.47},
    9: {"1-cell %": 21, "<=2 cells": 0.61, "smallest": 2.9, "largest %": 34, "lines": 0.72, "interior": 3.4,
        "symmetry": 0.73, "sym>=0.9 %": 14, "straight": 0.45},
    10: {"1-cell %": 19, "<=2 cells": 0.45, "smallest": 3.2, "largest %": 36, "lines": 0.69, "interior": 3.9,
         "symmetry": 0.65, "sym>=0.9 %": 8, "straight": 0.65},
}
COLUMNS = ("1-cell %", "<=2 cells", "smallest", "largest %", "lines", "interior", "symmetry", "sym>=0.9 %", "straight")


def read_regions(path: str, sizes: Sequence[int]) -> list[Regions]:
    """The boards of a JSON-lines file (regions as lists of numbers or rows of letters) of the given sizes."""
    out = []
    for line in Path(path).read_text().splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        rows = record["regions"]
        if rows and isinstance(rows[0], str):
            rows = [[ord(ch) for ch in row] for row in rows]
        labels: dict[int, int] = {}
        regions = [[labels.setdefault(v, len(labels)) for v in row] for row in rows]
        if len(regions) in sizes and record.get("stars", 1) == 1:
            out.append(regions)
    return out


def _symmetries(n: int) -> list[Any]:
    m = n - 1
    return [
        lambda r, c: (r, m - c), lambda r, c: (m - r, c), lambda r, c: (c, r), lambda r, c: (m - c, m - r),
        lambda r, c: (m - r, m - c), lambda r, c: (c, m - r), lambda r, c: (m - c, r),
    ]


def border_edges(regions: Regions) -> set[frozenset[tuple[int, int]]]:
    """The inner edges between cells of different regions, each the pair of its cells."""
    n = len(regions)
    edges = set()
    for r in range(n):
        for c in range(n):
            if c + 1 < n and regions[r][c] != regions[r][c + 1]:
                edges.add(frozenset(((r, c), (r, c + 1))))
            if r + 1 < n and regions[r][c] != regions[r + 1][c]:
                edges.add(frozenset(((r, c), (r + 1, c))))
    return edges


def symmetry(regions: Regions) -> float:
    """The best share of the region-border edges that one symmetry of the square maps onto border edges."""
    edges = border_edges(regions)
    if not edges:
        return 1.0
    best = 0.0
    for f in _symmetries(len(regions)):
        kept = sum(frozenset(f(*cell) for cell in edge) in edges for edge in edges)
        best = max(best, kept / len(edges))
    return best


def features(regions: Regions) -> dict[str, float]:
    """The issue's shape statistics of one board."""
    n = len(regions)
    cells: dict[int, list[tuple[int, int]]] = {}
    for r in range(n):
        for c in range(n):
            cells.setdefault(regions[r][c], []).append((r, c))
    sizes = [len(v) for v in cells.values()]
    lines = sum(len(set(row)) == 1 for row in regions) + sum(len(set(col)) == 1 for col in zip(*regions, strict=True))
    interior = sum(all(0 < r < n - 1 and 0 < c < n - 1 for r, c in v) for v in cells.values())
    straight = sum(len(v) >= 3 and (len({r for r, _ in v}) == 1 or len({c for _, c in v}) == 1) for v in cells.values())
    sym = symmetry(regions)
    return {
        "1-cell %": 100.0 * (min(sizes) == 1), "<=2 cells": sum(s <= 2 for s in sizes), "smallest": min(sizes),
        "largest %": 100.0 * max(sizes) / (n * n), "lines": lines, "interior": interior, "symmetry": sym,
        "sym>=0.9 %": 100.0 * (sym >= THRESHOLD), "straight": straight,
        "size spread": statistics.pstdev(sizes) / n,
    }


def table(sets: dict[str, list[Regions]]) -> dict[str, dict[str, float]]:
    """Each set's statistics averaged over its boards."""
    out = {}
    for label, boards in sets.items():
        rows = [features(b) for b in boards]
        out[label] = {k: statistics.fmean(r[k] for r in rows) for k in COLUMNS} | {"puzzles": len(rows)}
    return out


def print_table(title: str, stats: dict[str, dict[str, float]]) -> None:
    print(f"\n{title}")
    print(f"{'set':<28}{'puzzles':>8}" + "".join(f"{c:>12}" for c in COLUMNS))
    for label, row in stats.items():
        print(f"{label:<28}{int(row['puzzles']):>8}" + "".join(f"{row[c]:>12.2f}" for c in COLUMNS))


def auc(generated: list[Regions], reference: list[Regions], seed: int) -> dict[str, float]:
    """5-fold cross-validated AUC of two classifiers telling ``generated`` from ``reference`` by shape."""
    try:
        import numpy as np
        from sklearn.ensemble import RandomForestClassifier
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import StratifiedKFold, cross_val_score
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
    except ImportError:
        print("(no classifier: pip install '.[bench]' for scikit-learn)", file=sys.stderr)
        return {}

    def vector(b: Regions) -> list[float]:
        f = features(b)
        return [len(b), *(f[k] for k in (*COLUMNS, "size spread"))]

    x = np.array([vector(b) for b in generated + reference])
    y = np.array([1] * len(generated) + [0] * len(reference))
    folds = StratifiedKFold(5, shuffle=True, random_state=seed)
    models = {
        "logistic": make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
        "forest": RandomForestClassifier(300, min_samples_leaf=3, random_state=seed),
    }
    return {name: float(cross_val_score(m, x, y, cv=folds, scoring="roc_auc").mean()) for name, m in models.items()}


def contact_sheet(sets: dict[str, list[Regions]], path: str, per_set: int, seed: int) -> None:
    """A PNG with ``per_set`` random boards of every set, one row a set."""
    from PIL import Image, ImageDraw

    cell, gap, label_h = 14, 10, 16
    palette = [(255, 201, 146), (150, 190, 255), (179, 223, 160), (223, 223, 223), (255, 123, 96), (230, 243, 136),
               (185, 178, 158), (187, 163, 226), (223, 160, 191), (163, 210, 216), (98, 239, 234), (255, 147, 243)]
    rng = random.Random(seed)
    picks = {label: rng.sample(boards, min(per_set, len(boards))) for label, boards in sets.items()}
    side = max((len(b) for bs in picks.values() for b in bs), default=1) * cell
    width = per_set * (side + gap) + gap
    height = len(picks) * (side + gap + label_h) + gap
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    for i, (label, boards) in enumerate(picks.items()):
        y0 = gap + i * (side + gap + label_h)
        draw.text((gap, y0), label, fill="black")
        for j, b in enumerate(boards):
            x0, top, n = gap + j * (side + gap), y0 + label_h, len(b)
            for r in range(n):
                for c in range(n):
                    x, y = x0 + c * cell, top + r * cell
                    draw.rectangle((x, y, x + cell, y + cell), fill=palette[b[r][c] % len(palette)], outline=(90, 90, 90))
                    if c + 1 < n and b[r][c] != b[r][c + 1]:
                        draw.line((x + cell, y, x + cell, y + cell), fill="black", width=3)
                    if r + 1 < n and b[r][c] != b[r + 1][c]:
                        draw.line((x, y + cell, x + cell, y + cell), fill="black", width=3)
            draw.rectangle((x0, top, x0 + n * cell, top + n * cell), outline="black", width=2)
    image.save(path)


def generated_set(style: str, sizes: Sequence[int], count: int, seed: int, logic: bool) -> list[Regions]:
    from queens_sat.services.generator import generate

    boards: list[Regions] = []
    for n in sizes:
        start = time.perf_counter()
        puzzles = generate(n, count, seed=seed, style=style, logic=logic)
        boards += [p.regions for p in puzzles]
        print(f"  {style} n = {n}: {count} puzzles in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return boards


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--reference", action="append", default=[], metavar="LABEL=FILE", help="a set of puzzles from a JSON-lines file")
    p.add_argument("--set", action="append", default=[], metavar="LABEL=FILE", help="another set from a file")
    p.add_argument("--generate", action="append", default=[], metavar="STYLE", help="a set generated in this style")
    p.add_argument("--sizes", type=int, nargs="+", default=[8, 9, 10])
    p.add_argument("--count", type=int, default=150, help="puzzles a size a generated set")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--logic", action="store_true", help="generate with --logic (depth 0, the default grade mix)")
    p.add_argument("--sheet", metavar="PNG", help="write a contact sheet of samples here")
    p.add_argument("--per-set", type=int, default=8, help="boards a set on the contact sheet")
    args = p.parse_args(argv)

    sets: dict[str, list[Regions]] = {}
    for spec in args.reference + args.set:
        label, _, path = spec.partition("=")
        sets[label] = read_regions(path or label, args.sizes)
        print(f"  {label}: {len(sets[label])} puzzles of n = {args.sizes} from {path or label}", file=sys.stderr)
    references = [spec.partition("=")[0] for spec in args.reference]
    for style in args.generate:
        sets[f"generated:{style}"] = generated_set(style, args.sizes, args.count, args.seed, args.logic)

    for n in args.sizes:
        by_n = {label: [b for b in boards if len(b) == n] for label, boards in sets.items()}
        stats = table({k: v for k, v in by_n.items() if v})
        if n in DAILIES:
            stats["issue 24: published dailies"] = DAILIES[n] | {"puzzles": 0}
        print_table(f"n = {n}", stats)
    print_table(f"all of n = {args.sizes}", table(sets))

    if references:
        reference = sets[references[0]]
        print(f"\nclassifier, 5-fold cross-validated AUC against {references[0]} (0.5: cannot tell them apart)")
        for label, boards in sets.items():
            if label != references[0]:
                print(f"  {label:<28}" + "  ".join(f"{m} {v:.3f}" for m, v in auc(boards, reference, args.seed).items()))
    if args.sheet:
        contact_sheet(sets, args.sheet, args.per_set, args.seed)
        print(f"\ncontact sheet: {args.sheet}")


if __name__ == "__main__":
    main()
