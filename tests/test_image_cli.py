"""Screenshots on the command line: every command takes one, with --read-marks,
--debug-image and --stars; doubts on standard error and in JSON; bad pictures exit 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from helpers import EXAMPLES
from pictures import paint, shot

from queens_sat.cli import main
from queens_sat.formats import read_puzzle
from queens_sat.model.puzzle import Puzzle

UNIQUE_8 = Puzzle(read_puzzle(EXAMPLES / "unique-8.json").regions)  # labelled A, B... as a picture reads back


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def board(tmp_path):
    path = tmp_path / "shot.png"
    path.write_bytes(paint(UNIQUE_8.regions))
    return str(path)


@pytest.fixture
def shaded(tmp_path):
    """A board whose top-left cell is shaded (the reader warns), without thick borders to confirm it."""
    from PIL import Image, ImageEnhance

    image = Image.open(io.BytesIO(paint(UNIQUE_8.regions, thick=1))).convert("RGB")
    box = (14, 14, 50, 50)
    image.paste(ImageEnhance.Brightness(image.crop(box)).enhance(0.8), box[:2])
    path = tmp_path / "dim.png"
    image.save(path)
    return str(path)


def test_check_reads_a_screenshot(capsys, board):
    code, out, err = run(capsys, "check", board)
    assert code == 0 and "unique [8x8" in out and err == ""


def test_solve_count_explain_hint_render_convert_take_a_screenshot(capsys, board, tmp_path):
    code, out, _ = run(capsys, "solve", board, "--json")
    assert code == 0 and json.loads(out)["status"] == "solved"
    code, out, _ = run(capsys, "count", board, "--json")
    assert code == 0 and json.loads(out)["count"] == 1
    code, out, _ = run(capsys, "explain", board, "--json")
    assert code == 0 and json.loads(out)["n"] == 8
    code, out, _ = run(capsys, "hint", board, "--json")
    assert code == 0 and json.loads(out)["status"] == "hint"
    svg = tmp_path / "board.svg"
    code, _, _ = run(capsys, "render", board, "-o", str(svg))
    assert code == 0 and svg.read_text().startswith("<")
    code, out, _ = run(capsys, "convert", board, "--to", "json")
    assert code == 0 and json.loads(out)["regions"] == UNIQUE_8.label_rows()


def test_format_image_reads_a_picture_of_any_name(capsys, tmp_path):
    path = tmp_path / "board.bin"
    path.write_bytes(paint(UNIQUE_8.regions))
    code, out, _ = run(capsys, "convert", str(path), "--to", "text")
    assert code == 0 and out.split() == UNIQUE_8.label_rows()  # told by its magic bytes
    code, out, _ = run(capsys, "convert", str(path), "--format", "image", "--to", "text")
    assert code == 0 and out.split() == UNIQUE_8.label_rows()


def test_doubts_go_to_standard_error_and_into_json(capsys, shaded):
    code, out, err = run(capsys, "check", shaded)
    assert code == 0 and "warning: " in err and "dim.png" in err and "is a shade" in err
    assert "is a shade" not in out  # said once, on standard error
    code, out, err = run(capsys, "check", shaded, "--json")
    body = json.loads(out)
    assert any("shade" in w for w in body["warnings"]) and "shade" in err
    for command in ("solve", "count", "explain"):
        code, out, _ = run(capsys, command, shaded, "--json")
        assert any("shade" in w for w in json.loads(out)["warnings"]), command
    code, out, err = run(capsys, "check", shaded, "--quiet")
    assert code == 0 and out == "" and err == ""


def test_read_marks_makes_givens(capsys, tmp_path):
    made = shot("marks", 3)
    path = tmp_path / f"played{made.suffix}"
    path.write_bytes(made.data)
    code, out, _ = run(capsys, "convert", str(path), "--read-marks", "--to", "json")
    body = json.loads(out)
    assert code == 0
    assert sorted(map(tuple, body["givens"]["queens"])) == sorted(made.truth.queens)
    assert sorted(map(tuple, body["givens"]["blocked"])) == sorted(made.truth.blocked)
    code, out, _ = run(capsys, "convert", str(path), "--to", "json")
    assert "givens" not in json.loads(out)


def test_stars_apply_to_a_screenshot(capsys, tmp_path):
    made = shot("starbattle", 0)
    path = tmp_path / f"stars{made.suffix}"
    path.write_bytes(made.data)
    code, out, _ = run(capsys, "convert", str(path), "--stars", "2", "--to", "json")
    if made.truth.n >= 8:
        assert code == 0 and json.loads(out)["stars"] == 2


def test_debug_image_is_written(capsys, board, tmp_path):
    out = tmp_path / "seen.png"
    code, _, _ = run(capsys, "check", board, "--debug-image", str(out))
    assert code == 0 and out.read_bytes()[:4] == b"\x89PNG"


def test_debug_image_is_checked_before_reading(capsys, board, tmp_path):
    code, _, err = run(capsys, "check", board, board, "--debug-image", str(tmp_path / "x.png"))
    assert code == 2 and "one file" in err
    code, _, err = run(capsys, "check", board, "--debug-image", str(tmp_path / "x.txt"))
    assert code == 2 and "must end in" in err
    code, _, err = run(capsys, "check", board, "--debug-image", str(tmp_path / "missing" / "x.png"))
    assert code == 2 and "does not exist" in err


def test_a_bad_picture_exits_2_with_one_line(capsys, tmp_path):
    path = tmp_path / "broken.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 50)
    code, _out, err = run(capsys, "check", str(path))
    assert code == 2 and err.count("\n") == 1 and "broken.png" in err and "Traceback" not in err
    blank = tmp_path / "blank.png"
    from PIL import Image

    Image.new("RGB", (300, 300), "white").save(blank)
    code, _, err = run(capsys, "solve", str(blank))
    assert code == 2 and "blank.png" in err and ("no board" in err or "grid" in err)


def test_a_picture_piped_to_standard_input(board):
    with open(board, "rb") as handle:
        data = handle.read()
    for argv in (["check", "-"], ["check", "-", "--json"]):
        done = subprocess.run([sys.executable, "-m", "queens_sat", *argv], input=data, capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr.decode()
        assert b"unique" in done.stdout
