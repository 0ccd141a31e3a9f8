"""Property-based tests of every reader and of the command line on arbitrary bytes.

Whatever the input, a reader gives puzzles or clean ``PuzzleError``s (a record's error,
or one raised for the whole file), and a command exits with a verdict (0, 1), a clean
exit 2, or 3 for a time limit: never another exception, never exit 4 (internal error),
never a raw control character on the terminal. Hypothesis's ``deadline`` bounds the
time of each example, so a reader that hangs or goes quadratic fails here too.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
from datetime import timedelta
from pathlib import Path
from unittest import mock

import pytest
from helpers import EXAMPLES
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from queens_sat.cli import main
from queens_sat.formats import parse_puzzle, read_puzzles
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.errors import PuzzleError
from queens_sat.model.puzzle import Puzzle

# Generous: an example takes milliseconds; this only catches hangs and quadratic reads.
DEADLINE = timedelta(seconds=5)
# QUEENS_SAT_FUZZ_EXAMPLES=5000 searches longer, by hand
EXAMPLES_PER_TEST = int(os.environ.get("QUEENS_SAT_FUZZ_EXAMPLES", "150"))
SETTINGS = settings(max_examples=EXAMPLES_PER_TEST, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])

SEEDS = [path.read_bytes() for path in sorted(EXAMPLES.iterdir()) if path.is_file()]
KEYS = ["n", "rule", "regions", "givens", "queens", "blocked", "id", "solutions"]


def _json_values() -> st.SearchStrategy:
    scalars = (
        st.none()
        | st.booleans()
        | st.integers(min_value=-3, max_value=12)
        | st.floats(allow_nan=True, allow_infinity=True)
        | st.text(alphabet="ABC \x1b\u200b#\n", max_size=6)
        | st.sampled_from(["queens", "no-touch", "AB", "BA", "AAB", "ABB", "CCC"])
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=5),
        max_leaves=25,
    )


@st.composite
def _mutated_example(draw) -> bytes:
    """An example file with a slice cut out, or bytes put in."""
    data = draw(st.sampled_from(SEEDS))
    start = draw(st.integers(0, len(data)))
    end = draw(st.integers(start, min(len(data), start + 40)))
    insert = draw(st.binary(max_size=12) | st.sampled_from([b"", b"\xef\xbb\xbf", b"\x1b", b"[[[[", b"9" * 20, b"\n", b"}"]))
    return data[:start] + insert + data[end:]


INPUTS = st.one_of(
    st.binary(max_size=300),
    st.text(alphabet='{}[]",:0123456789-.eE nrulgdios#()AB\n\t\ufeff\x1b\u00b2\u0663', max_size=200).map(str.encode),
    _json_values().map(lambda v: json.dumps(v).encode()),
    st.lists(_json_values().map(json.dumps), max_size=4).map(lambda lines: "\n".join(lines).encode()),
    _mutated_example(),
)

SUFFIXES = ["", ".json", ".jsonl", ".txt"]


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def _check_records(records: list[PuzzleRecord]) -> None:
    for rec in records:
        assert (rec.puzzle is None) != (rec.error is None)
        assert rec.puzzle is None or isinstance(rec.puzzle, Puzzle)
        assert rec.error is None or isinstance(rec.error, PuzzleError)
        assert rec.name.isprintable()
        assert rec.error is None or ("\n" not in str(rec.error) and "\x1b" not in str(rec.error))


def _read(path: str, fmt: str | None = None) -> None:
    try:
        records = list(read_puzzles(path, fmt))
    except PuzzleError as err:
        assert "\n" not in str(err) and "\x1b" not in str(err)
        return
    assert records, "a file with no puzzle must give an error record"
    _check_records(records)


@SETTINGS
@given(data=INPUTS, suffix=st.sampled_from(SUFFIXES), fmt=st.sampled_from([None, None, "json", "jsonl", "text"]))
@example(data=b"[" * 100_000, suffix=".json", fmt=None)
@example(data=b'{"n": ' + b"9" * 5000 + b"}", suffix=".jsonl", fmt=None)
@example(data=b"\xef\xbb\xbf# n: \xc2\xb2", suffix="", fmt=None)
def test_file_readers_give_puzzles_or_clean_errors(folder, data, suffix, fmt):
    path = folder / f"input{suffix}"
    path.write_bytes(data)
    _read(str(path), fmt)


@SETTINGS
@given(data=INPUTS)
def test_standard_input_reader_gives_puzzles_or_clean_errors(data):
    with mock.patch.object(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")):
        _read("-")


@SETTINGS
@given(text=INPUTS.map(lambda b: b.decode("utf-8", "replace")), fmt=st.sampled_from([None, "json", "jsonl", "text"]))
def test_parse_puzzle_gives_a_puzzle_or_a_clean_error(text, fmt):
    with contextlib.suppress(PuzzleError):
        assert isinstance(parse_puzzle(text, fmt), Puzzle)


def _run_cli(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch.object(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            code = main(argv)
        except SystemExit as exit_:  # argparse's own usage errors
            code = exit_.code if isinstance(exit_.code, int) else 2
    return code, out.getvalue(), err.getvalue()


COMMANDS = [
    ["check", "--no-color"],
    ["check", "--json", "--no-logic"],
    ["solve", "--no-color"],
    ["count", "--limit", "50"],
    ["explain", "--no-color"],
    ["hint", "--no-color"],
]


@SETTINGS
@given(data=INPUTS, suffix=st.sampled_from(SUFFIXES), command=st.sampled_from(COMMANDS), stdin=st.booleans())
@example(data=b"[" * 100_000, suffix=".json", command=COMMANDS[0], stdin=False)
@example(data=b'{"n": ' + b"9" * 5000 + b"}", suffix=".jsonl", command=COMMANDS[3], stdin=True)
@example(data=b"# n: \xc2\xb2", suffix=".txt", command=COMMANDS[2], stdin=False)
@example(data=b"A\x1b\nA\x1b\n", suffix=".txt", command=COMMANDS[0], stdin=False)
@example(data=b"[]", suffix=".json", command=COMMANDS[5], stdin=False)
@example(data=b'[]\n{"n":"\\u001b","regions":"A"}', suffix="", command=COMMANDS[0], stdin=False)
def test_commands_exit_with_a_verdict_or_a_clean_error(folder, data, suffix, command, stdin):
    if stdin:
        argv, feed = [*command, "--time-limit", "5", "-"], data
    else:
        path = folder / f"cli{suffix}"
        path.write_bytes(data)
        argv, feed = [*command, "--time-limit", "5", str(path)], b""
    code, out, err = _run_cli(argv, feed)
    assert code in (0, 1, 2, 3), (code, err)
    assert "Traceback" not in err and "internal error" not in err
    assert "\x1b" not in out + err  # --no-color, and no input's control character reaches the terminal
    if code == 2:
        assert err.startswith("queens-sat: error: ") or "invalid" in out
