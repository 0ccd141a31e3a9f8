"""Lines written as the work goes, each whole or not at all.

A long job writes each result the moment it has it, so an interrupted run loses
nothing. When the system refuses a line half-way (a full disk, a device error),
the part written is cut off again: the file ends with the last whole line, and the
error names the file. Readers (``--resume``) then never meet a torn last line.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from typing import Any

from queens_sat.model.errors import OutputError


def append_line(fd: int, data: bytes, name: str) -> None:
    """Append ``data`` (one line, newline included) to the file open as ``fd``, or nothing at all."""
    before = _end_of(fd)
    try:
        while data:  # one write for all but enormous lines; the loop covers a short write
            data = data[os.write(fd, data) :]
    except OSError as err:
        if isinstance(err, BrokenPipeError):
            raise
        if before is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, before)
        raise OutputError(f"cannot write to {name}: {err.strerror or err}; the whole lines before are kept") from err


def _end_of(fd: int) -> int | None:
    """The file's length (where an appended line starts), or None for what cannot seek (a pipe, a device)."""
    try:
        return os.lseek(fd, 0, os.SEEK_END)
    except OSError:
        return None


STDOUT_NAME = "standard output"
LINES_BATCH = 1 << 16  # bytes of whole lines gathered before one write (a write a line would cost a call each)


class WholeLines(io.RawIOBase):
    """A binary stream over a file descriptor that hands the system whole lines only: bytes are
    held until their newline, written in batches of whole lines, and a batch the system refuses
    half-way (a full disk) is cut off again where the file can be (a regular file), so what
    standard output holds ends with a whole line. Every refusal is an ``OutputError`` naming
    ``name`` ("standard output"). ``flush`` writes a last line without its newline too: the
    caller asked for it."""

    def __init__(self, fd: int, name: str = STDOUT_NAME) -> None:
        super().__init__()
        self._fd = fd
        self._name = name
        self._pending = bytearray()

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: Any) -> int:
        size = len(data)
        self._pending += data
        if len(self._pending) >= LINES_BATCH:
            cut = self._pending.rfind(b"\n") + 1
            if cut:
                self._send(cut)
        return size

    def flush(self) -> None:
        if self._pending and not self.closed:
            self._send(len(self._pending))

    def _send(self, cut: int) -> None:
        data = bytes(self._pending[:cut])
        del self._pending[:cut]
        try:
            append_line(self._fd, data, self._name)
        except OutputError:
            self._pending.clear()  # what was refused is dropped: the next flush (at exit) must not try again
            raise


def whole_line_stdout() -> None:
    """Standard output as ``WholeLines`` under a text layer like Python's own (same encoding and
    error handler, text passed on at once): a full disk leaves only whole lines, and the error
    says "standard output". Left as it is when standard output is not a file descriptor."""
    try:
        fd = sys.stdout.fileno()
        encoding, errors = sys.stdout.encoding, sys.stdout.errors
    except (AttributeError, ValueError, OSError):
        return
    sys.stdout.flush()
    sys.stdout = io.TextIOWrapper(
        WholeLines(fd), encoding=encoding, errors=errors, newline=None, write_through=True
    )
