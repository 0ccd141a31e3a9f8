"""A static site of the page (``queens-sat site``): the page, queens-sat's WebAssembly module and a
pack of puzzles in one folder that works from any static host or straight from the disk.

Without a server the page checks, grades and hints through the module (``static/local.js``), and
"new puzzle" draws from the pack. Everything is a classic script: a page opened from ``file://``
may load neither ES modules nor ``fetch`` a ``.wasm`` beside it, so the module's bytes come as
base64 in a script (``queens-sat-wasm.js``) and the pack as another (``pack.js``). The module
itself (``static/queens-sat.js`` and ``.wasm``) is built by ``npm run build`` in ``js/``
(docs/javascript.md); the Python package never needs it.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.errors import UsageError
from queens_sat.model.puzzle import Puzzle
from queens_sat.server.page import FAVICON, STATIC, page_html

PAGE_MIN_N, PAGE_MAX_N = 4, 25  # the boards the page shows (page.js's MIN_N, MAX_N)
MODULE = ("queens-sat.js", "queens-sat.wasm")  # what js/build.mjs writes into static/
PAGE_CSS = "page.css"


def page_files(html: str) -> list[str]:
    """The files of ``static/`` the page loads (its stylesheet and every script ``index.html`` names),
    so a script added to the page is in the site too."""
    scripts = re.findall(r'<script src="/static/([\w.-]+)"', html)
    return [PAGE_CSS, *dict.fromkeys(scripts)]
STATIC_FLAG = (  # what a static page loads before the module: the flag, the module's bytes, the pack
    '<script>window.QS_STATIC = true;</script>\n<script src="static/queens-sat-wasm.js"></script>\n<script src="static/pack.js"></script>\n'
)


@dataclass(frozen=True)
class Site:
    """What ``write_site`` wrote: the folder, its files and their bytes, the puzzles packed."""

    folder: Path
    files: dict[str, int]
    puzzles: int

    @property
    def first_load(self) -> int:
        """Bytes a browser fetches to open the page: every file written (nothing loads later)."""
        return sum(self.files.values())


def module_missing() -> str | None:
    """Why the page's copy of the module is not there, or None when it is."""
    absent = [name for name in MODULE if not (STATIC / name).is_file()]
    if absent:
        return (
            f"the JavaScript module is not built ({', '.join(absent)} missing from {STATIC}): "
            "run 'npm run build' in the repository's js/ folder (docs/javascript.md)"
        )
    return None


def check_target(folder: Path, force: bool) -> None:
    """``UsageError`` when the site cannot be written there: the module not built, or a folder with
    files in it (without ``force``). Called before the pack is made: making one can take minutes."""
    why = module_missing()
    if why is not None:
        raise UsageError(why)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())) and not force:
        raise UsageError(f"{folder} is not an empty folder; choose another or pass --force")


def pack_entry(puzzle: Puzzle, grade: str | None) -> dict[str, Any]:
    """A puzzle as the page loads one (as POST /generate's lines): label rows, rule, stars, grade."""
    entry: dict[str, Any] = {"n": puzzle.n, "rule": puzzle.rule, "regions": puzzle.label_rows()}
    if puzzle.stars > 1:
        entry["stars"] = puzzle.stars
    entry["grade"] = grade
    return entry


def pack_of(records: Iterable[PuzzleRecord], limit: int | None = None) -> list[dict[str, Any]]:
    """The unique puzzles of ``records`` the page shows (regions, n from 4 to 25), with their
    logic grade, up to ``limit``; malformed records and the others are left out."""
    from queens_sat.services.checking import check_records

    pack: list[dict[str, Any]] = []
    for report in check_records(records, time_limit=10.0):
        puzzle = report.record.puzzle
        if report.status != "unique" or puzzle is None or puzzle.regions is None or not PAGE_MIN_N <= puzzle.n <= PAGE_MAX_N:
            continue
        pack.append(pack_entry(puzzle, report.logic.grade if report.logic is not None else None))
        if limit is not None and len(pack) >= limit:
            break
    return pack


def generated_pack(count: int, n: int, stars: int, seed: int = 0) -> list[dict[str, Any]]:
    """``count`` new puzzles of size ``n`` (the generator's, graded by the logic engine)."""
    from queens_sat.services.generator.run import generate

    made = generate(n, count, seed=seed, stars=stars, logic=True)
    return [pack_entry(p.puzzle(), p.extra.get("grade")) for p in made]


def write_site(folder: Path, pack: list[dict[str, Any]], force: bool = False) -> Site:
    """The page, the module and ``pack`` written into ``folder`` (made if needed; an existing
    folder with files in it only with ``force``). ``UsageError`` when the module is not built."""
    check_target(folder, force)
    if not pack:
        raise UsageError("the pack holds no puzzle the page can show (unique, with regions, n from 4 to 25)")
    static = folder / "static"
    static.mkdir(parents=True, exist_ok=True)
    files: dict[str, int] = {}

    def put(name: str, data: bytes) -> None:
        (folder / name).write_bytes(data)
        files[name] = len(data)

    served = page_html()
    html = served.replace('"/static/', '"static/').replace('href="/favicon.svg"', 'href="favicon.svg"')
    html = html.replace('<script src="static/queens-sat.js">', STATIC_FLAG + '<script src="static/queens-sat.js">', 1)
    put("index.html", html.encode())
    put("favicon.svg", FAVICON.encode())
    for name in page_files(served):
        put(f"static/{name}", (STATIC / name).read_bytes())
    wasm = base64.b64encode((STATIC / "queens-sat.wasm").read_bytes()).decode("ascii")
    put("static/queens-sat-wasm.js", f'globalThis.QUEENS_SAT_WASM_BASE64 = "{wasm}";\n'.encode())
    pack_json = json.dumps(pack, separators=(",", ":"))
    put("static/pack.js", f"window.QS_PACK = {pack_json};\n".encode())
    return Site(folder, files, len(pack))
