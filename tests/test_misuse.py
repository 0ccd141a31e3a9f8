"""The public API under misuse: every function of ``queens_sat.__all__`` given bad arguments (wrong
kinds, out of range, floats for counts, strings for depths) raises a ``QueensSatError``, a bad
argument an ``ArgumentError`` naming it; numpy integers are taken wherever ints are."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import queens_sat as qs
from queens_sat.model.errors import ArgumentError

GRID = [[0, 0, 1, 1, 1], [0, 2, 2, 2, 1], [3, 2, 4, 2, 1], [3, 2, 2, 2, 1], [3, 3, 3, 1, 1]]  # any 5x5 layout


def nq(name: str) -> Callable[..., Any]:
    return getattr(qs.nqueens, name)  # type: ignore[no-any-return]


def rg(name: str) -> Callable[..., Any]:
    return getattr(qs.regions, name)  # type: ignore[no-any-return]


# (function name, call, the argument it must name, or None where only the error's kind is checked)
MISUSE: list[tuple[str, Callable[[], Any], str | None]] = [
    ("generate", lambda: qs.generate(-1), "n"),
    ("generate", lambda: qs.generate(2.5), "n"),
    ("generate", lambda: qs.generate("8"), "n"),
    ("generate", lambda: qs.generate(6, count=-1), "count"),
    ("generate", lambda: qs.generate(6, count=2.5), "count"),
    ("generate", lambda: qs.generate(6, workers=0), "workers"),
    ("generate", lambda: qs.generate(6, rule="rook"), "rule"),
    ("generate", lambda: qs.generate(8, seed="x"), "seed"),
    ("generate", lambda: qs.generate(8, seed=1.5), "seed"),
    ("generate", lambda: qs.generate(6, strategy="x"), "strategy"),
    ("generate", lambda: qs.generate(6, style="x"), "style"),
    ("generate", lambda: qs.generate(6, style=["x"]), "style"),
    ("generate", lambda: qs.generate(6, max_depth=-1, logic=True), "max_depth"),
    ("generate", lambda: qs.generate(6, max_depth=2.5, logic=True), "max_depth"),
    ("generate", lambda: qs.generate(6, max_repairs="x"), "max_repairs"),
    ("generate", lambda: qs.generate(6, check_time_limit=-1), "check_time_limit"),
    ("generate", lambda: qs.generate(6, grades=("x",)), "grades"),
    ("generate", lambda: qs.generate(6, grades=(1,)), "grades"),
    ("generate", lambda: qs.generate(6, score_range=(1,)), "score_range"),
    ("generate", lambda: qs.generate(6, score_range=(3, 1)), "score_range"),
    ("generate", lambda: qs.generate(6, stars=0), "stars"),
    ("generate", lambda: qs.generate(6, validator=3), "validator"),
    ("generate", lambda: qs.generate(6, validator="x"), None),
    ("logic_solve", lambda: qs.logic_solve(GRID, max_depth=-1), "max_depth"),
    ("logic_solve", lambda: qs.logic_solve(GRID, max_depth=2.5), "max_depth"),
    ("logic_solve", lambda: qs.logic_solve(GRID, max_depth="x"), "max_depth"),
    ("logic_solve", lambda: qs.logic_solve(GRID, engine="x"), "engine"),
    ("logic_solve", lambda: qs.logic_solve(GRID, time_limit="x"), "time_limit"),
    ("logic_solve", lambda: qs.logic_solve(GRID, time_limit=-1), "time_limit"),
    ("logic_solve", lambda: qs.logic_solve(GRID, rule="rook"), None),
    ("logic_solve", lambda: qs.logic_solve(3), None),
    ("next_hint", lambda: qs.next_hint(GRID, max_depth="x"), "max_depth"),
    ("next_hint", lambda: qs.next_hint(GRID, max_depth=-1), "max_depth"),
    ("next_hint", lambda: qs.next_hint(GRID, max_depth=1.5), "max_depth"),
    ("next_hint", lambda: qs.next_hint(GRID, backend="x"), None),
    ("next_hint", lambda: qs.next_hint(GRID, time_limit=0), "time_limit"),
    ("solve", lambda: qs.solve(GRID, limit=0), "limit"),
    ("solve", lambda: qs.solve(GRID, limit=2.5), "limit"),
    ("solve", lambda: qs.solve(GRID, keep="x"), "keep"),
    ("solve", lambda: qs.solve(GRID, time_limit="x"), "time_limit"),
    ("solve", lambda: qs.solve(GRID, backend="x"), None),
    ("solve", lambda: qs.solve(GRID, backend=3), None),
    ("solve", lambda: qs.solve(GRID, rule="rook"), None),
    ("solve", lambda: qs.solve(GRID, stars=2.5), None),
    ("solve", lambda: qs.solve(None), None),
    ("solve", lambda: qs.solve([[0, 1], [2]]), None),
    ("count_solutions", lambda: qs.count_solutions(GRID, limit=-3), "limit"),
    ("count_solutions", lambda: qs.count_solutions(GRID, time_limit=float("nan")), "time_limit"),
    ("is_unique", lambda: qs.is_unique(GRID, time_limit=-1), "time_limit"),
    ("iter_solutions", lambda: list(qs.iter_solutions(GRID, time_limit="x")), "time_limit"),
    ("as_puzzle", lambda: qs.as_puzzle(3), None),
    ("as_puzzle", lambda: qs.as_puzzle(GRID, stars="2"), None),
    ("Puzzle", lambda: qs.Puzzle(GRID, rule="rook"), None),
    ("Puzzle", lambda: qs.Puzzle(GRID, stars=-1), None),
    ("Puzzle", lambda: qs.Puzzle([[0.5]]), None),
    ("get_backend", lambda: qs.get_backend("x"), None),
    ("get_backend", lambda: qs.get_backend(3), None),
    ("check_record", lambda: qs.check_record("x"), "record"),
    ("check_records", lambda: list(qs.check_records([3])), "records"),
    ("check_records", lambda: list(qs.check_records(3)), "records"),
    ("parse_puzzle", lambda: qs.parse_puzzle(3), "text"),
    ("parse_puzzle", lambda: qs.parse_puzzle("{}", format="x"), None),
    ("parse_puzzle", lambda: qs.parse_puzzle("[["), None),
    ("read_puzzle", lambda: qs.read_puzzle(3.5), "path"),
    ("read_puzzles", lambda: list(qs.read_puzzles(None)), "path"),
    ("puzzle_to_json", lambda: qs.puzzle_to_json("x"), "puzzle"),
    ("puzzle_to_text", lambda: qs.puzzle_to_text(3), "puzzle"),
    ("write_puzzle", lambda: qs.write_puzzle("x", "/tmp/never-written.json"), "puzzle"),
    ("read_puzzle_image", lambda: qs.read_puzzle_image(3.5), None),
    ("cancel_scope", lambda: qs.cancel_scope("x").__enter__(), "token"),
    ("nqueens.construct", lambda: nq("construct")(-1, "queens"), None),
    ("nqueens.construct", lambda: nq("construct")(2.5, "queens"), None),
    ("nqueens.construct", lambda: nq("construct")(8, "rook"), None),
    ("nqueens.local_search", lambda: nq("local_search")("x", "queens"), None),
    ("nqueens.count_queens", lambda: nq("count_queens")(2.5), None),
    ("nqueens.count_no_touch", lambda: nq("count_no_touch")(-2), None),
    ("nqueens.iter_solutions", lambda: list(nq("iter_solutions")(2.5, "queens")), None),
    ("nqueens.first_violation", lambda: nq("first_violation")(3, "queens"), "cols"),
    ("nqueens.first_violation", lambda: nq("first_violation")([0, 2], "rook"), "rule"),
    ("regions.count_regions", lambda: rg("count_regions")("x"), None),
    ("regions.count_regions", lambda: rg("count_regions")(GRID, limit=2.5), None),
    ("regions.count_regions", lambda: rg("count_regions")(GRID, keep=-1), None),
    ("regions.count_regions", lambda: rg("count_regions")(GRID, rule="rook"), "rule"),
    ("regions.count_regions", lambda: rg("count_regions")(GRID, queens=[(9, 9)]), "queens"),
    ("regions.count_batch", lambda: rg("count_batch")([[1]]), "regions"),
    ("regions.count_batch", lambda: rg("count_batch")([GRID], keep=-1), "keep"),
]


@pytest.mark.parametrize("name, call, argument", MISUSE, ids=[f"{m[0]}-{i}" for i, m in enumerate(MISUSE)])
def test_a_bad_argument_raises_a_typed_error(name: str, call: Callable[[], Any], argument: str | None) -> None:
    with pytest.raises(qs.QueensSatError) as caught:
        call()
    if argument is not None:
        assert isinstance(caught.value, ArgumentError), f"{name}: {type(caught.value).__name__}: {caught.value}"
        assert caught.value.argument == argument
        assert argument.split("_")[0].rstrip("s") in str(caught.value)


def test_the_table_walks_every_public_function() -> None:
    """Every callable name of ``__all__`` (classes of results and errors aside) has a row."""
    covered = {m[0].split(".")[0] for m in MISUSE}
    skipped = {"available_backends"}  # takes no argument
    for name in qs.__all__:
        value = getattr(qs, name)
        if name in skipped or (isinstance(value, type) and name not in {"Puzzle"}):
            continue
        if callable(value) or name in {"nqueens", "regions"}:
            assert name in covered, f"no misuse row for {name}"


def test_numpy_integers_are_taken_wherever_ints_are() -> None:
    six = np.int64(6)
    made = qs.generate(six, count=np.int32(1), seed=np.int16(3), workers=np.int64(1))
    assert made[0].puzzle().regions == qs.generate(6, count=1, seed=3)[0].puzzle().regions
    assert qs.logic_solve(made[0].puzzle(), max_depth=np.int8(2)).solved
    assert qs.next_hint(made[0].puzzle(), max_depth=np.uint8(1)).status is not None
    assert qs.solve(made[0].puzzle(), limit=np.int64(2), keep=np.int64(1)).is_unique


def test_an_unreadable_path_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(qs.QueensSatError, match=r"missing\.json"):
        qs.read_puzzle(missing)
