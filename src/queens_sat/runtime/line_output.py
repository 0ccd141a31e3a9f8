"""Lines written as the work goes, each whole or not at all.

A long job writes each result the moment it has it, so an interrupted run loses
nothing. When the system refuses a line half-way (a full disk, a device error),
the part written is cut off again: the file ends with the last whole line, and the
error names the file. Readers (``--resume``) then never meet a torn last line.
"""

from __future__ import annotations

import contextlib
import os

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
