"""The designer and player page in a real headless browser (Debian's chromium and
chromedriver, driven by selenium) against a real ``queens-sat serve``.

Skipped, with the reason, where no browser is installed; under CI (CI=true) a missing
browser is a failure, since .ci/run installs one.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser import MISSING, chrome, wait_for

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

# A 6x6 puzzle with exactly one solution (queens-sat generate --n 6 --seed 3) and that solution
TARGET = ["AABBBB", "ABBBBC", "AABDBC", "EBBDCC", "EDDDFC", "DDDCCC"]
SOLUTION = [1, 3, 5, 0, 4, 2]


@pytest.fixture(scope="module")
def browser():
    driver = chrome(1200, 1000)
    yield driver
    driver.quit()


def open_page(driver, url: str) -> None:
    """A fresh page: going to a URL that differs from the current one only after '#' would not reload it."""
    driver.get("about:blank")
    driver.get(url)
    driver.execute_script("document.querySelector('details.io').open = true")  # import, export and share


def verdict(driver) -> str:
    return driver.find_element("id", "verdict").get_attribute("data-status")


def cell(driver, r: int, c: int):
    return driver.find_element("css selector", f'.cell[data-row="{r}"][data-col="{c}"]')


def paint(driver, target: list[str]) -> None:
    """Paint the board region by region: pick each brush, click the cells it owns."""
    labels = sorted({ch for row in target for ch in row})
    for k, label in enumerate(labels):
        driver.find_element("css selector", f'.brush[data-region="{k}"]').click()
        for r, row in enumerate(target):
            for c, ch in enumerate(row):
                if ch == label and cell(driver, r, c).get_attribute("data-region") != str(k):
                    cell(driver, r, c).click()


def test_paint_a_unique_puzzle_and_play_it_to_the_end(server, browser, tmp_path):
    from selenium.webdriver.support.ui import Select

    open_page(browser, server.url + "/#design")
    Select(browser.find_element("id", "size")).select_by_value("6")
    # six row stripes: a board with several solutions, the second drawn on the board
    wait_for(browser, lambda d: verdict(d) == "multiple", "the striped board should have several solutions")
    assert len(browser.find_elements("css selector", ".cell.ghost")) == 6

    paint(browser, TARGET)
    wait_for(browser, lambda d: verdict(d) == "unique", "the painted board should be unique")
    assert "Grade:" in browser.find_element("id", "grade").text
    assert not browser.find_elements("css selector", ".cell.ghost")
    assert "regions=" + ".".join(TARGET) in browser.current_url  # the shareable URL holds the puzzle

    browser.find_element("id", "mode-play").click()
    browser.find_element("id", "hint").click()
    wait_for(browser, lambda d: d.find_element("id", "message").text.startswith("Hint:"), "a hint should come")
    assert browser.find_elements("css selector", ".cell.hinted")

    cell(browser, 0, 0).click()  # a cross...
    assert "cross" in cell(browser, 0, 0).get_attribute("class")
    browser.find_element("id", "undo").click()  # ...taken back
    assert "cross" not in cell(browser, 0, 0).get_attribute("class")

    for r, c in enumerate(SOLUTION):
        cell(browser, r, c).click()
        cell(browser, r, c).click()  # the second click makes a queen
    wait_for(browser, lambda d: d.find_element("id", "message").text.startswith("Solved"), "the full board should be solved")
    assert len(browser.find_elements("css selector", ".cell.queen")) == 6

    shot = os.environ.get("QUEENS_SAT_SCREENSHOT") or str(tmp_path / "page.png")
    Path(shot).parent.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(shot)
    assert Path(shot).stat().st_size > 0


def test_a_wrong_queen_is_reported(server, browser):
    open_page(browser, server.url + "/#rule=no-touch&regions=" + ".".join(TARGET))
    wait_for(browser, lambda d: verdict(d) == "unique", "the shared URL should load the unique puzzle")
    browser.find_element("id", "mode-play").click()
    wrong = (SOLUTION[0] + 1) % 6
    cell(browser, 0, wrong).click()
    cell(browser, 0, wrong).click()
    browser.find_element("id", "check").click()
    wait_for(browser, lambda d: d.find_element("id", "message").text.startswith("Something is wrong"), "the check should find it")


def test_import_and_export(server, browser):
    open_page(browser, server.url + "/#design")
    box = browser.find_element("id", "io")
    box.clear()
    box.send_keys("\n".join(TARGET))  # the project's text grid
    browser.find_element("id", "import").click()
    wait_for(browser, lambda d: verdict(d) == "unique", "the imported puzzle should be unique")
    assert browser.find_element("id", "size").get_attribute("value") == "6"
    browser.find_element("id", "export-json").click()
    wait_for(browser, lambda d: '"regions"' in d.find_element("id", "io").get_attribute("value"), "JSON should be exported")
    assert all(row in box.get_attribute("value") for row in TARGET)
    browser.find_element("id", "export-text").click()
    wait_for(browser, lambda d: d.find_element("id", "io").get_attribute("value").split() == TARGET, "a text grid should be exported")
    box.clear()
    box.send_keys("not a puzzle {")
    browser.find_element("id", "import").click()
    wait_for(browser, lambda d: d.find_element("id", "message").text.startswith("Cannot import:"), "a bad import should say why")


def test_dragging_paints_every_cell_on_the_way(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.support.ui import Select

    open_page(browser, server.url + "/#design")
    Select(browser.find_element("id", "size")).select_by_value("5")
    wait_for(browser, lambda d: verdict(d) != "pending", "the stripes should get a verdict")
    browser.find_element("css selector", '.brush[data-region="4"]').click()
    start, middle, end = cell(browser, 0, 0), cell(browser, 0, 2), cell(browser, 0, 4)
    ActionChains(browser).click_and_hold(start).move_to_element(middle).move_to_element(end).release().perform()
    painted = [cell(browser, 0, c).get_attribute("data-region") for c in range(5)]
    assert painted[0] == painted[2] == painted[4] == "4"
    first_row = browser.current_url.split("regions=")[1].split(".")[0]  # the shared URL follows the paint
    assert first_row[0] == first_row[2] == first_row[4] == "E"


# A 2-star Star Battle with exactly one solution (the service tests' STAR_8) and that solution's stars
STAR_8 = ["ABBBCCCB", "ABBBBBBB", "ABBBDDBB", "AEEBBDDD", "AEEEFFDD", "AGEEFFDD", "GGFFFHHH", "GGGFFHHH"]
STAR_8_ROWS = [[4, 6], [0, 2], [4, 6], [0, 2], [5, 7], [1, 3], [5, 7], [1, 3]]


def test_a_star_battle_is_designed_and_played_with_its_stars(server, browser):
    from selenium.webdriver.support.ui import Select

    open_page(browser, server.url + "/#rule=no-touch&stars=2&regions=" + ".".join(STAR_8))
    stars = Select(browser.find_element("id", "stars"))
    assert stars.first_selected_option.get_attribute("value") == "2"
    assert [o.get_attribute("value") for o in stars.options] == [str(k) for k in range(1, 7)]
    wait_for(browser, lambda d: verdict(d) != "pending", "the Star Battle should get a verdict")
    searched = verdict(browser) != "invalid"
    if searched:
        assert verdict(browser) == "unique"
    else:  # no backend searches Star Battle yet: the page shows the server's reason
        assert "Star Battle" in browser.find_element("id", "grade").text
    browser.find_element("id", "export-json").click()
    wait_for(browser, lambda d: '"stars": 2' in d.find_element("id", "io").get_attribute("value"), "the export should carry k")

    if searched:
        browser.find_element("id", "mode-play").click()
        for r, row in enumerate(STAR_8_ROWS):
            for c in row:
                cell(browser, r, c).click()
                cell(browser, r, c).click()
        wait_for(browser, lambda d: d.find_element("id", "message").text.startswith("Solved"), "16 stars should solve it")
        browser.find_element("id", "mode-design").click()

    stars.select_by_value("1")  # one star a row: the same regions as a Queens puzzle
    wait_for(browser, lambda d: verdict(d) in ("unique", "multiple", "none"), "one star a row should be a Queens puzzle")
    assert "stars=" not in browser.current_url
