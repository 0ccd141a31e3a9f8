"""explain, hint and check's logic verdict from the command line, and the logic backend."""

from __future__ import annotations

import json

import pytest
from helpers import EXAMPLES
from logic_positions import PROBE_1

from queens_sat import BackendError, Puzzle, Status, count_solutions, get_backend, solve
from queens_sat.cli import main
from queens_sat.engines.logic import logic_solve
from queens_sat.formats import puzzle_to_json, read_puzzle


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, name: str, puzzle: Puzzle) -> str:
    path = tmp_path / name
    path.write_text(puzzle_to_json(puzzle))
    return str(path)


# ---------------------------------------------------------------------- explain
def test_explain_lists_numbered_plain_steps(capsys):
    code, out, err = run(capsys, "explain", str(EXAMPLES / "givens.json"))
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert lines[0].startswith(f"{EXAMPLES / 'givens.json'}: solved by logic in 10 steps; grade Trivial")
    assert lines[1] == "   1. the queen at r1c1 rules out the rest of row 1, column 1 and region A, and its neighbours: " \
        "r1c2, r1c3, r1c4, r1c5, r1c6, r2c1, r2c2, r3c1 and 3 more are crossed out"
    assert lines[2] == "   2. region C: only r2c6 is left, so a queen goes there"
    assert len(lines) == 11


def test_explain_boards_show_each_position(capsys):
    code, out, _ = run(capsys, "explain", str(EXAMPLES / "givens.json"), "--boards", "--no-color")
    boards = [line for line in out.splitlines() if line.startswith("  ") and not line.lstrip()[0].isdigit() and "start:" not in line]
    assert code == 0 and len(boards) == 6 * 11  # the start and the board after each of 10 steps
    assert boards[6:12][1] == "  x x B D E C"  # after step 1: the given queen's row, column, region, neighbours
    final = boards[-6:]
    assert sum(line.count("*") + line.count("\u265b") for line in final) == 6


def test_explain_json_has_every_step_with_its_text(capsys):
    code, out, _ = run(capsys, "explain", "--json", str(EXAMPLES / "unique-8.json"))
    obj = json.loads(out)
    assert code == 0 and obj["status"] == "solved" and obj["solution"] == [6, 4, 2, 7, 3, 0, 5, 1]
    assert obj["step_count"] == len(obj["steps"]) and obj["grade"] in ("Easy", "Medium", "Hard")
    assert {"rule", "technique", "placed", "crossed", "units", "lines", "depth", "text"} <= set(obj["steps"][0])
    assert obj["counts"][obj["hardest"]] == obj["hardest_count"]


def test_explain_exit_codes_for_unsolved_none_invalid_and_time_limit(capsys, tmp_path):
    code, out, _ = run(capsys, "explain", str(EXAMPLES / "multiple.txt"))
    assert code == 1 and "not solved by logic with probes up to depth 2" in out
    code, out, _ = run(capsys, "explain", str(EXAMPLES / "none.json"))
    assert code == 1 and "no solution: region F has no cell left" in out
    probe = write(tmp_path, "probe.json", PROBE_1)
    code, out, _ = run(capsys, "explain", probe, "--max-depth", "0")
    assert code == 1 and "probes up to depth 0" in out
    code, out, _ = run(capsys, "explain", probe)
    grade = logic_solve(PROBE_1).grade
    assert code == 0 and "(probe, depth 1)" in out and f"grade {grade}, score " in out and "deepest probe 1)" in out
    code, out, _ = run(capsys, "explain", probe, "--time-limit", "0.000000001")
    assert code == 3 and "time limit" in out


def test_explain_bad_input_and_usage(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("AAB\nAB\nABB\n")
    code, out, err = run(capsys, "explain", str(bad))
    assert code == 2 and out == "" and f"{bad}:2: row 2: ragged grid" in err and "Traceback" not in err
    code, _, err = run(capsys, "explain", "--n", "65")
    assert code == 2 and "up to n = 64" in err
    code, out, _ = run(capsys, "explain", str(EXAMPLES / "batch-with-bad-record.jsonl"))
    assert code == 2 and "[broken]: invalid:" in out and out.count(": solved by logic") == 3
    with pytest.raises(SystemExit) as info:
        main(["explain", "--max-depth", "-1", str(EXAMPLES / "unique-8.json")])
    assert info.value.code == 2


# ---------------------------------------------------------------------- hint
def partly_played(tmp_path, queens=(), blocked=()) -> str:
    puzzle = read_puzzle(EXAMPLES / "unique-8.json").replace(queens=queens, blocked=blocked)
    return write(tmp_path, "position.json", puzzle)


def test_hint_gives_the_next_step_after_the_players_own_crosses(capsys, tmp_path):
    path = partly_played(tmp_path, queens=[(5, 0)], blocked=[(0, 0)])
    code, out, _ = run(capsys, "hint", path, "--board", "--no-color")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("(your queens also rule out r2c1, r3c1")
    assert lines[1] == "hint: region H: only r8c2 is left, so a queen goes there"
    assert lines[-1] == "  x \u265b G G G G G D" and len(lines) == 10  # the queen placed; its crosses are the next step


def test_hint_json(capsys, tmp_path):
    path = partly_played(tmp_path, queens=[(5, 0)])
    code, out, _ = run(capsys, "hint", path, "--json")
    obj = json.loads(out)
    assert code == 0 and obj["status"] == "hint" and obj["position"] == "unique"
    assert obj["step"]["placed"] == [[7, 1]] and obj["step"]["text"].startswith("region H:")
    assert [5, 1] in obj["implied"]


def test_hint_on_a_wrong_a_solved_and_a_stuck_position(capsys, tmp_path):
    wrong = partly_played(tmp_path, queens=[(5, 1)])
    code, out, _ = run(capsys, "hint", wrong)
    assert code == 1 and out.startswith("no solution from here: a queen or a cross is wrong")
    crossed_the_answer = partly_played(tmp_path, blocked=[(0, 6)])
    code, out, _ = run(capsys, "hint", crossed_the_answer, "--json")
    assert code == 1 and json.loads(out)["status"] == "none"
    solved = partly_played(tmp_path, queens=[(r, c) for r, c in enumerate([6, 4, 2, 7, 3, 0, 5, 1])])
    code, out, _ = run(capsys, "hint", solved)
    assert code == 0 and out.strip() == "the board is solved"
    code, out, _ = run(capsys, "hint", write(tmp_path, "probe.json", PROBE_1), "--max-depth", "0")
    assert code == 1 and "logic finds no next step with probes up to depth 0" in out


def test_hint_needs_one_board(capsys):
    code, out, err = run(capsys, "hint", str(EXAMPLES / "batch.jsonl"))
    assert code == 2 and "hint works on one board" in err and out == ""


# ---------------------------------------------------------------------- check
def test_check_reports_logic_verdict_and_grade(capsys):
    code, out, _ = run(capsys, "check", str(EXAMPLES / "givens.json"), "--no-color")
    first = out.splitlines()[0]
    assert code == 0 and first.endswith("; logic: Trivial (hardest rule single-candidate, 5 times)")
    code, out, _ = run(capsys, "check", "--json", str(EXAMPLES / "unique-8.json"))
    logic = json.loads(out)["logic"]
    assert logic["solved"] and logic["grade"] and logic["hardest"] and logic["depth_limit"] == 2
    assert logic["max_depth"] == 0 and logic["score"] >= 0  # the deepest probe used: none
    code, out, _ = run(capsys, "check", "--json", "--no-logic", str(EXAMPLES / "unique-8.json"))
    assert json.loads(out)["logic"] is None


def test_check_logic_only_for_unique_puzzles_and_tallies_grades(capsys):
    _code, out, err = run(capsys, "check", "--json", str(EXAMPLES / "batch.jsonl"))
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["logic"] is not None for o in objs] == [o["status"] == "unique" for o in objs]
    assert "; logic: " in err.splitlines()[-1]


def test_check_says_when_logic_is_not_enough(capsys, tmp_path):
    probe = write(tmp_path, "probe.json", PROBE_1)
    code, out, _ = run(capsys, "check", probe, "--max-depth", "0")
    assert code == 0 and "; logic: not solved (probes up to depth 0)" in out.splitlines()[0]


# ---------------------------------------------------------------------- backend
def test_logic_backend_settles_only_what_reasoning_settles():
    unique = read_puzzle(EXAMPLES / "unique-8.json")
    res = solve(unique, backend="logic")
    assert res.status is Status.UNIQUE and res.solutions == solve(unique, backend="python").solutions
    assert res.stats["logic"] == "solved" and res.backend == "logic"
    assert solve(read_puzzle(EXAMPLES / "none.json"), backend="logic").status is Status.NONE
    several = solve(read_puzzle(EXAMPLES / "multiple.txt"), backend="logic")
    assert several.status is Status.UNKNOWN and not several.complete and not several.timed_out
    assert solve(PROBE_1, backend="logic:0").status is Status.UNKNOWN
    assert solve(PROBE_1, backend="logic:1").status is Status.UNIQUE
    assert solve(PROBE_1, backend="logic", time_limit=1e-9).timed_out
    assert count_solutions(unique, backend="logic") == 1


def test_logic_backend_errors():
    with pytest.raises(BackendError, match="probe depth"):
        get_backend("logic:deep")
    with pytest.raises(BackendError, match="n <= 64"):
        solve(Puzzle(n=100, rule="queens"), backend="logic")
    with pytest.raises(BackendError, match="cannot list"):
        list(get_backend("logic").iter_solutions(read_puzzle(EXAMPLES / "multiple.txt")))
    assert get_backend("auto").name != "logic"
