"""Every command and Python snippet of README.md runs as written (issue 26.3).

The README's fenced ``sh`` and ``console`` blocks are read line by line and each command must
have its entry in ``COMMANDS``: run from a copy of the repository root (``examples/`` and ``bench/``
linked, ``docs/`` empty, ``.venv`` this Python's environment, the installed ``queens-sat`` first on
PATH) with the exit code it should give, or, when running it is not what a test can do (minutes of
benchmark, a Dask cluster, an install), checked some other way, with the reason. A command the
table does not know, or an entry the README no longer holds, fails the test. ``python`` blocks run
in order in one interpreter, as a reader pasting them would. What other tests already run is named
here, not run again: the co-process clients (tests/test_coprocess.py), the pictures the render
commands drew (tests/test_render.py), the install lines (.ci/run runs them word for word).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import EXAMPLES, ROOT
from served import serving

from queens_sat.cli import build_parser

README = ROOT / "README.md"
PURE = os.environ.get("QUEENS_SAT_PURE_PYTHON", "") not in ("", "0")
BIN = Path(sys.executable).parent  # the environment's scripts: queens-sat, pip, ruff
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
README_PORT = "127.0.0.1:8000"


@dataclass(frozen=True)
class Run:
    """Run it; ``code`` is the exit code it must give. ``slow_pure``: minutes on the pure-Python
    path, where only its arguments are parsed."""

    code: int = 0
    slow_pure: bool = False


@dataclass(frozen=True)
class Parse:
    """Too long or needs what a test has not: its arguments are parsed (a ``queens-sat`` command)
    or its script's ``--help`` is asked with them, and every option it names must be one the script has."""

    why: str


@dataclass(frozen=True)
class Served:
    """A request to ``queens-sat serve``: sent to a server this test starts on a free port."""


@dataclass(frozen=True)
class Elsewhere:
    """Not run here; ``why`` says what runs it."""

    why: str


Check = Run | Parse | Served | Elsewhere
BENCH = "a benchmark of minutes: its --help is asked with the README's options"

# Every command of README.md, exactly as written there (its comment left off), and how it is checked.
COMMANDS: dict[str, Check] = {
    # set-up
    "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/queens-sat check examples/unique-8.json": Elsewhere(
        ".ci/run runs it word for word on a fresh environment"
    ),
    "python3 -m venv .venv && .venv/bin/pip install '.[all]' && .venv/bin/pytest": Elsewhere(
        ".ci/run runs it word for word on a fresh environment"
    ),
    "queens-sat completion bash > ~/.local/share/bash-completion/completions/queens-sat": Elsewhere(
        "writes into the home folder: tests/test_completion.py checks the script and what it completes"
    ),
    'eval "$(queens-sat completion bash)"': Run(),  # a shell's start-up line; tests/test_completion.py tries the completion
    # checking
    "queens-sat check examples/unique-8.json": Run(),
    "queens-sat check examples/batch.jsonl": Run(1),
    "queens-sat check examples/batch-with-bad-record.jsonl": Run(2),
    "queens-sat solve examples/queens-rule-7.json": Run(),
    "queens-sat count examples/multiple.txt": Run(),
    "queens-sat count --n 8 --rule queens": Run(),
    # boards without regions
    "queens-sat count --n 16 --rule queens": Run(slow_pure=True),
    "queens-sat count --n 16 --rule queens --workers 1": Run(slow_pure=True),
    "queens-sat count --n 200": Run(),
    "queens-sat check --n 8 --rule queens": Run(1),
    "queens-sat solve --n 8 --rule queens --all": Run(),
    "queens-sat solve --n 12 --rule queens --all --columns > all.txt": Run(slow_pure=True),
    "queens-sat solve --n 12 --rule queens --all --json | head": Run(),
    "queens-sat solve --n 1000000 --rule queens --out cols.txt": Run(slow_pure=True),
    "queens-sat solve --n 1000000 --rule queens --method construct --out cols.txt": Run(slow_pure=True),
    "queens-sat solve --n 5000 --rule queens --seed 7 --columns": Run(slow_pure=True),
    # Star Battle
    "queens-sat check examples/starbattle-10x10-2.json": Run(),
    "queens-sat convert examples/starbattle-10x10-2.json --to puzzlink": Run(),
    "queens-sat check 'https://puzz.link/p?starbattle/10/10/2/20gaicgha5ik595a2463ke3gfj3d5e06b0go'": Run(),
    "queens-sat convert examples/other-formats/starbattle-regionlist.txt --format regionlist --stars 2 --to json": Run(),
    "queens-sat generate --n 14 --stars 3 --count 10 --logic": Parse("ten 14x14 3-star puzzles solvable by logic take minutes"),
    ".venv/bin/python bench/stars_check.py --puzzles bench/stars-puzzles.jsonl": Parse(BENCH),
    ".venv/bin/python bench/differential.py --stars --boards 10000": Parse(BENCH),
    ".venv/bin/python bench/logic_stars.py bench/stars-puzzles.jsonl": Parse(BENCH),
    # pictures (tests/test_render.py checks the pictures in docs/ are what these draw)
    "queens-sat render examples/unique-8.json --out docs/unique-8.png --cell 40": Run(),
    "queens-sat render examples/unique-8.json --out docs/unique-8-solution.png --solution --cell 40": Run(),
    "queens-sat render examples/givens.json --out docs/givens-solution.png --solution --cell 40": Run(),
    # screenshots
    "queens-sat check examples/screenshots/today.png": Run(),
    "queens-sat convert examples/screenshots/today.png --to json": Run(),
    "queens-sat solve examples/screenshots/phone.jpg --read-marks": Run(),
    "queens-sat check examples/screenshots/starbattle.png --stars 2": Run(),
    "queens-sat check examples/screenshots/today.png --debug-image seen.png": Run(),
    ".venv/bin/python bench/images.py --per-kind 40 --real ../screenshots --timing 10": Parse(
        BENCH + "; ../screenshots, the real pictures, are not in this repository (the README says so)"
    ),
    # other generators' files
    "queens-sat check --json --no-logic --regions-key colorGrid examples/other-formats/their-candidates.jsonl": Run(1),
    "queens-sat check --dialect tony-xlz examples/other-formats/generated_maps/maps.json": Run(1),
    # explaining
    "queens-sat explain examples/unique-9.txt": Run(),
    "queens-sat explain examples/unique-9.txt --boards": Run(),
    "queens-sat explain --json examples/unique-9.txt": Run(),
    "queens-sat hint examples/position.json": Run(),
    # generating (in order: --resume and check read the file the first one wrote)
    "queens-sat generate --n 10 --count 100 --seed 1 --out puzzles.jsonl": Run(slow_pure=True),
    "queens-sat generate --n 10 --count 200 --out puzzles.jsonl --resume": Run(slow_pure=True),
    "queens-sat generate --n 14 --count 50 --logic --grade Medium Hard": Run(slow_pure=True),
    "queens-sat generate --n 20 --count 1000 --dask tcp://scheduler:8786": Parse("needs a Dask scheduler at tcp://scheduler:8786"),
    "queens-sat check puzzles.jsonl": Run(slow_pure=True),
    "queens-sat generate --n 10 --stars 2 --count 100 --seed 1 --out stars.jsonl": Run(slow_pure=True),
    "queens-sat generate --n 14 --stars 3 --count 20 --logic": Parse("twenty 14x14 3-star puzzles solvable by logic take minutes"),
    ".venv/bin/python bench/generator_bench.py --sizes 10/2,14/3,17/4,21/5 --strategies repair --validators auto": Parse(BENCH),
    "queens-sat bench --generate 10/2,14/3,17/4,21/5 --per-size 20": Parse("every backend on 80 boards up to 21x21: minutes"),
    ".venv/bin/python bench/generator_bench.py": Parse(BENCH),
    ".venv/bin/python bench/generator_tail.py --sizes 48,64": Parse(BENCH),
    # comparing backends
    "queens-sat bench ../shared/corpus/community.jsonl --sizes 7-11": Parse("every backend on the corpus's boards of n 7 to 11: minutes"),
    "queens-sat bench --generate 8,11,14,18 --per-size 40 --backends native,sat,cpsat,python": Parse(
        "160 boards up to 18x18 on the pure-Python search too: minutes"
    ),
    "queens-sat bench examples/batch.jsonl --backends sat:minisat22:seqcounter,sat:cadical195:seqcounter --json": Run(),
    ".venv/bin/python bench/native_bench.py": Parse(BENCH),
    # HTTP service
    ".venv/bin/pip install '.[serve]'": Elsewhere(
        "an install (a build of the package): the set-up line's '.[all]' holds serve, and .ci/run runs it"
    ),
    "queens-sat serve": Elsewhere("started by this test on a free port for the curl lines (8000 may be taken)"),
    "curl -X POST --data-binary @examples/unique-8.json http://127.0.0.1:8000/check": Served(),
    "curl -X POST --data-binary @examples/multiple.txt 'http://127.0.0.1:8000/check?logic=false'": Served(),
    "curl -X POST --data-binary @examples/unique-8.json http://127.0.0.1:8000/solve": Served(),
    "curl -X POST --data-binary @examples/multiple.txt 'http://127.0.0.1:8000/count?limit=100'": Served(),
    "curl -X POST --data-binary @examples/unique-8.json http://127.0.0.1:8000/explain": Served(),
    "curl -X POST --data-binary @examples/givens.json http://127.0.0.1:8000/hint": Served(),
    "curl -X POST --data-binary @examples/unique-8.json 'http://127.0.0.1:8000/render?image=png&solution=true' -o solved.png": Served(),
    "curl -X POST --data-binary @examples/unique-8.json 'http://127.0.0.1:8000/convert?to=text'": Served(),
    "curl -X POST --data-binary @examples/screenshots/phone.jpg 'http://127.0.0.1:8000/import?read_marks=true'": Served(),
    """curl -X POST -d '{"n": 8, "count": 2, "seed": 7}' http://127.0.0.1:8000/generate""": Served(),
    "curl http://127.0.0.1:8000/backends": Served(),
    "curl http://127.0.0.1:8000/health": Served(),
    "curl http://127.0.0.1:8000/openapi.json": Served(),
    ".venv/bin/python bench/serve_load.py --workers 2": Parse(BENCH),
    ".venv/bin/python bench/throughput.py --workers 2 --seconds 5": Parse(BENCH),
}


@dataclass(frozen=True)
class Command:
    text: str  # as written, comment left off
    line: int  # in README.md
    shown: tuple[str, ...]  # a console block's output lines


@dataclass(frozen=True)
class Snippet:
    code: str
    line: int
    lang: str


def without_comment(line: str) -> str:
    """The command without its ``# comment`` (a ``#`` inside quotes, or inside a word, is kept)."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def fenced_blocks() -> list[tuple[str, int, str]]:
    """(language, line of the first code line, code) of every fenced block."""
    text = README.read_text(encoding="utf-8")
    return [(m.group(1), text.count("\n", 0, m.start(2)) + 1, m.group(2)) for m in FENCE.finditer(text)]


def readme_commands() -> list[Command]:
    found: list[Command] = []
    for lang, first, code in fenced_blocks():
        lines = code.splitlines()
        if lang == "sh":
            found += [Command(without_comment(line), first + i, ()) for i, line in enumerate(lines) if without_comment(line)]
        elif lang == "console":
            prompts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
            for k, i in enumerate(prompts):
                end = prompts[k + 1] if k + 1 < len(prompts) else len(lines)
                found.append(Command(without_comment(lines[i][2:]), first + i, tuple(lines[i + 1 : end])))
    return found


def readme_snippets() -> list[Snippet]:
    return [Snippet(code, first, lang) for lang, first, code in fenced_blocks() if lang in ("python", "js")]


COMMAND_LIST = readme_commands()


def test_every_block_is_one_the_test_reads() -> None:
    """A block in a language this test does not read would escape it: only the layout's tree is plain."""
    for lang, first, code in fenced_blocks():
        assert lang in ("sh", "console", "python", "js", ""), f"README.md:{first}: a ```{lang} block: teach tests/test_readme.py to run it"
        if lang == "":
            assert not re.search(r"^\s*(\$|queens-sat|\.venv/)", code, re.MULTILINE), f"README.md:{first}: a command in a plain block"


def test_every_readme_command_is_accounted_for() -> None:
    written = {command.text for command in COMMAND_LIST}
    unknown = sorted(written - set(COMMANDS))
    stale = sorted(set(COMMANDS) - written)
    assert not unknown, f"README commands tests/test_readme.py does not know (add each to COMMANDS, with how it is checked): {unknown}"
    assert not stale, f"COMMANDS entries README.md no longer holds: {stale}"


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A stand-in for the repository root that the commands may write into: examples/ and bench/
    linked, docs/ empty, .venv this environment, ../shared the corpus beside the repository."""
    base = tmp_path_factory.mktemp("readme")
    root = base / "queens-sat"
    root.mkdir()
    for name in ("examples", "bench"):
        (root / name).symlink_to(ROOT / name)
    (root / "docs").mkdir()
    (root / ".venv").symlink_to(Path(sys.prefix))
    if (ROOT.parent / "shared").exists():
        (base / "shared").symlink_to(ROOT.parent / "shared")
    return root


@pytest.fixture(scope="module")
def server_url() -> object:
    with serving() as served:
        yield served.url


def _environment() -> dict[str, str]:
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    for name in ("FORCE_COLOR", "PYTHONSAFEPATH"):  # a user's shell: no forced colour, the usual sys.path
        env.pop(name, None)
    return env


def _shell(command: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=_environment(), capture_output=True, text=True, timeout=timeout)


def _parse(command: str, cwd: Path) -> None:
    words = shlex.split(command)
    if words[0] == "queens-sat":
        build_parser().parse_args(words[1:])  # exits 2 on a bad option or value
        return
    assert words[:2] == [".venv/bin/python", words[1]] and words[1].startswith("bench/"), command
    res = subprocess.run([*words, "--help"], cwd=cwd, env=_environment(), capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    for option in (w.split("=")[0] for w in words[2:] if w.startswith("--")):
        assert option in res.stdout, f"{command}: {words[1]} has no {option}"


_MEASURED = re.compile(r"\d+(\.\d+)? ?(µs|ms|s)\b")


def _same_output(shown: tuple[str, ...], printed: str) -> None:
    """Each line a console block shows is printed (times masked; a line with '...' up to it)."""
    got = [_MEASURED.sub("T", line) for line in printed.splitlines()]
    for line in shown:
        want = _MEASURED.sub("T", line)
        if PURE:  # the pure-Python twin answers where the README shows the native search
            want = want.replace(", native, ", ", python, ")
        if want.strip() == "...":
            continue
        if "..." in want:
            want = want.split("...")[0]
            assert any(g.startswith(want) for g in got), f"not printed: {line!r}"
        else:
            assert want in got, f"not printed: {line!r}"


@pytest.mark.parametrize("command", COMMAND_LIST, ids=lambda c: f"line{c.line}")
def test_readme_command(command: Command, checkout: Path, request: pytest.FixtureRequest) -> None:
    check = COMMANDS.get(command.text)
    if check is None:
        pytest.fail(f"README.md:{command.line}: add {command.text!r} to COMMANDS")
    if isinstance(check, Elsewhere):
        return
    if isinstance(check, Parse) or (isinstance(check, Run) and check.slow_pure and PURE):
        _parse(command.text, checkout)
        return
    if isinstance(check, Served):
        url = request.getfixturevalue("server_url")
        status = " --silent --show-error --write-out '\\n%{http_code}'"  # the answer's status on a last line
        res = _shell(command.text.replace(f"http://{README_PORT}", str(url)) + status, checkout)
        assert res.returncode == 0, res.stderr
        *answer, code = res.stdout.split("\n")
        assert code == "200", res.stdout[-500:]
        assert "".join(answer).strip() or "-o " in command.text
        return
    res = _shell(command.text, checkout)
    assert res.returncode == check.code, f"README.md:{command.line}: {command.text}\n{res.stdout[-2000:]}\n{res.stderr[-2000:]}"
    assert "Traceback" not in res.stderr, res.stderr
    _same_output(command.shown, res.stdout)


def test_the_python_snippets_run_in_order(checkout: Path) -> None:
    """The ``python`` blocks, one after another in one interpreter (later ones use earlier names),
    from the stand-in root; the co-process client is examples/coprocess_client.py, run by test_coprocess."""
    clients = {(EXAMPLES / name).read_text().strip() for name in ("coprocess_client.py", "coprocess_client.js")}
    snippets = [s for s in readme_snippets() if s.code.strip() not in clients]
    assert all(s.lang == "python" for s in snippets), "a js block that is not examples/coprocess_client.js"
    driver = "\n".join(
        ["import sys", "namespace = {'__name__': '__main__'}"]
        + [f"exec(compile({s.code!r}, 'README.md:{s.line}', 'exec'), namespace)" for s in snippets]
    )
    res = subprocess.run([sys.executable, "-c", driver], cwd=checkout, env=_environment(), capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert res.stderr == "", res.stderr  # no warning either (a missing extension would say "reinstall")


def test_the_inline_imports_work() -> None:
    """Imports the prose shows in backticks (``from queens_sat import nqueens``) work as written."""
    text = README.read_text(encoding="utf-8")
    imports = sorted(set(re.findall(r"`((?:from queens_sat\S* import [\w, ]+)|(?:import queens_sat[\w. ]*))`", text)))
    assert "from queens_sat import nqueens" in imports
    res = subprocess.run([sys.executable, "-c", "\n".join(imports)], env=_environment(), capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr


def test_the_source_tree_does_not_shadow_the_installed_package() -> None:
    """From the repository root, ``import queens_sat`` is the installed package (src/ layout: no
    queens_sat/ folder at the root), and a native build warns of nothing."""
    assert not (ROOT / "queens_sat").exists()
    code = "import queens_sat as qs; print(qs.__file__); qs.solve(qs.read_puzzle('examples/unique-8.json'))"
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_environment(), capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert Path(res.stdout.strip()).parent.parent != ROOT
    assert res.stderr == "", res.stderr


def _inline_bench_commands() -> list[str]:
    """The bench scripts the prose names in backticks (``bench/tails.py``, ``python bench/realism.py``)."""
    prose = FENCE.sub("", README.read_text(encoding="utf-8"))
    spans = re.findall(r"`((?:\.venv/bin/python |python )?bench/[\w.-]+\.(?:py|sh)[^`]*)`", prose)
    return sorted({span.split("bench/", 1)[1] for span in spans})


@pytest.mark.parametrize("mention", _inline_bench_commands())
def test_the_bench_scripts_the_prose_names_exist_and_start(mention: str, checkout: Path) -> None:
    """Each one is there and answers --help with the options the prose gives it (a shell script: bash -n)."""
    script, *options = mention.split()
    assert (ROOT / "bench" / script).exists(), f"README names bench/{script}, which is not there"
    if script.endswith(".sh"):
        assert subprocess.run(["bash", "-n", str(ROOT / "bench" / script)], timeout=60).returncode == 0
        return
    _parse(" ".join([".venv/bin/python", f"bench/{script}", *options]), checkout)
