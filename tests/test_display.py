"""The terminal board: colour only when wanted, region colours kept under queens, 80 columns."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest
from helpers import EXAMPLES, random_puzzle

from queens_sat.formats import read_puzzle
from queens_sat.services.render.palette import hex_to_rgb, region_looks
from queens_sat.services.render.terminal import board_lines, wants_color

ANSI = re.compile(r"\x1b\[[0-9;]*m")
UNIQUE_8 = (6, 4, 2, 7, 3, 0, 5, 1)


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    "env, stream, force, expected",
    [
        ({}, io.StringIO(), None, False),  # a pipe or file
        ({}, FakeTerminal(), None, True),
        ({"NO_COLOR": "1"}, FakeTerminal(), None, False),
        ({"FORCE_COLOR": "1"}, io.StringIO(), None, True),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, io.StringIO(), None, False),
        ({"TERM": "dumb"}, FakeTerminal(), None, False),
        ({"FORCE_COLOR": "1"}, FakeTerminal(), False, False),  # --no-color wins
    ],
)
def test_wants_color(monkeypatch, env, stream, force, expected):
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert wants_color(stream, force) is expected


def test_coloured_cells_keep_their_region_colour_under_the_queen():
    puzzle = read_puzzle(EXAMPLES / "unique-8.json")
    looks = region_looks(puzzle)
    lines = board_lines(puzzle, UNIQUE_8, color=True, queen="Q", truecolor=True)
    for r, line in enumerate(lines):
        cells = re.findall(r"\x1b\[48;2;(\d+);(\d+);(\d+)m(?:\x1b\[[0-9;]*m)*(.) ", line)
        assert len(cells) == 8
        for c, (red, green, blue, text) in enumerate(cells):
            assert (int(red), int(green), int(blue)) == hex_to_rgb(looks[puzzle.regions[r][c]].color)
            assert (text == "Q") == (UNIQUE_8[r] == c)
    plain = [ANSI.sub("", line) for line in board_lines(puzzle, UNIQUE_8, color=True, queen="Q", truecolor=False)]
    assert plain[0] == "  C B B B B B Q A "
    assert all("\x1b[48;5;" in line for line in board_lines(puzzle, UNIQUE_8, color=True, truecolor=False))


@pytest.mark.parametrize("n", [8, 30, 31, 64])
@pytest.mark.parametrize("color", [False, True])
def test_board_fits_80_columns(n, color):
    puzzle = random_puzzle(n, 1)
    lines = board_lines(puzzle, None, color=color)
    assert len(lines) == n
    widths = {len(ANSI.sub("", line)) for line in lines}
    assert max(widths) <= 80
    assert widths == {2 + (2 * n if n <= 30 else n) - (0 if color or n > 30 else 1)}


def test_givens_and_crossed_cells_are_marked():
    puzzle = read_puzzle(EXAMPLES / "givens.json")
    lines = board_lines(puzzle, None, queen="Q", queens={(2, 3)}, crossed={(1, 1)})
    assert lines[0].split()[0] == "Q" and lines[5].split()[5] == "x" and lines[1].split()[1] == "x"
    assert lines[2].split()[3] == "Q" and sum(line.count("Q") for line in lines) == 2


@pytest.mark.parametrize("command", ["check", "solve"])
def test_check_and_solve_colour_only_when_forced(capsys, monkeypatch, command):
    from queens_sat.cli import main

    target = str(EXAMPLES / "unique-8.json")
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)

    def output(*args: str, **env: str) -> str:
        with monkeypatch.context() as patch:
            for name, value in env.items():
                patch.setenv(name, value)
            assert main([command, target, *args]) == 0
        return capsys.readouterr().out

    assert "\x1b[" not in output()  # captured output is not a terminal
    assert "\x1b[48;" in output(FORCE_COLOR="1")
    assert "\x1b[" not in output("--no-color", FORCE_COLOR="1")
    assert "\x1b[" not in output(FORCE_COLOR="1", NO_COLOR="1")


def test_colour_through_the_real_command():
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    args = [sys.executable, "-m", "queens_sat", "check", str(EXAMPLES / "unique-8.json")]
    piped = subprocess.run(args, capture_output=True, text=True, env=env, timeout=60)
    forced = subprocess.run(args, capture_output=True, text=True, env=dict(env, FORCE_COLOR="1"), timeout=60)
    assert piped.returncode == forced.returncode == 0
    assert "\x1b[" not in piped.stdout and "\x1b[48;" in forced.stdout
