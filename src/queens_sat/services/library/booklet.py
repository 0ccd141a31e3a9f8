"""A print booklet of puzzles as PDF: several puzzles to an A4 page, each with its number, size and
grade, and their solutions, numbered alike, at the back.

The PDF is made with fpdf2 (the ``pdf`` extra, imported here only): a small pure-Python library,
maintained and released often, that places Pillow images and text on a page directly; ReportLab
does the same with a far larger toolkit (its own graphics and layout engines) that a booklet does
not need. Each board is the PNG renderer's own picture, so the page shows what ``render`` draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from queens_sat.model.errors import MissingDependency, extra_remedy
from queens_sat.services.library.entries import Entry

PAGE_MM = (210.0, 297.0)  # A4 portrait
MARGIN_MM = 12.0
COLUMNS, ROWS = 2, 3  # puzzles a page
CAPTION_MM = 7.0  # the line under each board
TITLE_MM = 12.0  # the page's heading
CELL_PX = 48  # pixels a cell in the embedded pictures (about 300 dpi at these sizes)
INSTALL_HINT = f"the PDF booklet needs fpdf2: {extra_remedy('pdf')}, or pip install fpdf2"


@dataclass(frozen=True)
class Box:
    """Where a board's picture sits on its page, in millimetres from the top-left corner."""

    x: float
    y: float
    side: float


def box(slot: int) -> Box:
    """The square box of the ``slot``-th puzzle on a page (row by row)."""
    width = (PAGE_MM[0] - 2 * MARGIN_MM) / COLUMNS
    height = (PAGE_MM[1] - 2 * MARGIN_MM - TITLE_MM) / ROWS
    side = min(width, height - CAPTION_MM) - 4
    col, row = slot % COLUMNS, slot // COLUMNS
    x = MARGIN_MM + col * width + (width - side) / 2
    y = MARGIN_MM + TITLE_MM + row * height
    return Box(x, y, side)


def caption(number: int, entry: Entry) -> str:
    stars = f", {entry.stars} stars" if entry.stars > 1 else ""
    return f"No. {number}  ·  {entry.n}x{entry.n}{stars}  ·  {entry.grade or entry.status}"


def write_booklet(entries: Sequence[Entry], path: str, title: str = "Queens puzzles") -> int:
    """Write the booklet; returns its page count. ``MissingDependency`` without fpdf2."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise MissingDependency(INSTALL_HINT) from None
    from queens_sat.services.render import BoardState
    from queens_sat.services.render.files import board_image

    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_title(title)
    per_page = COLUMNS * ROWS
    for part, solved in ((title, False), ("Solutions", True)):
        for start in range(0, len(entries), per_page):
            pdf.add_page()
            pdf.set_font("helvetica", "B", 14)
            pdf.set_xy(MARGIN_MM, MARGIN_MM)
            pdf.cell(PAGE_MM[0] - 2 * MARGIN_MM, 8, part + (f"  ({start // per_page + 1})" if len(entries) > per_page else ""), align="C")
            for slot, entry in enumerate(entries[start : start + per_page]):
                number = start + slot + 1
                puzzle = entry.as_puzzle()
                cols = entry.solution_columns() if solved else None
                state = BoardState.solved(cols, stars=puzzle.stars) if cols is not None else BoardState()
                image = board_image(puzzle, state, cell=max(8, min(CELL_PX, 960 // puzzle.n)))
                at = box(slot)
                pdf.image(image, x=at.x, y=at.y, w=at.side, h=at.side)
                pdf.set_font("helvetica", "", 10)
                pdf.set_xy(at.x, at.y + at.side + 1)
                pdf.cell(at.side, CAPTION_MM - 2, caption(number, entry).replace("·", "-"), align="C")
    pdf.output(path)
    return int(pdf.pages_count)
