"""Shared set-up of the page's browser tests: headless chromium at a given window size, and
small helpers that read the page the way a player sees it."""

from __future__ import annotations

import os
import re
import shutil
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
CHROMEDRIVER = shutil.which("chromedriver")
MISSING: str | None = None
try:
    import selenium  # noqa: F401
except ImportError:
    MISSING = "selenium is not installed (pip install '.[test]')"
if MISSING is None and not (CHROMIUM and CHROMEDRIVER):
    MISSING = "no headless browser: apt-get install chromium chromium-driver"
if MISSING and os.environ.get("CI") == "true":
    raise RuntimeError(f"CI must run the browser tests, but {MISSING}")

WAIT = 30  # seconds for the page to settle after a change (the server answers in milliseconds)
DESKTOP = (1400, 1000)
PHONE = (390, 844)
# what a player must never read: the API's source name, the browser's network error, 0-based places
BAD_WORDING = re.compile(r"<request>|Failed to fetch|NetworkError|\brows? 0\b|\bcolumns? 0\b|\(\d+, \d+\)|\br0c|\br\d+c0\b")


def chrome(width: int, height: int, mobile: bool = False) -> Any:
    """A headless chromium whose viewport is ``width`` x ``height`` CSS pixels."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(flag)
    if mobile:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}})
    else:
        options.add_argument(f"--window-size={width},{height}")
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    if not mobile:  # the window's frame takes some of --window-size: make the viewport exact
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    return driver


def wait_for(driver: Any, condition: Any, message: str) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT).until(lambda d: condition(d), message=message)


def open_page(driver: Any, url: str) -> None:
    """A fresh page: going to a URL that differs from the current one only after '#' would not reload it."""
    driver.get("about:blank")
    driver.get(url)
    wait_for(driver, lambda d: d.find_elements("css selector", ".cell"), "the board should be drawn")


def message(driver: Any) -> str:
    return str(driver.find_element("id", "message").text)


def said(driver: Any, starts: str) -> str:
    """The message once it starts with ``starts``, checked for wording (no 0-based place, no raw error)."""
    wait_for(driver, lambda d: message(d).startswith(starts), f"a message starting {starts!r}")
    text = message(driver)
    assert not BAD_WORDING.search(text), text
    return text


def link(url: str, rows: list[list[int]] | list[str], stars: int = 1, play: bool = True) -> str:
    """The page's link to a puzzle, given as region numbers or label strings."""
    labels = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    text = [row if isinstance(row, str) else "".join(labels[k] for k in row) for row in rows]
    star = f"&stars={stars}" if stars > 1 else ""
    return f"{url}/#{'play&' if play else ''}rule=no-touch&regions={'.'.join(text)}{star}"
