"""Full-window screenshots of ``queens-sat serve``'s own page, read back by the image reader.

    python bench/page_screenshots.py [--out DIR] [--reuse] [--failures]   # the benchmark
    python bench/page_screenshots.py --readme [--out docs]              # the README's two pictures

The benchmark drives headless chromium (the browser tests' ``chrome``) against a real
``queens-sat serve``: boards of sizes 5-17 with k = 1-3 stars, empty, half-played (some
queens and crosses, a hint's highlight, the focused cell) and solved, in both palettes,
at a 1920x1080 and a 1400x1000 desktop window and a 390x844 phone (pixel ratio 2). Every
whole-window screenshot is saved in ``--out`` beside ``truth.jsonl`` (the regions, stars,
queens and crosses on the board), then each is read with ``read_marks`` and counted as in
``bench/images.py``: exact (the same n, partition, queens and crosses), refused, wrong but
warned, wrong and silent (must be 0); with the median time of a read per window size.
``--reuse`` reads the pictures already in ``--out`` without the browser.

Needs selenium and Debian's chromium + chromium-driver (apt-get install chromium chromium-driver).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))  # the browser tests' own chromium and server
sys.path.insert(0, str(HERE))
from browser import chrome, link, open_page  # noqa: E402
from images import Tally, measure, table  # noqa: E402
from served import serving  # noqa: E402

from queens_sat.model.puzzle import Puzzle  # noqa: E402

# the pictures' puzzle: generate(9, 1, seed=4) of 2026-12-05 (no queen of its answer on r1c1)
REGIONS = ["AAAABBBCC", "AAABBBBCC", "AAAABBCCC", "AAAACCCCD", "FAFFECCDD", "FAFIEEGGD", "FFFIEGGGG", "FFFIIGHHH", "FFIIIIHHH"]
PLAYED = [(0, 1), (1, 3), (2, 6)]  # three queens of its solution placed; the rest is the reader's
README_SHOTS = {"web-page.png": (1400, 1000, False), "web-page-phone.png": (390, 844, True)}
DEVICES = {"desktop 1920x1080": (1920, 1080, False), "desktop 1400x1000": (1400, 1000, False), "phone 390x844": (390, 844, True)}
BOARDS = [(n, 1) for n in range(5, 18)] + [(n, 2) for n in (8, 9, 11, 12)]  # generated here
STORED = {(10, 2): 2, (14, 3): 3}  # from bench/stars-puzzles.jsonl (k = 3 boards take long to generate)
STATES = ("empty", "half-played", "solved")
PALETTES = ("bright", "safe")


def shoot_readme(url: str, path: Path, width: int, height: int, mobile: bool) -> None:
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


# a click on a cell as the page hears it (pointerdown on the cell, pointerup on the window)
TAP = """
for (const [r, c, times] of arguments[0]) {
  const cell = document.querySelector(`.cell[data-row="${r}"][data-col="${c}"]`);
  for (let i = 0; i < times; i++) {
    cell.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true, cancelable: true, button: 0, isPrimary: true}));
    window.dispatchEvent(new PointerEvent("pointerup", {bubbles: true}));
  }
}
"""


def boards(seed: int) -> list[dict[str, Any]]:
    """The puzzles shot: a generated board of each (n, k) with its solution, and stored Star Battles."""
    from queens_sat import generate
    from queens_sat.model.puzzle import LABELS

    out = []
    for n, k in BOARDS:
        made = generate(n, seed=seed + n, stars=k)[0]
        cols = list(made.solution)
        queens = [(r, cols[r * k + j]) for r in range(n) for j in range(k)]
        out.append({"n": n, "stars": k, "regions": made.regions, "solution": queens})
    wanted = dict(STORED)
    for line in (HERE / "stars-puzzles.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        key = (record["n"], record["stars"])
        if wanted.get(key, 0) > 0:
            wanted[key] -= 1
            regions = [[LABELS.index(ch) for ch in row] for row in record["regions"]]
            queens = [(r, c) for r, cols in enumerate(record["solution"]) for c in cols]
            out.append({"n": key[0], "stars": key[1], "regions": regions, "solution": queens})
    return out


def marks_for(board: dict[str, Any], state: str, rng: random.Random) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Queens and crosses of a board in ``state``: none, half the solution's queens and a few
    crosses off it, or the whole solution."""
    solution = [tuple(q) for q in board["solution"]]
    if state == "empty":
        return [], []
    if state == "solved":
        return solution, []  # type: ignore[return-value]
    queens = rng.sample(solution, len(solution) // 2)
    taken = set(solution)
    free = [(r, c) for r in range(board["n"]) for c in range(board["n"]) if (r, c) not in taken]
    return queens, rng.sample(free, min(len(free), board["n"]))  # type: ignore[return-value]


def shoot_benchmark(url: str, out: Path, seed: int, limit: int | None) -> list[dict[str, Any]]:
    """Every screenshot of the benchmark, saved in ``out``; their truths."""
    from browser import wait_for

    rng = random.Random(seed)
    truths = []
    plan = [(b, s, p) for b in boards(seed) for s in STATES for p in PALETTES]
    for device, (width, height, mobile) in DEVICES.items():
        driver = chrome(width, height, mobile)
        try:
            for i, (board, state, palette) in enumerate(plan[:limit]):
                queens, crosses = marks_for(board, state, rng)
                open_page(driver, link(url, board["regions"], board["stars"]))
                driver.execute_script(
                    "const p = document.getElementById('palette'); p.value = arguments[0]; p.dispatchEvent(new Event('change'));",
                    palette,
                )
                driver.execute_script(TAP, [[r, c, 2] for r, c in queens] + [[r, c, 1] for r, c in crosses])
                if state == "half-played":
                    driver.find_element("id", "hint").click()
                    wait_for(driver, lambda d: d.find_element("id", "message").text != "", "a hint should be shown")
                time.sleep(0.7 if state == "solved" else 0.3)  # the highlight's transition; the win's pop takes 0.6 s (page.css)
                name = f"{device.split()[0]}-{width}x{height}-n{board['n']}-k{board['stars']}-{state}-{palette}-{i}.png"
                driver.save_screenshot(str(out / name))
                truths.append(
                    {"file": name, "device": device, "n": board["n"], "stars": board["stars"], "state": state,
                     "palette": palette, "regions": board["regions"], "queens": queens, "blocked": crosses}
                )
        finally:
            driver.quit()
    (out / "truth.jsonl").write_text("".join(json.dumps(t) + "\n" for t in truths), encoding="utf-8")
    return truths


def read_all(out: Path, truths: list[dict[str, Any]]) -> dict[str, Tally]:
    tallies: dict[str, Tally] = defaultdict(Tally)
    for t in truths:
        truth = Puzzle(t["regions"], stars=t["stars"], queens=[tuple(q) for q in t["queens"]], blocked=[tuple(b) for b in t["blocked"]])
        data = (out / t["file"]).read_bytes()
        one = Tally()
        measure(one, t["file"], data, truth, True)  # read once, counted under each heading
        for kind in (t["device"], f"n {t['n']:2d}", f"k {t['stars']}, {t['state']}", f"palette {t['palette']}", "all"):
            _add(tallies[kind], one)
    return tallies


def _add(total: Tally, one: Tally) -> None:
    for name in ("total", "exact", "exact_warned", "refused", "wrong_warned", "wrong_silent"):
        setattr(total, name, getattr(total, name) + getattr(one, name))
    total.ms += one.ms
    total.cpu_ms += one.cpu_ms
    total.decode_ms += one.decode_ms
    total.failures += one.failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="where the pictures go (default /tmp/page-shots; with --readme, docs)")
    parser.add_argument("--readme", action="store_true", help="refresh docs/web-page.png and docs/web-page-phone.png in --out")
    parser.add_argument("--reuse", action="store_true", help="read the screenshots already in --out")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit", type=int, help="shoot only the first boards of the plan (a quick look)")
    parser.add_argument("--failures", action="store_true", help="list every read that was not exact and silent")
    args = parser.parse_args()
    args.out = args.out or (HERE.parent / "docs" if args.readme else Path("/tmp/page-shots"))
    args.out.mkdir(parents=True, exist_ok=True)
    if args.readme:
        with serving() as served:
            for name, (width, height, mobile) in README_SHOTS.items():
                shoot_readme(served.url, args.out / name, width, height, mobile)
        return 0
    if args.reuse:
        truths = [json.loads(line) for line in (args.out / "truth.jsonl").read_text(encoding="utf-8").splitlines() if line]
    else:
        with serving() as served:
            truths = shoot_benchmark(served.url, args.out, args.seed, args.limit)
    tallies = read_all(args.out, truths)
    table(dict(sorted(tallies.items(), key=lambda kv: (kv[0] == "all", kv[0]))))
    all_ms = tallies["all"].ms
    print(f"median read {statistics.median(all_ms):.1f} ms over {len(all_ms)} screenshots")
    if args.failures:
        for line in tallies["all"].failures:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
