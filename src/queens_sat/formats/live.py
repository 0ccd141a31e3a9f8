"""Standard input read as a co-process needs it: each JSON line handed out as soon as it has arrived.

A generator in another language writes one candidate, waits for the verdict, then writes
the next. Any read-ahead (a block of 64 KiB, a peek at a second record, a batch of 512)
makes it wait forever, so here the pipe is read with ``os.read``, which returns whatever
has arrived, and records are handed out one complete line at a time. ``ready()`` says
whether another record can be had without waiting, so that callers batch over what is
already there and never wait to fill a batch.

Input whose first line is not a JSON object (a text grid, an indented JSON document,
an array) cannot be answered before its end anyway: it is read to the end and parsed
by ``read_puzzles`` like any file.
"""

from __future__ import annotations

import io
import json
import os
import select
import stat
import sys
from collections import deque
from collections.abc import Callable, Iterator

from queens_sat.formats.fields import FieldNames
from queens_sat.formats.json_format import read_json_lines
from queens_sat.formats.line_split import LineSplitter, SkippedLine
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.errors import FormatError, PuzzleError
from queens_sat.model.limits import INPUT_BYTES

CHUNK = 1 << 16  # bytes asked of the pipe at a time; it returns what it has, often one line


def _readable(fd: int) -> bool:
    """Whether reading ``fd`` would return at once (select is not there for pipes on Windows)."""
    try:
        return bool(select.select([fd], [], [], 0)[0])
    except (OSError, ValueError):
        return False


class LiveLines:
    """The lines of a file descriptor, read as they arrive and never further than asked.

    The pieces of a line that arrives in many chunks are kept apart and joined once it is
    complete, so a line of any length is read in linear time; a line longer than
    ``limits.INPUT_BYTES`` is read past without being held, and a ``SkippedLine`` stands in
    its place (answered with an error), so the lines after it are still answered."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.lines: deque[bytes] = deque()
        self.splitter = LineSplitter(INPUT_BYTES)
        self.eof = False
        # The pipe was found empty and nothing was read since: a ``ready()`` costs no system call. So
        # is it after a read that returned less than it asked for (the pipe had no more then): a
        # co-process's every line is such a read, and a look at the pipe cost 4 µs of its 45.
        self.drained = False

    def _fill(self, wait: bool) -> None:
        """Take in what has arrived; with ``wait``, block until something (or the end) does."""
        if not wait and (self.drained or not _readable(self.fd)):
            self.drained = True
            return
        try:
            chunk = os.read(self.fd, CHUNK)
        except OSError as err:
            raise FormatError(f"cannot read: {err.strerror}", source="<stdin>") from None
        self.drained = len(chunk) < CHUNK
        if chunk:
            self.lines.extend(self.splitter.feed(chunk))
        else:
            self.eof = True
            self.lines.extend(self.splitter.end())

    def next_line(self) -> bytes | None:
        """The next line without its newline (waiting for it), or None at the end; a line past the
        limit is a ``SkippedLine``."""
        while not self.lines:
            if self.eof:
                return None
            self._fill(wait=True)
        return self.lines.popleft()

    def ready(self) -> bool:
        """Whether a line that is not blank (a skipped one counts: it gets an answer), or the end,
        can be had without waiting."""
        if not self.lines and not self.eof:
            self._fill(wait=False)
            if not self.lines:  # a co-process's every line: nothing more yet
                return self.eof
        return self.eof or any(isinstance(line, SkippedLine) or line.strip() for line in self.lines)

    def rest(self) -> bytes:
        """Everything not handed out yet, read to the end (a ``FormatError`` past ``limits.INPUT_BYTES``)."""
        held = sum(map(len, self.lines))
        while True:
            skipped = self.splitter.skipping is not None or any(isinstance(line, SkippedLine) for line in self.lines)
            if skipped or held + self.splitter.held > INPUT_BYTES:
                raise FormatError(
                    f"larger than {INPUT_BYTES >> 20} MB: too big to read in one piece (JSON lines stream any size)", source="<stdin>"
                )
            if self.eof:
                break
            before = len(self.lines)
            self._fill(wait=True)
            held += sum(len(self.lines[i]) for i in range(before, len(self.lines)))  # the lines just completed
        out = b"\n".join(self.lines)
        self.lines.clear()
        return out


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

    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        return list(read_puzzles(STDIN, format, fields))
    finally:
        sys.stdin = saved


def live_stdin(format: str | None) -> int | None:
    """The descriptor of standard input when it should be read live: a pipe, socket or terminal
    (not a regular file, which is read ahead at no cost), and a format that may be JSON lines."""
    if format not in (None, "jsonl"):
        return None
    try:
        fd = sys.stdin.fileno()
        mode = os.fstat(fd).st_mode
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None
    return None if stat.S_ISREG(mode) else fd
