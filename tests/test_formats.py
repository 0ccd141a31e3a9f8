"""Reading and writing: every format, detection, stdin, errors with places, round trips."""

from __future__ import annotations

import io
import json
import random

import pytest
from helpers import EXAMPLES, random_regions
from hypothesis import given, settings
from hypothesis import strategies as st

from queens_sat import Puzzle, PuzzleError
from queens_sat.formats import (
    format_puzzle,
    parse_puzzle,
    puzzle_to_json,
    puzzle_to_text,
    read_puzzle,
    read_puzzles,
    write_puzzle,
)

GRID = ["AABB", "AABB", "CCDD", "CCDD"]


def test_json_object_with_label_strings_lists_and_givens(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"rule": "queens", "regions": [list(r) for r in GRID], "givens": {"blocked": [[0, 1]]}}))
    p = read_puzzle(path)
    assert p == Puzzle(GRID, rule="queens", blocked=[(0, 1)])


def test_json_region_free_board():
    assert parse_puzzle('{"n": 12, "rule": "queens"}') == Puzzle(n=12, rule="queens")


def test_text_grid_with_spaces_comments_blank_lines_and_directives():
    text = "# a comment\n\nA A B B\nAABB   # trailing comment\n# rule: queens\nCCDD\n\nC C D D\n# blocked: (0, 1), (3,3)\n"
    p = parse_puzzle(text)
    assert p == Puzzle(GRID, rule="queens", blocked=[(0, 1), (3, 3)])


def test_text_region_free_board_by_directive():
    assert parse_puzzle("# n: 9\n# rule: queens\n") == Puzzle(n=9, rule="queens")


def test_json_lines_batch_keeps_going_past_bad_records(tmp_path):
    path = tmp_path / "batch.jsonl"
    path.write_text(
        '{"id": "a", "regions": ["AB", "BA"]}\n'
        "\n"
        "{not json\n"
        '{"id": "c", "regions": ["AAB", "AB", "ABB"]}\n'
        '{"id": "d", "regions": ["AABB", "AABB", "CCDD", "CCDD"], "solutions": 0}\n'
    )
    recs = list(read_puzzles(path))
    assert [r.line for r in recs] == [1, 3, 4, 5]
    assert recs[0].puzzle is not None and recs[0].id == "a"
    assert "invalid JSON" in str(recs[1].error) and f"{path}:3" in str(recs[1].error)
    assert "ragged grid" in str(recs[2].error) and f"{path}:4" in str(recs[2].error)
    assert recs[3].meta == {"solutions": 0}


def test_corpus_style_records_parse():
    line = '{"id":"x","source":"s","n":4,"rule":"no-touch","regions":[[0,0,1,1],[0,0,1,1],[2,2,3,3],[2,2,3,3]],"solutions":0}'
    p = parse_puzzle(line, format="jsonl")
    assert p == Puzzle(GRID)


@pytest.mark.parametrize(
    "name, content, fmt",
    [
        ("p.json", '{"regions": ["AB", "BA"]}', "json"),
        ("p.txt", "AB\nBA\n", "text"),
        ("p.jsonl", '{"regions": ["AB", "BA"]}\n', "jsonl"),
        ("noext", '{"regions": ["AB", "BA"]}', "json"),
        ("noext2", "AB\nBA\n", "text"),
        ("noext3", '{"regions": ["AB", "BA"]}\n{"regions": ["AB", "BA"]}\n', "jsonl"),
        ("array.json", '[{"regions": ["AB", "BA"]}, {"regions": ["AB", "BA"]}]', "json"),
        ("lines.json", '{"regions": ["AB", "BA"]}\n{"regions": ["AB", "BA"]}\n', "json"),
    ],
)
def test_format_detected_from_suffix_and_content(tmp_path, name, content, fmt):
    path = tmp_path / name
    path.write_text(content)
    recs = list(read_puzzles(path))
    assert recs and all(r.puzzle == Puzzle(["AB", "BA"]) for r in recs)


def test_format_option_overrides_detection(tmp_path):
    path = tmp_path / "grid.json"  # a text grid despite its suffix
    path.write_text("AB\nBA\n")
    assert read_puzzle(path, format="text") == Puzzle(["AB", "BA"])
    with pytest.raises(PuzzleError, match="invalid JSON"):
        read_puzzle(path)


def test_stdin(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"AB\nBA\n")))
    assert read_puzzle("-") == Puzzle(["AB", "BA"])


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"regions": ["AB", "BA"],}', "invalid JSON"),
        ('{"regions": ["AB", "BA"], "givens": []}', '"givens" must be an object'),
        ('{"regions": ["AB", "BA"], "givens": {"queen": []}}', "unknown key(s) queen"),
        ('{"regions": ["AB", "BA"], "givens": {"queens": 3}}', '"givens.queens" must be a list'),
        ('{"rule": "queens"}', 'needs "regions", or "n"'),
        ('{"regions": ["AB", "BA"], "rule": 3}', '"rule" must be a string'),
        ("[1, 2]", "expected a JSON object"),
    ],
)
def test_json_errors_name_the_problem(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    recs = list(read_puzzles(path)) if not content.startswith('{"regions": ["AB", "BA"],}') else None
    with pytest.raises(PuzzleError) as info:
        if recs is None:
            read_puzzle(path)
        else:
            err = next(r.error for r in recs if r.error is not None)
            raise err
    assert message in str(info.value) and str(path) in str(info.value)


def test_text_errors_name_file_and_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("# header\nAAB\nAB\nABB\n")
    with pytest.raises(PuzzleError) as info:
        read_puzzle(path)
    assert str(info.value).startswith(f"{path}:3: row 2: ragged grid")
    path.write_text("# queens: 1 2\nAB\nBA\n")
    with pytest.raises(PuzzleError, match="written as r3c5 \\(rows and columns from 1\\)"):
        read_puzzle(path)
    path.write_text("# only comments\n\n")
    with pytest.raises(PuzzleError, match="no grid found"):
        read_puzzle(path)
    path.write_text("AB CD\nAB CD\n")
    with pytest.raises(PuzzleError, match="not a single label character"):
        read_puzzle(path)


def test_missing_file_directory_and_binary(tmp_path):
    with pytest.raises(PuzzleError, match="no such file"):
        read_puzzle(tmp_path / "nope.json")
    with pytest.raises(PuzzleError, match="is a directory"):
        read_puzzle(tmp_path)
    binary = tmp_path / "x.bin"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    with pytest.raises(PuzzleError, match="not valid UTF-8"):
        read_puzzle(binary)


def test_read_puzzle_refuses_a_batch():
    with pytest.raises(PuzzleError, match="holds 6 puzzles"):
        read_puzzle(EXAMPLES / "batch.jsonl")


def test_every_example_reads():
    for path in EXAMPLES.iterdir():
        if path.suffix in (".py", ".js") or path.is_dir():  # the co-process clients; screenshots/ and other-formats/
            continue  # (read with the options the README's commands give them: tests/test_readme.py runs those)
        recs = list(read_puzzles(path))
        assert recs, path
        good = [r for r in recs if r.puzzle is not None]
        assert good, path


def _puzzles():
    @st.composite
    def build(draw):
        n = draw(st.integers(1, 12))
        seed = draw(st.integers(0, 10**6))
        rng = random.Random(seed)
        regions = random_regions(n, rng) if draw(st.booleans()) or n > 10 else None
        rule = draw(st.sampled_from(["no-touch", "queens"]))
        blocked = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3))
        queen = draw(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)))
        queens = [] if queen in blocked else [queen]
        return Puzzle(regions, n=None if regions else n, rule=rule, queens=queens, blocked=blocked)

    return build()


@settings(max_examples=150, deadline=None)
@given(_puzzles())
def test_round_trip_every_format(puzzle):
    for fmt in ("json", "jsonl", "text"):
        assert parse_puzzle(format_puzzle(puzzle, fmt), format=fmt) == puzzle
    assert parse_puzzle(puzzle_to_json(puzzle, labels=False)) == puzzle
    assert parse_puzzle(puzzle_to_text(puzzle), format="text") == puzzle


def test_write_puzzle_picks_format_from_suffix(tmp_path):
    p = Puzzle(GRID, rule="queens", queens=[(0, 0)])
    for name in ("a.json", "a.jsonl", "a.txt"):
        write_puzzle(p, tmp_path / name, id="x")
        assert read_puzzle(tmp_path / name) == p
    assert (tmp_path / "a.txt").read_text().splitlines()[0] == "# id: x"


def test_text_givens_are_named_from_1_and_the_older_pairs_still_read():
    """A text grid names its given cells as every message does (r1c2); files with the older
    0-based pairs read to the same puzzle."""
    puzzle = Puzzle(["AABB", "AABB", "CCDD", "CCDD"], rule="queens", queens=[(0, 1)], blocked=[(2, 2), (3, 0)])
    text = puzzle_to_text(puzzle)
    assert "# queens: r1c2\n" in text and "# blocked: r3c3 r4c1\n" in text
    for written in (text, text.replace("r1c2", "(0, 1)").replace("r3c3 r4c1", "(2, 2), R4C1")):
        back = parse_puzzle(written, format="text")
        assert back.queens == puzzle.queens and back.blocked == puzzle.blocked
