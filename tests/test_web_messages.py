"""Every message a player can meet on the page, read in headless chromium: each in a player's
words (no ``<request>``, no browser network error, rows and columns counted from 1, each hint's
cells the cells it lights), and the guards that keep work from being lost (confirm before a new
size or a new puzzle, a warning before the tab is closed on unsaved work)."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser import BAD_WORDING, DESKTOP, MISSING, chrome, link, open_page, said, wait_for
from served import serving
from test_web_play import QUEENS_9, QUEENS_9_SOLUTION

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
ROOT = Path(__file__).resolve().parent.parent
# the page's beforeunload handler, run as closing the tab runs it: true if it asks to stay
# (headless chromium shows no dialog, and a WebDriver navigation skips the handler)
LEAVING_ASKS = "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); return e.defaultPrevented;"


@pytest.fixture(scope="module")
def browser() -> Any:
    driver = chrome(*DESKTOP)
    yield driver
    driver.quit()



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
    open_page(browser, server.url + "/#design")
    open_io(browser)
    click(browser, "import")
    said(browser, "There is no puzzle in the box")
    browser.find_element("id", "io").send_keys("hello\nworld\n")
    click(browser, "import")
    text = said(browser, "Cannot import:")
    assert "<request>" not in text and "row 0" not in text
    stripes = ["AAAAA", "BBBBB", "CCCCC", "DDDDD", "EEEEE"]
    for puzzle, words in [
        ({"regions": stripes, "givens": {"queens": [[5, 0]]}}, "queen [5, 0] is off the 5x5 board (JSON counts rows and columns from 0)"),
        ({"regions": stripes, "givens": {"queens": [[0, 0], [1, 1]]}}, "given queens r1c1 and r2c2 touch"),
    ]:  # the JSON's places count from 0, the message's from 1
        browser.execute_script("document.getElementById('io').value = arguments[0]", json.dumps(puzzle))
        browser.execute_script("document.getElementById('message').textContent = ''")  # wait for the new one
        click(browser, "import")
        assert said(browser, "Cannot import:") == f"Cannot import: {words}"


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

    open_page(browser, server.url + "/#design")
    browser.find_element("css selector", '.brush[data-region="3"]').click()
    browser.find_element("css selector", '.cell[data-row="0"][data-col="0"]').click()  # a painted cell
    Select(browser.find_element("id", "size")).select_by_value("6")
    wait_for(browser, lambda d: d.switch_to.alert, "a confirm before the design is lost")
    browser.switch_to.alert.dismiss()
    assert len(browser.find_elements("css selector", ".cell")) == 64
    assert browser.find_element("id", "size").get_attribute("value") == "8"


def test_design_undo_and_redo(server: Any, browser: Any) -> None:
    open_page(browser, server.url + "/#design")
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
    """A job only the server does (a new puzzle made to order: hints and checks may be answered in
    the page by the WebAssembly module) names the server it cannot reach."""
    with serving() as lonely:
        open_page(browser, link(lonely.url, QUEENS_9, play=True))
        lonely.stop()
        click(browser, "new-open")
        click(browser, "new-go")
        assert "Cannot reach the queens-sat server" in said(browser, "No new puzzle")


def test_the_favicon_is_served(server: Any) -> None:
    with urllib.request.urlopen(server.url + "/favicon.ico") as answer:
        assert answer.status == 200 and answer.headers["Content-Type"].startswith("image/svg+xml")


def position(path: str, kind: str) -> dict[str, Any]:
    """A position of the puzzle in ``path`` (a logic solve part-way through) whose next hint is
    a step of ``kind`` (a rule, or a probe's technique), as the JSON the page imports."""
    from queens_sat.engines.logic import logic_solve
    from queens_sat.formats import read_puzzles
    from queens_sat.services.logic.describe import replay
    from queens_sat.services.logic.hinting import next_hint

    for record in read_puzzles(str(ROOT / path)):
        puzzle = record.puzzle
        assert puzzle is not None
        states = [(frozenset(puzzle.queens), frozenset(puzzle.blocked)), *replay(puzzle, logic_solve(puzzle).steps)]
        for queens, crossed in states:
            at = puzzle.replace(queens=sorted(queens), blocked=sorted(crossed))
            step = next_hint(at).step
            if step is not None and kind in (step.rule, step.technique):
                givens = {"queens": [list(c) for c in sorted(queens)], "blocked": [list(c) for c in sorted(crossed)]}
                order: dict[str, str] = {}  # labelled as the page labels an import: A, B... as they come
                for ch in "".join(puzzle.label_rows()):
                    order.setdefault(ch, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[len(order)])
                regions = ["".join(order[ch] for ch in row) for row in puzzle.label_rows()]
                return {"n": puzzle.n, "rule": puzzle.rule, "stars": puzzle.stars, "regions": regions, "givens": givens}
    raise AssertionError(f"no position in {path} has a {kind} hint")


def import_json(driver: Any, obj: dict[str, Any], confirm: bool = False) -> None:
    """Import ``obj`` through the page's text box, as a player pasting it would (``confirm``: the
    page asks first, as work would be lost, and the player agrees)."""
    open_io(driver)
    driver.execute_script("document.getElementById('io').value = arguments[0]", json.dumps(obj))
    click(driver, "import")
    if confirm:
        wait_for(driver, lambda d: d.switch_to.alert, "a confirm before the marks are lost")
        driver.switch_to.alert.accept()
    said(driver, "Imported")


def cells_named(text: str) -> set[tuple[int, int]]:
    return {(int(r), int(c)) for r, c in re.findall(r"\br(\d+)c(\d+)\b", text)}


HINT_KINDS = [
    ("examples/unique-9.txt", "single-candidate"),
    ("examples/unique-9.txt", "would-empty-unit"),
    ("examples/unique-8.json", "confinement"),
    ("examples/unique-8.json", "pigeonhole"),
    ("examples/starbattle-10x10-2.json", "two-by-two"),
    ("bench/stars-puzzles.jsonl", "probe-1"),
]


@pytest.mark.parametrize("path, kind", HINT_KINDS, ids=[kind for _, kind in HINT_KINDS])
def test_each_kind_of_hint_names_the_cells_it_lights(server: Any, browser: Any, path: str, kind: str) -> None:
    """The server's words count from 1 and the page shows them unshifted: the cells a hint names
    are the lit cells as the board's labels number them, and the rows or columns it crosses in
    are the rows or columns of the cells it crosses out."""
    obj = position(path, kind)
    n = obj["n"]
    open_page(browser, link(server.url, obj["regions"], obj["stars"], play=True))
    import_json(browser, obj)
    click(browser, "hint")
    text = said(browser, "Hint: ")
    request = urllib.request.Request(server.url + "/hint", data=json.dumps(obj).encode(), method="POST")
    with urllib.request.urlopen(request) as answer:
        step = json.load(answer)["step"]
    assert step["technique" if kind.startswith("probe") else "rule"] == kind
    assert text == f"Hint: {step['text']}"  # the server's words, not shifted a second time
    hinted = browser.find_elements("css selector", ".cell.hinted")
    lit = {(int(c.get_attribute("data-row")) + 1, int(c.get_attribute("data-col")) + 1) for c in hinted}
    assert lit == {(r + 1, c + 1) for r, c in step["placed"] + step["crossed"]}  # the JSON's cells count from 0
    named = cells_named(text)
    assert lit & named, (text, lit)
    if " more" not in text:
        assert lit <= named, (text, lit)
    for number in re.findall(r"\b(?:rows?|columns?|r|c)(?: |)(\d+)", text):
        assert 1 <= int(number) <= n, text
    crossings = re.findall(r"the other cells of (rows?|columns?) ([\d, and]+): ([r\dc, and]+?) (?:is|are) crossed out", text)
    for kinds, numbers, cells in crossings:
        lines = {int(k) for k in re.findall(r"\d+", numbers)}
        axis = 0 if kinds.startswith("row") else 1
        assert {cell[axis] for cell in cells_named(cells)} <= lines, text


def test_no_hint_and_a_solved_board_are_said_plainly(server: Any, browser: Any) -> None:
    open_page(browser, server.url + "/#play&rule=no-touch&regions=" + ".".join("ABCDEFGH"[r] * 8 for r in range(8)))
    click(browser, "hint")  # stripes: many solutions, and logic finds no step
    said(browser, "No hint: reasoning alone finds no next step here.")
    solved = {"n": 9, "rule": "no-touch", "regions": ["".join("ABCDEFGHI"[k] for k in row) for row in QUEENS_9]}
    solved["givens"] = {"queens": [[r, c] for r, (c,) in enumerate(QUEENS_9_SOLUTION)], "blocked": []}
    open_page(browser, link(server.url, QUEENS_9, play=True))
    import_json(browser, solved)
    click(browser, "hint")
    said(browser, "The board is already solved.")


def test_a_clash_the_server_refuses_is_worded_from_one(server: Any, browser: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    open_page(browser, link(server.url, QUEENS_9, play=True))
    for col in (0, 1):  # two touching queens in row 1
        cell = browser.find_element("css selector", f'.cell[data-row="0"][data-col="{col}"]')
        ActionChains(browser).click(cell).click(cell).perform()
    said(browser, "These queens clash")
    click(browser, "check")
    text = said(browser, "Something is wrong:")
    assert "r1c1" in text and "r1c2" in text, text


def test_leaving_warns_only_when_work_would_be_lost(server: Any, browser: Any) -> None:
    open_page(browser, server.url + "/#design")
    assert not browser.execute_script(LEAVING_ASKS)  # a fresh board
    browser.find_element("css selector", '.brush[data-region="3"]').click()
    browser.find_element("css selector", '.cell[data-row="0"][data-col="0"]').click()
    assert browser.execute_script(LEAVING_ASKS)  # a design changed
    click(browser, "undo")
    assert not browser.execute_script(LEAVING_ASKS)  # back as it was loaded
    browser.find_element("css selector", '.cell[data-row="0"][data-col="0"]').click()
    open_io(browser)
    click(browser, "share-design")
    said(browser, "The design link")
    assert not browser.execute_script(LEAVING_ASKS)  # shared: the link keeps it

    open_page(browser, link(server.url, QUEENS_9, play=True))
    assert not browser.execute_script(LEAVING_ASKS)  # a game not begun
    browser.find_element("css selector", '.cell[data-row="4"][data-col="4"]').click()
    assert browser.execute_script(LEAVING_ASKS)  # a game under way: the link does not keep marks
    almost = {"n": 9, "rule": "no-touch", "regions": ["".join("ABCDEFGHI"[k] for k in row) for row in QUEENS_9]}
    almost["givens"] = {"queens": [[r, c] for r, (c,) in enumerate(QUEENS_9_SOLUTION)][:-1], "blocked": []}
    import_json(browser, almost, confirm=True)  # asks first: the mark would be lost
    assert browser.execute_script(LEAVING_ASKS)
    last = browser.find_element("css selector", f'.cell[data-row="8"][data-col="{QUEENS_9_SOLUTION[8][0]}"]')
    last.click()
    last.send_keys("q")
    said(browser, "Solved in")
    assert not browser.execute_script(LEAVING_ASKS)  # won: nothing to lose


def test_the_new_puzzle_form_offers_only_the_grades_the_size_reaches(server: Any, browser: Any) -> None:
    """Issue 35: the grades come from GET /generate; Expert (probes, n >= 7) is not offered at 5x5."""
    from selenium.webdriver.support.ui import Select

    open_page(browser, server.url + "/")
    click(browser, "new-open")

    def offered(d: Any) -> list[str]:
        return [o.text for o in Select(d.find_element("id", "new-grade")).options]

    Select(browser.find_element("id", "new-size")).select_by_value("5")
    wait_for(browser, lambda d: "Expert" not in offered(d), "no Expert at 5x5")
    assert "Hard" in offered(browser)
    Select(browser.find_element("id", "new-size")).select_by_value("9")
    wait_for(browser, lambda d: "Expert" in offered(d), "Expert at 9x9")
    # the depth a request carries: only above the default GET /generate names for that star count
    assert browser.execute_script("return [depthFor('Expert', 9, 1), depthFor('Easy', 9, 1), depthFor('Hard', 10, 2)]") == [1, None, None]
