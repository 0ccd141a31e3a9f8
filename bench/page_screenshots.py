"""Refresh the README's pictures of the page: docs/web-page.png (1400x1000) and
docs/web-page-phone.png (390x844), taken in headless chromium against a real
``queens-sat serve`` with a 9x9 puzzle part-way through play.

    python bench/page_screenshots.py [--out docs]

Needs selenium and Debian's chromium + chromium-driver (apt-get install chromium chromium-driver).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the browser tests' own chromium and server
from browser import chrome
from served import serving

REGIONS = ["AAAAAAAAA", "ABBBBBBBC", "ADDDDDEBC", "ADFFFFEBC", "ADGGGHEBC", "ADGGGHEBC", "ADGIGHEBC", "AEEEEEEBC", "ACCCCCCCC"]
PLAYED = [(0, 0), (1, 7), (2, 1)]  # three queens of the solution placed; the rest is the reader's
SHOTS = {"web-page.png": (1400, 1000, False), "web-page-phone.png": (390, 844, True)}


def shoot(url: str, path: Path, width: int, height: int, mobile: bool) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver = chrome(width, height, mobile)
    try:
        driver.get(f"{url}/#play&rule=no-touch&regions={'.'.join(REGIONS)}")
        WebDriverWait(driver, 30).until(lambda d: d.find_elements("css selector", ".cell"))
        for r, c in PLAYED:
            cell = driver.find_element("css selector", f'.cell[data-row="{r}"][data-col="{c}"]')
            cell.click()
            cell.click()
        driver.find_element("css selector", '.cell[data-row="3"][data-col="3"]').click()  # a cross
        driver.find_element("id", "hint").click()
        WebDriverWait(driver, 30).until(lambda d: d.find_element("id", "message").text.startswith("Hint"))
        driver.execute_script("window.scrollTo(0, 0); document.activeElement.blur();")
        time.sleep(0.7)  # let the hint's highlight and the fonts settle before the picture
        driver.save_screenshot(str(path))
        print(f"{path}: {width}x{height}{' (phone)' if mobile else ''}")
    finally:
        driver.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "docs")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with serving() as served:
        for name, (width, height, mobile) in SHOTS.items():
            shoot(served.url, args.out / name, width, height, mobile)


if __name__ == "__main__":
    main()
