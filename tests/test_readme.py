"""Every command and Python snippet of README.md and of the documentation pages docs/*.md runs
as written (issues 26.3 and 34).

A page needs nothing here. Its fenced ``sh`` and ``console`` blocks are read line by line, and
each command runs with bash from a stand-in for the repository root made for that page
(``examples/`` copied, ``bench/`` linked, ``docs/`` empty, ``.venv`` this Python's
environment, the installed ``queens-sat`` first on PATH), in the order the page gives them,
and must exit 0, or with the code the page marks in the command's comment
(``queens-sat check examples/none.json   # exit 1: no solution``). A ``console`` block's output
lines must be printed (a measured time written as ``…``, since no run repeats one; a line
ending in ``...`` up to that point; a lone ``...`` skips lines). Some commands need no entry
either: a request to ``http://127.0.0.1:8000`` goes to a server this test starts,
``queens-sat serve`` is that server, and a ``.venv/bin/python bench/...`` benchmark is
asked ``--help`` with the options the page gives it.

``COMMANDS`` lists only the exceptions: what cannot run here (an install, a file in the
home folder), what takes minutes (its arguments parsed instead), and what takes minutes on
the pure-Python path alone. An entry no page holds fails the test. A page's ``python``
blocks run in order in one interpreter from its stand-in, as a reader pasting them would;
its ``js`` blocks likewise with node. What other tests already run is named here, not run
again: the co-process clients (tests/test_coprocess.py), the pictures the render commands
drew (tests/test_render.py), the install lines and the site's build (.ci/run runs them word
for word).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import EXAMPLES, ROOT
from served import serving

from queens_sat.cli import build_parser

README = ROOT / "README.md"
DOCS = ROOT / "docs"
PURE = os.environ.get("QUEENS_SAT_PURE_PYTHON", "") not in ("", "0")
BIN = Path(sys.executable).parent  # the environment's scripts: queens-sat, pip, ruff
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
README_PORT = "127.0.0.1:8000"
EXIT_MARK = re.compile(r"#\s*exit (\d+)\b")  # a command's expected exit code, in its comment
RUN_LANGS = ("sh", "console", "python", "js")  # the blocks this test runs
SHOWN_LANGS = ("", "text", "json")  # blocks that only show (data, a file, a tree): no command in them


def pages() -> list[Path]:
    """README.md, then every page of the documentation site."""
    return [README, *sorted(DOCS.glob("*.md"))]


def page_name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


@dataclass(frozen=True)
class Run:
    """Run it and hold it to its exit code (the page's mark, else 0); a plain command needs no entry."""


@dataclass(frozen=True)
class Slow:
    """Run it, but on the pure-Python path, where it takes minutes, only parse its arguments."""


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


Check = Run | Slow | Parse | Served | Elsewhere
BENCH = "a benchmark of minutes: its --help is asked with the page's options"
CI = ".ci/run runs it word for word on a fresh environment"

# The commands a page may hold that are not simply run (their comments left off), and why.
COMMANDS: dict[str, Check] = {
    # set-up and the site
    "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/queens-sat check examples/unique-8.json": Elsewhere(CI),
    "python3 -m venv .venv && .venv/bin/pip install '.[all]' && .venv/bin/pytest": Elsewhere(CI),
    ".venv/bin/pip install '.[serve]'": Elsewhere("an install (a build of the package): '.[all]' holds serve, and .ci/run installs it"),
    ".venv/bin/mkdocs build --strict": Elsewhere(CI + " (the site's pages are this test's pages)"),
    ".venv/bin/mkdocs serve": Elsewhere("a server for previewing the site; .ci/run builds it with --strict"),
    "mkdir -p ~/.local/share/bash-completion/completions": Elsewhere("makes a folder in the home folder: the next line's"),
    "queens-sat completion bash > ~/.local/share/bash-completion/completions/queens-sat": Elsewhere(
        "writes into the home folder: tests/test_completion.py checks the script and what it completes"
    ),
    # the JavaScript package (docs/javascript.md): .ci/run installs its toolchain, builds it and runs these in js/
    "apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32 nodejs npm node-typescript": Elsewhere(
        "an install of system packages: .ci/run installs the same list"
    ),
    "cd js && npm run build": Elsewhere(CI + " (before the Python install, so the page's copy is packaged)"),
    "npm test": Elsewhere(CI + " in js/"),
    "npm run types": Elsewhere(CI + " in js/"),
    "npm pack": Elsewhere(CI + " in js/"),
    # minutes on the pure-Python path
    "queens-sat count --n 14 --rule queens": Slow(),
    "queens-sat count --n 14 --rule queens --workers 1": Slow(),
    "queens-sat solve --n 12 --rule queens --all --columns > all.txt": Slow(),
    "queens-sat solve --n 1000000 --rule queens --out cols.txt": Slow(),
    "queens-sat solve --n 1000000 --rule queens --method construct --out cols.txt": Slow(),
    "queens-sat solve --n 5000 --rule queens --seed 7 --columns": Slow(),
    "queens-sat generate --n 10 --count 20 --seed 1 --out puzzles.jsonl": Slow(),
    "queens-sat generate --n 10 --count 30 --out puzzles.jsonl --resume": Slow(),
    "queens-sat generate --n 12 --count 3 --logic --grade Medium Hard": Slow(),
    "queens-sat check puzzles.jsonl": Slow(),
    "queens-sat generate --n 10 --stars 2 --count 10 --seed 1 --out stars.jsonl": Slow(),
    # minutes, or what a test has not
    "queens-sat generate --n 14 --stars 3 --count 20 --logic": Parse("twenty 14x14 3-star puzzles solvable by logic take minutes"),
    "queens-sat generate --n 20 --count 1000 --dask tcp://scheduler:8786": Parse("needs a Dask scheduler at tcp://scheduler:8786"),
    "queens-sat bench --generate 10/2,14/3,17/4,21/5 --per-size 20": Parse("every backend on 80 boards up to 21x21: minutes"),
    "queens-sat bench ../shared/corpus/community.jsonl --sizes 7-11": Parse("every backend on the corpus's boards of n 7 to 11: minutes"),
    "queens-sat bench --generate 8,11,14,18 --per-size 40 --backends native,sat,cpsat,python": Parse(
        "160 boards up to 18x18 on the pure-Python search too: minutes"
    ),
    ".venv/bin/python bench/images.py --per-kind 40 --real ../screenshots --timing 10": Parse(
        BENCH + "; ../screenshots, the real pictures, are not in this repository (the page says so)"
    ),
}


def default_check(text: str) -> Check:
    """How a command no entry names is checked: by what it is."""
    if text.startswith("queens-sat serve"):
        return Elsewhere("the server: this test starts one on a free port for the requests (8000 may be taken)")
    if f"http://{README_PORT}" in text:
        return Served()
    if text.startswith(".venv/bin/python bench/"):
        return Parse(BENCH)
    return Run()


@dataclass(frozen=True)
class Command:
    text: str  # as written, comment left off
    page: str  # README.md or docs/x.md
    line: int  # in the page
    code: int  # the exit code it must give: the page's "# exit N", else 0
    shown: tuple[str, ...]  # a console block's output lines

    @property
    def check(self) -> Check:
        return COMMANDS.get(self.text) or default_check(self.text)


@dataclass(frozen=True)
class Snippet:
    code: str
    page: str
    line: int
    lang: str


def split_comment(line: str) -> tuple[str, str]:
    """The command and its ``# comment`` (a ``#`` inside quotes, or inside a word, is the command's)."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i:]
    return line.rstrip(), ""


def _command(line: str, page: str, number: int, shown: tuple[str, ...] = ()) -> Command | None:
    text, comment = split_comment(line)
    if not text:
        return None
    mark = EXIT_MARK.search(comment)
    return Command(text, page, number, int(mark.group(1)) if mark else 0, shown)


def fenced_blocks(page: Path) -> list[tuple[str, int, str]]:
    """(language, line of the first code line, code) of every fenced block."""
    text = page.read_text(encoding="utf-8")
    return [(m.group(1), text.count("\n", 0, m.start(2)) + 1, m.group(2)) for m in FENCE.finditer(text)]


def page_commands(page: Path) -> list[Command]:
    found: list[Command | None] = []
    name = page_name(page)
    for lang, first, code in fenced_blocks(page):
        lines = code.splitlines()
        if lang == "sh":
            found += [_command(line, name, first + i) for i, line in enumerate(lines)]
        elif lang == "console":
            prompts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
            for k, i in enumerate(prompts):
                end = prompts[k + 1] if k + 1 < len(prompts) else len(lines)
                found.append(_command(lines[i][2:], name, first + i, tuple(lines[i + 1 : end])))
    return [command for command in found if command is not None]


def page_snippets(page: Path, lang: str) -> list[Snippet]:
    return [Snippet(code, page_name(page), first, lang) for block, first, code in fenced_blocks(page) if block == lang]


def _clients() -> set[str]:
    """The co-process clients as examples/ holds them: tests/test_coprocess.py runs them."""
    return {(EXAMPLES / name).read_text().strip() for name in ("coprocess_client.py", "coprocess_client.js")}


COMMAND_LIST = [command for page in pages() for command in page_commands(page)]


def _pages_with(lang: str) -> list[str]:
    clients = _clients()
    return [page_name(p) for p in pages() if any(s.code.strip() not in clients for s in page_snippets(p, lang))]


def test_every_block_is_one_the_test_reads() -> None:
    """A block in a language this test does not run would escape it: only data, files and trees are plain."""
    for page in pages():
        for lang, first, code in fenced_blocks(page):
            where = f"{page_name(page)}:{first}"
            assert lang in RUN_LANGS + SHOWN_LANGS, f"{where}: a ```{lang} block: teach tests/test_readme.py to run it"
            if lang in SHOWN_LANGS:
                assert not re.search(r"^\s*(\$ |queens-sat |\.venv/|curl )", code, re.MULTILINE), f"{where}: a command in a ```{lang} block"


def test_every_table_entry_is_on_a_page() -> None:
    written = {command.text for command in COMMAND_LIST}
    stale = sorted(set(COMMANDS) - written)
    assert not stale, f"COMMANDS entries no page holds any more: {stale}"


def test_the_shown_output_has_no_measured_time() -> None:
    """A time in a console block's output was one run's: the pages write it as ``…``."""
    for command in COMMAND_LIST:
        for line in command.shown:
            assert not _MEASURED.search(line), f"{command.page}:{command.line}: write the time in {line!r} as '…'"


@pytest.fixture(scope="module")
def checkouts(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """A stand-in for the repository root per page, that its commands may write into: examples/
    copied, bench/ linked, docs/ empty, .venv this environment, ../shared the corpus beside it."""
    made: dict[str, Path] = {}

    def checkout(page: str) -> Path:
        if page not in made:
            base = tmp_path_factory.mktemp(re.sub(r"\W", "-", page))
            root = base / "queens-sat"
            root.mkdir()
            shutil.copytree(EXAMPLES, root / "examples")
            (root / "bench").symlink_to(ROOT / "bench")
            (root / "js").symlink_to(ROOT / "js")
            (root / "docs").mkdir()
            (root / ".venv").symlink_to(Path(sys.prefix))
            if (ROOT.parent / "shared").exists():
                (base / "shared").symlink_to(ROOT.parent / "shared")
            made[page] = root
        return made[page]

    return checkout


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
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
    """Each line a console block shows is printed (times masked, ``…`` standing for one; a line with '...' up to it)."""
    got = [_MEASURED.sub("T", line) for line in printed.splitlines()]
    for line in shown:
        want = _MEASURED.sub("T", line).replace("…", "T")
        if PURE:  # the pure-Python twin answers where the page shows the native search
            want = want.replace(", native, ", ", python, ")
        if want.strip() == "...":
            continue
        if "..." in want:
            want = want.split("...")[0]
            assert any(g.startswith(want) for g in got), f"not printed: {line!r}"
        else:
            assert want in got, f"not printed: {line!r}"


@pytest.mark.parametrize("command", COMMAND_LIST, ids=lambda c: f"{c.page}:{c.line}")
def test_page_command(command: Command, checkouts: Callable[[str], Path], request: pytest.FixtureRequest) -> None:
    check = command.check
    where = f"{command.page}:{command.line}: {command.text}"
    if isinstance(check, Elsewhere):
        return
    cwd = checkouts(command.page)
    if isinstance(check, Parse) or (isinstance(check, Slow) and PURE):
        _parse(command.text, cwd)
        return
    if isinstance(check, Served):
        url = request.getfixturevalue("server_url")
        status = " --silent --show-error --write-out '\\n%{http_code}'"  # the answer's status on a last line
        res = _shell(command.text.replace(f"http://{README_PORT}", str(url)) + status, cwd)
        assert res.returncode == 0, f"{where}\n{res.stderr}"
        *answer, code = res.stdout.split("\n")
        assert code == "200", f"{where}\n{res.stdout[-500:]}"
        assert "".join(answer).strip() or "-o " in command.text
        return
    res = _shell(command.text, cwd)
    assert res.returncode == command.code, f"{where}: exit {res.returncode}, not {command.code}\n{res.stdout[-2000:]}\n{res.stderr[-2000:]}"
    assert "Traceback" not in res.stderr, res.stderr
    _same_output(command.shown, res.stdout)


@pytest.mark.parametrize("page", _pages_with("python"))
def test_the_python_snippets_run_in_order(page: str, checkouts: Callable[[str], Path]) -> None:
    """A page's ``python`` blocks, one after another in one interpreter (later ones use earlier
    names), from its stand-in root; the co-process client is examples/coprocess_client.py, run by test_coprocess."""
    clients = _clients()
    snippets = [s for s in page_snippets(ROOT / page, "python") if s.code.strip() not in clients]
    driver = "\n".join(
        ["import sys", "namespace = {'__name__': '__main__'}"]
        + [f"exec(compile({s.code!r}, '{page}:{s.line}', 'exec'), namespace)" for s in snippets]
    )
    cwd = checkouts(page)
    res = subprocess.run([sys.executable, "-c", driver], cwd=cwd, env=_environment(), capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert res.stderr == "", res.stderr  # no warning either (a missing extension would say "reinstall")


@pytest.mark.parametrize("page", _pages_with("js"))
def test_the_js_snippets_run_in_order(page: str, checkouts: Callable[[str], Path]) -> None:
    """A page's ``js`` blocks, one after another in one node process, from its stand-in root
    (the co-process client is examples/coprocess_client.js, run by test_coprocess)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the page's JavaScript cannot run here")
    if not (ROOT / "js" / "queens-sat.wasm").exists():
        pytest.skip("the JavaScript module is not built (cd js && npm run build; .ci/run builds it)")
    clients = _clients()
    code = "\n;\n".join(s.code for s in page_snippets(ROOT / page, "js") if s.code.strip() not in clients)
    res = subprocess.run([node, "-e", code], cwd=checkouts(page), env=_environment(), capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr


def _all_text() -> str:
    return "\n".join(page.read_text(encoding="utf-8") for page in pages())


def test_the_inline_imports_work() -> None:
    """Imports the prose shows in backticks (``from queens_sat import nqueens``) work as written."""
    imports = sorted(set(re.findall(r"`((?:from queens_sat\S* import [\w, ]+)|(?:import queens_sat[\w. ]*))`", _all_text())))
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


def test_the_readme_is_a_front_page() -> None:
    """Under 15 KB, with a table of contents, and no one machine's timings (those live in bench/*-results.md)."""
    text = README.read_text(encoding="utf-8")
    assert len(text.encode()) < 15_000
    assert re.search(r"^- \[.+\]\(#", text, re.MULTILINE), "no table of contents"
    for phrase in ("load average", "2-core", "this machine", "since then", "µs"):
        assert phrase not in text, f"README.md says {phrase!r}: user documentation gives ranges"


def _inline_bench_commands() -> list[str]:
    """The bench scripts the prose names in backticks (``bench/tails.py``, ``python bench/realism.py``)."""
    prose = FENCE.sub("", _all_text())
    spans = re.findall(r"`((?:\.venv/bin/python |python )?bench/[\w.-]+\.(?:py|sh)[^`]*)`", prose)
    return sorted({span.split("bench/", 1)[1] for span in spans})


@pytest.mark.parametrize("mention", _inline_bench_commands())
def test_the_bench_scripts_the_prose_names_exist_and_start(mention: str, checkouts: Callable[[str], Path]) -> None:
    """Each one is there and answers --help with the options the prose gives it (a shell script: bash -n)."""
    script, *options = mention.split()
    assert (ROOT / "bench" / script).exists(), f"a page names bench/{script}, which is not there"
    if script.endswith(".sh"):
        assert subprocess.run(["bash", "-n", str(ROOT / "bench" / script)], timeout=60).returncode == 0
        return
    _parse(" ".join([".venv/bin/python", f"bench/{script}", *options]), checkouts("README.md"))
