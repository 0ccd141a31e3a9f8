"""The page's words follow the board: the player's own queens are "your queens" (stars on a
Star Battle), the auto-cross box speaks of stars there, and the "Puzzle text" box shows the
board that is loaded, not the one before."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser import DESKTOP, MISSING, chrome, link, open_page, said, wait_for

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
STRIPES = ["AAAAA", "BBBBB", "CCCCC", "DDDDD", "EEEEE"]
STAR_10 = ["AAAAABBBBB", "AAABBBBBBB", "CCCCBBDBEB", "FFFCCBDEEE", "FFCCCDDEEG",
           "FFCDDDGGGG", "FFHHDDDGGG", "FHHHDHDGGG", "IIIHHHJGJG", "IIIHHHJJJG"]


@pytest.fixture(scope="module")
def browser() -> Any:
    driver = chrome(*DESKTOP)
    yield driver
    driver.quit()


def tap(driver: Any, cells: list[tuple[int, int]], times: int) -> None:
    """Clicks on cells as the page hears them (pointerdown): twice is a queen."""
    driver.execute_script(
        """for (const [r, c] of arguments[0]) { const cell = document.querySelector(`.cell[data-row="${r}"][data-col="${c}"]`);
             for (let i = 0; i < arguments[1]; i++) { cell.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true, button: 0}));
               window.dispatchEvent(new PointerEvent("pointerup", {bubbles: true})); } }""",
        [list(cell) for cell in cells],
        times,
    )



def test_the_players_queens_are_theirs(server: Any, browser: Any) -> None:
    open_page(browser, link(server.url, STRIPES))
    tap(browser, [(1, 0), (1, 3)], 2)  # two queens in row 2
    browser.find_element("id", "check").click()
    text = said(browser, "Something is wrong")
    assert "your queens r2c1 and r2c4 share a row" in text and "given" not in text
    browser.find_element("id", "hint").click()
    assert "your queens r2c1 and r2c4" in said(browser, "your queens")


def test_a_star_battle_speaks_of_stars(server: Any, browser: Any) -> None:
    open_page(browser, link(server.url, STAR_10, stars=2))
    label = browser.find_element("id", "auto-cross").find_element("xpath", "..").text
    assert label == "Cross out cells a star rules out"
    tap(browser, [(0, 0), (0, 2), (0, 4)], 2)  # three stars in row 1
    browser.find_element("id", "check").click()
    text = said(browser, "Something is wrong")
    assert "your stars" in text and "queen" not in text
    open_page(browser, link(server.url, STRIPES))
    assert browser.find_element("id", "auto-cross").find_element("xpath", "..").text == "Cross out cells a queen rules out"


def test_the_text_box_follows_the_board(server: Any, browser: Any) -> None:
    open_page(browser, link(server.url, STRIPES, play=False))
    browser.execute_script("document.querySelector('details.io').open = true")
    browser.find_element("id", "export-json").click()
    wait_for(browser, lambda d: "AAAAA" in d.find_element("id", "io").get_attribute("value"), "the JSON exported")
    browser.execute_script("window.location.hash = arguments[0]", link("", ["AABB", "AABB", "CCDD", "CCDD"], play=False)[2:])
    wait_for(browser, lambda d: len(d.find_elements("css selector", ".cell")) == 16, "the new board")
    wait_for(browser, lambda d: "AABB" in d.find_element("id", "io").get_attribute("value"), "the box to show the new board")
    shown = json.loads(browser.find_element("id", "io").get_attribute("value"))
    assert shown["regions"] == ["AABB", "AABB", "CCDD", "CCDD"]


def test_a_late_export_does_not_overwrite_the_next_board(server: Any, browser: Any) -> None:
    """An export whose answer comes back after another board was loaded is dropped: the box
    never shows the board before (the server's answer is held back 1.5 s here)."""
    open_page(browser, link(server.url, STRIPES, play=False))
    browser.execute_script("document.querySelector('details.io').open = true; document.getElementById('io').value = ''")
    browser.execute_script(
        """const real = window.fetch; let held = false;
           window.fetch = (url, options) => {
             if (!held && String(url).includes('/convert')) {
               held = true; return new Promise((done) => setTimeout(() => done(real(url, options)), 1500)); }
             return real(url, options); };"""
    )
    browser.find_element("id", "export-json").click()
    browser.execute_script("window.location.hash = arguments[0]", link("", ["AABB", "AABB", "CCDD", "CCDD"], play=False)[2:])
    wait_for(browser, lambda d: len(d.find_elements("css selector", ".cell")) == 16, "the new board")
    browser.execute_script("return new Promise((done) => setTimeout(done, 2500))")  # the held answer arrives
    assert "AAAAA" not in browser.find_element("id", "io").get_attribute("value")
