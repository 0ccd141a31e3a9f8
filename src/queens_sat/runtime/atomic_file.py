"""An output file that appears whole or not at all.

Written under a temporary name beside the target and renamed over it only when
the work is done, so that Ctrl-C, SIGTERM or a crash never leaves a half-written
solution where a complete one is expected (a rename within one folder is atomic).
A target that exists and is not a regular file (``/dev/stdout``, a pipe, a
device) is written in place: it cannot be replaced, and must never be.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile


class AtomicOutput:
    """A text file for ``path``: ``write`` as usual, then ``commit`` (rename into place) or ``discard``."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.temporary: str | None = None
        try:
            special = not stat.S_ISREG(os.stat(path).st_mode)
        except FileNotFoundError:
            special = False
        if special:
            self.file = open(path, "w", encoding="utf-8")  # noqa: SIM115 -- owned by this object, closed by commit()/discard()
            return
        folder, name = os.path.split(os.path.abspath(path))
        fd, self.temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # what open() would have given, not mkstemp's 0600
        self.file = os.fdopen(fd, "w", encoding="utf-8")

    def write(self, text: str) -> int:
        try:
            return self.file.write(text)
        except OSError as err:
            raise self._refused(err) from err

    def flush(self) -> None:
        try:
            self.file.flush()
        except OSError as err:
            raise self._refused(err) from err

    def _refused(self, err: OSError) -> OSError:
        """The system's refusal (a full disk) as an error that names the file; the old file is kept."""
        if isinstance(err, BrokenPipeError):
            return err
        from queens_sat.model.errors import OutputError

        kept = "; nothing was changed there" if self.temporary is not None else ""
        return OutputError(f"cannot write to {self.path}: {err.strerror or err}{kept}")

    def commit(self) -> None:
        """The file is complete: put it in place. No fsync: the rename is atomic for any
        process that stops us, and syncing a 900 MB solution would hold Ctrl-C off for seconds."""
        try:
            self.file.close()  # a full disk shows here
        except OSError as err:
            self.discard()
            raise self._refused(err) from err
        if self.temporary is not None:
            os.replace(self.temporary, self.path)

    def discard(self) -> None:
        """The work stopped: leave whatever was at ``path`` untouched."""
        try:
            self.file.close()
        except OSError:  # what could not be written is being thrown away anyway
            pass
        if self.temporary is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.temporary)
