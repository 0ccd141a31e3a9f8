"""The page without a server: ``queens-sat site`` writes the page, the WebAssembly module and a pack,
and a real Chromium opens it from ``file://`` (no queens-sat server anywhere), draws a new puzzle
from the pack, gets a hint, and plays it to the end with the keyboard. Needs the JavaScript module
built (``npm run build`` in js/, which ``.ci/run`` does) and node's toolchain: skips otherwise."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from browser import MISSING, chrome, message, wait_for
from helpers import EXAMPLES

from queens_sat.cli import main
from queens_sat.server.site import module_missing

pytestmark = pytest.mark.skipif(
    MISSING is not None or module_missing() is not None or shutil.which("node") is None,
    reason=MISSING or module_missing() or "node is not installed (the module is built with it)",
)

SOLUTION = [6, 4, 2, 7, 3, 0, 5, 1]  # examples/unique-8.json's


@pytest.fixture(scope="module")
def site(tmp_path_factory: Any) -> Path:
    folder = tmp_path_factory.mktemp("site")
    assert main(["site", "--out", str(folder), "--pack", str(EXAMPLES / "unique-8.json"), "--force"]) == 0
    return folder


@pytest.fixture(scope="module")
def browser() -> Any:
    driver = chrome(1400, 1000)
    yield driver
    driver.quit()


def test_the_site_holds_the_page_the_module_and_the_pack(site: Path) -> None:
    html = (site / "index.html").read_text()
    assert 'src="/static' not in html and "window.QS_STATIC = true" in html
    pack = (site / "static" / "pack.js").read_text()
    assert pack.startswith("window.QS_PACK = ")
    puzzles = json.loads(pack[len("window.QS_PACK = ") :].rstrip().rstrip(";"))
    assert [p["regions"] for p in puzzles] == [json.loads((EXAMPLES / "unique-8.json").read_text())["regions"]]
    assert puzzles[0]["grade"] == "Medium"


def test_a_missing_module_or_empty_pack_is_a_usage_error(tmp_path: Path, capsys: Any) -> None:
    assert main(["site", "--out", str(tmp_path / "x"), "--pack", str(EXAMPLES / "none.json")]) == 2
    assert "no puzzle the page can show" in capsys.readouterr().err


def test_offline_page_plays_a_pack_puzzle_to_the_end_with_a_hint(site: Path, browser: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    browser.get("about:blank")
    browser.get((site / "index.html").as_uri())
    wait_for(browser, lambda d: d.find_elements("css selector", ".cell"), "the board should be drawn")
    wait_for(  # as served, the page opens in Play on a puzzle to play: offline, one drawn from the pack
        browser,
        lambda d: d.find_element("id", "mode-play").get_attribute("aria-pressed") == "true"
        and len(d.find_elements("css selector", ".cell")) == 64,
        "the page should open in play mode on the pack's puzzle",
    )
    assert "runs without a server" in browser.find_element("tag name", "footer").text
    browser.find_element("id", "new-open").click()
    browser.find_element("id", "new-go").click()  # 8x8, 1 star: the pack's one puzzle
    wait_for(
        browser,
        lambda d: d.find_element("id", "mode-play").get_attribute("aria-pressed") == "true",
        "the pack's puzzle should open in play mode",
    )
    ActionChains(browser).send_keys("h").perform()
    wait_for(browser, lambda d: message(d).startswith("Hint: "), "the module should give a hint")
    assert message(browser).endswith(": only r6c1 is left, so a queen goes there")  # the region by the page's own letters
    browser.find_element("css selector", '.cell[data-row="0"][data-col="0"]').click()  # focus the board...
    browser.find_element("css selector", '.cell[data-row="0"][data-col="0"]').click()  # ...and undo the mark the clicks made
    browser.find_element("css selector", '.cell[data-row="0"][data-col="0"]').click()
    at = [0, 0]
    for r, c in enumerate(SOLUTION):
        chain = ActionChains(browser)
        for _ in range(r - at[0]):
            chain.send_keys(Keys.ARROW_DOWN)
        for _ in range(abs(c - at[1])):
            chain.send_keys(Keys.ARROW_RIGHT if c > at[1] else Keys.ARROW_LEFT)
        chain.send_keys("q").perform()
        at = [r, c]
    wait_for(browser, lambda d: message(d).startswith("Solved"), "the board should be solved without a server")
    assert len(browser.find_elements("css selector", ".cell.queen")) == 8
    assert "won" in browser.find_element("id", "board").get_attribute("class")


def test_the_server_serves_the_module_beside_the_page() -> None:
    pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")
    from starlette.testclient import TestClient

    from queens_sat.server import ServiceSettings, create_app

    with TestClient(create_app(ServiceSettings())) as client:
        page = client.get("/").text
        assert '<script src="/static/queens-sat.js"></script>' in page and '<script src="/static/local.js"></script>' in page
        script = client.get("/static/queens-sat.js")
        assert script.status_code == 200 and "window.QueensSat = {" in script.text
        wasm = client.get("/static/queens-sat.wasm")
        assert wasm.status_code == 200 and wasm.content[:4] == b"\0asm"
