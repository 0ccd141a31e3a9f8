"""The puzzle library: puzzles kept in one SQLite file, deduplicated up to symmetry and
relabelling, checked once, queried, scheduled as dailies, exported and played.

Modules, one job each: ``schema`` (the file, its version and migrations), ``keys`` (the canonical
key), ``entries`` (a stored puzzle), ``store`` (the ``Library`` and its transactions), ``adding``
(checking and storing records), ``query`` (filters), ``schedule`` (the calendar of dailies),
``plays`` (the players' results), ``export`` and ``booklet`` (files, pictures, a PDF).
"""

from queens_sat.services.library.adding import AddOptions, AddSummary, LiveAdder, Outcome, add_records
from queens_sat.services.library.entries import Entry
from queens_sat.services.library.errors import LibraryError, NewerSchema, NoLibrary, NotALibrary, UnknownPuzzle
from queens_sat.services.library.keys import canonical_form, puzzle_key
from queens_sat.services.library.query import Filters, count, query
from queens_sat.services.library.schema import SCHEMA_VERSION, library_path
from queens_sat.services.library.store import Library

__all__ = [
    "SCHEMA_VERSION",
    "AddOptions",
    "AddSummary",
    "Entry",
    "Filters",
    "Library",
    "LibraryError",
    "LiveAdder",
    "NewerSchema",
    "NoLibrary",
    "NotALibrary",
    "Outcome",
    "UnknownPuzzle",
    "add_records",
    "canonical_form",
    "count",
    "library_path",
    "puzzle_key",
    "query",
]
