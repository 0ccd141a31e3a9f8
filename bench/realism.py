"""Do generated boards look published? Shape statistics of sets of puzzles side by side,
where their answers stand, a classifier that tries to tell a set from a reference set, and
a contact sheet (issues 24, 35).

    python bench/realism.py --reference community=/work/shared/corpus/community.jsonl \
        --generate published --generate blobs --sizes 8 9 10 --count 150 --sheet realism.png
    python bench/realism.py --reference community=/work/shared/corpus/community.jsonl \
        --generate published --generate bands --sizes 8 9 10 --count 100 --answers-only --heat
    python bench/realism.py --generate published --stars 2 --sizes 10 --count 100 --answers-only

Answers (issue 35), per n and set: the share of puzzles with the row-1 queen in column 1
(``r1c1``), with a queen on some corner cell, the row-by-column heat map of queen cells
against the first reference's (total variation distance, 0: the same map, and Pearson's
chi-squared of the set's queen cells against the reference's shares, with its degrees of
freedom), and the most repeated answer (how many times in the set, and per 100 puzzles).
With ``--stars K``: Star Battles, the share with a star on the first row's first cell
against K / n. Column ``targets``: "ok" when the set meets issue 35's answer targets at that
n (a queen in some corner within 10 points of the reference's share, r1c1 <= 25 %, no answer
more than 3 times in 100), else the letters of those it misses (c, r, t).
``--heat`` prints the maps themselves (per cent of puzzles a cell).

Statistics (means a puzzle unless a share): puzzles with a 1-cell region, regions of
<= 2 cells, the smallest region, the largest region's share of the board, whole rows
or columns inside one region, regions not touching the border, symmetry (the best
share of region-border edges one of the square's 7 symmetries keeps) and the share
of puzzles with symmetry >= 0.9, straight-line regions of >= 3 cells. The classifier
(scikit-learn, the ``bench`` extra) reads the same features per puzzle and prints
its 5-fold cross-validated AUC, generated against reference (0.5: it cannot tell); with
the answers known (the reference's unique puzzles), queen-position features too (queens
on corners, r1c1, queens on the edge, mean distance from the edge). Perimeter per area: the
region borders' length (inner edges between two regions) over n squared. ``--one-piece``
keeps only the read boards whose regions are each one piece: 91 of the community corpus's
219 boards at n 8-10 have a region in several pieces (perimeter per area 0.94 against 0.74),
which no generated board has.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

Regions = list[list[int]]


class Board(NamedTuple):
    """A board of a set: its regions and, where known, its one solution (k columns a row, row after row)."""

    regions: Regions
    solution: tuple[int, ...] | None = None
    stars: int = 1

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
COLUMNS = ("1-cell %", "<=2 cells", "smallest", "largest %", "lines", "interior", "symmetry", "sym>=0.9 %", "straight", "perim/area")


def read_regions(path: str, sizes: Sequence[int], stars: int = 1) -> list[Board]:
    """The boards of a JSON-lines file (regions as lists of numbers or rows of letters) of the given
    sizes and stars, with their solution where the file gives one."""
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
        solution = record.get("solution")
        if len(regions) in sizes and record.get("stars", 1) == stars:
            out.append(Board(regions, tuple(solution) if solution else None, stars))
    return out


def one_piece(regions: Regions) -> bool:
    """Whether every region of the board is one 4-connected piece (42 % of the community corpus's
    boards at n 8-10 have a region in several pieces, which raises their perimeter per area)."""
    from queens_sat.services.generator.region_rules import pieces

    counts = pieces([k for row in regions for k in row], len(regions))
    return sum(counts) == sum(1 for count in counts if count)


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
        "size spread": statistics.pstdev(sizes) / n, "perim/area": len(border_edges(regions)) / (n * n),
    }


def queen_cells(board: Board) -> list[tuple[int, int]]:
    """The cells of the board's answer (empty when unknown)."""
    if board.solution is None:
        return []
    return [(i // board.stars, c) for i, c in enumerate(board.solution)]


def position_features(board: Board) -> list[float]:
    """Where the answer stands: queens on corner cells, the row-1 queen in column 1, queens on the
    edge (a share), mean distance from the edge (over n)."""
    n, cells = len(board.regions), queen_cells(board)
    corner = {(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)}
    depth = [min(r, c, n - 1 - r, n - 1 - c) for r, c in cells]
    return [
        sum(cell in corner for cell in cells), float((0, 0) in cells),
        sum(d == 0 for d in depth) / len(cells), statistics.fmean(depth) / n,
    ]


def heat(boards: Sequence[Board], n: int) -> list[list[float]]:
    """The share of boards with a queen (star) on each cell."""
    counts = [[0.0] * n for _ in range(n)]
    for b in boards:
        for r, c in queen_cells(b):
            counts[r][c] += 1
    return [[x / max(1, len(boards)) for x in row] for row in counts]


def answer_stats(boards: Sequence[Board], n: int, reference: Sequence[Board]) -> dict[str, Any]:
    """The answers' r1c1 and corner shares, heat-map distance to ``reference``'s, the most repeated answer."""
    known = [b for b in boards if b.solution is not None]
    corner = {(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)}
    out: dict[str, Any] = {"puzzles": len(known)}
    if not known:
        return out
    out["r1c1 %"] = 100.0 * statistics.fmean((0, 0) in queen_cells(b) for b in known)
    out["corner %"] = 100.0 * statistics.fmean(bool(corner & set(queen_cells(b))) for b in known)
    top, times = Counter(b.solution for b in known).most_common(1)[0]
    out["top"], out["top times"], out["top /100"] = top, times, 100.0 * times / len(known)
    ref = [b for b in reference if b.solution is not None]
    if ref:
        mine, theirs = heat(known, n), heat(ref, n)
        total_mine, total_theirs = sum(map(sum, mine)), sum(map(sum, theirs))
        pairs = [(a, b) for ra, rb in zip(mine, theirs, strict=True) for a, b in zip(ra, rb, strict=True)]
        out["TV"] = 0.5 * sum(abs(a / total_mine - b / total_theirs) for a, b in pairs)
        cells = total_mine * len(known)  # queen cells of the set
        chi2, df = 0.0, -1
        for ra, rb in zip(mine, theirs, strict=True):
            for a, b in zip(ra, rb, strict=True):
                expected = cells * (b + 0.5 / len(ref)) / (total_theirs + 0.5 * n * n / len(ref))  # add-half smoothing
                chi2 += (a * len(known) - expected) ** 2 / expected
                df += 1
        out["chi2"], out["df"] = chi2, df
    return out


def targets_verdict(st: dict[str, Any], reference_corner: float | None, stars: int) -> str:
    """Issue 35's answer targets for one set at one n: "ok", else the letters of those missed
    (``c``: a queen in some corner not within 10 points of the reference's share, or of
    chance-like K / n for Star Battles without one; ``r``: r1c1 over 25 %; ``t``: an answer
    more than 3 times in 100)."""
    missed = ""
    if reference_corner is not None and abs(st["corner %"] - reference_corner) > 10.0:
        missed += "c"
    if stars == 1 and st["r1c1 %"] > 25.0:
        missed += "r"
    if st["top /100"] > 3.0:
        missed += "t"
    return missed or "ok"


def print_answers(n: int, sets: dict[str, list[Board]], reference: str | None, show_heat: bool, stars: int) -> None:
    ref = sets.get(reference, []) if reference else []
    ref_n = [b for b in ref if len(b.regions) == n]
    head = "first cell %" if stars > 1 else "r1c1 %"
    print(f"\nanswers, n = {n}" + (f", {stars} stars (first cell by chance: {100.0 * stars / n:.0f} %)" if stars > 1 else "")
          + (f"; heat map against {reference}" if ref_n else ""))
    ref_stats = answer_stats(ref_n, n, []) if ref_n else {}
    print(f"{'set':<28}{'puzzles':>8}{head:>13}{'corner %':>10}{'TV':>7}{'chi2 (df)':>14}{'targets':>9}  most repeated answer")
    for label, boards in sets.items():
        st = answer_stats([b for b in boards if len(b.regions) == n], n, ref_n if label != reference else [])
        if "r1c1 %" not in st:
            continue
        chi = f"{st['chi2']:.0f} ({st['df']})" if "chi2" in st else ""
        tv = f"{st['TV']:.3f}" if "TV" in st else ""
        verdict = targets_verdict(st, ref_stats.get("corner %"), stars) if label != reference else ""
        print(f"{label:<28}{st['puzzles']:>8}{st['r1c1 %']:>13.1f}{st['corner %']:>10.1f}{tv:>7}{chi:>14}{verdict:>9}"
              f"  {st['top times']} x ({st['top /100']:.1f} a 100) {list(st['top'])}")
        if show_heat:
            for row in heat([b for b in boards if len(b.regions) == n and b.solution is not None], n):
                print(" " * 30 + " ".join(f"{100 * x:3.0f}" for x in row))


def table(sets: dict[str, list[Board]]) -> dict[str, dict[str, float]]:
    """Each set's statistics averaged over its boards."""
    out = {}
    for label, boards in sets.items():
        rows = [features(b.regions) for b in boards]
        out[label] = {k: statistics.fmean(r[k] for r in rows) for k in COLUMNS} | {"puzzles": len(rows)}
    return out


def print_table(title: str, stats: dict[str, dict[str, float]]) -> None:
    print(f"\n{title}")
    print(f"{'set':<28}{'puzzles':>8}" + "".join(f"{c:>12}" for c in COLUMNS))
    for label, row in stats.items():
        print(f"{label:<28}{int(row['puzzles']):>8}" + "".join(f"{row.get(c, float('nan')):>12.2f}" for c in COLUMNS))


def auc(generated: list[Board], reference: list[Board], seed: int) -> dict[str, float]:
    """5-fold cross-validated AUC of two classifiers telling ``generated`` from ``reference`` by shape
    (and answer position where every board's answer is known: then only such reference boards)."""
    try:
        import numpy as np
        from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import StratifiedKFold, cross_val_score
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
    except ImportError:
        print("(no classifier: pip install '.[bench]' for scikit-learn)", file=sys.stderr)
        return {}

    positions = all(b.solution is not None for b in generated) and any(b.solution is not None for b in reference)
    if positions:
        reference = [b for b in reference if b.solution is not None]

    def vector(b: Board) -> list[float]:
        f = features(b.regions)
        return [len(b.regions), *(f[k] for k in (*COLUMNS, "size spread")), *(position_features(b) if positions else ())]

    x = np.array([vector(b) for b in generated + reference])
    y = np.array([1] * len(generated) + [0] * len(reference))
    folds = StratifiedKFold(5, shuffle=True, random_state=seed)
    models = {
        "logistic": make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
        "forest": RandomForestClassifier(300, min_samples_leaf=3, random_state=seed),
        "boosted": HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, random_state=seed),
    }
    return {name: float(cross_val_score(m, x, y, cv=folds, scoring="roc_auc").mean()) for name, m in models.items()}


def contact_sheet(sets: dict[str, list[Board]], path: str, per_set: int, seed: int) -> None:
    """A PNG with ``per_set`` random boards of every set, one row a set."""
    from PIL import Image, ImageDraw

    cell, gap, label_h = 14, 10, 16
    palette = [(255, 201, 146), (150, 190, 255), (179, 223, 160), (223, 223, 223), (255, 123, 96), (230, 243, 136),
               (185, 178, 158), (187, 163, 226), (223, 160, 191), (163, 210, 216), (98, 239, 234), (255, 147, 243)]
    rng = random.Random(seed)
    picks = {label: [b.regions for b in rng.sample(boards, min(per_set, len(boards)))] for label, boards in sets.items()}
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


def generated_set(style: str, sizes: Sequence[int], count: int, seed: int, logic: bool, stars: int = 1) -> list[Board]:
    from queens_sat.services.generator import generate

    boards: list[Board] = []
    for n in sizes:
        start = time.perf_counter()
        puzzles = generate(n, count, seed=seed, style=style, logic=logic, stars=stars)
        boards += [Board(p.regions, tuple(p.solution), stars) for p in puzzles]
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
    p.add_argument("--stars", type=int, default=1, help="Star Battles with this many stars (generated and read sets)")
    p.add_argument("--answers-only", action="store_true", help="print the answers' figures (and the classifier) only")
    p.add_argument("--heat", action="store_true", help="print each set's heat map of queen cells")
    p.add_argument("--no-classifier", action="store_true")
    p.add_argument("--one-piece", action="store_true",
                   help="keep only the read boards whose regions are each one 4-connected piece (as generated ones are)")
    p.add_argument("--sheet", metavar="PNG", help="write a contact sheet of samples here")
    p.add_argument("--per-set", type=int, default=8, help="boards a set on the contact sheet")
    args = p.parse_args(argv)

    sets: dict[str, list[Board]] = {}
    for spec in args.reference + args.set:
        label, _, path = spec.partition("=")
        sets[label] = read_regions(path or label, args.sizes, args.stars)
        if args.one_piece:
            sets[label] = [b for b in sets[label] if one_piece(b.regions)]
        print(f"  {label}: {len(sets[label])} puzzles of n = {args.sizes} from {path or label}", file=sys.stderr)
    references = [spec.partition("=")[0] for spec in args.reference]
    for style in args.generate:
        sets[f"generated:{style}"] = generated_set(style, args.sizes, args.count, args.seed, args.logic, args.stars)

    for n in args.sizes:
        if not args.answers_only:
            by_n = {label: [b for b in boards if len(b.regions) == n] for label, boards in sets.items()}
            stats = table({k: v for k, v in by_n.items() if v})
            if n in DAILIES and args.stars == 1:
                stats["issue 24: published dailies"] = DAILIES[n] | {"puzzles": 0}
            print_table(f"n = {n}", stats)
        print_answers(n, sets, references[0] if references else None, args.heat, args.stars)
    if not args.answers_only:
        print_table(f"all of n = {args.sizes}", table(sets))

    if references and not args.no_classifier:
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
