"""Hostile input and faults (issue 13, the input side): every case a new user hit that
printed a traceback, hung, or gave a wrong answer, kept fixed here."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from helpers import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

from queens_sat.cli import main
from queens_sat.cli.exit_codes import EXIT_BAD_INPUT, EXIT_BROKEN_PIPE, EXIT_INTERNAL
from queens_sat.formats import _binary_lines, parse_puzzle, read_puzzle, read_puzzles
from queens_sat.formats.numbers import int_text, json_line
from queens_sat.model.errors import PuzzleError
from queens_sat.model.puzzle import Puzzle


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_stdin(capsys, monkeypatch, data: bytes, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    return run(capsys, *argv, "-")


def write(tmp_path, name: str, data: str | bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return str(path)


def errors_of(path: str) -> list[str]:
    """The errors reading a file gives: of the whole file (raised) or of its records."""
    try:
        return [str(rec.error) for rec in read_puzzles(path) if rec.error is not None]
    except PuzzleError as err:
        return [str(err)]


def no_traceback(err: str) -> bool:
    return "Traceback" not in err and "internal error" not in err


# ------------------------------------------------------------------ numbers
def test_a_json_number_too_long_to_read_is_a_clean_error(tmp_path, capsys):
    huge = "9" * 5000
    for text in (f'{{"n": {huge}}}', f'{{"n": 4, "givens": {{"queens": [[0, {huge}]]}}}}'):
        [error] = errors_of(write(tmp_path, "big.json", text))
        assert "5,000 digits is too long" in error
        code, _, err = run(capsys, "check", write(tmp_path, "big.json", text))
        assert code == EXIT_BAD_INPUT and no_traceback(err) and "digits is too long" in err
    # in a batch, the record is refused and the next one read
    path = write(tmp_path, "big.jsonl", f'{{"n": {huge}}}\n{{"n": 4}}\n')
    records = list(read_puzzles(path))
    assert records[0].error is not None and records[1].puzzle == Puzzle(n=4)


def test_long_numbers_in_text_directives_are_clean_errors(tmp_path):
    for text in ("# n: " + "9" * 5000, "# queens: (" + "1" * 5000 + ", 0)\nAB\nBA", "# n: \u00b2", "# n: \u0663"):
        [rec] = read_puzzles(write(tmp_path, "p.txt", text))
        assert isinstance(rec.error, PuzzleError), text[:20]


def test_a_limit_past_64_bits_is_no_limit_for_the_native_search(capsys):
    code, out, err = run(capsys, "count", str(EXAMPLES / "multiple.txt"), "--limit", "9" * 25)
    assert code == 0 and out.startswith("3 [") and no_traceback(err)


def test_count_prints_counts_above_the_4300_digit_guard(capsys):
    code, out, err = run(capsys, "count", "--n", "1559")
    digits = out.split()[0]
    assert code == 0 and no_traceback(err) and digits.isdigit() and len(digits) >= 4300
    code, out, _ = run(capsys, "count", "--n", "1559", "--json")
    assert code == 0 and f'"count": {digits},' in out


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=-(2**60000), max_value=2**60000))
def test_int_text_is_str_of_any_integer(value):
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        assert int_text(value) == str(value)
    finally:
        sys.set_int_max_str_digits(old)


def test_json_line_writes_big_integers_as_numbers():
    value = 3**20000
    text = json_line({"count": value, "nested": [value, -value], "flag": True, "name": "\x00x"})
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        assert json.loads(text) == {"count": value, "nested": [value, -value], "flag": True, "name": "\x00x"}
    finally:
        sys.set_int_max_str_digits(old)


# ------------------------------------------------------------------ nesting
@pytest.mark.parametrize("depth", [500, 990, 100_000])
def test_deep_nesting_is_an_error_record_and_the_batch_goes_on(tmp_path, capsys, depth):
    deep = "[" * depth + "]" * depth
    code, _, err = run(capsys, "check", write(tmp_path, "deep.json", deep))
    assert code == EXIT_BAD_INPUT and no_traceback(err)
    lines = ['{"id": "a", "n": 4}', deep, f'{{"id": {deep}, "n": 5}}', f'{{"id": "b", "regions": [{deep}]}}', '{"n": 6}']
    path = write(tmp_path, "deep.jsonl", "\n".join(lines) + "\n")
    records = list(read_puzzles(path))
    assert len(records) == 5 and records[0].puzzle is not None and records[-1].puzzle is not None
    assert all(isinstance(rec.error, PuzzleError) for rec in records[1:4] if rec.puzzle is None)
    assert records[1].error is not None and records[3].error is not None
    code, out, err = run(capsys, "check", "--no-logic", path)
    assert code == EXIT_BAD_INPUT and no_traceback(err)
    assert out.count("deep.jsonl:1 [a]: multiple") == 1 and "deep.jsonl:5: multiple" in out


@pytest.mark.parametrize("argv", [["count"], ["solve", "--columns"], ["solve", "--all", "--columns"], ["check", "--no-logic"], ["explain"]])
def test_a_record_the_solver_refuses_does_not_stop_the_batch(tmp_path, capsys, argv):
    path = write(tmp_path, "m.jsonl", '{"n": 4}\n{"n": 70, "rule": "queens"}\n{"n": 5}\n')
    code, out, err = run(capsys, *argv, "--time-limit", "20", path)
    assert code in (0, 1, 2) and no_traceback(err) and "m.jsonl:3" in out + err


def test_an_unclosed_deep_array_on_stdin(capsys, monkeypatch):
    code, _, err = run_stdin(capsys, monkeypatch, b"[" * 100_000, "check")
    assert code == EXIT_BAD_INPUT and "nested too deeply" in err


# ------------------------------------------------------------------ text and encodings
def test_a_byte_order_mark_is_ignored_in_files_and_on_stdin(tmp_path, capsys, monkeypatch):
    grid = "\ufeffAAB\nABB\nCCC\n"
    assert read_puzzle(write(tmp_path, "bom.txt", grid)) == Puzzle(["AAB", "ABB", "CCC"])
    assert read_puzzle(write(tmp_path, "bom.json", '\ufeff{"n": 4}')) == Puzzle(n=4)
    assert parse_puzzle('\ufeff{"n": 4}') == Puzzle(n=4)
    code, out, err = run_stdin(capsys, monkeypatch, grid.encode(), "check", "--no-logic")
    assert code == 1 and "no solution" in out and err == ""
    code, out, _ = run_stdin(capsys, monkeypatch, b'\xef\xbb\xbf{"n": 4, "rule": "queens"}\n{"n": 5}\n', "count")
    assert code == 0 and out.count("\n") == 2


@pytest.mark.parametrize("scalar", [b'"abc"', b"12345", b"true", b"null", b"-3.5", b'"{\\"n\\": 4}"'])
def test_json_scalars_on_stdin_are_refused_as_json(capsys, monkeypatch, scalar):
    code, out, err = run_stdin(capsys, monkeypatch, scalar + b"\n", "check")
    assert code == EXIT_BAD_INPUT and out == "" and "expected a JSON object for a puzzle" in err


def test_a_one_character_grid_on_stdin_is_still_a_grid(capsys, monkeypatch):
    code, out, _ = run_stdin(capsys, monkeypatch, b"5\n", "check", "--no-logic")
    assert code == 0 and "unique [1x1" in out


@pytest.mark.parametrize("text", ['{"n": 4}garbage', '{\n  "n": 4,\n  "rule": "queens"\n}\ngarbage\n', '{"n": 4} {"n": 5}'])
def test_garbage_after_a_json_object_is_one_error(tmp_path, capsys, text):
    code, out, err = run(capsys, "check", write(tmp_path, "g.json", text))
    assert code == EXIT_BAD_INPUT and out == "" and err.count("\n") == 1 and "Extra data" in err


def test_several_objects_one_per_line_in_a_json_file_are_still_json_lines(tmp_path):
    records = list(read_puzzles(write(tmp_path, "two.json", '{"n": 4}\n{"n": 5}\n')))
    assert [rec.puzzle.n for rec in records] == [4, 5]


@pytest.mark.parametrize("label", ["\x1b", "\x00", "\x7f", "\u200b", "\x9b"])
def test_control_characters_are_not_region_labels(tmp_path, capsys, label):
    with pytest.raises(PuzzleError, match="control or invisible"):
        Puzzle([label])
    [rec] = read_puzzles(write(tmp_path, "c.json", json.dumps({"regions": [f"A{label}", f"A{label}"]})))
    assert rec.error is not None
    code, out, err = run(capsys, "check", write(tmp_path, "c.txt", f"A{label}\nA{label}\n"))
    assert code == EXIT_BAD_INPUT and "\x1b" not in out + err and no_traceback(err)


def test_control_characters_in_ids_and_names_do_not_reach_the_terminal(tmp_path, capsys):
    path = write(tmp_path, "ids.jsonl", '{"id": "\\u001b[31mred", "n": 4}\n{"id": "x", "regions": ["AB"]}\n')
    code, out, err = run(capsys, "check", "--no-logic", path)
    assert code == EXIT_BAD_INPUT and "\x1b" not in out + err and "\\x1b[31mred" in out


def test_render_labels_writes_svg_that_parses(tmp_path, capsys):
    grid = "<<&&\n<<&&\n''\"\"\n''\"\"\n"
    svg = tmp_path / "b.svg"
    code, _, err = run(capsys, "render", write(tmp_path, "l.txt", grid), "--labels", "-o", str(svg))
    assert code == 0, err
    ET.parse(svg)
    from queens_sat.services.render.svg import escape

    assert ET.fromstring("<t>" + escape("a\x1bb<") + "</t>").text == "a\ufffdb<"


def test_bytes_that_are_not_utf8_spoil_one_record_not_the_batch(tmp_path, capsys):
    path = write(tmp_path, "b.jsonl", b'{"n": 4}\n' * 3000 + b'{"n": 5, "x": "\xff"}\n{"n": 6}\n')
    records = list(read_puzzles(path))
    assert len(records) == 3002 and records[-1].puzzle == Puzzle(n=6)
    assert records[3000].error is not None and str(records[3000].error).endswith("b.jsonl:3001: this line is not valid UTF-8")
    for name, data, where in [("l.txt", b"AB\nB\xe9\n", ":2: not a text file"), ("u.txt", "AB\nBA\n".encode("utf-16"), "UTF-16?")]:
        code, out, err = run(capsys, "check", write(tmp_path, name, data))
        assert code == EXIT_BAD_INPUT and out == "" and where in err


def test_closed_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    code, _, err = run(capsys, "check", "-")
    assert code == EXIT_BAD_INPUT and "standard input is closed" in err


def test_a_size_too_long_for_int_on_the_command_line(capsys):
    with pytest.raises(SystemExit) as info:
        main(["count", "--n", "9" * 5000])
    assert info.value.code == 2 and "far too large" in capsys.readouterr().err


# ------------------------------------------------------------------ output paths
@pytest.mark.parametrize("command", ["solve", "generate"])
def test_out_into_a_missing_folder_or_onto_a_directory(tmp_path, capsys, command):
    args = ["solve", str(EXAMPLES / "unique-8.json")] if command == "solve" else ["generate", "--n", "5", "--count", "1"]
    code, _, err = run(capsys, *args, "--out", str(tmp_path / "missing" / "x.txt"))
    assert code == EXIT_BAD_INPUT and "does not exist" in err and no_traceback(err)
    code, _, err = run(capsys, *args, "--out", str(tmp_path))
    assert code == EXIT_BAD_INPUT and "is a directory" in err and no_traceback(err)
    assert not (tmp_path / "missing").exists()


# ------------------------------------------------------------------ empty input
@pytest.mark.parametrize(
    "name, text", [("e.txt", ""), ("b.txt", "\n\n  \n"), ("e.jsonl", ""), ("b.jsonl", "\n\n"), ("a.json", "[]"), ("e.json", "")]
)
@pytest.mark.parametrize("command", ["check", "solve", "count", "explain", "hint"])
def test_empty_input_is_an_error_never_silent_success(tmp_path, capsys, name, text, command):
    code, out, err = run(capsys, command, write(tmp_path, name, text))
    assert code == EXIT_BAD_INPUT and out == "" and no_traceback(err)
    assert "no puzzle" in err or "no grid" in err or "invalid JSON" in err


def test_empty_standard_input(capsys, monkeypatch):
    code, out, err = run_stdin(capsys, monkeypatch, b"", "check")
    assert code == EXIT_BAD_INPUT and out == "" and "no " in err


# ------------------------------------------------------------------ speed of reading
def test_line_reader_joins_long_lines_whatever_the_blocks():
    long_line = b"x" * 300_000
    text = b"a\n" + long_line + b"\n\nb" + long_line + b"c\nlast"
    for split in (0, 1, 2, 5, 70_000, len(text)):
        head, rest = text[:split], text[split:]
        assert list(_binary_lines(head, io.BytesIO(rest), "")) == text.split(b"\n")
    assert list(_binary_lines(b"a\n", io.BytesIO(b""), "")) == [b"a"]


def test_line_reader_reads_past_a_line_over_the_limit_without_holding_it(monkeypatch):
    import queens_sat.formats as formats
    from queens_sat.formats.json_format import SkippedLine, read_json_lines

    monkeypatch.setattr(formats, "INPUT_BYTES", 100_000)
    lines = list(formats._binary_lines(b"ok\n", io.BytesIO(b"x" * 10**6 + b"\nafter\n" + b"y" * 10**6), "big.jsonl"))
    assert lines[0] == b"ok" and lines[2] == b"after"
    assert isinstance(lines[1], SkippedLine) and isinstance(lines[3], SkippedLine) and len(lines) == 4
    assert lines[1].head == b"x" * 64
    records = list(read_json_lines(lines, "big.jsonl"))
    assert [r.line for r in records if r.error is not None and "longer than" in str(r.error)] == [2, 4]


# ------------------------------------------------------------------ exit codes
def test_an_internal_error_exits_4_with_one_line(capsys, monkeypatch):
    import queens_sat.cli.check_command as check_command

    def broken(args):
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(check_command, "run", broken)
    monkeypatch.delenv("QUEENS_SAT_DEBUG", raising=False)
    code, out, err = run(capsys, "check", str(EXAMPLES / "unique-8.json"))
    assert code == EXIT_INTERNAL == 4 and out == ""
    assert err.splitlines()[0] == "queens-sat: internal error: RuntimeError: boom second line"
    assert "Traceback" not in err and "QUEENS_SAT_DEBUG=1" in err
    for argv in (["--debug", "check"], ["check", "--debug"]):
        code, _, err = run(capsys, *argv, str(EXAMPLES / "unique-8.json"))
        assert code == 4 and "Traceback" in err and "RuntimeError: boom" in err
    monkeypatch.setenv("QUEENS_SAT_DEBUG", "1")
    code, _, err = run(capsys, "check", str(EXAMPLES / "unique-8.json"))
    assert code == 4 and "Traceback" in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_a_clean_error_not_a_bug(capsys):
    code, _, err = run(capsys, "solve", str(EXAMPLES / "unique-8.json"), "--out", "/dev/full")
    assert code == EXIT_BAD_INPUT and "No space left on device" in err and no_traceback(err)


def test_debug_flag_leaves_normal_runs_alone(capsys):
    assert run(capsys, "check", "--debug", "--no-logic", str(EXAMPLES / "unique-8.json"))[0] == 0
    assert run(capsys, "--debug", "count", "--n", "6")[0] == 0


def _cli(*args: str) -> subprocess.Popen:
    env = dict(os.environ, NO_COLOR="1")
    env.pop("QUEENS_SAT_DEBUG", None)
    return subprocess.Popen([sys.executable, "-m", "queens_sat", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


@pytest.mark.parametrize(
    "args",
    [
        ("generate", "--n", "6", "--count", "1000", "--quiet"),
        ("solve", "--all", "--n", "12", "--rule", "queens", "--columns"),
        ("check", "--no-logic", *[str(EXAMPLES / "batch.jsonl")] * 2000),
    ],
)
def test_a_closed_pipe_exits_141_without_noise(args):
    proc = _cli(*args)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == EXIT_BROKEN_PIPE == 141
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception ignored" not in err


# ------------------------------------------------------------------ examples
def test_the_readme_examples_run_as_described(capsys):
    code, out, _ = run(capsys, "hint", str(EXAMPLES / "position.json"))
    assert code == 0 and out.startswith("(your queens also rule out") and "hint: " in out
    code, out, _ = run(capsys, "check", str(EXAMPLES / "batch.jsonl"))
    assert code == 1 and "invalid" not in out.replace("0 invalid", "")
    code, out, _ = run(capsys, "check", str(EXAMPLES / "batch-with-bad-record.jsonl"))
    bad = [line for line in out.splitlines() if "invalid:" in line]
    assert code == EXIT_BAD_INPUT and len(bad) == 1
    assert bad[0].endswith("batch-with-bad-record.jsonl:7 [broken]: invalid: the grid has 2 rows of 3 cells; it must be square"
                        " (n rows of n region labels)")
    assert bad[0].count("jsonl:7") == 1


def test_an_endless_device_is_refused_at_the_size_limit(capsys):
    """``check /dev/zero`` reads to ``limits.INPUT_BYTES`` and stops there, with exit 2 and one line."""
    from queens_sat.model.limits import INPUT_BYTES

    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero on this system")
    code, _, err = run(capsys, "check", "/dev/zero")
    assert code == EXIT_BAD_INPUT and no_traceback(err) and f"larger than {INPUT_BYTES >> 20} MB" in err and "/dev/zero" in err


def test_a_json_lines_file_streams_past_the_whole_file_limit(tmp_path, monkeypatch, capsys):
    """The limit is on what is held at once: a JSON-lines file longer than it is still read line by line."""
    import queens_sat.formats as formats

    monkeypatch.setattr(formats, "INPUT_BYTES", 4096)
    line = json.dumps({"regions": [[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 4, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 2]]})
    path = tmp_path / "many.jsonl"
    path.write_text((line + "\n") * 200)
    assert path.stat().st_size > 4096
    code, out, _ = run(capsys, "check", "--json", "--no-logic", str(path))
    assert code == 0 and len(out.splitlines()) == 200
