"""Refresh the README's pictures of the page: docs/web-page.png (1400x1000) and
docs/web-page-phone.png (390x844), taken in headless chromium against a real
``queens-sat serve`` with a 9x9 puzzle part-way through play.

    python bench/page_screenshots.py [--out docs]

Needs selenium and Debian's chromium + chromium-driver (apt-get install chromium chromium-driver).
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

REGIONS = ["AAAAAAAAA", "ABBBBBBBC", "ADDDDDEBC", "ADFFFFEBC", "ADGGGHEBC", "ADGGGHEBC", "ADGIGHEBC", "AEEEEEEBC", "ACCCCCCCC"]
PLAYED = [(0, 0), (1, 7), (2, 1)]  # three queens of the solution placed; the rest is the reader's
SHOTS = {"web-page.png": (1400, 1000, False), "web-page-phone.png": (390, 844, True)}


def serve() -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    script = shutil.which("queens-sat", path=str(Path(sys.executable).parent)) or "queens-sat"
    process = subprocess.Popen([script, "serve", "--host", "127.0.0.1", "--port", str(port)], stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            with urllib.request.urlopen(url + "/health", timeout=2) as answer:
                if json.load(answer)["status"] == "ok":
                    return process, url
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise SystemExit("queens-sat serve did not start")


def browser(width: int, height: int, mobile: bool) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(flag)
    if mobile:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}})
    else:
        options.add_argument(f"--window-size={width},{height}")
    return webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver") or "chromedriver"), options=options)


def shoot(url: str, path: Path, width: int, height: int, mobile: bool) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser(width, height, mobile)
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
    process, url = serve()
    try:
        for name, (width, height, mobile) in SHOTS.items():
            shoot(url, args.out / name, width, height, mobile)
    finally:
        process.terminate()
        process.wait(timeout=30)


if __name__ == "__main__":
    main()
