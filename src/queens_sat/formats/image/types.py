"""The image reader's types: its options, its answer and its error, apart from the reader so
that ``formats`` can name them without loading numpy or Pillow."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from queens_sat.model.errors import FormatError

if TYPE_CHECKING:
    from queens_sat.model.puzzle import Puzzle


class ImageReadError(FormatError):
    """A picture that cannot be read as a puzzle: no board in it, a grid that cannot be
    sized, colours or borders that do not give n regions. The message says which."""


class ImageReadWarning(UserWarning):
    """A doubt about a picture that was read (two colours close together, a cell that
    could not be sampled): issued by ``read_puzzle`` on a picture, so library callers see it."""


@dataclass(frozen=True)
class ImageOptions:
    """How to read pictures: ``read_marks`` takes queens and X marks drawn on the board as
    givens; ``debug_image`` names a picture to write with the grid and regions drawn over
    the input, to see what was read."""

    read_marks: bool = False
    debug_image: str | None = None


@dataclass
class ImageRead:
    """What was read from a picture: the puzzle, the doubts about it, and how it was read."""

    puzzle: Puzzle
    warnings: list[str] = field(default_factory=list)
    n: int = 0
    method: str = "colours"  # "colours" or "borders": where the regions came from
    board: tuple[int, int, int, int] = (0, 0, 0, 0)  # left, top, right, bottom of the board in the picture, pixels
    cell: float = 0.0  # side of a cell in pixels
    marks: dict[str, int] = field(default_factory=dict)  # queens and blocked cells read (with read_marks)
    details: dict[str, Any] = field(default_factory=dict)  # measures behind the verdict (colour gaps, walls)

    def as_dict(self) -> dict[str, Any]:
        """The ``read`` object of JSON answers: n, method, where the board is, and the measures."""
        left, top, right, bottom = self.board
        out: dict[str, Any] = {
            "n": self.n,
            "method": self.method,
            "board": {"left": left, "top": top, "right": right, "bottom": bottom},
            "cell": round(self.cell, 2),
        }
        if self.marks:
            out["marks"] = self.marks
        out.update(self.details)
        return out
