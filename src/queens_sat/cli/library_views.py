"""How ``queens-sat library`` shows puzzles: a table (rich's on a terminal, tab-separated
otherwise), one puzzle drawn with what is known of it, the counts by size and grade."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from queens_sat.services.library import Entry

HEADERS = ("id", "n", "stars", "rule", "grade", "score", "hardest", "style", "source", "added")


def _cells(entry: Entry) -> list[str]:
    score = "" if entry.score is None else f"{entry.score:.1f}"
    return [
        str(entry.id), str(entry.n), str(entry.stars), entry.rule, entry.grade or entry.status, score, entry.hardest or "",
        entry.style or "", entry.source or "", entry.added,
    ]  # fmt: skip


def entry_table(entries: Sequence[Entry]) -> None:
    """The puzzles as a table: rich's on a terminal, tab-separated lines (a header first) in a pipe."""
    rows = [_cells(e) for e in entries]
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.table import Table

        table = Table(*HEADERS, show_lines=False, header_style="bold")
        for row in rows:
            table.add_row(*row)
        Console().print(table)
        return
    print("\t".join(HEADERS))
    for row in rows:
        print("\t".join(row))


def show_entry(entry: Entry, tags: Sequence[str], solution: bool) -> None:
    """One puzzle drawn with the terminal renderer, then its facts."""
    from queens_sat.services.render.terminal import board_lines, queen_mark, wants_color

    puzzle = entry.as_puzzle()
    cols = entry.solution_columns() if solution else None
    print("\n".join(board_lines(puzzle, cols, color=wants_color(sys.stdout), queen=queen_mark(sys.stdout))))
    stars = f", {entry.stars} stars" if entry.stars > 1 else ""
    grade = entry.status
    if entry.grade and entry.score is not None:
        grade = f"{entry.grade} (score {entry.score:.1f}, hardest: {entry.hardest})"
    print(f"#{entry.id}: {entry.n}x{entry.n}{stars}, {entry.rule}, {grade}")
    print(f"  key {entry.key}; style {entry.style or '-'}; source {entry.source or '-'}; added {entry.added}")
    if tags:
        print(f"  tags: {', '.join(tags)}")


def stats_table(rows: Sequence[tuple[int, int, str | None, int]]) -> None:
    """Counts by size (and stars), one column per grade."""
    from queens_sat.services.library.entries import GRADES

    columns = [*GRADES, "none"]
    sizes: dict[tuple[int, int], dict[str, int]] = {}
    for n, stars, grade, number in rows:
        sizes.setdefault((n, stars), {})[grade or "none"] = number
    print("\t".join(["size", *columns, "total"]))
    for (n, stars), counts in sorted(sizes.items()):
        size = f"{n}x{n}" + (f" {stars}*" if stars > 1 else "")
        print("\t".join([size, *(str(counts.get(c, 0)) for c in columns), str(sum(counts.values()))]))
    print(f"total\t{sum(r[3] for r in rows)}")


def stats_chart(rows: Sequence[tuple[int, int, str | None, int]], path: str) -> None:
    """A stacked bar chart of the counts by size and grade (matplotlib, imported here)."""
    from queens_sat.services.render.style import require_matplotlib

    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from queens_sat.services.library.entries import GRADES

    sizes = sorted({(n, stars) for n, stars, _g, _c in rows})
    labels = [f"{n}x{n}" + (f" {k}*" if k > 1 else "") for n, k in sizes]
    fig, ax = plt.subplots()
    bottom = [0] * len(sizes)
    for grade in [*GRADES, None]:
        heights = [sum(c for n, k, g, c in rows if (n, k) == size and g == grade) for size in sizes]
        if any(heights):
            ax.bar(labels, heights, bottom=bottom, label=grade or "not graded")
            bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    ax.set_xlabel("size")
    ax.set_ylabel("puzzles")
    ax.legend()
    fig.savefig(path)
    plt.close(fig)
    print(f"wrote {path}", file=sys.stderr)
