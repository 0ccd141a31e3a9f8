"""One generated puzzle: from its seed, layouts drawn and repaired (or rejected) until one is unique.

Everything about puzzle number ``index`` of a run follows from the run's seed
and ``index`` alone (``attempt_seed``), so a run gives the same puzzles however
its work is spread over processes or machines. The one exception is a search
stopped by a time limit (``check_time_limit``, ``probe_time_limit``): where the
clock decides, a loaded machine may decide differently. Each puzzle counts its
``timeouts``; with none, it is reproducible exactly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

from queens_sat.backends import searching
from queens_sat.backends.native import NativeBackend
from queens_sat.model.arguments import choice, counted, optional_counted, seconds_or_none, whole_number
from queens_sat.model.errors import ArgumentError, PuzzleError, QueensSatError, shown
from queens_sat.model.grids import PlainGrid
from queens_sat.model.placement import star_cells
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.generator.designs import design, symmetry_of, symmetry_share
from queens_sat.services.generator.growth import grow_regions
from queens_sat.services.generator.joining import star_regions
from queens_sat.services.generator.layout import Layout
from queens_sat.services.generator.logic_filter import Grading
from queens_sat.services.generator.moves import Probe
from queens_sat.services.generator.placement import star_room
from queens_sat.services.generator.planting import LIST_ALL, corner_wanted, draw_greedy, draw_listed, planted_placement
from queens_sat.services.generator.reach import default_depth
from queens_sat.services.generator.region_rules import RegionRules
from queens_sat.services.generator.repair import repair, thin_repaired
from queens_sat.services.generator.styles import DEFAULT_STYLE, get_style
from queens_sat.services.generator.thinning import THIN_MAX_N
from queens_sat.services.generator.validators import Validator, Verdict, interpret, named_validator, native_stars, refusal, shared_backend

if TYPE_CHECKING:
    from queens_sat.backends.base import Backend

STRATEGIES = ("repair", "reject")


def score_range_of(value: Any) -> tuple[float, float]:
    """A (low, high) pair of numbers, else an ``ArgumentError`` naming ``score_range``."""
    try:
        low, high = value
        if isinstance(low, bool) or isinstance(high, bool):
            raise TypeError
        return float(low), float(high)
    except (TypeError, ValueError):
        raise ArgumentError(f"score_range must be a (low, high) pair of numbers, got {shown(value)}", argument="score_range") from None


Progress = Callable[[int, int, str], None]  # (puzzle index, layouts tried, the closest grade so far)
MAX_GIVENS = 3  # ``--max-givens``'s default
DESIGN_TRIES = 40  # drawn designs a puzzle tries before the rest of its layouts are blobs (always some puzzle)


@dataclass(frozen=True)
class GeneratorOptions:
    """What a run makes; the same options and seed give the same puzzles."""

    n: int
    rule: str = "no-touch"
    seed: int = 0
    strategy: str = "repair"
    validator: str | Validator = "auto"
    rules: RegionRules = field(default_factory=RegionRules)
    max_repairs: int | None = None  # per layout; None: 3 n (a layout that needs more is rarer than a fresh one is dear)
    max_restarts: int | None = None  # fresh layouts per puzzle; None: no limit
    check_time_limit: float | None = None  # seconds per validator call; None: none
    probe_time_limit: float | None = 1.0  # seconds per repair probe (only steers the repairs)
    logic: bool = False  # keep only puzzles the logic engine solves...
    max_depth: int | None = None  # ...with contradiction probes at most this deep (None: 0 for Queens, as the dailies, 2 for k stars)
    grades: tuple[str, ...] = ()  # keep only puzzles of these grades (implies logic)
    score_range: tuple[float, float] | None = None  # keep only puzzles whose logic score is in [low, high] (implies logic)
    grade_mix: bool = True  # with logic and neither grades nor a score range: Hard-or-harder puzzles at ``harder_share(n)``
    stars: int = 1  # k stars a row, column and region (Star Battle); 1: Queens
    style: str = DEFAULT_STYLE  # what the layouts look like (``styles.STYLES``)
    time_limit: float | None = None  # seconds a puzzle may take (then ``GenerationFailed``); None: no limit
    givens: bool = False  # starting hints: the fewest given queens (stars) of the answer that make a drawn layout unique
    max_givens: int = MAX_GIVENS  # ... at most this many (a layout that needs more is repaired as without givens)

    def __post_init__(self) -> None:
        choice(self.strategy, "strategy", STRATEGIES)
        choice(self.rule, "rule", ("no-touch", "queens"))
        n = whole_number(self.n, "n")
        if not 1 <= n <= 64:
            raise ArgumentError(f"the generator makes boards from n = 1 to 64, got n = {n}", argument="n")
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "stars", counted(self.stars, "stars", 1))
        object.__setattr__(self, "seed", whole_number(self.seed, "seed"))
        for name in ("max_repairs", "max_restarts", "max_depth"):
            object.__setattr__(self, name, optional_counted(getattr(self, name), name))
        for name in ("check_time_limit", "probe_time_limit"):
            object.__setattr__(self, name, seconds_or_none(getattr(self, name), name))
        get_style(self.style)
        if not isinstance(self.rules, RegionRules):
            raise ArgumentError(f"rules must be a RegionRules, got {shown(self.rules)}", argument="rules")
        if isinstance(self.grades, str):
            object.__setattr__(self, "grades", (self.grades,))
        elif not all(isinstance(g, str) for g in self.grades):
            raise ArgumentError(f"grades must be names of grades, got {shown(self.grades)}", argument="grades")
        if self.n in (2, 3) and self.stars == 1:
            raise ArgumentError(f"no {self.n}x{self.n} board has a solution under either rule", argument="n")
        why = star_room(self.n, self.stars, self.rule)
        if why:
            raise ArgumentError(why, argument="stars")
        why = self.layout_rules.infeasible(self.n)
        if why:
            raise ArgumentError(why, argument="rules")
        if self.time_limit is not None:
            object.__setattr__(self, "time_limit", seconds_or_none(self.time_limit, "time_limit"))
        object.__setattr__(self, "max_givens", counted(self.max_givens, "max_givens"))
        if isinstance(self.validator, str):
            named_validator(self.validator, stars=self.stars, n=self.n)  # an unknown, missing or unfit one fails here, not in every worker
        elif not callable(self.validator):
            raise ArgumentError(f"validator must be a name or a callable, got {shown(self.validator)}", argument="validator")
        if self.max_depth is None:
            object.__setattr__(self, "max_depth", default_depth(self.stars))
        if self.score_range is not None:
            low, high = score_range_of(self.score_range)
            if not 0 <= low <= high:
                why = f"a score range runs from a low to a high of at least 0, got {shown(self.score_range)}"
                raise ArgumentError(why, argument="score_range")
            object.__setattr__(self, "score_range", (low, high))
        if self.logic or self.grades or self.score_range is not None:
            from queens_sat.services.generator.logic_filter import check_grades, check_logic_stars

            check_logic_stars(self.n, self.stars)
            object.__setattr__(self, "grades", check_grades(tuple(self.grades)))
            if self.grades or self.score_range is not None:  # an unreachable grade is refused now, not after hours
                from queens_sat.services.generator.reach import unreachable

                why = unreachable(self.n, self.stars, self.depth, self.grades, self.score_range)
                if why:
                    raise ArgumentError(why, argument="grades")

    @property
    def depth(self) -> int:
        """The deepest probe the logic check allows (``max_depth`` after its default)."""
        return 0 if self.max_depth is None else self.max_depth

    @property
    def checks_logic(self) -> bool:
        return self.logic or bool(self.grades) or self.score_range is not None

    @property
    def layout_rules(self) -> RegionRules:
        """The rules the layouts keep: ``rules`` widened by the style's (``Style.rules``)."""
        return get_style(self.style).rules(self.rules, self.n)

    @property
    def repair_budget(self) -> int:
        return 3 * self.n if self.max_repairs is None else self.max_repairs


@dataclass
class GeneratedPuzzle:
    """A unique puzzle and how it was made."""

    index: int  # its number in the run: the run's seed and this make it again
    seed: int  # the run's seed
    n: int
    rule: str
    regions: list[list[int]]  # region k holds the queen of row k (k stars: regions in the order of their first star)
    solution: tuple[int, ...]  # the unique solution: the queen's column in each row (k stars: see rules.star_rows)
    seconds: float
    repairs: int  # cells moved on the layout that became this puzzle
    restarts: int  # layouts given up before it
    checks: int  # validator calls
    timeouts: int  # searches a time limit stopped (0: reproducible exactly)
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. the logic grade
    stars: int = 1  # k stars a row, column and region
    givens: tuple[tuple[int, int], ...] = ()  # given queens (stars), (row, column): part of the puzzle (``--givens``)

    def puzzle(self) -> Puzzle:
        """The puzzle as a ``Puzzle`` (with its given queens)."""
        return Puzzle(self.regions, rule=self.rule, stars=self.stars, queens=self.givens)


class GenerationFailed(QueensSatError, RuntimeError):
    """A puzzle could not be made within ``max_restarts``."""


class ValidatorError(QueensSatError, ValueError):
    """The validator contradicted the planted solution: a broken validator, not a bad board."""


SYMMETRIC_DESIGNS = ("mirror", "rotation")  # designs drawn symmetric under one symmetry of the square
DRAWN_MIN_SIZE = 3  # the smallest region a design draws (designs.no_specks)
CANONICAL_MAX_N = 16  # up to this n the solution a repair kills is the first other one, cell by cell (see first_other)
MIN_SYMMETRY = 0.9  # a symmetric design's region borders its symmetry must still keep after the repairs ...
SYMMETRIC_TRIES = 12  # ... in the first this many layouts of a puzzle (then any unique one will do)
SYMMETRIC_ANSWER_SHARE = 0.1  # symmetric designs whose planted answer their symmetry keeps (see ``designed``)


def attempt_seed(seed: int, index: int) -> int:
    """The seed of puzzle ``index`` of a run, independent of every other puzzle's."""
    return int(np.random.SeedSequence([seed % 2**64, index]).generate_state(1, np.uint64)[0])


class Searches:
    """The searches behind one puzzle: the validator's checks and the repairs' probes, counted."""

    def __init__(self, options: GeneratorOptions) -> None:
        validator = options.validator
        self.call = named_validator(validator, options.check_time_limit, options.stars) if isinstance(validator, str) else validator
        self.rule, self.probe_time_limit, self.stars = options.rule, options.probe_time_limit, options.stars
        self.checks = self.timeouts = 0
        self.star_probe: Backend | None = None
        self.queen_probe = "native" if NativeBackend.available() else "python"  # the search the Queens probes ask
        self.probe: Probe | None = self.solution_through
        if self.stars > 1:  # the probe asks the native search (else what auto picks); without one, repairs go unprobed
            backend = shared_backend("native" if native_stars(options.n, self.stars) else "auto")
            self.star_probe = backend if refusal(backend, options.n, self.stars) is None else None
            self.probe = self.solution_through if self.star_probe is not None else None

    def check(self, layout: Layout) -> Verdict:
        self.checks += 1
        # k = 1 calls keep the two-argument form, so that any checker of regions and rule plugs in
        found = self.call(layout.grid, rule=self.rule) if self.stars == 1 else self.call(layout.grid, rule=self.rule, stars=self.stars)
        verdict = interpret(found, layout.solution)
        if verdict.count == 2 and self.stars == 1 and layout.n <= CANONICAL_MAX_N:
            verdict = verdict._replace(other=self.first_other(layout) or verdict.other)
        self.timeouts += not verdict.settled
        if verdict.settled and verdict.count == 0:
            raise ValidatorError(
                f"the validator found no solution on a board that has one ({list(layout.solution)}): it is not counting right"
            )
        return verdict

    def probe_search(self, grid: np.ndarray, given: tuple[tuple[int, int], ...], limit: int, keep: int) -> Any | None:
        """The probes' search of the board with ``given`` queens (stars) placed, within the probe's
        time limit: the Queens search, or the k-star backend; None for k stars without one."""
        if self.stars == 1:
            board = PlainGrid(len(grid), grid, self.rule, grid, given)
            return searching.search(board, backend=self.queen_probe, limit=limit, keep=keep, time_limit=self.probe_time_limit)
        if self.star_probe is None:
            return None
        puzzle = Puzzle(grid.tolist(), rule=self.rule, stars=self.stars, queens=given)
        return self.star_probe.search(puzzle, limit=limit, keep=keep, time_limit=self.probe_time_limit)

    def extends(self, grid: np.ndarray, given: tuple[tuple[int, int], ...]) -> bool:
        """Whether some solution of the board puts a queen (star) on every cell of ``given``
        (a probe stopped by its time limit counts as "no": the planting then looks further)."""
        try:
            found = self.probe_search(grid, given, 1, 0)
        except PuzzleError:  # a given cell clashes with another (the pure-Python path says so, the native one counts 0)
            return False
        assert found is not None  # (the planting builds no answer of k stars without a probe)
        return bool(found.count) and not found.timed_out

    def listed(self, grid: np.ndarray) -> list[tuple[int, ...]] | None:
        """Every solution of the board when it has fewer than ``LIST_ALL`` (the same set whatever
        the search), else None (also when a search ran out of time, or no probe takes k stars)."""
        found = self.probe_search(grid, (), LIST_ALL, LIST_ALL)
        if found is None or found.timed_out or found.count >= LIST_ALL:
            return None
        return [tuple(int(c) for c in s) for s in found.solutions]

    def plant(self, grid: np.ndarray, rng: random.Random, sigma: list[int] | None = None, corner: bool | None = None) -> list[int] | None:
        """The answer planted on a drawn board: one of its solutions drawn by ``planting.answer_weight``
        and with a corner queen or not as ``corner`` asks (``sigma``: uniformly among those the cell map
        keeps, when any is listed: they are few), whatever the search's order; None when the board has none."""
        n = len(grid)
        solutions = self.listed(grid)
        kept = [s for s in solutions or () if sigma is not None and _kept_by(sigma, n, star_cells(s, self.stars))]
        if kept:
            return draw_listed(n, self.stars, kept, rng, weighted=False)
        if solutions is not None:
            return draw_listed(n, self.stars, solutions, rng, corner=corner) if solutions else None
        if self.stars > 1 and self.star_probe is None:  # no probe to build one with: one of the validator's, drawn
            found = self.call(grid, rule=self.rule, stars=self.stars)
            return draw_listed(n, self.stars, list(found.solutions), rng) if found.count else None
        return draw_greedy(n, self.stars, rng, lambda given: self.extends(grid, given), corner)

    def first_other(self, layout: Layout) -> tuple[int, ...] | None:
        """The lexicographically first solution other than the planted one (Queens): the one the
        repair then kills. Which second solution a search finds among three or more depends on
        its order of search, so taking the validator's would steer the repairs, and so the
        puzzles of a seed, by validator and by build (native or pure Python).

        Row by row, the column is pushed down while a search still finds another solution with
        that row's queen left of the best so far (a few searches a row, only when there are
        three solutions or more); above ``CANONICAL_MAX_N``, the least of three the probe finds.
        None when a probe ran out of time (then the validator's own is taken)."""
        n, planted = layout.n, tuple(layout.solution)
        rows = layout.rows()

        def others(given: tuple[tuple[int, int], ...], blocked: tuple[tuple[int, int], ...], limit: int) -> list[tuple[int, ...]] | None:
            try:
                puzzle = Puzzle(rows, rule=self.rule, queens=given, blocked=blocked)
            except PuzzleError:  # a given queen clashes with another
                return []
            found = searching.search(puzzle, backend=self.queen_probe, limit=limit, keep=limit, time_limit=self.probe_time_limit)
            if found.timed_out:
                return None
            return [s for s in (tuple(int(c) for c in cols) for cols in found.solutions) if s != planted]

        first = others((), (), 3)
        if first is None or len(first) < 2 or n > CANONICAL_MAX_N:  # all listed (or too big a board to ask row by row)
            return min(first, default=None) if first is not None else None
        witness = min(first)
        given: tuple[tuple[int, int], ...] = ()
        for r in range(n):
            while witness[r] > 0:
                left = others(given, tuple((r, c) for c in range(witness[r], n)), 2)
                if left is None:
                    return None
                if not left:
                    break
                witness = min(left)
            given = (*given, (r, witness[r]))
        return witness

    def unique_with(self, layout: Layout, given: tuple[tuple[int, int], ...]) -> bool | None:
        """Whether the layout has one solution once ``given`` holds queens (stars); None when a search ran out of time."""
        found = self.probe_search(layout.grid, given, 2, 0)
        if found is None:
            return None
        self.checks += 1
        return None if found.timed_out and found.count < 2 else found.count == 1

    def solution_through(self, layout: Layout, cells: tuple[int, ...]) -> bool:
        """Whether some solution of the layout puts a queen on one of ``cells`` (the repair's probe).

        One fast search per cell with that cell as a given queen (star), which leaves it
        little to search. It only steers the repairs (the validator has the last
        word), so a probe stopped by its time limit just counts as "yes".
        """
        n = layout.n
        for cell in cells:
            found = self.probe_search(layout.grid, (divmod(cell, n),), 1, 0)  # (k stars: only made with a k-star probe)
            assert found is not None
            if found.timed_out:
                self.timeouts += 1
                return True
            if found.count:
                return True
        return False


def make_puzzle(options: GeneratorOptions, index: int, progress: Progress | None = None) -> GeneratedPuzzle:
    """Puzzle number ``index`` of the run described by ``options`` (a unique one, and logic-solvable
    if asked, steered into the asked grades); ``progress(index, layouts, closest)`` hears of each
    fresh layout a graded puzzle needs."""
    start = time.perf_counter()
    rng = random.Random(attempt_seed(options.seed, index))
    searches = Searches(options)
    draw = random.Random(attempt_seed(options.seed, index) ^ 1).random()  # its own stream: the layouts' stays as it was
    grading = Grading(options, draw)
    deadline = None if options.time_limit is None else start + options.time_limit
    n, base_rules, style = options.n, options.layout_rules, get_style(options.style)
    cap = base_rules.max_size(n)
    restarts = 0
    # the design is drawn once a puzzle: redrawn on every restart, the designs that need more
    # tries (the symmetric ones) would come out less often than the style's mix asks
    drawn_kind = style.draw(rng, n, options.stars)
    drawn_rules = style.layout_rules(base_rules, rng)  # likewise its smallest region
    # and whether its answer has a corner queen (its own stream): drawn per layout, the layouts whose
    # answers have one, more often unique after the repairs, came out in 73 % of puzzles for 62 % drawn
    corner = corner_wanted(n, options.stars, random.Random(attempt_seed(options.seed, index) ^ 2))
    while True:
        if options.max_restarts is not None and restarts > options.max_restarts:
            what = f"no puzzle {grading.wanted()}" if grading.on else "no unique puzzle"
            why = f"; {grading.closest_text()}" if grading.on else ""
            raise GenerationFailed(f"puzzle {index}: {what} after {options.max_restarts} fresh layouts{why}")
        if deadline is not None and time.perf_counter() > deadline:
            why = f"; {grading.closest_text()}" if grading.on else ""
            raise GenerationFailed(f"puzzle {index}: none within the time limit of {options.time_limit:g} s ({restarts} layouts{why})")
        if progress is not None and grading.on and restarts:
            progress(index, restarts, grading.closest_text())
        # past DESIGN_TRIES: blobs, which nearly always have a speck somewhere (as the blobs style allows)
        # a Trivial-only request goes to blobs at once: no drawn design (no specks) ever solved with single candidates alone
        tries = 0 if grading.on and grading.trivial_only() else DESIGN_TRIES
        kind, rules = (drawn_kind, drawn_rules) if restarts < tries else ("blobs", replace(base_rules, min_size=1))
        cells: list[int] | None
        if kind != "blobs":
            drawn = designed(options, kind, rng, searches, corner)
            if drawn is None:
                restarts += 1
                continue
            cells, solution = drawn
        else:
            solution = planted_placement(n, rng, options.rule, options.stars, corner)
            if options.stars == 1:
                cells = grow_regions(n, solution, rng, cap)
            else:
                cells = star_regions(n, options.stars, solution, rng, cap)
        # a drawing may hold regions of 3 cells (its own floor) where the puzzle's repairs may leave none under 4
        if cells is None or replace(rules, min_size=min(rules.min_size, DRAWN_MIN_SIZE)).violations(cells, n):
            restarts += 1
            continue
        layout = Layout(n, options.rule, cells, solution, options.stars)
        mirror: list[int] | None = None
        if options.strategy == "repair":
            # a move and its mirror image keep a symmetric layout symmetric, but only a solution the
            # symmetry maps onto itself can then be the only one (its image is a solution too)
            planted = [r * n + c for r, c in star_cells(solution, options.stars)]
            drawn_symmetry = symmetry_of(cells, n) if kind in SYMMETRIC_DESIGNS else None
            # a symmetric design's moves are mirrored whatever its answer (``mirror_move`` never moves a
            # planted cell, so the board stays symmetric but where the answer needs it: nearly symmetric)
            mirror = drawn_symmetry or (symmetry_of(cells, n, fixing=planted) if kind != "blobs" else None)
            hints = fewest_givens(layout, searches, rng, options.max_givens) if options.givens else None
            if hints is not None:  # unique with these givens as drawn: no repair
                layout.givens = hints
                unique, repairs, drawn_symmetry = True, 0, None
            else:
                outcome = repair(layout, searches.check, rng, rules, options.repair_budget, searches.probe, mirror)
                unique, repairs = outcome.unique, outcome.repairs
                if unique and repairs and kind != "blobs" and searches.probe is not None and n <= THIN_MAX_N:
                    # the repairs fatten a thin drawing: its squares taken back down to the drawn count
                    repairs += thin_repaired(layout, cells, rng, rules, searches.probe, mirror)
            if unique and drawn_symmetry is not None and restarts < SYMMETRIC_TRIES:
                # repairs that broke a symmetric design's symmetry made a board of another style: draw again
                unique = symmetry_share(layout.cells, n, drawn_symmetry) >= MIN_SYMMETRY
        else:
            verdict = searches.check(layout)
            unique, repairs = verdict.settled and verdict.count == 1, 0
        # steering mirrors its moves on a symmetric design's board too (not on one its givens made unique)
        steer_mirror = mirror if kind in SYMMETRIC_DESIGNS and not layout.givens else None
        extra = grading.keep(layout, rng, rules, deadline, steer_mirror) if unique else None
        if extra is not None:
            return GeneratedPuzzle(
                index, options.seed, n, options.rule, layout.rows(), layout.solution,
                time.perf_counter() - start, repairs, restarts, searches.checks, searches.timeouts, extra, options.stars,
                layout.givens,
            )
        restarts += 1


def designed(
    options: GeneratorOptions, kind: str, rng: random.Random, searches: Searches, corner: bool | None = None,
) -> tuple[list[int], list[int]] | None:
    """A partition drawn in design ``kind`` and a solution of it, the regions renumbered as ``Layout``
    wants them (region k holds the queen of row k; k stars: in the order of their first star);
    None when the drawing failed or has no solution."""
    n = options.n
    cells = design(kind, n, rng)
    if cells is None:
        return None
    searches.checks += 1
    grid = np.array(cells, dtype=np.int64).reshape(n, n)
    found = searches.call(grid, rule=options.rule) if options.stars == 1 else searches.call(grid, rule=options.rule, stars=options.stars)
    if not getattr(found, "count", found):  # a bool verdict (True: unique) or a count
        return None
    # plant a solution the symmetry keeps, so that repairs can keep it too (else any: drawn, see planting)
    # a board its symmetry keeps exactly can only have an answer the symmetry keeps, and there are
    # few (122 under the half turn at n = 8 and 9): in most puzzles any answer is planted, and the
    # mirrored repairs leave the board nearly symmetric (as the mirror design's always are); the
    # symmetric answers make unique boards more often (planted in 20 % of layouts, they were the
    # answers of 42 % of puzzles at n = 8, one of them 4 times in 100)
    exact = kind in SYMMETRIC_DESIGNS and options.stars == 1 and rng.random() < SYMMETRIC_ANSWER_SHARE
    sigma = symmetry_of(cells, n) if exact else None
    solution = searches.plant(grid, rng, sigma, corner)
    if solution is None:
        return None
    order: dict[int, int] = {}
    for r, c in star_cells(solution, options.stars):
        order.setdefault(cells[r * n + c], len(order))
    return [order[k] for k in cells], solution


def fewest_givens(layout: Layout, searches: Searches, rng: random.Random, most: int) -> tuple[tuple[int, int], ...] | None:
    """The fewest queens (stars) of the planted answer that, given, leave it the layout's only
    solution: every set of one, then of two... up to ``most``, each size's sets in a random order
    (no cell is favoured); None when none does. () when the layout is unique as it is."""
    first = searches.unique_with(layout, ())
    if first:
        return ()
    if first is None:
        return None
    cells = star_cells(layout.solution, layout.stars)
    for size in range(1, most + 1):
        sets = list(combinations(cells, size))
        rng.shuffle(sets)
        for given in sets:
            if searches.unique_with(layout, tuple(sorted(given))):
                return tuple(sorted(given))
    return None


def _kept_by(sigma: list[int], n: int, cells: list[tuple[int, int]]) -> bool:
    """Whether the cell map ``sigma`` maps these cells onto themselves."""
    flat = {r * n + c for r, c in cells}
    return {sigma[x] for x in flat} == flat
