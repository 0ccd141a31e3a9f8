"""``library export``: every format read back to the same puzzles, the queens-game level files, and
the PDF booklet rasterised (pdftoppm) and compared, board by board, with the renderer's pictures."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from library_helpers import generated_lines, write_lines

from queens_sat.cli import main
from queens_sat.formats.sources import puzzle_records
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.library import Entry, Filters, Library, puzzle_key, query


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("export")
    source = write_lines(folder / "g.jsonl", generated_lines(7, 8, seed=3))
    db = str(folder / "lib.db")
    assert main(["library", "add", "--db", db, str(source), "-q"]) == 0
    return db


def _entries(db: str) -> list[Entry]:
    with Library(db) as lib:
        return query(lib, Filters(), limit=None)


@pytest.mark.parametrize("fmt", ["jsonl", "json", "puzzlink", "text"])
def test_exports_read_back_to_the_same_puzzles(library: str, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"out.{fmt}"
    assert main(["library", "export", "--db", library, "--format", fmt, "--out", str(out), "-q"]) == 0
    read = [r.puzzle for r in puzzle_records([str(out)])]
    assert all(p is not None for p in read)
    assert [puzzle_key(p) for p in read if p is not None] == [e.key for e in _entries(library)]
    if fmt == "jsonl":
        lines = [json.loads(line) for line in out.read_text().splitlines()]
        for line, entry in zip(lines, _entries(library), strict=True):
            assert (line["library_id"], line["grade"], line["score"]) == (entry.id, entry.grade, entry.score)
            assert Puzzle(line["regions"]).is_solution(line["solution"])


def test_pictures_one_file_a_puzzle(library: str, tmp_path: Path) -> None:
    grades = [(e.grade or "").lower() for e in _entries(library)]
    for fmt in ("png", "svg"):
        out = tmp_path / fmt
        assert main(["library", "export", "--db", library, "--format", fmt, "--out", str(out), "--ids", "2", "1", "-q"]) == 0
        assert sorted(p.name for p in out.iterdir()) == [f"0001-7x7-{grades[1]}-2.{fmt}", f"0002-7x7-{grades[0]}-1.{fmt}"]


def test_queens_game_levels(library: str, tmp_path: Path) -> None:
    """Each level file holds the puzzle's rows of region letters, its size, and a colour a letter."""
    out = tmp_path / "levels"
    assert main(["library", "export", "--db", library, "--format", "queens-game", "--out", str(out), "-q"]) == 0
    for number, entry in enumerate(_entries(library), 1):
        text = (out / f"level{number}.ts").read_text()
        assert f'path: "/level/{number}"' in text and f"size: {entry.n}," in text and text.rstrip().endswith("export default level;")
        rows = [re.findall(r'"([A-Z])"', line) for line in text.splitlines() if line.strip().startswith("[")]
        assert Puzzle(["".join(r) for r in rows]) == entry.as_puzzle()
        colours = dict(re.findall(r'^\s+([A-Z]): "(#[0-9A-F]{6})"', text, re.M))
        assert sorted(colours) == sorted({c for r in rows for c in r})


def test_pdf_booklet_pages_show_the_puzzles_drawn(library: str, tmp_path: Path) -> None:
    pytest.importorskip("fpdf")
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    from PIL import Image, ImageChops, ImageStat

    from queens_sat.services.library.booklet import COLUMNS, ROWS, box
    from queens_sat.services.render import BoardState
    from queens_sat.services.render.files import board_image

    out = tmp_path / "book.pdf"
    assert main(["library", "export", "--db", library, "--format", "pdf", "--out", str(out), "-q"]) == 0
    dpi = 100
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(out), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    entries = _entries(library)
    per_page = COLUMNS * ROWS
    assert len(pages) == 2 * -(-len(entries) // per_page)  # the puzzles, then as many pages of solutions

    def board_on(page: Image.Image, slot: int) -> Image.Image:
        at = box(slot)
        px = dpi / 25.4
        return page.crop((round(at.x * px), round(at.y * px), round((at.x + at.side) * px), round((at.y + at.side) * px)))

    def difference(a: Image.Image, b: Image.Image) -> float:
        return sum(ImageStat.Stat(ImageChops.difference(a, b.resize(a.size))).mean) / 3

    first, solutions = Image.open(pages[0]).convert("RGB"), Image.open(pages[len(pages) // 2]).convert("RGB")
    for slot, entry in enumerate(entries[:per_page]):
        puzzle = entry.as_puzzle()
        drawn = board_image(puzzle, BoardState())
        other = board_image(entries[(slot + 1) % per_page].as_puzzle(), BoardState())
        solved = board_image(puzzle, BoardState.solved(entry.solution_columns() or []))
        on_page = board_on(first, slot)
        assert difference(on_page, drawn) < 12 < difference(on_page, other)
        assert difference(board_on(solutions, slot), solved) < difference(board_on(solutions, slot), drawn)
