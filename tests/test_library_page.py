"""The page on a library (real Chromium, ``serve --db``): it opens in Play on today's puzzle, a
player solves it with the keyboard, and the play is in the library's plays table; with no
library it opens in Play on a freshly generated puzzle, never on a design with several solutions."""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import MISSING, chrome, message, wait_for
from helpers import EXAMPLES

from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.library import Library, add_records, puzzle_key

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

# A 6x6 puzzle with exactly one solution (as in test_web_page) and that solution
TARGET = ["AABBBB", "ABBBBC", "AABDBC", "EBBDCC", "EDDDFC", "DDDCCC"]
SOLUTION = [1, 3, 5, 0, 4, 2]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chrome(1200, 1000)
    yield driver
    driver.quit()


def _playing(driver: Any) -> bool:
    pressed = driver.find_element("id", "mode-play").get_attribute("aria-pressed") == "true"
    return pressed and bool(driver.find_elements("css selector", ".cell"))


def test_today_in_play_solved_by_keyboard_and_recorded(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from served import serving

    db = tmp_path / "lib.db"
    puzzle = Puzzle(TARGET)
    yesterday = (dt.date.today() - dt.timedelta(days=1)).isoformat()
    other = Puzzle(json.loads((EXAMPLES / "unique-8.json").read_text())["regions"])
    with Library(str(db)) as library:
        add_records(library, [PuzzleRecord("page-test", puzzle=puzzle), PuzzleRecord("page-test", puzzle=other)])
        days = [(dt.date.today().isoformat(), 1), (yesterday, 2)]
        library.write(lambda conn: conn.executemany("INSERT INTO calendar (day, puzzle) VALUES (?, ?)", days))
    with serving("--db", str(db)) as served:
        browser.get("about:blank")
        browser.get(served.url + "/")
        wait_for(browser, _playing, "the page should open in Play on today's puzzle")
        assert len(browser.find_elements("css selector", ".cell")) == 36
        assert "Daily puzzle" in browser.find_element("id", "daily-title").text
        assert "Nothing about you" in browser.find_element("id", "daily-note").text
        assert browser.find_element("id", "design-info").get_attribute("hidden") is not None  # no verdict shown
        actions = ActionChains(browser)
        column = 0
        for r, c in enumerate(SOLUTION):
            keys = [Keys.ARROW_RIGHT] * (c - column) if c > column else [Keys.ARROW_LEFT] * (column - c)
            actions.send_keys(*keys, "q", *([Keys.ARROW_DOWN] if r < len(SOLUTION) - 1 else []))
            column = c
        actions.perform()
        wait_for(browser, lambda d: message(d).startswith("Solved"), "the keyboard should solve the daily")
        rows = _plays(db, 1)
        # the archive opens yesterday's; one queen placed, then the page is left: an abandoned play
        from selenium.webdriver.support.ui import Select

        wait_for(browser, lambda d: not d.find_element("id", "daily").get_attribute("hidden"), "the archive should be shown")
        Select(browser.find_element("id", "archive")).select_by_value(yesterday)
        wait_for(browser, lambda d: len(d.find_elements("css selector", ".cell")) == 64, "the archive should open yesterday's puzzle")
        ActionChains(browser).send_keys(Keys.ARROW_RIGHT, "q").perform()
        wait_for(browser, lambda d: d.find_elements("css selector", ".cell.queen"), "a queen should be placed")
        browser.get("about:blank")
        rows = _plays(db, 2)
    key, day, solved, mistakes, hints, first, seconds = rows[0]
    assert (key, day, solved, mistakes, hints) == (puzzle_key(puzzle), dt.date.today().isoformat(), 1, 0, 0)
    assert first == "[" + ", ".join(f"[{r}, {c}]" for r, c in enumerate(SOLUTION)) + "]"
    assert 0 <= seconds < 600
    assert rows[1][:3] == (puzzle_key(other), yesterday, 0) and rows[1][5] == "[[0, 1]]"


def _plays(db: Path, count: int) -> list[Any]:
    """The plays table once it holds ``count`` rows (the page posts as it goes)."""
    deadline = time.monotonic() + 30
    rows: list[Any] = []
    while len(rows) < count and time.monotonic() < deadline:
        with Library(str(db)) as library:
            rows = library.read("SELECT key, day, solved, mistakes, hints, first, seconds FROM plays ORDER BY id")
        time.sleep(0.2)
    assert len(rows) == count, rows
    return rows


def test_without_a_library_a_fresh_puzzle_in_play(server: Any, browser: Any) -> None:
    browser.get("about:blank")
    browser.get(server.url + "/")
    wait_for(browser, _playing, "the page should open in Play on a new puzzle")
    assert len(browser.find_elements("css selector", ".cell")) == 64
    assert browser.find_element("id", "daily").get_attribute("hidden") is not None
    rows = browser.execute_script("return regionRows()")
    from queens_sat.services.solving import solve

    assert solve(Puzzle(rows), limit=2).status == "unique"
