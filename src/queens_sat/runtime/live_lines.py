"""A file descriptor's lines, each handed out as soon as it has arrived: what a co-process needs.

A generator in another language writes one candidate, waits for the verdict, then writes
the next. Any read-ahead (a block of 64 KiB, a peek at a second line) makes it wait for
ever, so the descriptor is read with ``os.read``, which returns whatever has arrived, and
lines are handed out whole, one at a time. ``ready()`` says whether another line can be had
without waiting, so that callers batch over what is already there and never wait to fill a
batch. What the lines mean (records) is ``formats.live``'s.
"""

from __future__ import annotations

import os
import select
from collections import deque

from queens_sat.model.errors import FormatError
from queens_sat.model.limits import INPUT_BYTES
from queens_sat.runtime.line_split import LineSplitter, SkippedLine

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
