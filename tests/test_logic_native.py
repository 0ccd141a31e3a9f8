"""The native logic engine (native/logic/) against its pure-Python reference (engines/logic/):
the same steps in the same order, the same final state, grade and contradiction, on a few
hundred boards of every kind (bench/logic_differential.py runs ten thousand); stepping one
deduction at a time (hints); the time limit, Ctrl-C and SIGTERM; the boards it takes and
the fall-back to Python for the others; probes that assume a cross."""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from queens_sat import Puzzle, solve
from queens_sat.engines.logic import native
from queens_sat.engines.logic.engine import Engine, logic_solve, open_engine
from queens_sat.extension import logic as native_logic
from queens_sat.extension import reread_environment
from queens_sat.formats import read_puzzles
from queens_sat.model.errors import Interrupted
from queens_sat.model.result import Status
from queens_sat.runtime.signals import sigterm_as_interrupt
from queens_sat.services.logic.describe import describe

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
import logic_differential as differential  # noqa: E402

NATIVE = native_logic() is not None
pytestmark = pytest.mark.skipif(not NATIVE, reason="the native logic engine is not built, or QUEENS_SAT_PURE_PYTHON is set")


def assert_twins(puzzle: Puzzle, depth: int) -> None:
    difference, reference, result, _, _ = differential.compare(puzzle, depth)
    assert difference is None, (difference, puzzle.label_rows() if puzzle.regions else puzzle, depth)
    assert result.steps == reference.steps and result.status is reference.status
    assert result.score == reference.score and result.grade == reference.grade  # the score from the heads, and from the Steps


def test_corpus_boards_step_for_step(community, generated):
    rng = random.Random(7)
    records = rng.sample(community, 60) + rng.sample(generated, 60)
    for i, record in enumerate(records):
        assert_twins(record.puzzle, (2, 2, 1, 0, 3)[i % 5])


@pytest.mark.parametrize("source", ["random", "probes"])
def test_random_boards_step_for_step(source):
    cases = list(differential.cases(random.Random(3), 60, (source,)))
    statuses = set()
    for _, puzzle, depth in cases:
        assert_twins(puzzle, depth)
        statuses.add(logic_solve(puzzle, depth).status)
    assert {Status.SOLVED, Status.STUCK, Status.CONTRADICTION} <= statuses or source == "probes"


def test_star_boards_step_for_step():
    rng = random.Random(11)
    for index in range(40):
        k, n = [(2, 8), (2, 9), (2, 10), (3, 12), (4, 16)][index % 5]
        puzzle = differential.planted_board(n, rng, stars=k) if index % 3 else differential.cells_board(n, rng, stars=k)
        puzzle = differential.with_marks(puzzle, rng, rng.choice((0, n, 2 * n)), [])
        assert_twins(puzzle, (1, 2, 0)[index % 3] if k < 4 else 1)


def test_generated_star_puzzles_step_for_step():
    records = [r for r in read_puzzles(str(BENCH / "stars-puzzles.jsonl")) if r.puzzle is not None and r.puzzle.n == 10][:10]
    for record in records:
        assert_twins(record.puzzle, 2)


def test_stepping_natively_gives_the_reference_steps_and_dead_end(community):
    boards = [r.puzzle for r in community[:25]] + [Puzzle(["AB", "BA"]), Puzzle(["AABB", "AABB", "CCDD", "CCDD"])]
    for puzzle in boards:
        stepped, reference = open_engine(puzzle, 2), Engine(puzzle, 2)
        assert isinstance(stepped, native.NativeEngine)
        assert list(stepped.steps()) == list(reference.steps())
        assert stepped.status is reference.status and stepped.dead_end() == reference.dead_end()
        assert stepped.step() is None


def long_board() -> Puzzle:
    """A 21x21 5-star puzzle whose probes of depth 3 take many seconds."""
    for record in read_puzzles(str(BENCH / "stars-puzzles.jsonl")):
        if record.id == "n21-5star-s16-00017":
            assert record.puzzle is not None
            return record.puzzle
    raise AssertionError("n21-5star-s16-00017 is missing from bench/stars-puzzles.jsonl")


def test_a_time_limit_stops_the_native_engine():
    puzzle = long_board()
    start = time.perf_counter()
    result = logic_solve(puzzle, 3, time_limit=0.3)
    spent = time.perf_counter() - start
    assert result.status is Status.TIMED_OUT and result.grade is None
    assert spent < 0.3 + 1.0  # within 0.1 s on an idle machine (bench/logic_speed.py measures it); slack for a loaded one
    assert all(step.depth <= 3 for step in result.steps)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_and_sigterm_stop_the_native_engine(signum):
    puzzle = long_board()
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signum))
    start = time.perf_counter()
    timer.start()
    try:
        with sigterm_as_interrupt(), pytest.raises(KeyboardInterrupt) as stopped:
            logic_solve(puzzle, 3)
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 0.3 + 2.0
    if signum == signal.SIGTERM:
        assert isinstance(stopped.value, Interrupted) and stopped.value.terminated


def test_every_variant_the_cpu_runs_makes_the_same_steps(community):
    module = native_logic()
    assert module is not None and module.variants()[0] == "portable"
    puzzles = [r.puzzle for r in community[:30]] + [Puzzle(CROSS_BOARD, stars=2)]
    in_use = module.variant()
    try:
        results = {}
        for variant in module.variants():
            assert module.use_variant(variant) == variant
            results[variant] = [logic_solve(p, 2).steps for p in puzzles]
    finally:
        module.use_variant(in_use)
    assert all(steps == results["portable"] for steps in results.values())


def test_runs_in_threads_agree(community):
    puzzles = [r.puzzle for r in community[:40]]
    expected = [logic_solve(p, 2).steps for p in puzzles]
    got: dict[int, list] = {}

    def work(k: int) -> None:
        got[k] = [logic_solve(p, 2).steps for p in puzzles]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(got[k] == expected for k in range(3))


def test_the_boards_it_takes_and_the_fall_back_to_python(monkeypatch):
    assert native.takes(Puzzle(n=64)) and native.takes(Puzzle(n=25, stars=2))
    assert not native.takes(Puzzle(n=26, stars=2))  # k > 1 beyond n = 25: the Python engine
    big = logic_solve(Puzzle(n=26, stars=2), 0)
    assert big.status is Status.STUCK and big.steps == logic_solve(Puzzle(n=26, stars=2), 0, engine="python").steps
    with pytest.raises(ValueError, match="n = 25"):
        logic_solve(Puzzle(n=26, stars=2), 0, engine="native")
    wide = logic_solve(Puzzle(n=64, queens=[(0, 0)]), 0)  # a 64-bit row: the widest board
    assert wide.step_count >= 1 and wide.queens == logic_solve(Puzzle(n=64, queens=[(0, 0)]), 0, engine="python").queens
    with pytest.raises(ValueError):
        logic_solve(Puzzle(n=8), 0, engine="quantum")
    monkeypatch.setenv("QUEENS_SAT_PURE_PYTHON", "1")
    reread_environment()
    assert not native.takes(Puzzle(n=8))
    assert isinstance(open_engine(Puzzle(n=8)), Engine)
    with pytest.raises(ValueError, match=r"not available|turned off"):
        logic_solve(Puzzle(n=8), 0, engine="native")


def test_the_record_is_read_lazily_and_says_what_the_steps_say(community):
    puzzle = next(r.puzzle for r in community if r.meta["solutions"] == 1)
    assert native_logic().HEAD == native.HEAD  # the head's layout is the one the decoder reads
    result = logic_solve(puzzle, 2)
    assert callable(result._steps)  # not built until read
    assert result.grade is not None and callable(result._steps)
    assert result.step_count == len(result.steps) and not callable(result._steps)
    assert result.counts == {t: sum(s.technique == t for s in result.steps) for t in result.counts}
    assert result.solution == tuple(c for _, c in sorted(result.queens))


# A 9x9 2-star board (random, several solutions) on which, 26 steps in, no star assumption of
# depth 1 fails but crossing out (2, 6) does: a cross probe, so (2, 6) gets its star.
CROSS_BOARD = ["AAAABBCCC", "AAADBBCCC", "DDDDBBBCC", "DDDDDEEEC", "DDDDEEEEC", "FFDFFGEEE", "FFFFGGHHH", "IIIIGHHHH", "IIIGGGHHH"]


@pytest.mark.parametrize("engine", ["python", "native"])
def test_a_cross_probe_places_a_star_every_solution_has(engine):
    puzzle = Puzzle(CROSS_BOARD, stars=2)
    result = logic_solve(puzzle, 1, engine=engine)
    crosses = [s for s in result.steps if s.assumed == "cross"]
    assert crosses, "no cross probe fired"
    step = crosses[0]
    assert step.rule == "probe" and step.depth == 1 and step.placed == (step.cell,) and step.crossed == ()
    assert step.cell == (2, 6) and step.technique == "probe-1"
    assert solve(puzzle.replace(blocked=[step.cell]), backend="python", limit=1).count == 0  # every solution has it
    assert describe(step, puzzle).startswith("if r3c7 held no star, ")
    assert describe(step, puzzle).endswith("so a star goes on r3c7 (probe, depth 1)")
    assert step.as_dict()["assumed"] == "cross"


def test_every_grading_path_runs_the_native_engine(monkeypatch, capsys, tmp_path):
    """check, explain, hint, serve and the generator's --grade: each reaches the native engine,
    and none the Python one (both are replaced: the Python one fails, the native one counts)."""
    from queens_sat.cli import main
    from queens_sat.engines.logic import engine as engine_module
    from queens_sat.services.generator import generate

    def python_engine(*args, **kwargs):
        raise AssertionError("the pure-Python logic engine was used")

    calls = []
    solve_native, stepper = native.logic_solve_native, native.NativeEngine
    monkeypatch.setattr(engine_module, "logic_solve_python", python_engine)
    monkeypatch.setattr(engine_module, "Engine", python_engine)
    monkeypatch.setattr(native, "logic_solve_native", lambda *a, **k: calls.append("solve") or solve_native(*a, **k))
    monkeypatch.setattr(native, "NativeEngine", lambda *a, **k: calls.append("step") or stepper(*a, **k))
    path = str(Path(__file__).resolve().parent.parent / "examples" / "unique-8.json")
    for command, made in (("check", "solve"), ("explain", "solve"), ("hint", "step")):
        calls.clear()
        assert main([command, "--json", path]) == 0, command
        assert json.loads(capsys.readouterr().out) and calls == [made], (command, calls)
    calls.clear()
    puzzles = list(generate(8, 2, seed=3, grades=("Easy", "Medium", "Hard")))
    assert len(puzzles) == 2 and len(calls) >= 2 and set(calls) == {"solve"}
    starlette = pytest.importorskip("starlette.testclient", reason="serve needs the serve extra")
    from queens_sat.server import ServiceSettings, create_app

    calls.clear()
    with starlette.TestClient(create_app(ServiceSettings())) as client:
        answer = client.post("/check", content=Path(path).read_text())
    assert answer.status_code == 200 and answer.json()["logic"]["score"] >= 0 and calls == ["solve"]
