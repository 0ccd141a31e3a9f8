"""Every message a person reads names places one way: r3c5 for a cell and "row 3" for a row,
counted from 1 as the board labels them, and file lines as editors count them; only JSON
keeps its 0-based pairs (and says so). A table of bad inputs goes through the command line
and the HTTP API, and every message they give is scanned for 0-based places (tuples,
row 0, r0c...); each also names the place it should, so an off-by-one cannot hide."""

from __future__ import annotations

import io
import json
import warnings
from pathlib import Path

import pytest
from helpers import ZERO_BASED
from pictures import paint

from queens_sat.cli import main

STRIPES = ["AAAA", "BBBB", "CCCC", "DDDD"]
BLOCKS = [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]

def clean(message: str) -> str:
    assert not ZERO_BASED.search(message), message
    return message


def picture_with_queens(cells: list[tuple[int, int]]) -> bytes:
    """A 4x4 board drawn plainly with a dark disc (a queen) in each of ``cells``."""
    from PIL import Image, ImageDraw

    image = Image.open(io.BytesIO(paint(BLOCKS))).convert("RGB")
    draw = ImageDraw.Draw(image)
    for r, c in cells:
        x, y = 12 + c * 40 + 20, 12 + r * 40 + 20
        draw.ellipse([x - 11, y - 11, x + 11, y + 11], fill="#222222")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def cli_cases(tmp: Path) -> list[tuple[list[str], str]]:
    """(arguments, a place the message must name) for the command line."""
    ragged = tmp / "bad1.txt"
    ragged.write_text("# a puzzle\nAAB\nAB\nABB\n")
    clash = tmp / "clash.json"
    clash.write_text(json.dumps({"regions": STRIPES, "givens": {"queens": [[0, 0], [0, 3]]}}))
    touch = tmp / "touch.json"
    touch.write_text(json.dumps({"regions": STRIPES, "givens": {"queens": [[1, 1], [2, 2]]}}))
    control = tmp / "control.json"
    control.write_text(json.dumps({"regions": ["AAAA", "AB\u0007B", "CCCC", "DDDD"]}))
    shot = tmp / "shot.png"
    shot.write_bytes(picture_with_queens([(1, 1), (1, 3)]))
    return [
        (["check", str(ragged)], f"{ragged}:3: row 2: ragged grid: this row has 2 cells, row 1 has 3"),
        (["check", str(clash)], "given queens r1c1 and r1c4 share a row"),
        (["check", str(touch)], "given queens r2c2 and r3c3 touch"),
        (["check", str(control)], "r2c3"),
        (["solve", str(shot), "--read-marks"], "given queens r2c2 and r2c4 share a row"),
    ]


def test_command_line_messages_count_from_one(capsys, tmp_path) -> None:
    for argv, place in cli_cases(tmp_path):
        code = main(argv)
        _out, err = capsys.readouterr()
        assert code != 0, argv
        assert place in clean(err), (argv, err)


def test_http_messages_count_from_one() -> None:
    pytest.importorskip("starlette", reason="the service needs the serve extra: pip install '.[serve]'")
    pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        from queens_sat.server import ServiceSettings, create_app

        with TestClient(create_app(ServiceSettings())) as client:
            cases = [
                ("garbage", "the grid has 1 row of 7 cells; it must be square"),
                ("AAB\nAB\nABB\n", "row 2: ragged grid: this row has 2 cells, row 1 has 3"),
                (json.dumps({"regions": STRIPES, "givens": {"queens": [[0, 0], [0, 3]]}}), "given queens r1c1 and r1c4 share a row"),
                (
                    json.dumps({"regions": STRIPES, "givens": {"queens": [[5, 0]]}}),
                    "[5, 0] is off the 4x4 board (JSON counts rows and columns from 0)",
                ),
            ]
            for body, place in cases:
                answer = client.post("/check", content=body)
                text = json.dumps(answer.json())
                message = answer.json().get("error") or text
                assert answer.status_code >= 400 or "invalid" in text, (body, text)
                assert place in message, (body, message)
                clean(message.replace("[5, 0]", ""))  # the JSON pair is quoted as it was sent
