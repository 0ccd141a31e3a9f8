"""The exceptions of the library: one root, ``QueensSatError``, so callers catch one thing,
and one interrupt, ``Interrupted``, for Ctrl-C and SIGTERM alike.

Each input error knows *where* the problem is (file, line, row, column) so the CLI can
print a precise message instead of a traceback. Only the CLI and the service turn these
into exit codes and HTTP statuses.
"""

from __future__ import annotations

import reprlib

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60
_SHORT.maxlevel = 3


def shown(value: object) -> str:
    """A short ``repr`` of a user's value for a message: bounded in length and nesting, so a
    100 MB string or a list nested 10,000 deep cannot flood the terminal or crash."""
    return _SHORT.repr(value)


def printable(text: str) -> str:
    """``text`` with control characters escaped, so a file name or id cannot drive the terminal."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii") for ch in text)


def cell_name(row: int, col: int) -> str:
    """A cell as people name it: r3c5, rows and columns counted from 1 (the board's labels;
    JSON and the Python API keep their 0-based pairs)."""
    return f"r{row + 1}c{col + 1}"


class Location:
    """Where in the input a problem sits; every part is optional. A plain class, not a dataclass:
    every command imports this module, and ``dataclasses`` (with ``inspect``) would cost each
    start-up, ``library daily``'s included, several milliseconds."""

    __slots__ = ("col", "line", "row", "source")

    def __init__(self, source: str | None = None, line: int | None = None, row: int | None = None, col: int | None = None) -> None:
        self.source = source  # file name, or "<stdin>"
        self.line = line  # 1-based line of the file
        self.row = row  # 0-based board row (named from 1 in messages)
        self.col = col  # 0-based board column (named from 1 in messages)

    def __repr__(self) -> str:
        return f"Location(source={self.source!r}, line={self.line!r}, row={self.row!r}, col={self.col!r})"

    def describe(self) -> str:
        parts = []
        if self.source is not None:
            source = printable(self.source)
            parts.append(source if self.line is None else f"{source}:{self.line}")
        elif self.line is not None:
            parts.append(f"line {self.line}")
        if self.row is not None and self.col is not None:
            parts.append(cell_name(self.row, self.col))
        elif self.row is not None:
            parts.append(f"row {self.row + 1}")
        elif self.col is not None:
            parts.append(f"column {self.col + 1}")
        return ": ".join(parts)


class QueensSatError(Exception):
    """The root of every error the library raises on purpose: a caller's ``except QueensSatError``
    catches them all, and anything else escaping is a bug."""


class PuzzleError(QueensSatError, ValueError):
    """A puzzle (or the file holding it) is malformed; the message says what and where."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        row: int | None = None,
        col: int | None = None,
    ) -> None:
        self.message = message
        self.location = Location(source, line, row, col)
        super().__init__(self._render())

    def _render(self) -> str:
        where = self.location.describe()
        return f"{where}: {self.message}" if where else self.message

    def located(self, *, source: str | None = None, line: int | None = None) -> PuzzleError:
        """The same error with the file (and line) filled in, for errors raised below the reader."""
        loc = self.location
        err = type(self)(
            self.message,
            source=loc.source if loc.source is not None else source,
            line=loc.line if loc.line is not None else line,
            row=loc.row,
            col=loc.col,
        )
        return err


class FormatError(PuzzleError):
    """The input could not be parsed into a puzzle at all (bad JSON, unknown format)."""


class BackendError(QueensSatError, RuntimeError):
    """A solver backend is unknown, not installed, or cannot handle this puzzle."""


class UsageError(QueensSatError, ValueError):
    """A call or command line asked for something impossible (bad option, conflicting
    arguments), as opposed to a malformed puzzle: nothing in the input is at fault."""


class LibraryError(QueensSatError, ValueError):
    """A puzzle library cannot do what was asked (the file is not a library, or of a newer
    version; no puzzle with that id): the message names the file and why."""


class ArgumentError(UsageError, TypeError):
    """An argument of a public function is of the wrong kind or out of its range; ``argument``
    names it (``count``, ``max_depth``...), so a caller can tell which one without parsing the
    message. A ``ValueError`` and a ``TypeError`` too, so code written against the plain
    exceptions Python raises for bad arguments keeps catching it."""

    def __init__(self, message: str, *, argument: str) -> None:
        super().__init__(message)
        self.argument = argument


class Undecided(QueensSatError, TimeoutError):
    """A time limit stopped a search before it settled the question asked (is it unique?).

    Raised instead of answering False, so "unknown" is never read as "not unique".
    ``found`` is how many solutions the search had found by then (0 or 1)."""

    def __init__(self, message: str, found: int = 0) -> None:
        super().__init__(message)
        self.found = found


class OutputError(QueensSatError, OSError):
    """An output could not be written (a full disk, a device error): the message names the file
    and says what was kept. An ``OSError`` too, so code that handles the system's refusals
    handles this one."""


class Cancelled(QueensSatError):
    """Another thread cancelled the search (``runtime.cancel``: a server that no longer waits for
    it, or stops). The search itself stopped as at its time limit; this ends its caller's work too."""


def extra_remedy(extra: str) -> str:
    """How to install one of the package's extras, in the form its source install takes (the
    README installs queens-sat from its source folder, not from a package index)."""
    return f"pip install '.[{extra}]' in the queens-sat source folder (the extras of an installed copy: pip install 'queens-sat[{extra}]')"


class MissingDependency(QueensSatError, RuntimeError):
    """An optional library that a feature needs is not installed; the message says what to install."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, or SIGTERM (``terminated``), stopped the work: the one interrupt of the library.

    A ``KeyboardInterrupt``, so every place that cleans up after Ctrl-C does the same for
    SIGTERM, and never caught by ``except Exception``. ``partial`` is what was finished
    before it came, when the work had parts (a batch's outcomes, None for the rest).
    """

    def __init__(self, message: str = "interrupted", *, partial: object = None, terminated: bool = False) -> None:
        super().__init__(message)
        self.partial = partial
        self.terminated = terminated

    def carrying(self, partial: object, message: str | None = None) -> Interrupted:
        """The same interrupt (Ctrl-C or SIGTERM), now holding ``partial``."""
        return Interrupted(message or str(self), partial=partial, terminated=self.terminated)


def was_terminated(err: BaseException) -> bool:
    """Whether ``err`` is, or was raised while handling, an interrupt by SIGTERM."""
    seen: set[int] = set()
    cause: BaseException | None = err
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, Interrupted) and cause.terminated:
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def as_interrupted(err: KeyboardInterrupt, partial: object, message: str) -> Interrupted:
    """A Ctrl-C or SIGTERM caught mid-batch, raised again holding the part that was finished."""
    if isinstance(err, Interrupted):
        return err.carrying(partial, message)
    return Interrupted(message, partial=partial)
