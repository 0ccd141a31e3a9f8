"""The puzzle library: puzzles kept in one SQLite file, deduplicated up to symmetry and
relabelling, checked once, queried, scheduled as dailies, exported and played.

Modules, one job each: ``schema`` (the file, its version and migrations), ``keys`` (the canonical
key), ``entries`` (a stored puzzle), ``store`` (the ``Library`` and its transactions), ``adding``
(checking and storing records), ``selection`` (filters and queries), ``schedule`` (the calendar of dailies),
``plays`` (the players' results), ``export`` and ``booklet`` (files, pictures, a PDF).

Names are imported on first use, so that reading the calendar (``library daily``) does not load
the checker and its search engines.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing is not imported at run time: ``library daily`` starts without it (type checkers read True)

if TYPE_CHECKING:
    from typing import Any

    from queens_sat.services.library.adding import AddOptions, AddSummary, LiveAdder, Outcome, add_records
    from queens_sat.services.library.entries import Entry
    from queens_sat.services.library.errors import LibraryError, NewerSchema, NoLibrary, NotALibrary, UnknownPuzzle
    from queens_sat.services.library.keys import canonical_form, puzzle_key
    from queens_sat.services.library.schema import SCHEMA_VERSION, library_path
    from queens_sat.services.library.selection import Filters, count, query
    from queens_sat.services.library.store import Library

_HOMES = {
    "AddOptions": "adding", "AddSummary": "adding", "LiveAdder": "adding", "Outcome": "adding", "add_records": "adding",
    "Entry": "entries",
    "LibraryError": "errors", "NewerSchema": "errors", "NoLibrary": "errors", "NotALibrary": "errors", "UnknownPuzzle": "errors",
    "canonical_form": "keys", "puzzle_key": "keys",
    "Filters": "selection", "count": "selection", "query": "selection",
    "SCHEMA_VERSION": "schema", "library_path": "schema",
    "Library": "store",
}  # fmt: skip

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
assert sorted(__all__) == sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


def __dir__() -> list[str]:
    return __all__
