"""The variants of the native searches and the one door to them (``queens_sat/extension.py``).

The region search and the k-star search carry their hot C in variants (portable, and
POPCNT and AVX-512 where the compiler can) linked into one module each; the CPU picks at
run time. Every variant must find what the portable one finds, move for move; the stubs
must say what the compiled modules hold; no module but ``extension.py`` may import a
compiled module; and ``Backend.search_many`` gives one ``Outcome`` per puzzle, whichever
backend runs it.
"""

from __future__ import annotations

import ast
import inspect
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from helpers import random_puzzle, random_regions

from queens_sat import extension, get_backend
from queens_sat.model.errors import Interrupted
from queens_sat.model.result import Outcome

PACKAGE = Path(extension.__file__).parent
NATIVE = extension.bitsearch() is not None
needs_native = pytest.mark.skipif(not NATIVE, reason="the native extension is not built, or QUEENS_SAT_PURE_PYTHON is set")
COMPILED = r"_(?:bitsearch|nqueens|gridcheck|stars|logic)\w*"
MODULES = (extension.BITSEARCH, extension.STARS, extension.NQUEENS, extension.GRIDCHECK, extension.LOGIC)
# An import statement naming a compiled module, or a module name in a string (import_module, sys.modules...).
COMPILED_IMPORT = re.compile(
    rf"^\s*(?:from\s+[\w.]*\s+import\s+[^#\n]*\b{COMPILED}\b|(?:from|import)\s+[\w.]*\.{COMPILED}\b)"
    rf"|[\"']queens_sat\.{COMPILED}[\"']",
    re.MULTILINE,
)


def test_only_the_extension_module_imports_compiled_modules():
    door = PACKAGE / "extension.py"
    offenders = {str(p.relative_to(PACKAGE)) for p in sorted(PACKAGE.rglob("*.py")) if p != door and COMPILED_IMPORT.search(p.read_text())}
    assert not offenders, offenders
    assert COMPILED_IMPORT.search(door.read_text())


def test_the_grep_catches_an_import_of_a_compiled_module():
    for line in (
        "from . import _bitsearch\n",
        "import queens_sat._nqueens as q\n",
        "    from .._gridcheck import first_bad\n",
        "from queens_sat import fast, _bitsearch_avx512\n",
        'module = importlib.import_module("queens_sat._gridcheck")\n',
    ):
        assert COMPILED_IMPORT.search(line), line
    for line in ("from .extension import bitsearch\n", "    \"\"\"``_gridcheck``, imported once\n"):
        assert not COMPILED_IMPORT.search(line), line


def _each_variant(module):
    """Run the body of a loop once per variant of ``module`` this CPU runs, then go back to the one in use."""
    in_use = module.variant()
    try:
        for variant in module.variants():
            assert module.use_variant(variant) == variant
            yield variant
    finally:
        module.use_variant(in_use)


@needs_native
def test_every_variant_the_cpu_runs_searches_move_for_move_as_the_portable_one():
    module = extension.bitsearch()
    assert module.variants()[0] == "portable" and extension.native_path() == module.variants()[-1]
    rng = random.Random(15)
    sizes = (6, 9, 11, 14, 20, 30)
    boards = [(n, rule, np.array(random_regions(n, rng), dtype=np.int64)) for n in sizes for rule in ("no-touch", "queens")]
    for n, rule, grid in boards:
        answers = {variant: module.count(grid, n, extension.rule_code(rule), 1000, 50, [], [], 0.0) for variant in _each_variant(module)}
        assert len({repr(a) for a in answers.values()}) == 1, (n, rule, answers)


@needs_native
def test_every_variant_of_the_star_search_moves_as_the_portable_one():
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from star_boards import star_board  # planted boards, shared with the benchmarks

    module = extension.stars()
    assert module is not None and module.variants()[0] == "portable"
    rng = random.Random(16)
    boards = [star_board(n, k, rng)[0] for n, k in ((8, 2), (10, 2), (11, 2), (14, 3))]
    for puzzle in boards:
        grid = np.array(puzzle.regions, dtype=np.int64)
        answers = {variant: module.count(grid, puzzle.n, puzzle.stars, 200, 20, [], [], 0.0) for variant in _each_variant(module)}
        assert len({repr(a) for a in answers.values()}) == 1, (puzzle.n, answers)


@needs_native
def test_a_variant_the_cpu_lacks_or_a_bad_name_is_never_taken():
    module = extension.bitsearch()
    best = module.variant()
    try:
        assert module.use_variant("avx512") == module.variants()[-1]  # the best this CPU runs, at most
        with pytest.raises(ValueError, match="'sse9' is not one of portable, popcnt, avx512"):
            module.use_variant("sse9")
    finally:
        module.use_variant(best)


@needs_native
@pytest.mark.skipif(bool(os.environ.get("QUEENS_SAT_NATIVE_BUILD")), reason="built with -march=native on purpose")
def test_the_default_build_is_portable():
    """Outside the variants every module is compiled for the baseline, so it loads on any CPU."""
    assert extension.bitsearch().BUILD_LEVEL == 0
    assert extension.stars().BUILD_LEVEL == 0


@needs_native
def test_the_kernels_clock_is_time_monotonic():
    """nqueens' deadlines are computed in Python on time.monotonic(): the C clock must be the same."""
    kernels = extension.nqueens()
    before = time.monotonic()
    now = kernels.monotonic()
    after = time.monotonic()
    assert before - 0.01 <= now <= after + 0.01


def _stub_names(path: Path) -> dict[str, ast.AST]:
    """The public names a stub declares (functions, classes, annotated constants)."""
    names: dict[str, ast.AST] = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id.isupper():
            names[node.target.id] = node
    return {name: node for name, node in names.items() if not name.startswith("_")}


@needs_native
@pytest.mark.parametrize("name", MODULES)
def test_each_stub_says_what_its_compiled_module_holds(name):
    """Every public name of the compiled module is in its stub and the other way round, with
    the same parameters (Cython 3 functions carry their signatures)."""
    module = extension.native_module(name)
    stub = _stub_names(PACKAGE / f"{name.rsplit('.', 1)[1]}.pyi")
    public = {n for n in dir(module) if not n.startswith("_") and not inspect.ismodule(getattr(module, n))}
    assert public == set(stub)
    for attr, node in stub.items():
        if isinstance(node, ast.FunctionDef):
            declared = [a.arg for a in node.args.args]
            assert list(inspect.signature(getattr(module, attr)).parameters) == declared, attr
        if isinstance(node, ast.ClassDef):
            methods = {m.name for m in node.body if isinstance(m, ast.FunctionDef) and not m.name.startswith("_")}
            assert methods <= set(dir(getattr(module, attr))), (attr, methods)


def test_the_stubs_ship_beside_the_modules():
    for name in MODULES:
        assert (PACKAGE / f"{name.rsplit('.', 1)[1]}.pyi").is_file(), name


def _path_in_subprocess(value: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, extension.PATH_ENV: value}
    env.pop(extension.PURE_PYTHON_ENV, None)
    code = "from queens_sat import extension; print(extension.native_path())"
    # -I: the installed package, not a source folder that happens to be the working directory
    return subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, env=env, timeout=60)


@needs_native
def test_a_lesser_build_can_be_asked_for_and_a_bad_name_is_named():
    assert _path_in_subprocess("portable").stdout.strip() == "portable"
    res = _path_in_subprocess("sse9")
    assert res.returncode == 0 and res.stdout.strip() == extension.native_path()
    assert "QUEENS_SAT_NATIVE_PATH='sse9' is not one of portable, popcnt, avx512" in res.stderr


@pytest.mark.parametrize("backend", ["python", "native"])
def test_search_many_gives_one_outcome_per_puzzle_as_search_does(backend):
    if backend == "native" and not NATIVE:
        pytest.skip("the native extension is not built, or QUEENS_SAT_PURE_PYTHON is set")
    engine = get_backend(backend)
    sizes = enumerate((5, 7, 8, 8, 10))
    puzzles = [random_puzzle(n, seed, rule, givens=seed % 2 == 0) for seed, n in sizes for rule in ("no-touch", "queens")]
    assert engine.batches() == (backend == "native")
    outcomes = engine.search_many(puzzles, limit=2, time_limit=5.0)
    assert len(outcomes) == len(puzzles)
    for puzzle, outcome in zip(puzzles, outcomes, strict=True):
        alone = engine.search(puzzle, limit=2, keep=2, time_limit=5.0)
        assert isinstance(outcome, Outcome)
        assert (outcome.solutions, outcome.count, outcome.complete) == (alone.solutions, alone.count, alone.complete)
        assert outcome.seconds is not None and outcome.seconds >= 0


def test_ctrl_c_in_the_default_search_many_keeps_the_outcomes_finished():
    engine = get_backend("python")
    puzzles = [random_puzzle(6, seed) for seed in range(3)]
    calls = 0
    search = engine.search

    def stop_on_the_second(puzzle, **kwargs):
        nonlocal calls
        calls += 1
        if calls == 2:
            raise KeyboardInterrupt
        return search(puzzle, **kwargs)

    engine.search = stop_on_the_second  # type: ignore[method-assign]
    with pytest.raises(Interrupted) as stop:
        engine.search_many(puzzles)
    assert stop.value.partial[0] is not None and stop.value.partial[1:] == [None, None]


def test_the_backends_do_not_import_the_raw_grid_front():
    """``fast`` uses the reference backend's search; no backend may import ``fast`` back (the old loop)."""
    loop = re.compile(r"^\s*from\s+\.\.(fast|grids)\s+import|^\s*from\s+\.\.\s+import\s+.*\bfast\b", re.MULTILINE)
    offenders = [p.name for p in sorted((PACKAGE / "backends").glob("*.py")) if loop.search(p.read_text())]
    assert offenders == []
