"""Bytes in as they arrive, whole lines out: the one line splitter of files and of a co-process's pipe.

The pieces of a line that spans many chunks are kept apart and joined once it is complete,
so a line of any length is split in linear time. A line longer than the limit is read past
without being held: a ``SkippedLine`` stands in its place (its record is an error), and the
lines after it are still read and answered.
"""

from __future__ import annotations


class SkippedLine(bytes):
    """Stands for a line longer than the limit (``limits.INPUT_BYTES``): read past without being
    held (its first bytes only, in ``head``), and answered with an error record in its place, so
    the lines after it are still read and answered (a co-process goes on)."""

    head: bytes = b""

    @classmethod
    def of(cls, pieces: list[bytes]) -> SkippedLine:
        """The stand-in for a line read so far as ``pieces``, keeping its first 64 bytes."""
        head = b""
        for piece in pieces:
            head += piece[: 64 - len(head)]
            if len(head) == 64:
                break
        line = cls()
        line.head = head
        return line


class LineSplitter:
    """Chunks of bytes in (``feed``), the lines they complete out, without their newlines; ``end``
    gives a last line that has no newline. ``held`` is the bytes of the line not yet complete;
    ``skipping`` the stand-in of the line being read past, if any."""

    def __init__(self, limit: int) -> None:
        self.limit = limit  # bytes of the longest line held
        self.pieces: list[bytes] = []
        self.held = 0
        self.skipping: SkippedLine | None = None

    def feed(self, chunk: bytes) -> list[bytes]:
        *complete, rest = chunk.split(b"\n")
        lines: list[bytes] = []
        if complete:
            lines.append(self.skipping if self.skipping is not None else b"".join([*self.pieces, complete[0]]))
            lines += complete[1:]
            self.pieces, self.held, self.skipping = [], 0, None
        if rest and self.skipping is None:
            self.pieces.append(rest)
            self.held += len(rest)
            if self.held > self.limit:  # read on past it; the lines before and after it are answered
                self.skipping = SkippedLine.of(self.pieces)
                self.pieces, self.held = [], 0
        return lines

    def end(self) -> list[bytes]:
        """The input is over: its last line if it did not end with a newline."""
        last: list[bytes] = []
        if self.skipping is not None:
            last.append(self.skipping)
        elif self.pieces:
            last.append(b"".join(self.pieces))
        self.pieces, self.held, self.skipping = [], 0, None
        return last
