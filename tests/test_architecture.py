"""The layers of docs/architecture.md, held by the code: every import (lazy ones and those for type
checking included) goes to the same layer or a lower one, and no module imports itself back
through others, neither module by module nor package by package.

Layers, lowest first: ``extension`` (the compiled code's one door), ``model``, ``runtime`` (the
process's plumbing: signals, cancel scopes, pools, standard streams, live lines, atomic files),
``formats``, ``engines`` (search kernels and their twins: runtime, model and extension only),
``backends``, ``services``,
then the front ends: ``server`` (the HTTP application) and ``cli`` (the process's entry, whose
``serve`` command starts the server). The package root (``queens_sat/__init__``, ``__main__``)
re-exports the public API and may name any layer.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

import queens_sat

PACKAGE = Path(queens_sat.__file__).resolve().parent
REPOSITORY = Path(__file__).resolve().parents[1]  # the checkout (the package may be an installed copy elsewhere)
LAYER = {"extension": 0, "model": 1, "runtime": 2, "formats": 3, "engines": 4, "backends": 5, "services": 6, "server": 7, "cli": 8}
ONLY = {"engines": {"engines", "runtime", "model", "extension"}}  # a layer that may import fewer than all lower ones


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports, anywhere in its body."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
            for target in targets:
                if target.startswith("queens_sat") and target != name:
                    edges[name].add(target)
    return edges


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYER else None


EDGES = all_imports()


def test_the_layers_are_known():
    """Every module belongs to a layer (or is the root): a new top-level package must be placed."""
    unplaced = sorted(m for m in EDGES if m.count(".") >= 1 and layer_of(m) is None and m not in ("queens_sat.__main__", "queens_sat.py"))
    assert unplaced == []


def test_no_import_runs_up_the_layers():
    wrong = []
    for source, targets in EDGES.items():
        here = layer_of(source)
        if here is None:  # the root re-exports every layer
            continue
        for target in targets:
            there = layer_of(target)
            if there is None:
                if target != "queens_sat":  # the root's version only
                    wrong.append(f"{source} -> {target} (no layer)")
                continue
            allowed = ONLY.get(here)
            if allowed is not None and there not in allowed:
                wrong.append(f"{source} -> {target} ({here} may import only {', '.join(sorted(allowed))})")
            elif LAYER[there] > LAYER[here]:
                wrong.append(f"{source} -> {target} ({there} is above {here})")
    assert wrong == []


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan)."""
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(set(edges) | {w for ws in edges.values() for w in ws}):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_back():
    inner = {a: {b for b in bs if layer_of(a) is not None} for a, bs in EDGES.items() if layer_of(a) is not None}
    assert cycles(inner) == []


@pytest.mark.parametrize("depth", [3, 4])
def test_no_package_imports_itself_back(depth):
    """Package by package too (``services.logic`` and ``services.render``, say): a circle between two
    packages is a circle even when no single module closes it."""

    def package(module: str) -> str:
        return ".".join(module.split(".")[:depth])

    folded: dict[str, set[str]] = defaultdict(set)
    for source, targets in EDGES.items():
        if layer_of(source) is None:
            continue
        for target in targets:
            if package(source) != package(target):
                folded[package(source)].add(package(target))
    assert cycles(folded) == []


def test_the_plumbing_is_at_the_bottom():
    """``runtime`` (signals, cancel scopes, pools, streams) serves every layer above the model and
    knows none of them: formats and engines both stand on it."""
    assert "queens_sat.runtime.cancel" in EDGES["queens_sat.engines.search"]
    assert "queens_sat.runtime.line_split" in EDGES["queens_sat.formats.live"]
    above = {layer for layer, rank in LAYER.items() if rank > LAYER["runtime"]}
    reached = {layer_of(t) for s, ts in EDGES.items() if layer_of(s) == "runtime" for t in ts}
    assert reached & above == set()


# The modules that may import ``extension``: one front a kernel, which alone chooses the compiled
# module or its pure-Python twin, and the model's grid helpers (the one-pass checks of a plain grid).
TWIN_FRONTS = {
    "queens_sat.engines.regions.counting": "the region search (k = 1); twin engines/regions/search_py.py",
    "queens_sat.engines.stars.counting": "the k-star search; twin engines/stars/search_py.py",
    "queens_sat.engines.nqueens._impl": "the kernels for boards without regions; twins engines/nqueens/*.py",
    "queens_sat.engines.logic.native": "the logic engine; twin engines/logic/engine.py",
    "queens_sat.services.generator.connectivity": "the generator's region passes; twin connectivity_py.py",
}
GRID_HELPERS = {"queens_sat.model.grids", "queens_sat.model.puzzle", "queens_sat.model.columns"}
# Two that choose nothing: the cancel scope points every compiled search at its flag, and the backends'
# registry forgets the backends it made when the pure-Python switch is read again.
PLUMBING = {"queens_sat.runtime.cancel", "queens_sat.backends"}


def test_only_the_twin_fronts_import_the_extension():
    """Each kernel picks its twin once: nothing but the fronts (and the model's grid helpers) asks
    ``extension`` for a compiled module, so a new kernel's choice is made in one place."""
    importers = {source for source, targets in EDGES.items() if "queens_sat.extension" in targets and layer_of(source) is not None}
    assert importers - set(TWIN_FRONTS) - GRID_HELPERS - PLUMBING == set()
    assert set(TWIN_FRONTS) <= importers  # each front is still one (a front that chooses nothing is no front)


def test_no_second_home():
    """A thing has one home: no package re-exports the package of the same name in another layer
    (``services.logic`` once re-exported all of ``engines.logic``: two ways to the same names)."""
    doubles = []
    for source, targets in EDGES.items():
        if layer_of(source) is None or source.count(".") < 2 or not (PACKAGE.parent / source.replace(".", "/") / "__init__.py").exists():
            continue
        rest = source.split(".", 2)[2]
        for target in targets:
            there = target.split(".", 2)[2] if target.count(".") >= 2 else ""
            if layer_of(target) not in (None, layer_of(source)) and (there == rest or there.startswith(rest + ".")):
                doubles.append(f"{source} -> {target}")
    assert doubles == []


def c_enum(text: str, first: str) -> dict[str, int]:
    """The names and values of the C ``enum`` whose first member is ``first`` (explicit values)."""
    body = re.search(r"enum\s*\{([^}]*\b" + first + r"\b[^}]*)\}", text)
    assert body is not None, f"no enum starting with {first}"
    return {m[1]: int(m[2]) for m in re.finditer(r"(\w+)\s*=\s*(\d+)", body[1])}


def test_the_c_logic_engine_follows_the_table_of_techniques():
    """The logic techniques are one table (``deduction.TECHNIQUES``): the compiled engine's rule ids
    (native/logic/deduction.h) are its rows' places, and the grading's tiers and weights are read
    from it, so a technique added to one language and not the other fails here."""
    from queens_sat.engines.logic import grading
    from queens_sat.engines.logic.deduction import RULE_NAMES, TECHNIQUES

    header = (REPOSITORY / "native" / "logic" / "deduction.h").read_text(encoding="utf-8")
    ids = c_enum(header, TECHNIQUES[0].c_id)
    assert ids == {**{t.c_id: i for i, t in enumerate(TECHNIQUES)}, "QL_RULES": len(TECHNIQUES)}
    assert set(grading._TIER) | {RULE_NAMES[-1]} == set(RULE_NAMES) == set(grading._STAR_TIER) | {RULE_NAMES[-1]}
    assert sorted(grading.STEP_WEIGHT) == list(range(len(TECHNIQUES) - 1))  # every rule but the probe, by its id


def test_the_enum_reader_reads_enums():
    text = "enum { A = 0, B = 1, N = 2 };\nenum { X = 0 };"
    assert c_enum(text, "A") == {"A": 0, "B": 1, "N": 2}
    assert c_enum(text, "X") == {"X": 0}


def test_a_plain_grid_is_a_kind_of_board():
    """A backend takes a ``PlainGrid`` as it is exactly when it is a ``PlainBackend`` (whose ``search``
    is typed for any ``Board``): ``takes_plain``, read on the hot path, cannot say otherwise."""
    from queens_sat.backends import _REGISTRY, backend_class
    from queens_sat.backends.base import PlainBackend

    for name in _REGISTRY:
        cls = backend_class(name)
        assert cls.takes_plain == issubclass(cls, PlainBackend), name


def test_the_test_sees_lazy_imports():
    """The check would be worthless if it missed imports inside functions: ``cli.check_command``
    imports ``services.checking`` only in ``run``."""
    assert "queens_sat.services.checking" in EDGES["queens_sat.cli.check_command"]


def test_the_circle_finder_finds_circles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_check_path_goes_down_and_back_once(tmp_path):
    """``queens-sat check`` on one puzzle, traced call by call: no call runs from a layer up into a
    higher one (a record stream defined in the CLI and pulled by a service would, say)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from trace_layers import ROOT, trace, upward

    argv = ["check", str(ROOT / "examples" / "unique-8.json"), "--json"]
    trace(argv)  # warm up: imports are not the path
    _calls, _files, walk, crossings = trace(argv)
    assert upward(crossings) == []
    assert {"cli", "services", "backends", "model"} <= set(walk)
    assert ("services", "backends") in crossings and ("cli", "services") in crossings


def test_every_error_has_one_root():
    """Every exception the library defines is a ``QueensSatError``, but for the one interrupt and
    the engines' own signals that never leave them (a search's stop, a logic contradiction)."""
    import importlib
    import inspect
    import pkgutil

    from queens_sat.model.errors import QueensSatError

    internal = {
        "queens_sat.engines.search.Stop",
        "queens_sat.engines.search.Spent",
        "queens_sat.engines.logic.deduction.Contradiction",
        "queens_sat.model.errors.Interrupted",
    }
    rootless = []
    for info in pkgutil.walk_packages(queens_sat.__path__, "queens_sat."):
        if info.name.endswith("__main__") or info.name.startswith("queens_sat.server"):
            continue  # the server needs its extra (tested in test_service); __main__ runs the CLI
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            defined_here = inspect.isclass(value) and value.__module__ == module.__name__
            if defined_here and issubclass(value, Exception) and not issubclass(value, Warning):
                qualified = f"{module.__name__}.{name}"
                if not issubclass(value, QueensSatError) and qualified not in internal:
                    rootless.append(qualified)
    assert rootless == []


# Banners that code generators write at the top of their output: such a file is built, never kept.
GENERATOR_BANNERS = ("Generated by Cython", "DO NOT EDIT", "@generated", "This file was automatically generated")


def tracked_files() -> list[Path] | None:
    root = REPOSITORY
    try:
        listing = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return [root / name for name in listing.stdout.decode().split("\0") if name]


def generated_banner(path: Path) -> str | None:
    """The generator banner in the first lines of ``path``, if it has one."""
    try:
        with path.open("rb") as file:
            head = file.read(512).decode("utf-8", "replace")
    except OSError:
        return None
    return next((banner for banner in GENERATOR_BANNERS if banner in head), None)


def test_no_generated_file_is_tracked():
    files = tracked_files()
    if files is None:
        pytest.skip("not a git checkout (an installed copy): nothing is tracked here")
    sources = [path for path in files if path.suffix in {".c", ".cpp", ".h", ".py", ".js"}]
    generated = [f"{path.name}: {banner}" for path in sources if (banner := generated_banner(path))]
    assert not generated, f"generated files are tracked (the build makes them; remove them from git): {generated}"


def test_the_banner_finder_finds_banners(tmp_path):
    made = tmp_path / "made.c"
    made.write_text("/* Generated by Cython 3.3.1 */\nint x;\n")
    written = tmp_path / "written.c"
    written.write_text("/* the search's inner loop */\nint x;\n")
    assert generated_banner(made) == "Generated by Cython"
    assert generated_banner(written) is None
