"""Small things a new user meets first: the install line of a missing extra is the one the
README's source install takes, the completion install line makes its folder, and checking a
small board without regions starts as fast as counting it (no numpy to import)."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from queens_sat.cli import completion_command, main

SCRIPT = shutil.which("queens-sat", path=os.path.dirname(sys.executable))


def test_serve_without_its_extra_names_the_source_install(capsys, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now raises ImportError
    code = main(["serve", "--port", "1"])
    _out, err = capsys.readouterr()
    assert code == 2
    assert "serve needs uvicorn: pip install '.[serve]' in the queens-sat source folder" in err
    assert "Traceback" not in err


def completion_line() -> str:
    parser = argparse.ArgumentParser(prog="queens-sat")
    completion_command.register(parser.add_subparsers())
    description = parser._subparsers._group_actions[0].choices["completion"].description  # type: ignore[union-attr]
    found = re.search(r"(mkdir -p \S+ && queens-sat completion bash > \S+?)\.?$", description)
    assert found, description
    return found.group(1)


@pytest.mark.skipif(SCRIPT is None or shutil.which("bash") is None, reason="needs the installed queens-sat and bash")
def test_the_completion_install_line_works_in_a_fresh_home(tmp_path: Path) -> None:
    line = completion_line()
    assert "~/.local/share/bash-completion/completions" in line
    env = {**os.environ, "HOME": str(tmp_path), "PATH": f"{os.path.dirname(SCRIPT or '')}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run(["bash", "-c", line], env=env, check=True, timeout=60)
    written = tmp_path / ".local/share/bash-completion/completions/queens-sat"
    assert written.is_file() and "queens-sat" in written.read_text()


def test_checking_a_small_free_board_imports_no_numpy() -> None:
    probe = (
        "import sys\n"
        "from queens_sat.cli import main\n"
        "code = main(['check', '--n', '8', '--rule', 'queens'])\n"
        "print(code, 'numpy' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.split()[-2:] == ["1", "False"], done.stdout + done.stderr  # 92 solutions: exit 1, multiple


def test_every_missing_extra_names_the_source_install() -> None:
    """The PDF booklet's, the charts' and the plot's messages say what serve's says: the README
    installs from the source folder, so '.[extra]' first (a package index would not have it)."""
    from queens_sat.services.benchmark.plot import INSTALL_HINT as PLOT_HINT
    from queens_sat.services.library.booklet import INSTALL_HINT as PDF_HINT

    assert "pip install '.[pdf]' in the queens-sat source folder" in PDF_HINT
    assert "pip install '.[plot]' in the queens-sat source folder" in PLOT_HINT
