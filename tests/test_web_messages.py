"""Every message a player can meet on the page, read in headless chromium: each in a player's
words (no ``<request>``, no browser network error, rows and columns counted from 1), and the
guards that keep work from being lost (confirm before a new size or a new puzzle)."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser import BAD_WORDING, DESKTOP, MISSING, chrome, link, message, open_page, wait_for
from served import serving
from test_web_play import QUEENS_9

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture(scope="module")
def server() -> Any:
    with serving() as served:
        yield served


@pytest.fixture(scope="module")
def browser() -> Any:
    driver = chrome(*DESKTOP)
    yield driver
    driver.quit()


def said(driver: Any, starts: str) -> str:
    """The message once it starts with ``starts``, checked for wording."""
    wait_for(driver, lambda d: message(d).startswith(starts), f"a message starting {starts!r}")
    text = message(driver)
    assert not BAD_WORDING.search(text), text
    return text


def click(driver: Any, element_id: str) -> None:
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", driver.find_element("id", element_id))
    driver.find_element("id", element_id).click()


def open_io(driver: Any) -> None:
    driver.execute_script("document.querySelector('details.io').open = true")


def test_a_bad_link_says_so(server: Any, browser: Any) -> None:
    open_page(browser, f"{server.url}/#regions=ABC.DEF")
    text = said(browser, "This link's puzzle cannot be read")
    assert "2 rows" in text
    open_page(browser, f"{server.url}/#regions=AAAA.AAAA.AAAA.AAZA")
    assert "row 4" in said(browser, "This link's puzzle cannot be read")


def test_import_messages(server: Any, browser: Any) -> None:
    open_page(browser, server.url + "/")
    open_io(browser)
    click(browser, "import")
    said(browser, "There is no puzzle in the box")
    browser.find_element("id", "io").send_keys("hello\nworld\n")
    click(browser, "import")
    text = said(browser, "Cannot import:")
    assert "<request>" not in text and "row 0" not in text


def test_design_verdicts_and_a_split_region(server: Any, browser: Any) -> None:
    split = ["AABBB", "CCBDD", "CEEED", "CCCDD", "AAAAA"]  # region A in two pieces
    open_page(browser, link(server.url, split, play=False))
    wait_for(browser, lambda d: d.find_element("id", "verdict").get_attribute("data-status") != "pending", "a verdict")
    warnings = browser.find_element("id", "warnings").text
    assert "disconnected" in warnings and not BAD_WORDING.search(warnings)


def test_play_messages_count_from_one(server: Any, browser: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    open_page(browser, link(server.url, QUEENS_9, play=True))
    assert said(browser, "Place one queen").endswith("diagonally.")
    click(browser, "hint")
    text = said(browser, "Hint:")
    for _word, number in re.findall(r"\b(row|column) (\d+)", text):
        assert 1 <= int(number) <= 9, text
    hinted = {
        (int(cell.get_attribute("data-row")) + 1, int(cell.get_attribute("data-col")) + 1)
        for cell in browser.find_elements("css selector", ".cell.hinted")
    }
    for row, column in re.findall(r"\(row (\d+), column (\d+)\)", text):  # the cells named are the cells lit
        assert (int(row), int(column)) in hinted, (text, hinted)
    cell = browser.find_element("css selector", '.cell[data-row="0"][data-col="4"]')  # not the solution's queen
    ActionChains(browser).click(cell).click(cell).perform()
    click(browser, "check")
    said(browser, "Something is wrong")
    click(browser, "hint")
    said(browser, "No solution from here")


def test_new_puzzle_asks_before_work_is_lost(server: Any, browser: Any) -> None:
    from selenium.webdriver.support.ui import Select

    open_page(browser, link(server.url, QUEENS_9, play=True))
    browser.find_element("css selector", '.cell[data-row="2"][data-col="2"]').click()  # a cross: work to lose
    click(browser, "new-open")
    Select(browser.find_element("id", "new-size")).select_by_value("6")
    click(browser, "new-go")
    wait_for(browser, lambda d: d.switch_to.alert, "a confirm before the marks are lost")
    browser.switch_to.alert.dismiss()
    assert len(browser.find_elements("css selector", ".cell")) == 81
    click(browser, "new-go")
    browser.switch_to.alert.accept()
    wait_for(browser, lambda d: len(d.find_elements("css selector", ".cell")) == 36, "a new 6x6 puzzle")
    assert browser.find_element("id", "mode-play").get_attribute("aria-pressed") == "true"
    said(browser, "Place one queen")


def test_size_change_asks_first(server: Any, browser: Any) -> None:
    from selenium.webdriver.support.ui import Select

    open_page(browser, server.url + "/")
    browser.find_element("css selector", '.brush[data-region="3"]').click()
    browser.find_element("css selector", '.cell[data-row="0"][data-col="0"]').click()  # a painted cell
    Select(browser.find_element("id", "size")).select_by_value("6")
    wait_for(browser, lambda d: d.switch_to.alert, "a confirm before the design is lost")
    browser.switch_to.alert.dismiss()
    assert len(browser.find_elements("css selector", ".cell")) == 64
    assert browser.find_element("id", "size").get_attribute("value") == "8"


def test_design_undo_and_redo(server: Any, browser: Any) -> None:
    open_page(browser, server.url + "/")
    browser.find_element("css selector", '.brush[data-region="5"]').click()
    cell = browser.find_element("css selector", '.cell[data-row="0"][data-col="0"]')
    cell.click()
    assert cell.get_attribute("data-region") == "5"
    click(browser, "undo")
    assert cell.get_attribute("data-region") == "0"
    click(browser, "redo")
    assert cell.get_attribute("data-region") == "5"


def test_a_picture_opens_in_design_mode(server: Any, browser: Any) -> None:
    picture = Path(__file__).resolve().parent.parent / "docs" / "unique-8.png"  # drawn by queens-sat render
    open_page(browser, server.url + "/#play&rule=no-touch&regions=" + ".".join(["AAAAA", "BBBBB", "CCCCC", "DDDDD", "EEEEE"]))
    open_io(browser)
    browser.find_element("id", "image").send_keys(str(picture))
    said(browser, "Read from the picture")
    assert len(browser.find_elements("css selector", ".cell")) == 64
    assert browser.find_element("id", "mode-design").get_attribute("aria-pressed") == "true"
    wait_for(browser, lambda d: d.find_element("id", "verdict").get_attribute("data-status") == "unique", "the picture's puzzle is unique")


def test_an_unreachable_server_is_named(browser: Any) -> None:
    with serving() as lonely:
        open_page(browser, link(lonely.url, QUEENS_9, play=True))
        lonely.stop()
        click(browser, "hint")
        assert "Cannot reach the queens-sat server" in said(browser, "Cannot reach")


def test_the_favicon_is_served(server: Any) -> None:
    with urllib.request.urlopen(server.url + "/favicon.ico") as answer:
        assert answer.status == 200 and answer.headers["Content-Type"].startswith("image/svg+xml")
