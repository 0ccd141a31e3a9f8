"""Screenshots as puzzles: a board found in a PNG, JPEG or WebP picture and read back.

The reader finds the board inside the whole picture (a browser window, a phone screen, a
tight crop), measures its grid, and reads the regions from the cells' colours or, on a
board drawn in one colour, from the thick borders between regions. It says what it is not
sure of: a picture it cannot read raises ``ImageReadError`` naming the reason, and a read
that is possible but doubtful carries warnings (``ImageRead.warnings``; the command line
prints them, JSON answers list them).

This module stays light (no numpy, no Pillow) so that telling a picture from a text file
costs nothing; the reading itself is in ``reader`` and its helpers, imported when a
picture is read.

    from queens_sat import read_puzzle_image
    read = read_puzzle_image(open("shot.png", "rb").read())   # or a path
    read.puzzle, read.warnings, read.n, read.method
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from queens_sat.formats.image.types import ImageOptions, ImageRead, ImageReadError, ImageReadWarning
from queens_sat.model.arguments import path_of
from queens_sat.model.errors import FormatError

if TYPE_CHECKING:
    from queens_sat.formats.records import PuzzleRecord

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
MAGIC_BYTES = 12  # enough of the file's start to tell the three kinds apart

__all__ = [
    "IMAGE_SUFFIXES",
    "ImageOptions",
    "ImageRead",
    "ImageReadError",
    "ImageReadWarning",
    "has_image_suffix",
    "is_image",
    "read_image_records",
    "read_puzzle_image",
]


def is_image(head: bytes) -> bool:
    """Whether a file starts like a PNG, JPEG or WebP picture (its magic bytes)."""
    return (
        head.startswith(b"\x89PNG\r\n\x1a\n")
        or head.startswith(b"\xff\xd8\xff")
        or (head.startswith(b"RIFF") and head[8:12] == b"WEBP")
    )


def has_image_suffix(path: str | os.PathLike[str]) -> bool:
    """Whether a file name ends like a picture (.png, .jpg, .jpeg, .webp)."""
    return Path(path).suffix.lower() in IMAGE_SUFFIXES


def read_puzzle_image(
    source: bytes | str | os.PathLike[str],
    *,
    stars: int = 1,
    rule: str = "no-touch",
    read_marks: bool = False,
    debug_image: str | os.PathLike[str] | None = None,
    name: str | None = None,
) -> ImageRead:
    """The puzzle in a picture (its bytes, or a path), with the reader's doubts.

    ``stars`` and ``rule`` are not visible on a board and are taken as given. Raises
    ``ImageReadError`` (a ``FormatError``) naming the reason when no puzzle can be read;
    ``name`` is what messages call the picture (default: the path, or ``<image>``).
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        data, where = bytes(source), name or "<image>"
    else:
        where = name or path_of(source, "source")
        try:
            data = Path(source).read_bytes()
        except FileNotFoundError:
            raise ImageReadError("no such file", source=where) from None
        except IsADirectoryError:
            raise ImageReadError("is a directory, not a picture", source=where) from None
        except OSError as err:
            raise ImageReadError(f"cannot read: {err.strerror}", source=where) from None
    from queens_sat.formats.image.reader import read_image

    options = ImageOptions(read_marks, None if debug_image is None else str(debug_image))
    return read_image(data, where, options, stars=stars, rule=rule)


def read_image_records(data: bytes, source: str, options: ImageOptions | None = None) -> list[PuzzleRecord]:
    """The one puzzle of a picture as a record (the format readers' interface): the read's
    doubts in ``warnings`` and its measures in ``meta["read"]``, or the error that stopped it."""
    from queens_sat.formats.image.reader import read_image
    from queens_sat.formats.records import PuzzleRecord

    record = PuzzleRecord(source)
    try:
        read = read_image(data, source, options or ImageOptions())
    except FormatError as err:
        record.error = err.located(source=source)
        return [record]
    record.puzzle = read.puzzle
    record.warnings = list(read.warnings)
    record.meta["read"] = read.as_dict()
    return [record]
