"""Difficulty: the score of a solve's step record, its grade band, and the technique tiers.

``score_of`` sums the work of the recorded steps (below); ``LogicResult.grade`` is the band
of ``SCORE_BANDS`` the score falls in (calibrated in bench/grading.py, figures in
bench/grading-results.md). ``grade_of`` is the earlier grade, from the hardest technique
alone (ranked in the engine's own order, cheapest first, probes by depth, raised a notch
when it had to be used again and again), kept for callers that grade a bare count.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache

from queens_sat.engines.logic.deduction import (
    BLOCKS,
    CONFINEMENT,
    PIGEONHOLE,
    PROBE,
    QUEEN_ELIMINATES,
    RULE_NAMES,
    SINGLE_CANDIDATE,
    TECHNIQUES,
    WOULD_EMPTY_UNIT,
)

GRADES = ("Trivial", "Easy", "Medium", "Hard", "Expert")

_RANK = {
    QUEEN_ELIMINATES: 0,
    SINGLE_CANDIDATE: 1,
    CONFINEMENT: 2,
    PIGEONHOLE: 3,
    WOULD_EMPTY_UNIT: 4,
    BLOCKS: 5,  # Star Battle only
}


@cache
def rank(technique: str) -> int:
    """The place of a technique in the engine's order; "probe-d" ranks above all, by depth (kept
    per name: every graded answer asks it of each technique it used)."""
    if technique.startswith(PROBE + "-"):
        return len(_RANK) + probe_depth(technique) - 1
    return _RANK[technique]


@cache
def probe_depth(technique: str) -> int:
    """The depth of a "probe-d" technique, 0 for any other."""
    return int(technique.rsplit("-", 1)[1]) if technique.startswith(PROBE + "-") else 0


def hardest_of(counts: dict[str, int]) -> str | None:
    """The highest-ranked technique among those used, None when none was."""
    used = [t for t, k in counts.items() if k]
    return max(used, key=rank) if used else None


# The grade of each technique when it is the hardest one used.
_TIER = {t.name: t.tier for t in TECHNIQUES if t.tier is not None}  # deduction.TECHNIQUES
PROBE_TIERS = {1: 3}  # probe-1 is Hard; deeper probes are Expert
REPEATS_TO_RAISE = 3  # needing the hardest technique this often raises the grade one notch


# Star Battle (k > 1): counting stars into rows and regions and the would-starve check
# are the everyday moves of every 2-star solve, dozens of them, so they are Easy and
# their repeats raise nothing; 2x2 blocks are Medium. Calibrated on 1000 published
# KrazyDad 10x10 2-star puzzles: with these tiers the median of KrazyDad's own effort
# score rises grade by grade (bench/logic_stars.py).
_STAR_TIER = {t.name: t.star_tier for t in TECHNIQUES if t.star_tier is not None}
STAR_RAISE_FROM = 2  # the lowest Star Battle tier whose repeats raise the grade


def grade_of(counts: dict[str, int], stars: int = 1) -> str:
    """The grade of a solve that used each technique ``counts[t]`` times (see ``GRADES``).

    Trivial: queens and single candidates only; Easy: confinement; Medium: pigeonhole
    or would-empty-unit; Hard: probes of depth 1; Expert: deeper probes. One grade up
    when the hardest technique (above single candidates) was needed
    ``REPEATS_TO_RAISE`` times or more. With ``stars`` = k > 1 (Star Battle): Easy is
    confinement, pigeonhole and would-empty-unit (never raised), Medium two-by-two.
    """
    hardest = hardest_of(counts)
    if hardest is None:
        return GRADES[0]
    tiers, raise_from = (_TIER, 1) if stars == 1 else (_STAR_TIER, STAR_RAISE_FROM)
    tier = PROBE_TIERS.get(int(hardest.rsplit("-", 1)[1]), len(GRADES) - 1) if hardest.startswith(PROBE + "-") else tiers[hardest]
    if tier >= raise_from and counts[hardest] >= REPEATS_TO_RAISE:
        tier += 1
    return GRADES[min(tier, len(GRADES) - 1)]


# The difficulty score: the work a person does, summed over the steps of the record.
# A step costs its technique's weight (what it takes to see it) times how open the board
# still was (candidate cells a row: a pigeonhole among 40 open cells is harder to spot
# than among 12); a probe costs by its depth (a second-order "what if" is much harder)
# and its width (how many assumptions were tried before one failed). Queens' eliminations
# and single candidates cost nothing: everyone sees them. No re-solving: both engines
# hand the same (rule id, depth, candidates, tried) per step, so the score is the same.
_RULE_IDS = {name: i for i, name in enumerate(RULE_NAMES)}
_PROBE_ID = _RULE_IDS[PROBE]
STEP_WEIGHT = {i: t.weight for i, t in enumerate(TECHNIQUES) if t.weight is not None}  # deduction.TECHNIQUES
PROBE_WEIGHT = 4.0  # a probe of depth d costs PROBE_WEIGHT * d ** 2 ...
PROBE_WIDTH_WEIGHT = 6.0  # ... plus PROBE_WIDTH_WEIGHT * d ** 2 * log2(1 + assumptions tried), on an open board
PROBE_DEPTH_POWER = 2.0


def step_cost(rule_id: int, depth: int, candidates: int, tried: int, n: int) -> float:
    """What one step adds to the score (see above)."""
    openness = candidates / n
    if rule_id == _PROBE_ID:
        deep: float = math.pow(depth, PROBE_DEPTH_POWER)
        return deep * openness * (PROBE_WEIGHT + PROBE_WIDTH_WEIGHT * math.log2(1 + tried))
    return STEP_WEIGHT[rule_id] * openness


def score_of(steps: Iterable[tuple[int, int, int, int]], n: int) -> float:
    """The difficulty score of a solve whose steps are ``(rule id, depth, candidates, tried)``
    (rule ids index ``RULE_NAMES``), rounded to 0.1: 0 when nothing beyond eliminations
    and single candidates was needed, growing with the work."""
    total = 0.0
    for rule_id, depth, candidates, tried in steps:
        if rule_id > 1:  # eliminations and single candidates are free
            total += step_cost(rule_id, depth, candidates, tried, n)
    return round(total, 1)


# The grades as bands of the score: a grade is the band its score falls in, lower bound
# included (bench/grading.py calibrated them against publishers' levels).
SCORE_BANDS = (("Trivial", 0.0), ("Easy", 0.1), ("Medium", 15.0), ("Hard", 40.0), ("Expert", 500.0))


def grade_of_score(score: float) -> str:
    """The grade whose band holds ``score`` (``SCORE_BANDS``)."""
    grade = SCORE_BANDS[0][0]
    for name, low in SCORE_BANDS:
        if score >= low:
            grade = name
    return grade
