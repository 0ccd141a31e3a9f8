"""Playing the page with the keyboard alone, at a desktop's and a phone's width, in headless
chromium against a real ``queens-sat serve``: the board fits the screen, Tab reaches the
board, arrows and Space/Enter solve a 9x9 Queens and a 10x10 two-star Star Battle."""

from __future__ import annotations

from typing import Any

import pytest
from browser import MISSING, link, message, open_page, wait_for

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

# a 9x9 Queens with one solution (the community corpus) and that solution, a column a row
QUEENS_9 = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 1, 1, 1, 1, 1, 1, 1, 2],
    [0, 3, 3, 3, 3, 3, 4, 1, 2],
    [0, 3, 5, 5, 5, 5, 4, 1, 2],
    [0, 3, 6, 6, 6, 7, 4, 1, 2],
    [0, 3, 6, 6, 6, 7, 4, 1, 2],
    [0, 3, 6, 8, 6, 7, 4, 1, 2],
    [0, 4, 4, 4, 4, 4, 4, 1, 2],
    [0, 2, 2, 2, 2, 2, 2, 2, 2],
]
QUEENS_9_SOLUTION = [[c] for c in [0, 7, 1, 4, 2, 5, 3, 6, 8]]
# a 10x10 two-star Star Battle with one solution (queens-sat generate --n 10 --stars 2 --seed 7)
# and its solution, each row's two star columns
STARS_10 = [
    "AAABBBBBBB",
    "CCABDDEBBB",
    "ACAADDEEBF",
    "ACAAADEEFF",
    "AAAAADDFFF",
    "GAAHADDFFF",
    "GAHHHIIIIF",
    "GAHHHHHHJF",
    "GAHHHHHJJJ",
    "GGGHHHJJJJ",
]
STARS_10_SOLUTION = [[3, 8], [0, 6], [4, 9], [1, 7], [3, 5], [1, 9], [5, 7], [0, 2], [4, 8], [2, 6]]

PUZZLES: dict[str, tuple[Any, int, list[list[int]]]] = {
    "queens-9": (QUEENS_9, 1, QUEENS_9_SOLUTION),
    "stars-10": (STARS_10, 2, STARS_10_SOLUTION),
}


def fits(driver: Any) -> dict[str, float]:
    """Where the board and the page end, against the viewport's width."""
    return dict(
        driver.execute_script(
            "const b = document.getElementById('board').getBoundingClientRect();"
            "const m = document.getElementById('message').getBoundingClientRect();"
            "return {left: b.left, right: b.right, bottom: b.bottom, view: window.innerWidth,"
            " page: document.documentElement.scrollWidth, message: m.top};"
        )
    )


def tab_to_board(driver: Any) -> None:
    """Tab from the top of the page until a board cell has the focus (it must come within 40 stops)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver.execute_script("document.activeElement && document.activeElement.blur(); window.focus();")
    for _ in range(40):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("return document.activeElement.classList.contains('cell')"):
            return
    raise AssertionError("Tab never reached the board")


def focused() -> str:
    return "const a = document.activeElement; return [Number(a.dataset.row), Number(a.dataset.col)];"


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_keyboard_only_play_solves_the_puzzle(server: Any, browser: Any, name: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    regions, stars, solution = PUZZLES[name]
    n = len(regions)
    open_page(browser, link(server.url, regions, stars, play=True))
    assert browser.find_element("id", "mode-play").get_attribute("aria-pressed") == "true"
    assert not browser.find_element("id", "verdict").is_displayed()  # a play link keeps the verdict hidden
    piece = "stars" if stars > 1 else "queen"
    assert message(browser).startswith(f"Place {stars if stars > 1 else 'one'} {piece} in every row, column and coloured region")
    assert "twice for a queen" not in browser.find_element("tag name", "body").text

    box = fits(browser)
    assert box["left"] >= 0 and box["right"] <= box["view"], f"the board runs off the screen: {box}"
    assert box["page"] <= box["view"], f"the page scrolls sideways: {box}"
    assert box["message"] - box["bottom"] < 120, f"the message is not beside or right under the board: {box}"

    tab_to_board(browser)
    assert browser.execute_script(focused()) == [0, 0]
    keys = {(-1, 0): Keys.ARROW_UP, (1, 0): Keys.ARROW_DOWN, (0, -1): Keys.ARROW_LEFT, (0, 1): Keys.ARROW_RIGHT}
    for r, columns in enumerate(solution):
        for c in columns:
            at = browser.execute_script(focused())
            chain = ActionChains(browser)
            for _ in range(abs(r - at[0])):
                chain.send_keys(keys[(1 if r > at[0] else -1, 0)])
            for _ in range(abs(c - at[1])):
                chain.send_keys(keys[(0, 1 if c > at[1] else -1)])
            mark = Keys.SPACE if (r + c) % 2 else Keys.ENTER
            chain.send_keys(mark).send_keys(mark).perform()  # empty, cross, queen
            assert browser.execute_script(focused()) == [r, c]
            assert "queen" in browser.find_element("css selector", f'.cell[data-row="{r}"][data-col="{c}"]').get_attribute("class")
    wait_for(browser, lambda d: message(d).startswith("Solved"), f"the {name} board should be solved")
    assert len(browser.find_elements("css selector", ".cell.queen")) == n * stars
    assert not browser.find_elements("css selector", ".cell.clash")
    assert "won" in browser.find_element("id", "board").get_attribute("class")


def test_clashing_queens_light_up_and_undo_redo_by_key(server: Any, browser: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_page(browser, link(server.url, QUEENS_9, 1, play=True))
    tab_to_board(browser)
    ActionChains(browser).send_keys("q").send_keys(Keys.ARROW_RIGHT).send_keys("q").perform()  # two touching queens
    assert len(browser.find_elements("css selector", ".cell.clash")) == 2
    assert "clash" in message(browser)
    ActionChains(browser).send_keys("u").perform()
    assert not browser.find_elements("css selector", ".cell.clash")
    ActionChains(browser).send_keys("r").perform()
    assert len(browser.find_elements("css selector", ".cell.clash")) == 2
