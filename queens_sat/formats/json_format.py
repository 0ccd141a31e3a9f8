"""JSON objects and JSON lines: the machine-friendly puzzle formats.

``{"n": 8, "rule": "no-touch", "regions": [...], "givens": {"queens": [[r, c]], "blocked": [[r, c]]}}``
with ``regions`` as strings of labels or lists of labels; ``n`` optional; an ``id``
and any other fields (``solutions``, ``source``...) are kept as metadata.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Iterator

from ..errors import FormatError, PuzzleError
from ..puzzle import Puzzle
from .fields import FieldNames
from .records import PuzzleRecord

_PUZZLE_KEYS = {"n", "rule", "regions", "givens"}


def puzzle_from_dict(obj: Any) -> Puzzle:
    """Build a puzzle from a parsed JSON object; errors name the offending field."""
    if not isinstance(obj, dict):
        raise FormatError(f"expected a JSON object for a puzzle, got {type(obj).__name__}")
    givens = obj.get("givens")
    if givens is None:
        givens = {}
    if not isinstance(givens, dict):
        raise FormatError('"givens" must be an object with "queens" and/or "blocked" lists')
    unknown_givens = set(givens) - {"queens", "blocked"}
    if unknown_givens:
        raise FormatError(f'"givens" has unknown key(s) {", ".join(sorted(unknown_givens))}; use "queens" and "blocked"')
    for key in ("queens", "blocked"):
        if not isinstance(givens.get(key, []), list):
            raise FormatError(f'"givens.{key}" must be a list of [row, column] pairs')
    rule = obj.get("rule", "no-touch")
    if not isinstance(rule, str):
        raise FormatError(f'"rule" must be a string, got {rule!r}')
    if "regions" not in obj and "n" not in obj:
        raise FormatError('a puzzle needs "regions", or "n" for a board without regions')
    return Puzzle(
        obj.get("regions"),
        n=obj.get("n"),
        rule=rule,
        queens=givens.get("queens", []),
        blocked=givens.get("blocked", []),
    )


def _record(obj: Any, source: str, line: int | None, index: int | None = None, fields: FieldNames | None = None) -> PuzzleRecord:
    if fields is not None:
        obj = fields.standard(obj)
    rec_id = obj.get("id") if isinstance(obj, dict) else None
    rec = PuzzleRecord(source, line, None if rec_id is None else str(rec_id))
    if rec.id is None and index is not None:
        rec.id = f"#{index}"
    try:
        rec.puzzle = puzzle_from_dict(obj)
        rec.meta = {k: v for k, v in obj.items() if k not in _PUZZLE_KEYS and k != "id"}
    except PuzzleError as err:
        rec.error = err.located(source=source, line=line)
    return rec


def read_json_document(text: str, source: str, fields: FieldNames | None = None) -> list[PuzzleRecord]:
    """A JSON file holding one puzzle object, or an array of them; ``fields`` names foreign keys."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise FormatError(f"invalid JSON: {err.msg} (column {err.colno})", source=source, line=err.lineno) from None
    if fields is not None:
        doc = fields.records(doc)
    if isinstance(doc, list):
        return [_record(obj, source, None, i, fields) for i, obj in enumerate(doc)]
    return [_record(doc, source, None, fields=fields)]


def read_json_lines(lines: Iterable[str], source: str, fields: FieldNames | None = None) -> Iterator[PuzzleRecord]:
    """JSON lines: one puzzle object per line; a bad line becomes an error record."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            yield PuzzleRecord(
                source, number, error=FormatError(f"invalid JSON: {err.msg} (column {err.colno})", source=source, line=number)
            )
            continue
        yield _record(obj, source, number, fields=fields)


def puzzle_to_dict(puzzle: Puzzle, *, id: str | None = None, labels: bool = True) -> dict[str, Any]:
    """The JSON object of a puzzle; regions as label strings, or integer lists with ``labels=False``."""
    out: dict[str, Any] = {}
    if id is not None:
        out["id"] = id
    out["n"] = puzzle.n
    out["rule"] = puzzle.rule
    if puzzle.regions is not None:
        out["regions"] = puzzle.label_rows() if labels else [list(row) for row in puzzle.regions]
    if puzzle.has_givens:
        givens: dict[str, Any] = {}
        if puzzle.queens:
            givens["queens"] = [list(q) for q in sorted(puzzle.queens)]
        if puzzle.blocked:
            givens["blocked"] = [list(b) for b in sorted(puzzle.blocked)]
        out["givens"] = givens
    return out


def puzzle_to_json(puzzle: Puzzle, *, id: str | None = None, labels: bool = True, indent: int | None = None) -> str:
    return json.dumps(puzzle_to_dict(puzzle, id=id, labels=labels), indent=indent)
