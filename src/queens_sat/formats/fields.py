"""Other programs' JSON: which of their fields hold the regions, the size, the rule and the id.

A generator that writes ``{"name": "Map n8 #12", "caseNumber": 8, "colorGrid": [[...]]}``
is read by naming its fields (``FieldNames(regions="colorGrid", id="name", n="caseNumber")``,
on the command line ``--regions-key colorGrid --id-key name``) or by the name of a known
dialect (``--dialect tony-xlz``), so that its files are checked without a converter.

Renaming happens on each parsed object before it becomes a puzzle; every other field
stays metadata. With a mapping given, a document that is an object of lists of records
(``{"8": [{...}, ...], "9": [...]}``, records grouped by size) is read as all its records.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from queens_sat.model.errors import FormatError


@dataclass(frozen=True)
class FieldNames:
    """The keys of a JSON record that mean our ``regions``, ``n``, ``rule``, ``id`` and ``givens``."""

    regions: str = "regions"
    n: str = "n"
    rule: str = "rule"
    id: str = "id"
    givens: str = "givens"

    def standard(self, obj: Any) -> Any:
        """``obj`` with its foreign keys renamed to ours; a foreign key wins over one of ours."""
        if not isinstance(obj, dict):
            return obj
        renames = {theirs: ours for ours, theirs in self._pairs() if theirs != ours and theirs in obj}
        if not renames:
            return obj
        out = {key: value for key, value in obj.items() if key not in renames.values() and key not in renames}
        for theirs, ours in renames.items():
            out[ours] = obj[theirs]
        return out

    def records(self, doc: Any) -> Any:
        """A document's records: an object whose values are all lists of objects (records grouped
        by size, say) is flattened into one list, group after group; anything else is left alone."""
        if not isinstance(doc, dict) or not doc or self.regions in doc:
            return doc
        groups = list(doc.values())
        if all(isinstance(group, list) and all(isinstance(item, dict) for item in group) for group in groups):
            return [item for group in groups for item in group]
        return doc

    def _pairs(self) -> list[tuple[str, str]]:
        return [(f.name, getattr(self, f.name)) for f in fields(self)]


STANDARD = FieldNames()

# Generators whose files people check: name -> their field names.
DIALECTS: dict[str, FieldNames] = {
    "queens-sat": STANDARD,
    # Tony-XLZ/queens-map-generator: maps.json groups {"name", "caseNumber", "colorGrid", "queenBoard"} by size
    "tony-xlz": FieldNames(regions="colorGrid", n="caseNumber", id="name"),
}


def field_names(
    dialect: str | None = None,
    *,
    regions: str | None = None,
    n: str | None = None,
    rule: str | None = None,
    id: str | None = None,
) -> FieldNames | None:
    """The field names of a dialect, with single keys overridden; None when nothing was asked for."""
    keys = {name: value for name, value in (("regions", regions), ("n", n), ("rule", rule), ("id", id)) if value is not None}
    if dialect is None and not keys:
        return None
    base = STANDARD
    if dialect is not None:
        if dialect not in DIALECTS:
            raise FormatError(f"unknown dialect {dialect!r}; choose one of {', '.join(DIALECTS)}")
        base = DIALECTS[dialect]
    for name, value in keys.items():
        if not value:
            raise FormatError(f"the {name} key must not be empty")
    return replace(base, **keys)


def as_field_names(value: FieldNames | str | None) -> FieldNames | None:
    """What the readers accept for ``fields``: a ``FieldNames``, a dialect's name, or None."""
    if value is None or isinstance(value, FieldNames):
        return value
    return field_names(value)
