"""Real screenshots from public repositories (bench/screenshots-truth.jsonl says which, with
their regions): read exactly, or refused when they hold no whole puzzle; never read wrong
without a warning. The pictures are not in this repository: the tests look for them in
``../shared/screenshots`` or the folder named by ``QUEENS_SAT_SCREENSHOTS``, and skip
saying so when it is not there."""

from __future__ import annotations

import hashlib
import json

import pytest
from pictures import SCREENSHOTS, TRUTH

from queens_sat import ImageReadError, Puzzle, read_puzzle_image


def _pictures() -> list[tuple[str, bytes, dict]]:
    if not SCREENSHOTS.is_dir():
        pytest.skip(f"no folder of real screenshots at {SCREENSHOTS} (set QUEENS_SAT_SCREENSHOTS to one)")
    truths = {}
    for line in TRUTH.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            truths[record["sha256"]] = record
    found = []
    for path in sorted(p for p in SCREENSHOTS.rglob("*") if p.is_file()):
        data = path.read_bytes()
        record = truths.get(hashlib.sha256(data).hexdigest())
        if record is not None:
            found.append((str(path.relative_to(SCREENSHOTS)), data, record))
    if not found:
        pytest.skip(f"none of the screenshots in {TRUTH.name} is in {SCREENSHOTS}")
    return found


def test_the_truth_file_holds_checked_puzzles():
    for line in TRUTH.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        assert {"sha256", "source", "licence", "kind"} <= set(record)
        if record.get("expect") == "refusal":
            continue
        puzzle = Puzzle(record["regions"], stars=record["stars"])
        assert puzzle.n == record["n"] and record["verified"]


def test_real_screenshots_are_read_exactly_or_refused():
    wrong, refused = [], []
    pictures = _pictures()
    for name, data, record in pictures:
        try:
            read = read_puzzle_image(data, stars=record.get("stars", 1), name=name)
        except ImageReadError as err:
            if record.get("expect") != "refusal":
                refused.append(str(err))
            continue
        if record.get("expect") == "refusal":
            if not read.warnings:
                wrong.append(f"{name}: read, though it holds no whole puzzle")
            continue
        truth = Puzzle(record["regions"], stars=record["stars"])
        if read.puzzle.regions != truth.regions and not read.warnings:
            wrong.append(f"{name}: read wrong without a warning")
    assert not wrong, wrong
    readable = sum(1 for _, _, record in pictures if record.get("expect") != "refusal")
    assert len(refused) <= 0.05 * readable, refused
