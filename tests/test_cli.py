"""The command-line tool: verdicts, exit codes, JSON output, and errors without tracebacks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from helpers import CORPUS, EXAMPLES, brute_force_solutions

from queens_sat.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "name, code, verdict",
    [
        ("unique-8.json", 0, "unique"),
        ("unique-9.txt", 0, "unique"),
        ("queens-rule-7.json", 0, "unique"),
        ("givens.json", 0, "unique"),
        ("multiple.txt", 1, "multiple"),
        ("none.json", 1, "no solution"),
        ("nqueens-8.json", 1, "multiple"),
    ],
)
def test_check_examples(capsys, name, code, verdict):
    got, out, err = run(capsys, "check", str(EXAMPLES / name), "--no-color")
    assert got == code
    assert f"{EXAMPLES / name}: {verdict}" in out
    assert err == ""


def test_check_draws_the_solution_and_two_proofs_of_multiplicity(capsys):
    _, out, _ = run(capsys, "check", str(EXAMPLES / "unique-8.json"), "--no-color")
    board = [line for line in out.splitlines() if line.startswith("  ")]
    assert len(board) == 8 and all(len(line.split()) == 8 for line in board)
    assert "\x1b[" not in out  # no colour when not a terminal
    _, out, _ = run(capsys, "check", str(EXAMPLES / "multiple.txt"))
    assert "solution 1:" in out and "solution 2:" in out
    cols = [json.loads(line.split("columns: ")[1]) for line in out.splitlines() if "columns:" in line]
    assert len(cols) == 2 and cols[0] != cols[1]


def test_check_json_is_json_lines_only(capsys):
    code, out, err = run(capsys, "check", "--json", str(EXAMPLES / "batch-with-bad-record.jsonl"))
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["status"] for o in objs] == ["unique", "unique", "multiple", "unique", "none", "multiple", "invalid"]
    assert objs[-1]["line"] == 7 and "must be square" in objs[-1]["error"]
    assert objs[0]["solutions"] == [[6, 4, 2, 7, 3, 0, 5, 1]] and objs[0]["id"] == "unique-8"
    assert code == 2
    assert "7 puzzles: 3 unique, 2 multiple, 1 none, 0 unknown, 1 invalid" in err


def test_batch_line_per_puzzle_and_summary(capsys):
    code, out, _ = run(capsys, "check", str(EXAMPLES / "unique-8.json"), str(EXAMPLES / "queens-rule-7.json"))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3 and lines[-1].startswith("2 puzzles: 2 unique")


def test_exit_codes_precedence(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("AAB\nAB\nABB\n")
    assert run(capsys, "check", str(EXAMPLES / "multiple.txt"), str(EXAMPLES / "unique-8.json"))[0] == 1
    assert run(capsys, "check", str(bad), str(EXAMPLES / "multiple.txt"))[0] == 2
    assert run(capsys, "check", "--n", "14", "--rule", "queens", "--time-limit", "0.000001", "--backend", "python")[0] in (1, 3)


def test_time_limit_exit_code_3(capsys, monkeypatch):
    from queens_sat.backends.python import PythonBackend
    from queens_sat.model.result import Outcome

    monkeypatch.setattr(PythonBackend, "search", lambda self, p, **kw: Outcome([], 0, False, True))
    code, out, _ = run(capsys, "check", str(EXAMPLES / "unique-8.json"), "--backend", "python")
    assert code == 3 and "unknown (time limit hit)" in out


def test_bad_input_message_names_file_row_and_exit_2(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("# my puzzle\nAAB\nAB\nABB\n")
    code, out, err = run(capsys, "check", str(bad))
    assert code == 2 and out == ""
    assert err.strip() == f"queens-sat: error: {bad}:3: row 2: ragged grid: this row has 2 cells, row 1 has 3"


def test_missing_file_and_no_input(capsys, tmp_path):
    code, _, err = run(capsys, "check", str(tmp_path / "missing.json"))
    assert code == 2 and "no such file" in err
    code, _, err = run(capsys, "check")
    assert code == 2 and "no puzzle given" in err
    with pytest.raises(SystemExit) as info:  # refused as the command line is read
        main(["check", "--backend", "nope", str(EXAMPLES / "unique-8.json")])
    assert info.value.code == 2 and "unknown backend 'nope'" in capsys.readouterr().err


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["check", "--time-limit", "-1", "x"])
    assert info.value.code == 2


def test_solve_and_count(capsys):
    code, out, _ = run(capsys, "solve", str(EXAMPLES / "unique-8.json"), "--no-color")
    assert code == 0 and out.startswith("solution [6, 4, 2, 7, 3, 0, 5, 1]")
    code, out, _ = run(capsys, "solve", str(EXAMPLES / "none.json"))
    assert code == 1 and out.strip() == "no solution"
    code, out, _ = run(capsys, "count", "--n", "8", "--rule", "queens")
    assert code == 0 and out.startswith("92 [")
    code, out, _ = run(capsys, "count", "--n", "8", "--rule", "queens", "--limit", "10")
    assert out.startswith("at least 10 [")
    code, out, _ = run(capsys, "count", "--json", str(EXAMPLES / "multiple.txt"))
    assert json.loads(out)["count"] == 3 and json.loads(out)["exact"] is True


def test_rule_option_overrides_the_file(capsys):
    from queens_sat.formats import read_puzzle

    puzzle = read_puzzle(EXAMPLES / "multiple.txt")
    expected = len(brute_force_solutions(puzzle.replace(rule="queens")))
    _, out, _ = run(capsys, "count", str(EXAMPLES / "multiple.txt"), "--rule", "queens")
    assert out.startswith(f"{expected} [")
    _, out, _ = run(capsys, "count", str(EXAMPLES / "multiple.txt"))
    assert out.startswith("3 [")


def test_stdin(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO((EXAMPLES / "unique-9.txt").read_bytes())))
    code, out, _ = run(capsys, "check", "-")
    assert code == 0 and out.startswith("<stdin>: unique")


SCRIPT = shutil.which("queens-sat", path=os.path.dirname(sys.executable)) or "queens-sat"


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run a command as a user would; ``queens-sat`` is the script installed beside this Python."""
    env = dict(os.environ, NO_COLOR="1")
    if args[0] == "queens-sat":
        args = (SCRIPT, *args[1:])
    return subprocess.run(args, capture_output=True, text=True, input=stdin, env=env, timeout=120)


def test_console_script_and_module_entry_points():
    for prefix in (["queens-sat"], [sys.executable, "-m", "queens_sat"]):
        res = _cli(*prefix, "check", str(EXAMPLES / "unique-9.txt"))
        assert res.returncode == 0 and "unique" in res.stdout
        assert _cli(*prefix, "--help").returncode == 0


def test_no_traceback_on_bad_input_through_the_real_command(tmp_path):
    cases = {
        "ragged.txt": "AAB\nAB\nABB\n",
        "regions.json": '{"regions": ["AAB", "AAB", "AAB"]}',
        "json.json": '{"regions": [',
        "givens.json": '{"regions": ["AB", "BA"], "givens": {"queens": [[5, 5]]}}',
        "binary.txt": "\udcff",
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        res = _cli("queens-sat", "check", str(path))
        assert res.returncode == 2, (name, res.stderr)
        assert "Traceback" not in res.stderr and str(path) in res.stderr, (name, res.stderr)


def test_help_does_not_import_solver_libraries():
    code = (
        "import sys; from queens_sat.cli import build_parser; build_parser();"
        " print(sorted(m for m in ('ortools', 'pysat', 'numpy', 'rich') if m in sys.modules))"
    )
    res = _cli(sys.executable, "-c", code)
    assert res.stdout.strip() == "[]"


@pytest.mark.skipif(not (CORPUS / "community.jsonl").exists(), reason=f"corpus not found at {CORPUS}")
def test_check_gives_the_right_verdict_on_the_whole_corpus(capsys):
    for name in ("community.jsonl", "generated.jsonl"):
        code, out, _ = run(capsys, "check", "--json", str(CORPUS / name))
        objs = [json.loads(line) for line in out.splitlines()]
        expected = [json.loads(line) for line in (CORPUS / name).read_text().splitlines()]
        assert len(objs) == len(expected)
        for got, want in zip(objs, expected, strict=False):
            assert got["status"] == ("unique" if want["solutions"] == 1 else "multiple"), want["id"]
            if "solution" in want:
                assert got["solutions"] == [want["solution"]]
        assert code == (1 if name == "community.jsonl" else 0)


def test_backends_lists_every_backend_and_the_auto_order(capsys):
    from queens_sat.backends import AUTO_ORDER, backend_names

    code, out, _ = run(capsys, "backends")
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")]
    assert listed[: len(backend_names())] == backend_names()
    assert out.splitlines()[-1] == f"auto tries, in order: {', '.join(AUTO_ORDER)}"
    code, out, _ = run(capsys, "backends", "--json")
    infos = [json.loads(line) for line in out.splitlines()]
    assert [i["name"] for i in infos] == backend_names()
    assert all(i["available"] in (True, False) and isinstance(i["summary"], str) for i in infos)


def test_star_battle_columns_keep_each_row_apart(tmp_path, capsys) -> None:
    """--columns and --out write k columns a row for Star Battle, the rows apart by commas,
    and the rows read back are the solution JSON shows."""
    example = str(EXAMPLES / "starbattle-10x10-2.json")
    code, out, _ = run(capsys, "solve", example, "--columns")
    assert code == 0
    rows = [[int(c) for c in row.split()] for row in out.strip().split(", ")]
    code, shown, _ = run(capsys, "solve", example, "--json")
    assert rows == json.loads(shown)["solution"]
    assert all(len(row) == 2 for row in rows) and len(rows) == 10
    target = tmp_path / "sol.txt"
    assert run(capsys, "solve", example, "--out", str(target))[0] == 0
    assert target.read_text() == out


def test_a_misspelt_backend_is_a_usage_error_even_where_nothing_is_searched(capsys, tmp_path):
    """``render`` without ``--solution`` never searches, yet ``--backend bogus`` is refused (exit
    2, the choices listed) rather than ignored."""
    with pytest.raises(SystemExit) as info:
        main(["render", str(EXAMPLES / "unique-8.json"), "--backend", "bogus", "-o", str(tmp_path / "board.svg")])
    err = capsys.readouterr().err
    assert info.value.code == 2 and "unknown backend 'bogus'" in err and "auto" in err
    assert not (tmp_path / "board.svg").exists()
