"""The cpsat and sat backends in all their variants: against brute force, the reference and the corpus.

tests/test_backends.py already runs the default ``cpsat`` and ``sat`` through
every generic check; here every solver, encoding and mode is checked too, on
fewer puzzles each so that the whole file stays in the tens of seconds.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import threading
import time
from types import SimpleNamespace

import pytest
from helpers import brute_force_solutions, random_puzzle
from hypothesis import given, settings
from hypothesis import strategies as st

from queens_sat import BackendError, Puzzle, Status, count_solutions, get_backend, solve
from queens_sat.backends import available_backends
from queens_sat.backends.sat import SatBackend

pytestmark = pytest.mark.skipif(
    not {"sat", "cpsat"} <= set(available_backends()), reason="ortools and python-sat are needed"
)

# Every solver the backend offers, so that none is listed that does not work.
SAT_SOLVERS = list(SatBackend.solver_names()) if {"sat", "cpsat"} <= set(available_backends()) else []
ENCODINGS = ["pairwise", "seqcounter", "ladder", "totalizer", "bitwise", "sortnetwrk", "cardnetwrk"]
CPSAT_VARIANTS = [
    "cpsat:blocking",
    "cpsat:pairwise",
    "cpsat:rows",
    "cpsat:blocking:pairwise:rows",
    "cpsat:lean=off",
]
VARIANTS = (
    [f"sat:{s}" for s in SAT_SOLVERS]
    + [f"sat:minisat22:{e}" for e in ENCODINGS]
    + ["sat:minicard:native", "sat:gluecard3:native", "sat:gluecard4:native", "sat:cadical195:ladder"]
    + CPSAT_VARIANTS
)
NQUEENS = [1, 0, 0, 2, 10, 4]  # OEIS A000170
NO_TOUCH_PERMUTATIONS = [1, 0, 0, 2, 14, 90]  # OEIS A002464


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_agrees_with_brute_force(name):
    for n in range(1, 7):
        assert count_solutions(Puzzle(n=n, rule="queens"), backend=name) == NQUEENS[n - 1], n
        assert count_solutions(Puzzle(n=n), backend=name) == NO_TOUCH_PERMUTATIONS[n - 1], n
    for seed in range(16):
        rule = ("no-touch", "queens")[seed % 2]
        puzzle = random_puzzle(4 + seed % 5, seed, rule, givens=seed % 3 == 0)
        expected = brute_force_solutions(puzzle)
        result = solve(puzzle, backend=name, limit=None, keep=10**6)
        assert result.complete and set(result.solutions) == expected, (name, puzzle.label_rows())
        assert result.count == len(expected) == len(result.solutions)


def test_parallel_workers_when_blocking():
    """Two CP-SAT workers pay a start-up per solve, so fewer puzzles here."""
    for seed in range(8):
        puzzle = random_puzzle(4 + seed % 4, seed, ("no-touch", "queens")[seed % 2], givens=seed % 3 == 0)
        result = solve(puzzle, backend="cpsat:blocking:workers=2", limit=None, keep=10**6)
        assert result.complete and set(result.solutions) == brute_force_solutions(puzzle)
    assert count_solutions(Puzzle(n=6, rule="queens"), backend="cpsat:blocking:workers=2") == 4


@settings(max_examples=300, deadline=None)
@given(
    n=st.integers(1, 10),
    seed=st.integers(0, 10**9),
    rule=st.sampled_from(["no-touch", "queens"]),
    givens=st.booleans(),
    name=st.sampled_from(["sat", "cpsat", "cpsat:blocking", "sat:glucose4:ladder", "sat:minisat22:pairwise"]),
)
def test_verdicts_and_counts_match_the_reference_on_random_puzzles(n, seed, rule, givens, name):
    puzzle = random_puzzle(n, seed, rule, givens)
    ours, reference = solve(puzzle, backend=name), solve(puzzle, backend="python")
    assert ours.status is reference.status
    if ours.status is Status.UNIQUE:
        assert ours.solution == reference.solution
    if n <= 7:
        assert count_solutions(puzzle, backend=name) == count_solutions(puzzle, backend="python")


def expected_status(count: int) -> Status:
    return Status.NONE if count == 0 else Status.UNIQUE if count == 1 else Status.MULTIPLE


@pytest.mark.parametrize("name, every", [("sat", 1), ("cpsat", 3)])
def test_community_corpus_verdicts_and_counts(community, name, every):
    """Every community puzzle for sat, every third for cpsat (it is slower per check);
    exact counts for the puzzles with a few thousand solutions or fewer."""
    wrong = []
    for rec in community[::every]:
        count = rec.meta["solutions"]
        if solve(rec.puzzle, backend=name).status is not expected_status(count):
            wrong.append((rec.id, "verdict"))
        if 1 < count <= 2000 and count_solutions(rec.puzzle, backend=name) != count:
            wrong.append((rec.id, "count"))
    assert wrong == []


@pytest.mark.parametrize("name", ["sat", "cpsat"])
def test_generated_corpus_unique_solutions(generated, name):
    """A sample of every size: each puzzle unique, with the recorded solution."""
    wrong = [
        rec.id
        for rec in generated[::6]
        if (res := solve(rec.puzzle, backend=name)).status is not Status.UNIQUE or list(res.solution) != rec.meta["solution"]
    ]
    assert wrong == []


def test_the_community_puzzle_with_112812_solutions_is_counted_exactly(community):
    """CP-SAT enumerating in row order counts it in seconds (blocking and re-solving
    would need 112,812 solver calls)."""
    record = next(rec for rec in community if rec.meta["solutions"] == 112_812)
    result = solve(record.puzzle, backend="cpsat:rows", limit=None, keep=3)
    assert result.complete and result.count == 112_812 and len(set(result.solutions)) == 3


@pytest.mark.parametrize("name", ["sat:minisat22", "sat:cadical195", "sat:lingeling", "cpsat", "cpsat:blocking"])
def test_time_limit_gives_unknown_in_every_way_of_stopping(name):
    """Interrupt (MiniSat), conflict-budget slices (CaDiCaL), a look at the clock between
    solves (Lingeling), CP-SAT's own limit in both modes: 14-queens has 365,596 solutions."""
    start = time.perf_counter()
    res = solve(Puzzle(n=14, rule="queens"), backend=name, limit=None, time_limit=0.2, keep=0)
    assert res.timed_out and not res.complete and res.status in (Status.UNKNOWN, Status.MULTIPLE)
    assert 0 < res.count < 365_596
    assert time.perf_counter() - start < 5


def test_a_single_long_solve_is_interrupted_by_the_timer():
    from queens_sat.backends.sat import _Clock

    class SlowSolver:
        def __init__(self) -> None:
            self.stop = threading.Event()

        def solve_limited(self, expect_interrupt: bool = False):
            assert expect_interrupt
            return None if self.stop.wait(10) else True

        def interrupt(self) -> None:
            self.stop.set()

    start = time.perf_counter()
    with _Clock(SlowSolver(), "minisat22", start + 0.05) as clock:
        assert clock.solve() is None
    assert time.perf_counter() - start < 2


def test_stats_split_model_building_from_solving():
    puzzle = random_puzzle(8, 1)
    for name in ("sat", "cpsat", "cpsat:blocking"):
        stats = solve(puzzle, backend=name).stats
        assert stats["build_time"] > 0 and stats["solve_time"] > 0
        assert stats["solves"] >= 1


def test_blocking_re_solves_once_per_solution_plus_the_proof():
    puzzle = Puzzle(["AABCCC", "BBBDEC", "BBBDEE", "BBEEEE", "BEEEFF", "BEEFFF"])
    total = count_solutions(puzzle, backend="python")
    for name in ("sat", "cpsat:blocking"):
        res = solve(puzzle, backend=name, limit=None)
        assert res.count == total and res.stats["solves"] == total + 1


@pytest.mark.parametrize("name", ["sat", "cpsat"])
def test_iter_solutions_streams_every_solution_once(name):
    puzzle = Puzzle(n=6, rule="queens")
    streamed = list(get_backend(name).iter_solutions(puzzle))
    assert sorted(streamed) == sorted(brute_force_solutions(puzzle)) and len(streamed) == 4


def test_variants_options_and_their_names():
    assert get_backend("sat").full_name == "sat:minicard:native"
    assert get_backend("sat:glucose4").full_name == "sat:glucose4:seqcounter"
    assert get_backend("sat:g4:ladder").full_name == "sat:glucose4:ladder"
    assert get_backend("sat", solver="m22", encoding="pairwise").full_name == "sat:minisat22:pairwise"
    assert get_backend("cpsat").full_name == "cpsat"
    assert get_backend("cpsat:log:seed=7:rows:blocking").full_name == "cpsat:blocking:rows:seed=7:log"
    assert get_backend("cpsat", workers=2, mode="blocking").full_name == "cpsat:blocking:workers=2"
    assert get_backend("cpsat:lean=no").full_name == "cpsat:lean=off"
    assert solve(Puzzle(n=5), backend="cpsat:seed=3:blocking").backend == "cpsat:blocking:seed=3"


@pytest.mark.parametrize(
    "name, message",
    [
        ("sat:foo", "unknown variant 'foo'"),
        ("sat:glucose4:native", "no native cardinality"),
        ("sat:minisat22:glucose4", "solver is given twice"),
        ("sat:kissat404", "unknown variant"),
        ("cpsat:workers=0", "at least 1"),
        ("cpsat:workers=two", "workers=two"),
        ("cpsat:workers=2", "use cpsat:blocking:workers=2"),
        ("cpsat:seed=-1", "seed=-1"),
        ("cpsat::blocking", "empty part"),
        ("cpsat:lean=maybe", "lean=maybe"),
        ("cpsat:colour=red", "unknown setting 'colour'"),
    ],
)
def test_bad_variants_are_refused_with_the_choices(name, message):
    with pytest.raises(BackendError, match=message) as info:
        get_backend(name)
    if "variant" in message or "setting" in message:
        assert "its settings are:" in str(info.value)  # the valid choices follow


def test_givens_are_fixed_literals_and_log_goes_to_stderr(capfd):
    multiple = ["AABCCC", "BBBDEC", "BBBDEE", "BBEEEE", "BEEEFF", "BEEFFF"]
    res = solve(Puzzle(multiple, queens=[(0, 0)]), backend="cpsat:log")
    assert res.status is Status.UNIQUE and res.solution == (0, 5, 3, 1, 4, 2)
    out, err = capfd.readouterr()
    assert out == "" and "CpSolverResponse" in err


def test_boards_past_the_cell_model_limit_are_refused_clearly():
    big = Puzzle(n=200, rule="queens")
    for name in ("sat", "cpsat"):
        with pytest.raises(BackendError, match="n <= 128"):
            solve(big, backend=name)


def test_available_does_not_import_the_solver_libraries():
    code = (
        "import sys; from queens_sat.backends import available_backends; names = available_backends(); "
        "print(sorted(m for m in ('ortools', 'pysat') if m in sys.modules), 'sat' in names, 'cpsat' in names)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[] True True"


@pytest.mark.parametrize("encoding", ["pairwise", "seqcounter", "ladder", "totalizer", "bitwise"])
@pytest.mark.parametrize("m", [1, 2, 3, 6])
def test_encodings_allow_exactly_the_right_assignments(encoding, m):
    """Projected on the m cell variables, the clauses are satisfiable for exactly the
    assignments with one true (exactly one) or at most one true (at most one)."""
    from pysat.solvers import Solver

    from queens_sat.backends.cnf import CnfBuilder

    lits = list(range(1, m + 1))
    for exactly in (True, False):
        cnf = CnfBuilder(encoding, m)
        (cnf.exactly_one if exactly else cnf.at_most_one)(lits)
        with Solver(name="minisat22", bootstrap_with=cnf.clauses) as oracle:
            for values in itertools.product((False, True), repeat=m):
                want = sum(values) == 1 if exactly else sum(values) <= 1
                assumptions = [x if v else -x for x, v in zip(lits, values, strict=False)]
                assert oracle.solve(assumptions=assumptions) == want, (values, exactly)


def test_the_commands_take_backend_variants(capsys):
    from helpers import EXAMPLES

    from queens_sat.cli import main

    assert main(["check", str(EXAMPLES / "unique-8.json"), "--backend", "sat:glucose4:ladder", "--no-color"]) == 0
    assert "unique [8x8, no-touch, sat:glucose4:ladder," in capsys.readouterr().out
    assert main(["count", "--n", "6", "--rule", "queens", "--backend", "cpsat:blocking"]) == 0
    assert capsys.readouterr().out.startswith("4 [cpsat:blocking,")
    assert main(["solve", str(EXAMPLES / "unique-8.json"), "--backend", "sat:nope"]) == 2
    err = capsys.readouterr().err
    assert "queens-sat: error: backend 'sat': unknown variant 'nope'" in err and "Traceback" not in err


def test_ctrl_c_inside_a_solver_becomes_keyboard_interrupt():
    """Ctrl-C in the middle of a CP-SAT or python-sat solve (sent from another thread while the
    main thread is inside the solver) stops the search at once and reaches the caller as
    KeyboardInterrupt (exit 130 at the command line), not as a timeout, a wrong verdict or a
    traceback; an unsettled CP-SAT status without a signal is never taken for one."""
    import os
    import signal
    import threading

    from ortools.sat.python import cp_model
    from pysolvers import error as SolverError

    from queens_sat.backends.cpsat import CpSatBackend

    CpSatBackend._check_status(None, cp_model.UNKNOWN, None)  # a limit, not an interruption
    CpSatBackend._check_status(None, cp_model.FEASIBLE, time.perf_counter() + 60)

    def interrupted():
        raise SolverError("Caught keyboard interrupt")

    with pytest.raises(KeyboardInterrupt):
        next(SatBackend._queen_sets(None, 4, interrupted, SimpleNamespace(solves=0)))

    for backend in ("cpsat", "sat"):
        timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        start = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):  # counting 14-queens' 365,596 solutions takes minutes
            count_solutions(Puzzle(n=14, rule="queens"), backend=backend, time_limit=120)
        timer.join()
        assert time.perf_counter() - start < 60, f"{backend} ran on after Ctrl-C"


def test_ctrl_c_after_a_cpsat_solve_is_still_a_keyboard_interrupt():
    """CP-SAT swaps in its own SIGINT handler during a solve; ours must be back afterwards."""
    import os
    import signal
    import time

    solve(Puzzle(n=6, rule="queens"), backend="cpsat")
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(2)
