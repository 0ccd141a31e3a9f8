"""Other programs' JSON: --regions-key and friends, and the dialects, read without a converter."""

from __future__ import annotations

import json

import pytest

from queens_sat import Puzzle
from queens_sat.cli import main
from queens_sat.formats import FieldNames, field_names, read_puzzle, read_puzzles
from queens_sat.model.errors import FormatError

UNIQUE_5 = [[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 4, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 2]]
ONE_BASED = [[v + 1 for v in row] for row in UNIQUE_5]
QUEEN_BOARD = [["." if c != col else "Q" for c in range(5)] for col in (2, 4, 1, 3, 0)]


def _tony_xlz_maps() -> dict:
    """A maps.json as Tony-XLZ/queens-map-generator writes it: maps grouped by size."""
    return {
        "5": [
            {"name": "Map n5 #1", "caseNumber": 5, "colorGrid": ONE_BASED, "queenBoard": QUEEN_BOARD},
            {"name": "Map n5 #2", "caseNumber": 5, "colorGrid": UNIQUE_5, "queenBoard": QUEEN_BOARD},
        ],
        "4": [{"name": "Map n4 #1", "caseNumber": 4, "colorGrid": [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]}],
    }


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_foreign_file_is_refused_without_its_field_names(tmp_path, capsys):
    path = tmp_path / "candidates.jsonl"
    path.write_text(json.dumps({"colorGrid": UNIQUE_5}) + "\n")
    code, out, _ = run(capsys, "check", "--json", str(path))
    assert code == 2 and "needs" in json.loads(out)["error"]


def test_regions_key_reads_json_lines(tmp_path, capsys):
    path = tmp_path / "candidates.jsonl"
    path.write_text("".join(json.dumps({"colorGrid": grid, "label": i}) + "\n" for i, grid in enumerate((UNIQUE_5, ONE_BASED))))
    code, out, _ = run(capsys, "check", "--json", "--no-logic", "--regions-key", "colorGrid", str(path))
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [a["status"] for a in answers] == ["unique", "unique"]


def test_id_key_and_regions_key_on_a_json_array(tmp_path, capsys):
    path = tmp_path / "maps.json"
    path.write_text(json.dumps([{"title": "first", "grid": UNIQUE_5}]))
    code, out, _ = run(capsys, "check", "--json", "--regions-key", "grid", "--id-key", "title", str(path))
    assert code == 0 and json.loads(out)["id"] == "first"


def test_the_tony_xlz_dialect_reads_its_grouped_maps_file(tmp_path, capsys):
    path = tmp_path / "maps.json"
    path.write_text(json.dumps(_tony_xlz_maps(), indent=4))
    code, out, _ = run(capsys, "check", "--json", "--no-logic", "--dialect", "tony-xlz", str(path))
    answers = [json.loads(line) for line in out.splitlines()]
    assert [(a["id"], a["n"], a["status"]) for a in answers] == [
        ("Map n5 #1", 5, "unique"),
        ("Map n5 #2", 5, "unique"),
        ("Map n4 #1", 4, "multiple"),
    ]
    assert code == 1


def test_the_size_field_is_still_checked_against_the_grid(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"colorGrid": UNIQUE_5, "caseNumber": 6}))
    (record,) = read_puzzles(path, fields="tony-xlz")
    assert record.error is not None and "n is 6" in str(record.error)


def test_library_readers_take_field_names():
    names = FieldNames(regions="colorGrid")
    assert names.standard({"colorGrid": UNIQUE_5, "regions": "ignored", "x": 1}) == {"regions": UNIQUE_5, "x": 1}
    assert names.records({"a": [{"colorGrid": 1}], "b": []}) == [{"colorGrid": 1}]
    assert names.records({"a": [1, 2]}) == {"a": [1, 2]}  # not groups of records: left alone


def test_read_puzzle_with_a_dialect_name(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"name": "m", "caseNumber": 5, "colorGrid": UNIQUE_5}))
    assert read_puzzle(path, fields="tony-xlz") == Puzzle(UNIQUE_5)


def test_unknown_dialect_and_empty_keys_are_clear_errors():
    with pytest.raises(FormatError, match="unknown dialect 'nope'"):
        field_names("nope")
    with pytest.raises(FormatError, match="regions key must not be empty"):
        field_names(regions="")
    assert field_names() is None


def test_empty_key_on_the_command_line_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps({"regions": UNIQUE_5}) + "\n")
    code, out, err = run(capsys, "check", "--regions-key", "", str(path))
    assert code == 2 and "regions key must not be empty" in err + out and "Traceback" not in err
