"""Plain JSON lines (``PlainRecord``): ``check --no-logic`` searches their grids as they are, and must
answer exactly as the ordinary records do, line for line, field for field (``elapsed`` aside)."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys

import pytest
from helpers import CORPUS, random_regions

from queens_sat.formats.json_format import PlainRecord, read_json_lines
from queens_sat.formats.records import PuzzleRecord
from queens_sat.services.checking import check_records

SPLIT = [[0, 0, 1, 1, 1], [2, 2, 2, 2, 0], [3, 3, 4, 4, 4], [3, 3, 4, 4, 4], [3, 3, 4, 4, 4]]  # region A in two pieces
UNIQUE_5 = [[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 4, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 2]]

# Lines that look plain, or nearly: each must get the ordinary path's answer, error or warning.
EDGE_LINES = [
    {"regions": UNIQUE_5},
    {"id": "a", "n": 5, "rule": "no-touch", "regions": UNIQUE_5, "solutions": 1, "source": "x"},
    {"id": 7, "regions": UNIQUE_5, "rule": "queens"},
    {"id": None, "n": None, "regions": UNIQUE_5},
    {"id": [1, 2], "regions": UNIQUE_5},
    {"regions": SPLIT},
    {"regions": [[0]]},
    {"regions": [[0, 1], [1, 0]]},
    {"n": 6, "regions": UNIQUE_5},
    {"n": True, "regions": [[0]]},
    {"n": 5.0, "regions": UNIQUE_5},
    {"regions": [[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 4, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 9]]},  # 9 out of range
    {"regions": [[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 0, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 2]]},  # region 4 missing
    {"regions": [[0, 0, 1], [0, 1]]},
    {"regions": [[0, True, 1], [0, 1, 2], [2, 2, 2]]},
    {"regions": [["0", 1, 2], [0, 1, 2], [0, 1, 2]]},
    {"regions": ["AAB", "ABC", "CCC"]},
    {"regions": ["ABA", "BBB", "CCC"]},  # region A in two pieces, lettered
    {"regions": [" AAB", "ABC", "CCC"]},
    {"regions": ["AAB", "AB#", "###"]},
    {"regions": ["AAB", "ABC", "CCD"]},
    {"regions": ["AAB", ["A", "B", "C"], "CCC"]},
    {"regions": UNIQUE_5, "rule": "knight"},
    {"regions": UNIQUE_5, "rule": 3},
    {"regions": UNIQUE_5, "givens": {"queens": [[0, 2]]}},
    {"regions": UNIQUE_5, "stars": 1},
    {"regions": UNIQUE_5, "givens": None},
    {"regions": None, "n": 5},
    {"n": 6},
    {"regions": []},
    {"regions": [[]]},
    [1, 2],
    "text",
]


def _answers(lines: list[str], plain: bool) -> list[dict]:
    encoded = [line.encode() for line in lines]
    answers = [report.as_dict() for report in check_records(read_json_lines(encoded, "in.jsonl", plain=plain), logic_depth=None)]
    for answer in answers:
        answer.pop("elapsed", None)
    return answers


def _random_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for i in range(count):
        n = rng.randint(1, 12)
        regions = random_regions(n, rng)
        if rng.random() < 0.2:  # a region in pieces, or a region number out of range, now and then
            r, c = rng.randrange(n), rng.randrange(n)
            regions[r][c] = rng.choice([regions[rng.randrange(n)][rng.randrange(n)], n, -1])
        if rng.random() < 0.3 and all(0 <= k < n for row in regions for k in row):  # lettered, in a shuffled alphabet
            letters = rng.sample("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", n)
            regions = ["".join(letters[k] for k in row) for row in regions]
        lines.append(json.dumps({"id": f"r{i}", "rule": rng.choice(["no-touch", "queens"]), "regions": regions}))
    return lines


def test_edge_lines_answer_as_ordinary_records():
    lines = [json.dumps(obj) for obj in EDGE_LINES]
    assert _answers(lines, plain=True) == _answers(lines, plain=False)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_boards_answer_as_ordinary_records(seed):
    """Batches of 600 (chunks of 512 and a tail): plain and ordinary records mixed in one chunk."""
    lines = _random_lines(600, seed)
    lines[5:5] = [json.dumps(obj) for obj in EDGE_LINES]
    plain, ordinary = _answers(lines, plain=True), _answers(lines, plain=False)
    assert len(plain) == len(ordinary) == len(lines)
    for got, wanted in zip(plain, ordinary, strict=True):
        assert got == wanted


@pytest.mark.parametrize("name", ["community.jsonl", "generated.jsonl"])
def test_corpus_answers_as_ordinary_records(name):
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"corpus file {path} not found (set QUEENS_SAT_CORPUS to its folder)")
    lines = path.read_text(encoding="utf-8").splitlines()
    plain, ordinary = _answers(lines, plain=True), _answers(lines, plain=False)
    assert plain == ordinary
    assert sum(bool(answer["warnings"]) for answer in plain) == sum(bool(answer["warnings"]) for answer in ordinary)


def test_a_plain_record_builds_the_same_puzzle_and_metadata_when_asked():
    line = json.dumps({"id": "p", "n": 5, "regions": UNIQUE_5, "solutions": 1, "source": "s"}).encode()
    plain = next(read_json_lines([line], "f", plain=True))
    ordinary = next(read_json_lines([line], "f"))
    assert type(plain) is PlainRecord and type(ordinary) is not PlainRecord
    assert plain.shape() == (5, "no-touch", 1)
    assert plain.puzzle == ordinary.puzzle and plain.meta == ordinary.meta == {"solutions": 1, "source": "s"}
    assert (plain.id, plain.line, plain.error) == ("p", 1, None)


def test_a_plain_record_sets_every_field_of_a_record():
    """``PlainRecord`` sets the dataclass's fields itself: a field added to ``PuzzleRecord`` must be set there too."""
    line = json.dumps({"id": "p", "regions": UNIQUE_5}).encode()
    plain, ordinary = next(read_json_lines([line], "f", plain=True)), next(read_json_lines([line], "f"))
    for name in (f.name for f in dataclasses.fields(PuzzleRecord)):
        assert getattr(plain, name) == getattr(ordinary, name), name


def test_a_grid_the_puzzle_refuses_becomes_an_error_record():
    bad = json.dumps({"regions": EDGE_LINES[11]["regions"]}).encode()
    plain = next(read_json_lines([bad], "f", plain=True))
    ordinary = next(read_json_lines([bad], "f"))
    assert type(plain) is PlainRecord and ordinary.error is not None
    assert plain.puzzle is None and str(plain.error) == str(ordinary.error)
    assert plain.shape() is None


def test_the_command_answers_a_file_and_a_pipe_alike(tmp_path):
    """``check --no-logic --json`` on a file (batches) and through a pipe (a co-process, line by line)."""
    lines = _random_lines(40, 3) + [json.dumps(obj) for obj in EDGE_LINES]
    batch = tmp_path / "in.jsonl"
    batch.write_text("\n".join(lines) + "\n")
    command = [sys.executable, "-m", "queens_sat", "check", "--no-logic", "--json"]
    from_file = subprocess.run([*command, str(batch)], capture_output=True, text=True, timeout=120)
    from_pipe = subprocess.run([*command, "-"], input=batch.read_text(), capture_output=True, text=True, timeout=120)
    answers = []
    for out, source in ((from_file.stdout, str(batch)), (from_pipe.stdout, "<stdin>"), (None, "in.jsonl")):
        rows = [json.loads(line) for line in out.splitlines()] if out is not None else _answers(lines, plain=False)
        for row in rows:
            row.pop("elapsed", None)
            assert row.pop("source") == source
            if row["error"]:
                row["error"] = row["error"].replace(source, "SOURCE")
        answers.append(rows)
    assert len(answers[0]) == len(lines)
    assert answers[0] == answers[1] == answers[2]


@pytest.mark.parametrize("depth", [None, 2])
def test_the_services_quick_check_of_a_plain_body_is_the_ordinary_one(depth):
    """``POST /check`` of one plain grid, with the grade and without: searched as it is, the same
    answer as through a ``Puzzle``."""
    from queens_sat.extension import gridcheck
    from queens_sat.formats.json_format import loads, plain_record
    from queens_sat.formats.records import PuzzleRecord
    from queens_sat.services.checking import quick_check, quick_plain_check

    compared = 0
    for line in _random_lines(300, 4) + [json.dumps(obj) for obj in EDGE_LINES]:
        record = plain_record(loads(line, "r"), "<request>", None)
        if record is None or record.puzzle is None:  # the ordinary path reads (or refuses) these
            continue
        record = plain_record(loads(line, "r"), "<request>", None)
        taken, plain = quick_plain_check(record, depth, 1 << 14, 10.0)
        if not taken:  # not a plain grid after all (or no compiled check): the route checks the body the ordinary way
            continue
        assert gridcheck() is not None  # the plain path is the compiled check's: pure Python never takes it
        ordinary = quick_check(PuzzleRecord("<request>", puzzle=record.puzzle), "auto", depth, 1 << 14, 10.0)
        assert (plain is None) == (ordinary is None)  # both settled within the budget, or neither
        if plain is not None and ordinary is not None:
            got, wanted = plain.as_dict(), ordinary.as_dict()
            for answer in (got, wanted):
                answer.pop("elapsed")
                if answer["logic"] is not None:
                    answer["logic"].pop("elapsed")
            got["id"] = wanted["id"]
            assert got == wanted
            compared += 1
    assert compared > 200 if gridcheck() is not None else compared == 0
