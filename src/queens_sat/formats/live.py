"""Standard input read as a co-process needs it: each JSON line's record handed out as soon as
the line has arrived (the lines themselves from ``runtime.live_lines``, which never reads ahead).
``ready()`` says whether another record can be had without waiting, so that callers batch over
what is already there and never wait to fill a batch.

Input whose first line is not a JSON object (a text grid, an indented JSON document,
an array) cannot be answered before its end anyway: it is read to the end and parsed
by ``read_puzzles`` like any file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

from queens_sat.formats.fields import FieldNames
from queens_sat.formats.json_format import read_json_lines
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.errors import FormatError, PuzzleError
from queens_sat.model.limits import INPUT_BYTES
from queens_sat.runtime.line_split import SkippedLine
from queens_sat.runtime.live_lines import LiveLines
from queens_sat.runtime.streams import live_stdin, stdin_replaced

__all__ = ["LiveRecords", "live_stdin"]


class LiveRecords(Iterator[PuzzleRecord]):
    """The records of standard input, one per JSON line, each as soon as its line is complete.

    ``fix`` is applied to every record (the command line's ``--rule``, say). ``ready()``
    is True when the next record is already there, or the input has ended.
    """

    def __init__(
        self,
        fd: int,
        format: str | None = None,
        fields: FieldNames | None = None,
        fix: Callable[[PuzzleRecord], PuzzleRecord] | None = None,
        source: str = "<stdin>",
        plain: bool = False,
    ) -> None:
        self.source = source
        self._lines = LiveLines(fd)
        self._format = format
        self._fields = fields
        self._fix = fix
        self._plain = plain  # plain grids as ``PlainRecord`` (see ``read_json_lines``); ``fix`` must leave those alone
        self._whole = False
        self._records = self._read()

    def __iter__(self) -> LiveRecords:
        return self

    def __next__(self) -> PuzzleRecord:
        try:
            record = next(self._records)
        except PuzzleError as err:  # the input as a whole cannot be read: one error record, then the end
            self._records = iter(())
            record = PuzzleRecord(self.source, error=err)
        return self._fix(record) if self._fix is not None else record

    def ready(self) -> bool:
        return self._whole or self._lines.ready()

    def _read(self) -> Iterator[PuzzleRecord]:
        head: list[bytes] = []  # blank lines before the first record, kept for the line numbers
        while (line := self._lines.next_line()) is not None and not isinstance(line, SkippedLine) and not line.strip():
            head.append(line)
        if line is None:  # nothing but blank lines: not "every puzzle is fine"
            raise FormatError("no puzzle in it (it is empty, blank, or an empty list)", source=self.source)
        if isinstance(line, SkippedLine) and not line.head.lstrip(b"\xef\xbb\xbf \t\r").startswith(b"{"):
            raise FormatError(
                f"larger than {INPUT_BYTES >> 20} MB: too big to read in one piece (JSON lines stream any size)", source=self.source
            )
        if self._format == "jsonl" or (self._format is None and (isinstance(line, SkippedLine) or _one_line_object(line))):
            yield from read_json_lines(self._binary_lines([*head, line]), self.source, self._fields, plain=self._plain)
        else:
            self._whole = True
            yield from _whole_input(b"\n".join([*head, line, self._lines.rest()]), self._format, self._fields)

    def _binary_lines(self, first: list[bytes]) -> Iterator[bytes]:
        """Every line as it was read (a line that is not UTF-8 is the JSON reader's to name), from
        the ones already read on; a byte-order mark before the first is dropped."""
        if first and not isinstance(first[0], SkippedLine):
            first[0] = first[0].removeprefix(b"\xef\xbb\xbf")
        yield from first
        while (line := self._lines.next_line()) is not None:
            yield line


def _one_line_object(line: bytes) -> bool:
    """Whether a first line is a JSON object on its own line, good or broken (then JSON lines
    follow), rather than the start of an indented document (which breaks off at its end)."""
    text = line.decode("utf-8", errors="replace").lstrip("\ufeff").strip()
    if not text.startswith("{"):
        return False
    try:
        json.loads(text)
    except json.JSONDecodeError as err:
        return err.pos < len(text)  # broken inside the line, not cut off at its end
    except RecursionError:
        return True
    return True


def _whole_input(data: bytes, format: str | None, fields: FieldNames | None) -> list[PuzzleRecord]:
    """Input that is not JSON lines, parsed by ``read_puzzles`` exactly as standard input always was."""
    from queens_sat.formats import STDIN, read_puzzles

    with stdin_replaced(data):
        return list(read_puzzles(STDIN, format, fields))
