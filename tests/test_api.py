"""The public API's edges: exports, ``rule=`` and bare grids everywhere, ``is_unique``'s time limit."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import queens_sat as qs
from queens_sat import Puzzle, PuzzleError, Undecided
from queens_sat.backends import get_backend
from queens_sat.backends.base import Backend
from queens_sat.formats import read_puzzle
from queens_sat.model.result import Outcome

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# 5x5, unique under no-touch: one region per row except a twist, found by the solver once
GRID = [
    [0, 0, 1, 1, 1],
    [0, 2, 2, 2, 1],
    [3, 3, 2, 4, 4],
    [3, 3, 3, 4, 4],
    [3, 3, 3, 4, 4],
]


def test_all_names_every_export_and_only_those() -> None:
    assert sorted(qs.__all__) == sorted([*qs._EXPORTS, "__version__"])
    for name in qs.__all__:
        assert getattr(qs, name) is not None


def test_type_checkers_see_every_export() -> None:
    """The ``if TYPE_CHECKING:`` block imports each exported name (else a type checker sees ``Any``)."""
    tree = ast.parse((Path(qs.__file__)).read_text())
    seen: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom)
                if stmt.module != "typing":  # the annotations' own names, not exports
                    seen.update(alias.name for alias in stmt.names)
    assert seen == set(qs._EXPORTS)


def test_py_typed_ships() -> None:
    assert (Path(qs.__file__).parent / "py.typed").exists()


def test_every_public_name_has_a_docstring() -> None:
    for name in qs.__all__:
        value = getattr(qs, name)
        if callable(value):
            assert (value.__doc__ or "").strip(), name


@pytest.mark.parametrize("grid", [GRID, [" ".join(map(str, row)) for row in GRID]])
def test_bare_grids_wherever_a_puzzle_goes(grid: object) -> None:
    puzzle = Puzzle(GRID)
    expected = qs.solve(puzzle)
    assert qs.solve(grid).status == expected.status
    assert qs.is_unique(grid) == expected.is_unique
    assert qs.count_solutions(grid) == qs.count_solutions(puzzle)
    assert list(qs.iter_solutions(grid)) == list(qs.iter_solutions(puzzle))
    assert qs.logic_solve(grid).status == qs.logic_solve(puzzle).status
    assert qs.next_hint(grid).status == qs.next_hint(puzzle).status


def test_rule_applies_to_a_puzzle_and_a_grid_alike() -> None:
    no_touch = read_puzzle(EXAMPLES / "unique-8.json")
    assert no_touch.rule == "no-touch"
    regions = [list(row) for row in no_touch.regions]
    queens = Puzzle(regions, rule="queens")
    for other in (no_touch, regions):
        assert qs.count_solutions(other, rule="queens") == qs.count_solutions(queens)
        assert qs.is_unique(other, rule="queens") == qs.is_unique(queens)
        assert qs.solve(other, rule="queens").count == qs.solve(queens).count
        assert qs.logic_solve(other, rule="queens").status == qs.logic_solve(queens).status
    # None keeps the puzzle's own rule
    assert qs.as_puzzle(queens).rule == "queens"
    assert qs.as_puzzle(queens, "no-touch").rule == "no-touch"


def test_a_rule_the_givens_break_is_a_clear_error() -> None:
    # two given queens on one diagonal, far apart: fine under no-touch, not under queens
    puzzle = Puzzle(n=6, queens=[(0, 0), (2, 2)])
    with pytest.raises(PuzzleError, match="diagonal"):
        qs.is_unique(puzzle, rule="queens")


def test_an_unknown_rule_is_refused() -> None:
    with pytest.raises(PuzzleError, match="rule"):
        qs.is_unique(Puzzle(GRID), rule="kings")


def test_is_unique_answers_within_a_time_limit() -> None:
    assert qs.is_unique(GRID, time_limit=60) == qs.is_unique(GRID)
    assert qs.is_unique(Puzzle(GRID), time_limit=60) == qs.is_unique(GRID)


def test_is_unique_refuses_a_bad_time_limit() -> None:
    with pytest.raises(ValueError, match="time limit"):
        qs.is_unique(GRID, time_limit=0)


class _CutShort(Backend):
    """A search that the time limit stops after its first solution, as a slow backend would report it."""

    name = "cut-short"

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        first = get_backend("python").search(puzzle, limit=1, keep=1, time_limit=None)
        return Outcome(first.solutions[:keep], first.count, complete=False, timed_out=True)


def test_undecided_is_not_false() -> None:
    """A search the time limit cuts short raises ``Undecided`` rather than answering "not unique"."""
    with pytest.raises(Undecided, match="time limit") as caught:
        qs.is_unique(Puzzle(GRID), backend=_CutShort(), time_limit=5)
    assert caught.value.found == 1
    assert isinstance(caught.value, TimeoutError)
    assert qs.solve(Puzzle(GRID), backend=_CutShort()).status is qs.Status.UNKNOWN  # solve reports it as a status


UNIQUE5 = [[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 4, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 2]]


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: qs.solve(UNIQUE5, backend=5), qs.BackendError, "a backend is a name"),
        (lambda: qs.solve(UNIQUE5, limit=2.5), qs.UsageError, "limit must be a whole number"),
        (lambda: qs.solve(UNIQUE5, limit=True), qs.UsageError, "limit must be a whole number"),
        (lambda: qs.solve(UNIQUE5, keep=-1), qs.UsageError, "keep must be at least 0"),
        (lambda: qs.count_solutions(UNIQUE5, limit="2"), qs.UsageError, "limit must be a whole number"),
        (lambda: qs.solve(UNIQUE5, time_limit="1"), qs.UsageError, "a time limit is a number of seconds"),
        (lambda: qs.Puzzle(n=2.0), PuzzleError, "size n must be an integer"),
        (lambda: qs.iter_solutions(qs.Puzzle(n=8), rule="rook"), PuzzleError, "rule 'rook'"),
    ],
)
def test_bad_api_arguments_raise_typed_errors(call, error, words) -> None:
    """Every misuse of the API's arguments is a ``QueensSatError`` subclass naming the argument,
    never an AttributeError from inside, nor a value returned as if all were well."""
    with pytest.raises(error, match=words) as raised:
        call()
    assert isinstance(raised.value, qs.QueensSatError)


def test_extreme_and_numpy_arguments_are_taken_as_meant() -> None:
    """A limit past any count (2**63) counts all, a time limit past a float's range is no limit,
    and numpy integers are whole numbers like any int: as n, stars, limit and region labels."""
    np = pytest.importorskip("numpy")
    assert qs.solve(UNIQUE5, limit=2**63).count == 1
    assert qs.solve(UNIQUE5, keep=2**70).solutions == qs.solve(UNIQUE5, limit=None).solutions
    assert qs.solve(UNIQUE5, time_limit=10**400).status is qs.Status.UNIQUE
    assert qs.solve(UNIQUE5, limit=np.int64(1)).count == 1
    board = qs.Puzzle(n=np.int64(6), rule="queens", stars=np.int64(1))
    assert type(board.n) is int and board.n == 6 and type(board.stars) is int
    numbered = qs.Puzzle([[np.int64(v) for v in row] for row in UNIQUE5])
    assert numbered == qs.Puzzle(UNIQUE5) and qs.is_unique(numbered)


def test_region_free_kernels_check_their_arguments() -> None:
    """The kernels the README offers for boards without regions refuse a negative n or an unknown
    rule with a ``PuzzleError`` at the call (not an empty answer, not no-touch by default)."""
    from queens_sat.engines import nqueens

    for call in (
        lambda: nqueens.construct(-5, "queens"),
        lambda: nqueens.iter_solutions(8, "rook"),
        lambda: nqueens.count_queens(-3),
        lambda: nqueens.local_search(2, "queens"),
        lambda: nqueens.count_no_touch(-1),
    ):
        with pytest.raises(PuzzleError):
            call()
    assert len(list(nqueens.iter_solutions(6, "queens"))) == 4
