"""Accessibility of the page in headless chromium: an axe-core audit (axe-selenium-python, in
the test extra) with no serious or critical violation at a desktop's and a phone's width, in
design and in play mode; and checks of our own that axe cannot make: the board is a grid of
rows, one cell holds the tab stop, and Tab reaches the controls and the board in reading order."""

from __future__ import annotations

from typing import Any

import pytest
from browser import MISSING, link, open_page, wait_for
from test_web_play import QUEENS_9

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
SEVERE = ("serious", "critical")


@pytest.mark.parametrize("play", [False, True], ids=["design", "play"])
def test_axe_finds_no_serious_violation(server: Any, browser: Any, play: bool) -> None:
    axe_module = pytest.importorskip("axe_selenium_python", reason="axe-selenium-python is not installed (pip install '.[test]')")
    open_page(browser, link(server.url, QUEENS_9, play=play))
    if not play:
        wait_for(browser, lambda d: d.find_element("id", "verdict").get_attribute("data-status") != "pending", "a verdict")
    browser.execute_script("document.querySelector('details.io').open = true")
    axe = axe_module.Axe(browser)
    axe.inject()
    results = axe.run()
    severe = [v for v in results["violations"] if v.get("impact") in SEVERE]
    report = "; ".join(f"{v['id']} ({v['impact']}): {len(v['nodes'])} nodes, e.g. {v['nodes'][0]['target']}" for v in severe)
    print(f"axe: {len(results['violations'])} violations, {len(severe)} serious or critical; {len(results['passes'])} rules pass")
    assert not severe, report


def test_the_board_is_a_grid_of_rows_with_one_tab_stop(server: Any, browser: Any) -> None:
    open_page(browser, link(server.url, QUEENS_9, play=True))
    rows = browser.find_elements("css selector", "#board > [role=row]")
    assert len(rows) == 10  # the column numbers, then nine rows of cells
    assert len(rows[0].find_elements("css selector", "[role=columnheader]")) == 10
    for row in rows[1:]:
        assert len(row.find_elements("css selector", "[role=rowheader]")) == 1
        assert len(row.find_elements("css selector", "[role=gridcell]")) == 9
    stops = browser.find_elements("css selector", ".cell[tabindex='0']")
    assert len(stops) == 1
    assert stops[0].get_attribute("aria-label").startswith("row 1, column 1, region A")


def test_every_control_has_a_name_and_tab_order_follows_the_page(server: Any, browser: Any) -> None:
    open_page(browser, link(server.url, QUEENS_9, play=True))
    unnamed = browser.execute_script(
        "return [...document.querySelectorAll('button, select, input, textarea, [role=gridcell]')]"
        ".filter((e) => e.offsetParent !== null && !(e.getAttribute('aria-label') || e.labels?.length"
        " || e.textContent.trim() || e.title)).map((e) => e.outerHTML.slice(0, 80));"
    )
    assert not unnamed
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    order = []
    browser.execute_script("document.activeElement && document.activeElement.blur()")
    for _ in range(12):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        order.append(browser.execute_script("const a = document.activeElement; return a.id || a.className;"))
    assert order[:3] == ["mode-play", "mode-design", "new-open"], order
    assert "cell" in " ".join(order), f"Tab should reach the board after the toolbar: {order}"
    board = next(i for i, name in enumerate(order) if "cell" in name)
    assert order[board + 1] == "hint", f"after the board comes the game's buttons: {order}"
