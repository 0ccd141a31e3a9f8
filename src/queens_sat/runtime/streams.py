"""The process's standard streams, as the readers and writers take them.

Standard input is read as bytes (the readers decode it themselves, naming a bad byte's
line), live when it is a pipe a co-process writes to, and can be stood in for by bytes
already read (input that turned out not to be JSON lines, parsed whole).
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from queens_sat.model.errors import FormatError


def stdin_bytes(errors: str) -> IO[bytes]:
    """Standard input as a binary stream (text decoded with ``errors`` put back into bytes when
    only a text stream stands there); ``FormatError`` when it is closed."""
    if sys.stdin is None:  # started with standard input closed
        raise FormatError("standard input is closed", source="<stdin>")
    return sys.stdin.buffer if hasattr(sys.stdin, "buffer") else io.BytesIO(sys.stdin.read().encode("utf-8", errors))


def write_stdout(text: str) -> None:
    """Write ``text`` to standard output."""
    sys.stdout.write(text)


@contextmanager
def stdin_replaced(data: bytes) -> Iterator[None]:
    """Standard input reads ``data`` inside the block (bytes already taken from the real one)."""
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        yield
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
