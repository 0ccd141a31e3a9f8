"""Which grades the generator reaches, per size, star count and probe depth: asked before any work.

A grade is a band of the logic score, and what a board can score depends on its size and on
the deepest contradiction probe the logic check may use: without probes (``max_depth`` 0) a
Queens board never scores an Expert's 500, and a 5 x 5 one never a Hard. ``REACH`` holds, for
each star count and grade, the least depth and the span of sizes at which the generator made
the grade within seconds (bench/grade_reach.py, figures in bench/generator-results.md); a deeper
probe reaches what a shallower one does. A request none of whose
grades is reachable is refused at once, naming the setting that would reach it. Star counts
the table does not hold (k >= 3) are not refused: no figures, no verdict.
"""

from __future__ import annotations

from collections.abc import Iterable

from queens_sat.engines.logic.grading import GRADES, SCORE_BANDS

# (stars, grade) -> ((least depth, smallest n, largest n or None), ...), from bench/grade_reach.py
# (no-touch rule; seeds 1-2 a cell, 10 s a puzzle on a loaded machine). Scores grow with n, so the
# easy grades have a largest n: a 10 x 10 2-star board never came out Easy within the limit.
REACH: dict[tuple[int, str], tuple[tuple[int, int, int | None], ...]] = {
    (1, "Trivial"): ((0, 5, None),),
    (1, "Easy"): ((0, 5, None),),
    (1, "Medium"): ((0, 5, None),),
    (1, "Hard"): ((0, 5, None),),
    (1, "Expert"): ((1, 7, None),),  # probes: no depth-0 solve scored 500 (closest 120 at n 8-9)
    (2, "Trivial"): (),  # closest Easy (4-5) at n 8 and 10
    (2, "Easy"): ((1, 8, 9),),
    (2, "Medium"): ((1, 8, 11),),  # closest Hard (57) at n 12
    (2, "Hard"): ((1, 8, None),),
    (2, "Expert"): ((1, 8, None),),
}


def measured(stars: int) -> bool:
    """Whether ``REACH`` has figures for boards with ``stars`` stars."""
    return any(k == stars for k, _ in REACH)


def reaches(n: int, stars: int, depth: int, grade: str) -> bool:
    """Whether the generator makes ``grade`` on n x n boards with ``stars`` stars at probe depth ``depth``."""
    if not measured(stars):
        return True
    return any(depth >= d and lo <= n <= (hi or n) for d, lo, hi in REACH.get((stars, grade), ()))


def least_depth(n: int, stars: int, grade: str) -> int | None:
    """The least probe depth at which ``grade`` is reached on n x n boards (None: at no depth)."""
    if not measured(stars):
        return 0
    depths = [d for d, lo, hi in REACH.get((stars, grade), ()) if lo <= n <= (hi or n)]
    return min(depths) if depths else None


def reachable_grades(n: int, stars: int = 1, depth: int | None = None) -> dict[str, int]:
    """Each grade reached on n x n boards with ``stars`` stars, with the least depth it needs
    (only those within ``depth`` when given)."""
    out = {}
    for grade in GRADES:
        d = least_depth(n, stars, grade)
        if d is not None and (depth is None or d <= depth):
            out[grade] = d
    return out


def default_depth(stars: int) -> int:
    """The probe depth the generator grades at when none is asked: 0 for Queens (published dailies
    need no probes), 2 for Star Battles (without probes few k-star boards are solved by logic)."""
    return 0 if stars == 1 else 2


def grade_table(sizes: Iterable[int], star_counts: Iterable[int]) -> dict[str, dict[str, dict[str, int]]]:
    """``{stars: {n: {grade: least depth}}}`` for the sizes each star count fits (n >= 4 k): what a client offers."""
    return {
        str(k): {str(n): reachable_grades(n, k) for n in sizes if n >= 4 * k or k == 1}
        for k in star_counts
    }


def grades_in(score_range: tuple[float, float]) -> list[str]:
    """The grades whose score band meets ``[low, high]``."""
    low, high = score_range
    bounds = [b for _, b in SCORE_BANDS[1:]] + [float("inf")]
    return [name for (name, a), b in zip(SCORE_BANDS, bounds, strict=True) if a <= high and low < b]


def unreachable(n: int, stars: int, depth: int, grades: tuple[str, ...], score_range: tuple[float, float] | None) -> str | None:
    """Why no puzzle of these grades (and score range) can come on n x n boards at ``depth``, naming
    the setting that would reach one; None when some can."""
    wanted = [g for g in (grades or GRADES) if score_range is None or g in grades_in(score_range)]
    if not wanted and score_range is not None:
        return f"no grade's score band meets the score range {score_range[0]:g}:{score_range[1]:g} together with {', '.join(grades)}"
    if any(reaches(n, stars, depth, g) for g in wanted):
        return None
    what = " or ".join(wanted) if grades or score_range is None else f"a score in {score_range[0]:g}:{score_range[1]:g}"
    board = f"{n}x{n}" + (f" {stars}-star" if stars > 1 else "")
    fixes = []
    depths = [d for g in wanted if (d := least_depth(n, stars, g)) is not None]
    if depths:
        fixes.append(f"--max-depth {min(depths)} reaches it")
    spans = [(lo, hi) for g in wanted for d, lo, hi in REACH.get((stars, g), ()) if d <= depth]
    if spans:
        lo, hi = min(spans)
        fixes.append(f"n >= {lo} reaches it at depth {depth}" if hi is None else f"n {lo} to {hi} reaches it at depth {depth}")
    hint = "; ".join(fixes) if fixes else "no size or depth the generator knows reaches it"
    return f"{what} cannot be reached on a {board} board with probes at most {depth} deep: {hint}"
