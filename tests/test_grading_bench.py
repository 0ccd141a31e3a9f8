"""bench/grading.py and bench/grading_convert.py: the AUC and rank correlation they print, the
conversions of the two published formats, and a run over a small labelled file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
import grading  # noqa: E402
import grading_convert  # noqa: E402

# One KrazyDad line as masonomara/star-battle's sample writes it (a 10x10 2-star board).
KRAZYDAD = (
    '10,10,2,"AAAABBBBBCDDDDBEEBBCDDDDBECBCCDDBBBECCCCDDBBBEFCCCDDGGFFFGGCDDGGFGGGGCHGGGGGGGICHGGJJJJGIIHGIIIIIIII",'
    '"0101000000000001010000100000010000010100010100000000000010100010100000100000001000001010001000000001" # ts_1 lwork=60'
)


def test_auc_and_spearman():
    assert grading.auc([1, 2, 3], [4, 5, 6]) == 1.0 and grading.auc([4, 5, 6], [1, 2, 3]) == 0.0
    assert grading.auc([1, 2], [1, 2]) == 0.5  # ties count half
    assert grading.auc([1.0], [float("inf")]) == 1.0  # an unsolved puzzle ranks above
    assert grading.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert grading.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert sorted(["hard", "q2", "normal", "easy"], key=grading.level_key) == ["easy", "normal", "hard", "q2"]


def test_conversions(tmp_path):
    text = tmp_path / "sample.txt"
    text.write_text("# header\n" + KRAZYDAD + "\n")
    [record] = grading_convert.krazydad_records(text, 4)
    assert record["n"] == 10 and record["stars"] == 2 and record["lwork"] == 60 and record["level"] == "q1"
    assert record["solution"][0] == [1, 3] and all(len(row) == 2 for row in record["solution"])
    levels = tmp_path / "levels.json"
    levels.write_text(json.dumps([{"name": "5x5", "difficulty": "normal", "stars": 1, "size": 5,
                                   "shapes": ["00011", "01111", "02111", "02344", "22344"]}]))  # fmt: skip
    [psb] = grading_convert.psb_records(levels)
    assert psb["level"] == "normal" and psb["set"] == "5x5 1★" and psb["regions"][0] == "00011"


def test_a_run_prints_auc_grades_and_time(tmp_path, capsys, monkeypatch):
    text = tmp_path / "sample.txt"
    text.write_text(KRAZYDAD + "\n" + KRAZYDAD.replace("lwork=60", "lwork=90").replace("ts_1", "ts_2") + "\n")
    path = tmp_path / "kd.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in grading_convert.krazydad_records(text, 2)))
    dump = tmp_path / "dump.jsonl"
    monkeypatch.setattr(sys, "argv", ["grading.py", str(path), "--dump", str(dump)])
    grading.main()
    out, err = capsys.readouterr()
    assert "AUC q1 < q2: 0.500" in out and "grades" in out and "time a puzzle" in out and "puzzles solved by logic: 2/2" in err
    rows = [json.loads(line) for line in dump.read_text().splitlines()]
    assert len(rows) == 2 and rows[0]["solved"] and rows[0]["steps"]
