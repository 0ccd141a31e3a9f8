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


def _sbn(rows: list[str], stars: int) -> str:
    """Star Battle Notation of a region grid, written the other way round from the decoder:
    walls between horizontal neighbours row by row, then between vertical ones column by
    column, left-padded to 6-bit digits."""
    n = len(rows)
    across = "".join("1" if rows[r][c] != rows[r][c + 1] else "0" for r in range(n) for c in range(n - 1))
    down = "".join("1" if rows[r][c] != rows[r + 1][c] else "0" for c in range(n) for r in range(n - 1))
    bits = across + down
    bits = "0" * (-len(bits) % 6) + bits
    digits = "".join(grading_convert.SBN_DIGITS[int(bits[i : i + 6], 2)] for i in range(0, len(bits), 6))
    size = grading_convert.SBN_DIGITS[n]
    return f"{size}{size}{stars}W{digits}"


def _relabelled(rows: list[str]) -> list[list[int]]:
    seen: dict[str, int] = {}
    return [[seen.setdefault(x, len(seen)) for x in row] for row in rows]


def test_sbn_files_decode_to_their_regions_and_levels(tmp_path):
    regions = KRAZYDAD.split('"')[1]
    rows = [regions[r * 10 : (r + 1) * 10] for r in range(10)]
    flipped = [row[::-1] for row in rows]
    (tmp_path / "10-2-ez.txt").write_text(_sbn(rows, 2) + "\n")
    (tmp_path / "10-2-expert.txt").write_text(_sbn(flipped, 2) + "\n\n")
    (tmp_path / "10-2-unsorted.txt").write_text(_sbn(rows, 2) + "\n")  # no level: skipped
    records = grading_convert.sbn_records(tmp_path, per_level=5, seed=1)
    assert sorted(r["level"] for r in records) == ["easy", "expert"]
    by_level = {r["level"]: r for r in records}
    assert _relabelled(by_level["easy"]["regions"]) == _relabelled(rows)
    assert _relabelled(by_level["expert"]["regions"]) == _relabelled(flipped)
    assert by_level["easy"]["n"] == 10 and by_level["easy"]["stars"] == 2 and by_level["easy"]["set"] == "StarBattleLab 10x10 2★"
    with pytest.raises(ValueError, match="size header"):
        grading_convert.sbn_regions("9A1W" + "0" * 30)
