"""The library's own refusals: a file that is not a library, one written by a newer version, a
library that is not there, an id it does not hold. All are ``QueensSatError``s; the CLI makes
them exit 2."""

from __future__ import annotations

from queens_sat.model.errors import LibraryError

__all__ = ["LibraryError", "NewerSchema", "NoLibrary", "NotALibrary", "UnknownPuzzle"]


class NotALibrary(LibraryError):
    """The file exists but is not a queens-sat library (another SQLite database, or no database)."""


class NewerSchema(LibraryError):
    """The library was written by a newer queens-sat: its schema is past the one this version knows."""


class NoLibrary(LibraryError):
    """No library at that path (and the command reads one, it does not make one)."""


class UnknownPuzzle(LibraryError):
    """No puzzle with that id (or key) in the library."""
