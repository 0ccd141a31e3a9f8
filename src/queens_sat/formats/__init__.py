"""Reading and writing puzzles: JSON, JSON lines, text grids, puzz.link Star Battle URLs and
puzzle-star-battle.com region lists, detected automatically; and screenshots (PNG, JPEG,
WebP), read only.

The format comes from ``--format`` when given, else the file suffix, else the
content (a picture's magic bytes, ``{``/``[`` starts JSON, several objects on separate
lines are JSON lines, a web address or ``starbattle/...`` is a puzz.link URL,
comma-separated numbers a region list, anything else is a text grid). ``-`` is
standard input.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import IO

from queens_sat.formats.encoding import ERRORS, check_utf8
from queens_sat.formats.fields import DIALECTS, FieldNames, as_field_names, field_names
from queens_sat.formats.image import IMAGE_SUFFIXES, ImageOptions, ImageReadWarning, has_image_suffix, is_image, read_image_records
from queens_sat.formats.json_format import (
    iter_json_document,
    loads,
    puzzle_from_dict,
    puzzle_to_dict,
    puzzle_to_json,
    read_json_document,
    read_json_lines,
)
from queens_sat.formats.puzzlink import is_puzzlink, puzzle_to_puzzlink, read_puzzlink
from queens_sat.formats.records import PuzzleRecord
from queens_sat.formats.regionlist import is_region_list, puzzle_to_region_list, read_region_lists
from queens_sat.formats.text_format import puzzle_to_text, read_text
from queens_sat.model.arguments import instance_of, path_of
from queens_sat.model.errors import FormatError, OutputError, PuzzleError
from queens_sat.model.limits import IMAGE_BYTES, INPUT_BYTES
from queens_sat.model.puzzle import Puzzle
from queens_sat.runtime.line_split import LineSplitter
from queens_sat.runtime.streams import stdin_bytes, write_stdout

FORMATS = ("json", "jsonl", "text", "puzzlink", "regionlist")  # read and written
INPUT_FORMATS = (*FORMATS, "image")  # read: a screenshot is a puzzle, but none is written as one
# The formats of one puzzle a line that are not JSON: their readers take the whole text.
_LINE_READERS = {"puzzlink": read_puzzlink, "regionlist": read_region_lists}
_SUFFIXES = {
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".txt": "text",
    ".grid": "text",
    ".queens": "text",
}
PUZZLE_SUFFIXES = frozenset({*_SUFFIXES, *IMAGE_SUFFIXES})  # the files a folder's read takes
STDIN = "-"
BOM = "\ufeff"  # a UTF-8 byte-order mark, as some editors write; not part of the puzzle
BOM_BYTES = BOM.encode("utf-8")
HEAD_BYTES = 4096  # what is read to tell the format
BLOCK_BYTES = 1 << 16  # JSON lines are read a block at a time

__all__ = [
    "DIALECTS",
    "FORMATS",
    "INPUT_FORMATS",
    "PUZZLE_SUFFIXES",
    "FieldNames",
    "ImageOptions",
    "PuzzleRecord",
    "detect_format",
    "field_names",
    "parse_puzzle",
    "puzzle_from_dict",
    "puzzle_to_dict",
    "puzzle_to_json",
    "puzzle_to_text",
    "read_puzzle",
    "read_puzzles",
    "write_puzzle",
]


def detect_format(path: str, head: str) -> str:
    """The format of a file from its suffix, else from its first characters."""
    suffix = os.path.splitext(path)[1].lower() if path != STDIN else ""
    known = _SUFFIXES.get(suffix)
    if known is not None and known != "text":
        return known
    stripped = head.lstrip()
    if known is None and stripped.startswith(("{", "[")):  # JSON: no URL or region list starts so
        if stripped.startswith("["):
            return "json"
        first, _, rest = stripped.partition("\n")
        return "jsonl" if first.rstrip().endswith("}") and rest.lstrip().startswith("{") else "json"
    # a .txt of URLs or region lists is one of those: neither is ever a text grid
    first = next((line for line in stripped.split("\n") if line.strip() and not line.lstrip().startswith("#")), "")
    if is_puzzlink(first):
        return "puzzlink"
    if is_region_list(first):
        return "regionlist"
    if known is not None:
        return known
    if _is_json_scalar(stripped.rstrip()):
        return "json"  # so that it is refused as "not a puzzle object", not read as a grid
    return "text"


def _is_json_scalar(text: str) -> bool:
    """Whether ``text`` is one line holding a JSON string, number, true, false or null.

    A single character stays a (1x1) text grid."""
    if len(text) < 2 or "\n" in text:
        return False
    try:
        value = json.loads(text, parse_int=str, parse_float=str)
    except (ValueError, RecursionError):
        return False
    return not isinstance(value, (dict, list))


def _first_line_is_json(text: str) -> bool:
    """Whether the first non-blank line of ``text`` is a whole JSON value: several values in
    a ``.json`` file then are JSON lines, not one broken document."""
    first = next((line for line in text.split("\n") if line.strip()), "")
    try:
        loads(first, "")
    except PuzzleError:
        return False
    return True


def _open(path: str) -> IO[bytes]:
    if path == STDIN:
        return stdin_bytes(ERRORS)
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise FormatError("no such file", source=path) from None
    except IsADirectoryError:
        raise FormatError("is a directory, not a puzzle file", source=path) from None
    except OSError as err:
        raise FormatError(f"cannot read: {err.strerror}", source=path) from None


def _read(handle: IO[bytes], size: int, source: str) -> bytes:
    try:
        return handle.read(size)
    except OSError as err:
        raise FormatError(f"cannot read: {err.strerror}", source=source) from None


def read_puzzles(
    path: str | Path,
    format: str | None = None,
    fields: FieldNames | str | None = None,
    *,
    image: ImageOptions | None = None,
    plain: bool = False,
) -> Iterator[PuzzleRecord]:
    """Every puzzle of a file, as records that carry either a puzzle or its error.

    JSON lines are read lazily, a block at a time, so a corpus of any size streams; any other
    format is read whole, up to ``limits.INPUT_BYTES`` (past it: a ``FormatError``, before the
    rest is read). A file that cannot be opened or decoded at all raises ``FormatError``.
    ``fields``: another program's JSON field names (a ``FieldNames`` or a dialect's name).
    A picture (by suffix or magic bytes, or ``format="image"``; up to ``limits.IMAGE_BYTES``)
    gives one record, read as ``image`` says (marks as givens, a debug picture); its doubts
    are in ``record.warnings``. ``plain``: JSON lines that are plain grids come as ``PlainRecord``.
    """
    path = path_of(path)
    fields = as_field_names(fields)
    source = "<stdin>" if path == STDIN else path
    if format is not None and format not in INPUT_FORMATS:
        raise FormatError(f"unknown format {format!r}; choose one of {', '.join(INPUT_FORMATS)}")
    if format in (None, "puzzlink") and path.startswith(("http://", "https://")) and not os.path.exists(path):
        yield from read_puzzlink(path, path)  # a puzz.link URL given where a file name goes is the puzzle itself
        return
    handle = _open(path)
    found = 0
    try:
        head = _read(handle, HEAD_BYTES, source)
        if format == "image" or (format is None and ((path != STDIN and has_image_suffix(path)) or is_image(head))):
            yield from read_image_records(_picture(head, handle, source), source, image)
            return
        head = head.removeprefix(BOM_BYTES)
        fmt = format or detect_format(path, _head_text(head))
        if fmt == "jsonl":
            for record in read_json_lines(_binary_lines(head, handle, source), source, fields, plain=plain):
                found += 1
                yield record
        else:
            for record in _whole_file_records(head + _read(handle, INPUT_BYTES + 1 - len(head), source), fmt, source, fields):
                found += 1
                yield record
    finally:
        if path != STDIN:
            handle.close()
    if not found:
        # an empty file, blank lines or [] must not pass as "every puzzle is fine"
        yield PuzzleRecord(source, error=FormatError("no puzzle in it (it is empty, blank, or an empty list)", source=source))


def _picture(head: bytes, handle: IO[bytes], source: str) -> bytes:
    """The whole of a picture whose first block was read, at most ``limits.IMAGE_BYTES``."""
    data = head + _read(handle, IMAGE_BYTES + 1 - len(head), source)
    if len(data) > IMAGE_BYTES:
        raise FormatError(f"the picture is over {IMAGE_BYTES >> 20} MB", source=source)
    return data


def _head_text(head: bytes) -> str:
    """The first block as text, to tell the format by (a byte that is not UTF-8 kept as an escape:
    where it is, the reader of the format says)."""
    return head.decode("utf-8", ERRORS)


def _whole_file_records(data: bytes, fmt: str, source: str, fields: FieldNames | None) -> Iterator[PuzzleRecord]:
    """The records of a format read in one piece (all but JSON lines), from its bytes; made one
    at a time as they are asked for, so that 10 MB of small puzzles never become 200,000
    records held at once."""
    if len(data) > INPUT_BYTES:
        raise FormatError(
            f"larger than {INPUT_BYTES >> 20} MB: too big to read in one piece (JSON lines stream any size)", source=source
        )
    text = data.decode("utf-8", ERRORS)
    check_utf8(text, source)
    if fmt in _LINE_READERS:
        return iter(_LINE_READERS[fmt](text, source))
    if fmt == "json":
        try:
            return iter_json_document(text, source, fields)
        except FormatError as err:
            if "Extra data" not in err.message or not _first_line_is_json(text):
                raise
            return read_json_lines(text.split("\n"), source, fields)
    return iter([read_text(text, source)])


def _binary_lines(head: bytes, handle: IO[bytes], source: str) -> Iterator[bytes]:
    """The lines of a file whose first block was already read, read on lazily as bytes
    (``line_split.LineSplitter``: a line longer than ``limits.INPUT_BYTES`` is read past, a
    ``SkippedLine`` in its place)."""
    splitter = LineSplitter(INPUT_BYTES)
    chunk = head  # may be empty: the rest is still read
    while True:
        yield from splitter.feed(chunk)
        chunk = _read(handle, BLOCK_BYTES, source)
        if not chunk:
            break
    yield from splitter.end()


def read_puzzle(
    path: str | Path, format: str | None = None, fields: FieldNames | str | None = None, *, image: ImageOptions | None = None
) -> Puzzle:
    """The single puzzle of a file; raises ``PuzzleError`` when it is bad or there are several.

    A picture's doubts are issued as ``ImageReadWarning``s (``queens_sat.read_puzzle_image``
    returns them with the puzzle)."""
    stream = read_puzzles(path_of(path), format, fields, image=image)
    records = list(islice(stream, 2))  # never the whole of a file of a million puzzles
    if not records:
        raise FormatError("the file holds no puzzle", source=str(path))
    if len(records) > 1:
        raise FormatError(f"the file holds {2 + sum(1 for _ in stream)} puzzles, expected one", source=str(path))
    if records[0].error is not None:
        raise records[0].error
    assert records[0].puzzle is not None
    for doubt in records[0].warnings:
        warnings.warn(f"{records[0].name}: {doubt}", ImageReadWarning, stacklevel=2)
    return records[0].puzzle


def parse_puzzle(text: str, format: str | None = None, source: str = "<string>") -> Puzzle:
    """A puzzle from a string in any of the formats."""
    instance_of(text, str, "text")
    text = text.removeprefix(BOM)
    fmt = format or detect_format(source, text)
    if fmt == "image":
        raise FormatError("a picture is bytes, not text: read it with read_puzzle_image", source=source)
    if fmt == "text":
        rec = read_text(text, source)
    elif fmt in _LINE_READERS:
        recs = _LINE_READERS[fmt](text, source)
        if len(recs) != 1:
            raise FormatError(f"expected one puzzle, found {len(recs)}", source=source)
        rec = recs[0]
    elif fmt == "jsonl":
        recs = list(read_json_lines(text.split("\n"), source))
        if len(recs) != 1:
            raise FormatError(f"expected one puzzle, found {len(recs)}", source=source)
        rec = recs[0]
    else:
        recs = read_json_document(text, source)
        if len(recs) != 1:
            raise FormatError(f"expected one puzzle, found {len(recs)}", source=source)
        rec = recs[0]
    if rec.error is not None:
        raise rec.error
    assert rec.puzzle is not None
    return rec.puzzle


def format_puzzle(puzzle: Puzzle, format: str = "json", *, id: str | None = None) -> str:
    """A puzzle as text in the given format (``json`` is indented, ``jsonl`` one line)."""
    instance_of(puzzle, Puzzle, "puzzle")
    if format == "text":
        return puzzle_to_text(puzzle, id=id)
    if format == "jsonl":
        return puzzle_to_json(puzzle, id=id) + "\n"
    if format == "json":
        return puzzle_to_json(puzzle, id=id, indent=2) + "\n"
    if format == "puzzlink":
        return puzzle_to_puzzlink(puzzle) + "\n"
    if format == "regionlist":
        return puzzle_to_region_list(puzzle) + "\n"
    raise FormatError(f"unknown format {format!r}; choose one of {', '.join(FORMATS)}")


def write_puzzle(puzzle: Puzzle, path: str | Path, format: str | None = None, *, id: str | None = None) -> None:
    """Write a puzzle to a file, the format taken from the suffix unless given."""
    path = path_of(path)
    fmt = format or _SUFFIXES.get(Path(path).suffix.lower(), "json")
    text = format_puzzle(puzzle, fmt, id=id)
    try:
        if path == STDIN:
            write_stdout(text)
        else:
            Path(path).write_text(text, encoding="utf-8")
    except OSError as err:
        where = "standard output" if path == STDIN else path
        raise OutputError(f"{where}: cannot write: {err.strerror or err}") from None
