"""Shell completion (issue 26.3): ``queens-sat completion SHELL`` prints argcomplete's script, and the
command answers a shell's Tab (``_ARGCOMPLETE``, the line in ``COMP_LINE``, answers on fd 8)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

import pytest
from served import QUEENS_SAT


def complete(line: str) -> list[str]:
    """What Tab offers after ``line``, asked as bash's completion script asks: argcomplete writes
    the words to fd 8 (here the captured standard output) and its debug output to fd 9."""
    env = dict(os.environ, _ARGCOMPLETE="1", _ARGCOMPLETE_IFS="\n", COMP_LINE=line, COMP_POINT=str(len(line)))
    env.pop("_ARC_DEBUG", None)
    command = " ".join(shlex.quote(word) for word in QUEENS_SAT) + " 8>&1 9>/dev/null"
    res = subprocess.run(["bash", "-c", command], env=env, capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    return [word.strip() for word in res.stdout.split("\n") if word.strip()]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_completion_script_is_printed(shell: str) -> None:
    res = subprocess.run([*QUEENS_SAT, "completion", shell], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert "queens-sat" in res.stdout and "_ARGCOMPLETE" in res.stdout


def test_the_bash_script_loads_in_bash() -> None:
    script = subprocess.run([*QUEENS_SAT, "completion", "bash"], capture_output=True, text=True, timeout=60).stdout
    res = subprocess.run(["bash", "-c", f"{script}\ncomplete -p queens-sat"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert "queens-sat" in res.stdout


def test_an_unknown_shell_is_a_usage_error() -> None:
    res = subprocess.run([*QUEENS_SAT, "completion", "tcsh"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and "invalid choice: 'tcsh'" in res.stderr


def test_commands_options_and_values_complete() -> None:
    assert complete("queens-sat ch") == ["check"]
    assert "--backend" in complete("queens-sat check --ba")
    assert complete("queens-sat check --rule ") == ["no-touch", "queens"]
    assert {"auto", "native", "python", "sat", "cpsat"} <= set(complete("queens-sat solve --backend "))
    assert {"bash", "zsh", "fish"} <= set(complete("queens-sat completion "))


def test_an_ordinary_run_does_not_import_argcomplete() -> None:
    code = "import sys\nfrom queens_sat.cli import main\ntry: main(['--help'])\nexcept SystemExit: pass\n"
    code += "print('argcomplete' in sys.modules)"
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.stdout.strip().endswith("False")
