"""JSON objects and JSON lines: the machine-friendly puzzle formats.

``{"n": 8, "rule": "no-touch", "regions": [...], "givens": {"queens": [[r, c]], "blocked": [[r, c]]}}``
(and ``"stars": k`` for a Star Battle with k stars a row, column and region) with
``regions`` as strings of labels or lists of labels; ``n`` optional; an ``id``
and any other fields (``solutions``, ``source``...) are kept as metadata.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import orjson

from queens_sat.formats import json_budget
from queens_sat.formats.encoding import check_utf8
from queens_sat.formats.fields import FieldNames
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.arguments import instance_of
from queens_sat.model.errors import FormatError, PuzzleError, printable, shown
from queens_sat.model.limits import INPUT_BYTES
from queens_sat.model.placement import RULES, star_rows
from queens_sat.model.puzzle import Puzzle, check_distinct_givens
from queens_sat.runtime.line_split import SkippedLine

PUZZLE_KEYS = frozenset({"n", "rule", "regions", "givens", "stars"})  # a JSON puzzle's own fields; the rest is metadata
# Python refuses to read integers longer than this (a guard against slow conversion);
# no puzzle needs one, so a longer number is a clean error instead of a crash.
MAX_INT_DIGITS = 4300
# orjson reads an integer past 64 bits as a float, so a text with such a run of digits takes the
# standard library's way, which keeps it an integer (or refuses it past MAX_INT_DIGITS).
_LONG_DIGITS = re.compile("[0-9]{20}")
_DIGITS_AS_ZERO = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))  # digits to "0", the rest to " "
_TWENTY_DIGITS = b"0" * 20


def _has_long_number(text: str | bytes) -> bool:
    """Whether ``text`` holds a run of 20 digits or more (in bytes: a translation and a substring
    search, ten times faster than the regular expression)."""
    if isinstance(text, bytes):
        return _TWENTY_DIGITS in text.translate(_DIGITS_AS_ZERO)
    return _LONG_DIGITS.search(text) is not None


def _parse_int(digits: str) -> int:
    if len(digits) - digits.startswith("-") > MAX_INT_DIGITS:
        raise FormatError(f"a number of {len(digits):,} digits is too long (at most {MAX_INT_DIGITS:,})")
    return int(digits)


def loads(text: str | bytes, source: str, line: int | None = None) -> Any:
    """One JSON text (str, or UTF-8 bytes), or a ``FormatError`` naming the problem: bad syntax (with
    its line and column), a number too long to read, bytes that are not UTF-8, or nesting too deep
    for the parser. The one JSON decoding of the package: files, JSON lines, the co-process and
    every HTTP route come here.

    orjson reads it (a few microseconds a puzzle); when orjson refuses a text, or could read a
    number in it as a float, the standard library reads it again, so that the answer and every
    error message are the standard library's, word for word. A text that would become more objects
    than any puzzle needs, or nest deeper (``json_budget``), is refused before it is parsed."""
    refuse_over_budget(text, source, line)
    if not _has_long_number(text):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # the standard library says what is wrong, in its own words
    if isinstance(text, bytes):
        from queens_sat.formats.encoding import ERRORS

        text = text.decode("utf-8", ERRORS)
        check_utf8(text, source, line)
    return _stdlib_loads(text, source, line)


def refuse_over_budget(text: str | bytes, source: str, line: int | None = None) -> None:
    """A ``FormatError`` when ``text`` (one record) would cost more than ``json_budget.RECORD_BYTES``
    as objects or nest deeper than ``json_budget.MAX_DEPTH``; three counts when it is small."""
    if json_budget.estimate(text) <= json_budget.RECORD_BYTES:
        return
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    _, _, cost, depth = json_budget.scan(data)
    why = json_budget.over_budget(cost, depth)
    if why:
        raise FormatError(f"refused unread: {why}", source=source, line=line)


def _stdlib_loads(text: str, source: str, line: int | None) -> Any:
    try:
        return json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as err:
        raise FormatError(
            f"invalid JSON: {err.msg} (column {err.colno})", source=source, line=err.lineno if line is None else line
        ) from None
    except RecursionError:
        raise FormatError("invalid JSON: nested too deeply", source=source, line=line) from None
    except PuzzleError as err:
        raise err.located(source=source, line=line) from None


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
        raise FormatError(f'"givens" has unknown key(s) {printable(", ".join(sorted(unknown_givens)))[:200]}; use "queens" and "blocked"')
    for key in ("queens", "blocked"):
        if not isinstance(givens.get(key, []), list):
            raise FormatError(f'"givens.{key}" must be a list of [row, column] pairs')
        check_distinct_givens(givens.get(key), "queen" if key == "queens" else "blocked cell")
    rule = obj.get("rule", "no-touch")
    if not isinstance(rule, str):
        raise FormatError(f'"rule" must be a string, got {shown(rule)}')
    if "regions" not in obj and "n" not in obj:
        raise FormatError('a puzzle needs "regions", or "n" for a board without regions')
    return Puzzle(
        obj.get("regions"),
        n=obj.get("n"),
        rule=rule,
        queens=givens.get("queens", []),
        blocked=givens.get("blocked", []),
        stars=obj.get("stars", 1),
    )


def _record(obj: Any, source: str, line: int | None, index: int | None = None, fields: FieldNames | None = None) -> PuzzleRecord:
    rec = PuzzleRecord(source, line)
    try:
        if fields is not None:
            obj = fields.standard(obj)
        rec_id = obj.get("id") if isinstance(obj, dict) else None
        rec.id = str(rec_id) if rec_id is not None else (f"#{index}" if index is not None else None)
        rec.stars_stated = isinstance(obj, dict) and "stars" in obj
        rec.puzzle = puzzle_from_dict(obj)
        rec.meta = {k: v for k, v in obj.items() if k not in PUZZLE_KEYS and k != "id"}
    except PuzzleError as err:
        rec.error = err.located(source=source, line=line)
    except RecursionError:  # a value nested too deeply even to print
        rec.error = FormatError("a value is nested too deeply", source=source, line=line)
    return rec


class PlainRecord(PuzzleRecord):
    """A JSON line that holds a plain grid of region numbers and nothing a ``Puzzle`` has to
    settle (no givens, no stars, a known rule, ``n`` absent or the grid's): the check of a batch
    searches ``regions`` as it is (``services.checking.plain_board``) and never builds the
    ``Puzzle``, a third of a line's cost. Anything else that asks for ``puzzle`` gets it, built from the
    parsed object on first use, exactly as an ordinary record's."""

    _puzzle: Puzzle | None
    _meta: dict[str, Any] | None

    def __init__(self, source: str, line: int | None, id: str | None, obj: dict[str, Any]) -> None:
        # every field of the dataclass, set here (its ``__init__`` would go through the setters below
        # and make a ``meta`` no check asks for: a co-process's line pays for each step)
        self.source, self.line, self.id = source, line, id
        self._fields, self._built, self._puzzle, self._meta = obj, False, None, None
        self.error: PuzzleError | None = None
        self.stars_stated = False
        self.warnings: list[str] = []
        self.regions: list[Any] = obj["regions"]
        self.rule: str = obj.get("rule", "no-touch")

    @property
    def puzzle(self) -> Puzzle | None:
        """The ``Puzzle``, built now if it was not yet; a grid it refuses (a region number out of
        range, say) makes the record an error record, as reading it the ordinary way does."""
        if not self._built:
            self._built = True
            try:
                self._puzzle = puzzle_from_dict(self._fields)
            except PuzzleError as err:
                self.error = err.located(source=self.source, line=self.line)
        return self._puzzle

    @puzzle.setter
    def puzzle(self, value: Puzzle | None) -> None:
        self._built, self._puzzle = True, value

    @property
    def meta(self) -> dict[str, Any]:
        """The line's other fields (made when asked for: a check of a batch never asks)."""
        if self._meta is None:
            self._meta = {k: v for k, v in self._fields.items() if k not in PUZZLE_KEYS and k != "id"}
        return self._meta

    @meta.setter
    def meta(self, value: dict[str, Any]) -> None:
        self._meta = value

    def shape(self) -> tuple[int, str, int] | None:
        if not self._built:  # the grid's own size, without building the ``Puzzle``
            return len(self.regions), self.rule, 1
        return super().shape()


def plain_record(obj: Any, source: str, line: int | None) -> PlainRecord | None:
    """The record of a parsed line that is a plain grid and nothing more (see ``PlainRecord``), or None."""
    if type(obj) is not dict or "givens" in obj or "stars" in obj or type(obj.get("regions")) is not list:
        return None
    rule = obj.get("rule", "no-touch")
    n = obj.get("n")
    if type(rule) is not str or rule not in RULES or not (n is None or (type(n) is int and n == len(obj["regions"]))):
        return None
    rec_id = obj.get("id")
    return PlainRecord(source, line, str(rec_id) if rec_id is not None else None, obj)


def read_json_document(text: str, source: str, fields: FieldNames | None = None) -> list[PuzzleRecord]:
    """A JSON file holding one puzzle object, or an array of them; ``fields`` names foreign keys."""
    return list(iter_json_document(text, source, fields))


def iter_json_document(text: str, source: str, fields: FieldNames | None = None) -> Iterator[PuzzleRecord]:
    """``read_json_document`` a record at a time: the text is parsed at once (a ``FormatError``
    before the first record), and each parsed object is let go as its record is made, so a
    10 MB array of small puzzles is never held twice, as objects and as records."""
    if fields is None and json_budget.estimate(text) > json_budget.RECORD_BYTES and text.lstrip().startswith("["):
        return _streamed_records(text.encode("utf-8", "surrogatepass"), source)
    doc = loads(text, source)
    if fields is not None:
        doc = fields.records(doc)
    return _document_records(doc, source, fields)


def _streamed_records(data: bytes, source: str) -> Iterator[PuzzleRecord]:
    """The records of a JSON array too big to parse whole, an element at a time (``json_budget``
    finds them): memory holds the text and one record, never the array as objects. An element
    that cannot be a puzzle (over the budget of a record) is an error record, unread."""
    for index, (start, end, cost, depth) in enumerate(json_budget.elements(data)):
        why = json_budget.over_budget(cost, depth)
        if why:
            yield PuzzleRecord(source, None, id=f"#{index}", error=FormatError(f"puzzle #{index} refused unread: {why}", source=source))
            continue
        yield _record(loads(data[start:end], source), source, None, index)


def _document_records(doc: Any, source: str, fields: FieldNames | None) -> Iterator[PuzzleRecord]:
    if not isinstance(doc, list):
        yield _record(doc, source, None, fields=fields)
        return
    for i in range(len(doc)):
        obj, doc[i] = doc[i], None
        yield _record(obj, source, None, i, fields)


def read_json_lines(
    lines: Iterable[str | bytes], source: str, fields: FieldNames | None = None, *, plain: bool = False
) -> Iterator[PuzzleRecord]:
    """JSON lines: one puzzle object per line (text, or UTF-8 bytes as read); a bad line becomes an
    error record. ``plain``: a line that is a plain grid becomes a ``PlainRecord`` (a reader that
    answers those without a ``Puzzle``: the check of a batch)."""
    plain = plain and fields is None
    for number, line in enumerate(lines, start=1):
        if isinstance(line, SkippedLine):
            message = f"a line longer than {INPUT_BYTES >> 20} MB: skipped"
            yield PuzzleRecord(source, number, error=FormatError(message, source=source, line=number))
            continue
        if not line.strip():
            continue
        try:
            if type(line) is str:
                check_utf8(line, source, number)
            obj = loads(line, source, number)
        except PuzzleError as err:
            yield PuzzleRecord(source, number, error=err)
            continue
        if plain and (record := plain_record(obj, source, number)) is not None:
            yield record
            continue
        yield _record(obj, source, number, fields=fields)


def puzzle_to_dict(puzzle: Puzzle, *, id: str | None = None, labels: bool = True) -> dict[str, Any]:
    """The JSON object of a puzzle; regions as label strings, or integer lists with ``labels=False``."""
    out: dict[str, Any] = {}
    if id is not None:
        out["id"] = id
    out["n"] = puzzle.n
    out["rule"] = puzzle.rule
    if puzzle.stars > 1:
        out["stars"] = puzzle.stars
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


def solution_to_json(solution: Sequence[int], stars: int = 1) -> list[int] | list[list[int]]:
    """A solution as JSON output shows it: the column list for k = 1, one list of k star
    columns a row for a Star Battle (``rules.star_rows``), so the rows stay readable."""
    return list(solution) if stars == 1 else star_rows(solution, stars)


def puzzle_to_json(puzzle: Puzzle, *, id: str | None = None, labels: bool = True, indent: int | None = None) -> str:
    """``puzzle`` as the JSON text that ``parse_puzzle`` reads back (region letters when ``labels``)."""
    instance_of(puzzle, Puzzle, "puzzle")
    return json.dumps(puzzle_to_dict(puzzle, id=id, labels=labels), indent=indent)
