"""Every command of docs/library.md runs as written, in order, in a folder with the examples (the
one that serves forever is parsed only), with the exit code it should give."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import EXAMPLES, ROOT

from queens_sat.cli import build_parser

DOC = ROOT / "docs" / "library.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
CODES = {  # the commands that do not exit 0, and why
    "queens-sat library add --db puzzles.db examples/": 2,  # the examples hold broken records on purpose
}
PARSED_ONLY = {"queens-sat serve --db puzzles.db --workers 2"}  # serves until stopped
PURE = os.environ.get("QUEENS_SAT_PURE_PYTHON", "") not in ("", "0")


def commands() -> list[str]:
    return [line for lang, body in FENCE.findall(DOC.read_text()) if lang == "sh" for line in body.splitlines() if line.strip()]


@pytest.mark.skipif(PURE, reason="the schedule generates a week of puzzles: minutes on the pure-Python path")
def test_every_command_of_the_page_runs(tmp_path: Path) -> None:
    pytest.importorskip("fpdf")
    (tmp_path / "examples").symlink_to(EXAMPLES)
    environ = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    environ.pop("QUEENS_SAT_DB", None)
    seen = commands()
    assert seen and all(line.startswith("queens-sat ") for line in seen)
    for line in seen:
        words = shlex.split(line)
        if line in PARSED_ONLY:
            build_parser().parse_args(words[1:])
            continue
        done = subprocess.run([sys.executable, "-m", "queens_sat", *words[1:]], cwd=tmp_path, env=environ, capture_output=True, text=True)
        assert done.returncode == CODES.get(line, 0), f"{line}\n{done.stderr[-800:]}"
    assert (tmp_path / "booklet.pdf").read_bytes().startswith(b"%PDF")
    assert len(list((tmp_path / "levels").iterdir())) >= 1
    assert set(CODES) | PARSED_ONLY <= set(seen)
