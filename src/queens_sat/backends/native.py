"""The native backend: the compiled bitmask searches, the default.

The one-queen search (``native/regions/``) is the twin of ``engines.regions.search_py``
and the k-star search (``native/stars/``) of ``engines.stars.search_py``, move for move,
on C integers without the GIL; boards up to n = 64 (a row is one 64-bit word). Larger
boards are declined, so that ``auto`` falls back to the reference with a message.
``search_many`` takes a batch of Queens boards in one native call per size and rule.
It also takes a ``PlainGrid`` (a bare grid checked in C), so a validator's call needs no ``Puzzle``.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator, Sequence

from queens_sat.backends.base import PlainBackend, PlainRoute, interrupted_batch
from queens_sat.engines.regions import counting as regions
from queens_sat.engines.regions.counting import native_limit, rule_code
from queens_sat.engines.stars import counting as star_search
from queens_sat.model.grids import PlainGrid
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import CompiledCount, Outcome, Solution, counted

Givens = tuple[Sequence[tuple[int, int]], Sequence[tuple[int, int]]]  # the given queens and the blocked cells
NO_GIVENS: Givens = ((), ())  # those of a board without any


# auto's first turn on the compiled searches, in nodes: about a tenth of a second on the hardest
# boards of each kind here (the region search does 1 to 50 million nodes a second, the k-star
# search about 200,000: its nodes carry the block flows)
FIRST_NODES = 1 << 18
FIRST_STAR_NODES = 1 << 14


class NativeBackend(PlainBackend):
    name = "native"
    takes_turns = True
    star_battle = True
    effort_unit = "nodes"
    install_hint = (
        "the compiled extension is not built (reinstall with a C compiler: pip install .) "
        "or is turned off by QUEENS_SAT_PURE_PYTHON"
    )

    @classmethod
    def available(cls) -> bool:
        return regions.compiled() is not None

    def batches(self) -> bool:
        return self.available()

    def unsupported(self, puzzle: Puzzle) -> str | None:
        if puzzle.stars > 1:
            module = star_search.compiled()
            if module is None:
                return "the compiled k-star search (queens_sat._stars) is not built"
            limit = module.MAX_N
        else:
            limit = regions.compiled_required().MAX_N
        if puzzle.n > limit:
            return f"the native search handles n <= {limit}, this board has n = {puzzle.n}"
        return None

    def first_effort(self, puzzle: Puzzle | PlainGrid) -> int:
        return FIRST_STAR_NODES if isinstance(puzzle, Puzzle) and puzzle.stars > 1 else FIRST_NODES

    def search(
        self, puzzle: Puzzle | PlainGrid, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None
    ) -> Outcome:
        return counted(_found(puzzle, native_limit(limit), keep, time_limit or 0.0, effort or 0), "native")

    def plain_route(self, grid: PlainGrid, limit: int | None, effort: int | None) -> PlainRoute | None:
        module = regions.compiled_required()
        return PlainRoute(module.count, module.count_rows, effort or 0, self.name)

    def search_many(
        self,
        puzzles: Sequence[Puzzle | PlainGrid],
        *,
        limit: int | None = 2,
        keep: int | None = None,
        time_limit: float | None = None,
        effort: int | None = None,
    ) -> list[Outcome]:
        """Every puzzle, one compiled call each, with no numpy and no other Python work between
        (the loop of ``Backend.search_many`` costs a method call and a routing decision a board);
        each ``Outcome``'s ``seconds`` is its own search's. Ctrl-C or SIGTERM raises
        ``Interrupted`` holding the outcomes finished."""
        keep = (limit if limit is not None else 2) if keep is None else keep
        cap, budget, nodes = native_limit(limit), time_limit or 0.0, effort or 0
        results: list[Outcome] = []
        clock = time.perf_counter
        for puzzle in puzzles:
            try:
                start = clock()
                found = _found(puzzle, cap, keep, budget, nodes)
                seconds = clock() - start
            except KeyboardInterrupt as stop:
                raise interrupted_batch(stop, [*results, *[None] * (len(puzzles) - len(results))]) from None
            results.append(counted(found, "native", seconds))
        return results

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Iterator[Solution]:
        """Every solution, handed out in growing chunks by a resumable search (fewer when timed out);
        a k-star board's all at once (its search does not resume)."""
        if puzzle.stars > 1:
            return super().iter_solutions(puzzle, time_limit)
        return self._chunks(puzzle, time_limit)

    def _chunks(self, puzzle: Puzzle, time_limit: float | None) -> Generator[Solution, None, bool]:
        search = regions.compiled_required().Search(
            puzzle.cells(), puzzle.n, rule_code(puzzle.rule), sorted(puzzle.queens), sorted(puzzle.blocked), time_limit or 0.0
        )
        chunk = 1
        while True:
            found = search.next_solutions(chunk)
            yield from found
            if len(found) < chunk:
                return search.timed_out
            chunk = min(4 * chunk, 4096)


def _found(board: Puzzle | PlainGrid, cap: int, keep: int, seconds: float, nodes: int) -> CompiledCount:
    """The compiled search of ``board`` (``cap`` solutions, 0 for all; ``seconds`` and ``nodes``
    0 for no limit): the region search for one queen a unit, the k-star search for more."""
    if isinstance(board, PlainGrid):
        return regions.compiled_count(board.cells, board.n, rule_code(board.rule), cap, keep, board.queens, (), seconds, nodes)
    if board.stars > 1:
        given, blocked = sorted(board.queens), sorted(board.blocked)
        return star_search.compiled_required().count(board.cells(), board.n, board.stars, cap, keep, given, blocked, seconds, nodes)
    givens: Givens = (sorted(board.queens), sorted(board.blocked)) if board.queens or board.blocked else NO_GIVENS
    return regions.compiled_count(board.cells(), board.n, rule_code(board.rule), cap, keep, *givens, seconds, nodes)
