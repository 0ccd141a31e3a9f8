"""Pictures of boards: SVG structure, PNG size and pixels, the render command's errors, steps."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from helpers import EXAMPLES, random_puzzle
from PIL import Image

from queens_sat.cli import main
from queens_sat.formats import read_puzzle
from queens_sat.services.render import (
    BoardState,
    Deduction,
    RenderError,
    board_image,
    board_scene,
    render_board,
    render_steps,
    states_from_deductions,
)
from queens_sat.services.render.palette import hex_to_rgb, labels_needed, region_looks
from queens_sat.services.render.scene import margin_for

SVG = "{http://www.w3.org/2000/svg}"
UNIQUE_8 = (6, 4, 2, 7, 3, 0, 5, 1)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def svg_cells(path) -> list[ET.Element]:
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    return [e for e in root.iter(f"{SVG}rect") if e.get("class") == "cell"]


def test_svg_is_xml_with_one_filled_cell_per_square_coloured_by_region(tmp_path):
    puzzle = read_puzzle(EXAMPLES / "unique-8.json")
    path = render_board(puzzle, tmp_path / "board.svg")
    cells = svg_cells(path)
    assert len(cells) == 64
    fills = {(int(e.get("data-row")), int(e.get("data-col"))): e.get("fill") for e in cells}
    assert set(fills) == {(r, c) for r in range(8) for c in range(8)}
    by_region: dict[int, set[str]] = {}
    for (r, c), fill in fills.items():
        by_region.setdefault(puzzle.regions[r][c], set()).add(fill)
    assert all(len(f) == 1 for f in by_region.values())  # a region has one fill
    assert len({f.pop() for f in by_region.values()}) == 8  # 8 regions, 8 fills
    root = ET.parse(path).getroot()
    assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "queen"]


def test_svg_solution_givens_and_patterns(tmp_path):
    puzzle = read_puzzle(EXAMPLES / "givens.json")
    path = render_board(puzzle, tmp_path / "givens.svg", solution=(0, 5, 3, 1, 4, 2))
    root = ET.parse(path).getroot()
    marks = {
        (g.get("class"), int(g.get("data-row")), int(g.get("data-col")))
        for g in root.iter()
        if g.get("class") in ("queen", "given-queen", "blocked")
    }
    assert ("given-queen", 0, 0) in marks and ("blocked", 5, 5) in marks
    assert {(r, c) for kind, r, c in marks if kind == "queen"} == {(1, 5), (2, 3), (3, 1), (4, 4), (5, 2)}
    # a board with more regions than colours: hatched fills, defined in <defs>, and labels
    big = random_puzzle(20, 4)
    path = render_board(big, tmp_path / "big.svg")
    root = ET.parse(path).getroot()
    patterns = {p.get("id") for p in root.iter(f"{SVG}pattern")}
    hatched = [e.get("fill") for e in svg_cells(path) if e.get("fill").startswith("url(")]
    assert hatched and all(f.split(")")[0][5:] in patterns for f in hatched)
    labels = [t for t in root.iter(f"{SVG}text") if t.get("class") == "label"]
    assert len(labels) == 20


def test_board_without_regions_is_a_chessboard(capsys, tmp_path):
    code, _, _ = run(capsys, "render", "--n", "5", "--rule", "queens", "-o", str(tmp_path / "q.svg"))
    cells = svg_cells(tmp_path / "q.svg")
    assert code == 0 and len(cells) == 25 and all(e.get("data-region") is None for e in cells)
    assert len({e.get("fill") for e in cells}) == 2


def test_png_has_the_expected_size_and_paints_regions_and_queens(tmp_path):
    puzzle = read_puzzle(EXAMPLES / "unique-8.json")
    path = render_board(puzzle, tmp_path / "board.png", solution=UNIQUE_8, cell=40)
    image = Image.open(path)
    image.load()
    margin = margin_for(40)
    assert image.format == "PNG" and image.size == (8 * 40 + 2 * margin,) * 2
    looks = region_looks(puzzle)
    for r in range(8):
        for c in range(8):
            x, y = margin + c * 40, margin + r * 40
            corner = image.getpixel((x + 6, y + 6))  # clear of lines and marks
            assert corner == hex_to_rgb(looks[puzzle.regions[r][c]].color)
            centre = image.getpixel((x + 20, y + 24))  # inside the crown's body
            is_dark = sum(centre) < 200
            assert is_dark == (UNIQUE_8[r] == c), (r, c, centre)


def test_png_of_a_30x30_board(tmp_path):
    puzzle = random_puzzle(30, 2)
    image = board_image(puzzle, cell=20)
    assert image.size == (30 * 20 + 2 * margin_for(20),) * 2
    assert labels_needed(puzzle)
    path = render_board(puzzle, tmp_path / "big.png")
    scene = board_scene(puzzle)
    assert Image.open(path).size == (scene.width, scene.height)


def test_region_looks_tell_regions_and_neighbours_apart():
    from queens_sat.services.render.palette import region_neighbours

    for n, seeds in ((6, 10), (9, 10), (12, 10), (30, 4), (64, 2)):
        for seed in range(seeds):
            puzzle = random_puzzle(n, seed)
            looks = region_looks(puzzle)
            assert len(looks) == n and len(set(looks)) == n  # no two regions look the same
            assert looks == region_looks(puzzle)  # and the same board always looks the same
            if n <= 9:
                assert all(look.pattern == "plain" for look in looks)
            for k, neighbours in enumerate(region_neighbours(puzzle)):
                assert all(looks[k].color != looks[m].color for m in neighbours), (n, seed, k)


def test_colour_vision_simulation():
    from queens_sat.services.render.palette import REGION_COLORS, seen_as, worst_case_difference

    def distance(a, b, vision):
        return sum((p - q) ** 2 for p, q in zip(seen_as(a, vision), seen_as(b, vision), strict=False)) ** 0.5

    # red and green: far apart for most viewers, close for the red-green colour-blind
    assert distance("#DD3333", "#339933", "normal") > 3 * distance("#DD3333", "#339933", "deutan")
    assert worst_case_difference("#000000", "#FFFFFF") > 99
    k = len(REGION_COLORS)
    assert min(worst_case_difference(REGION_COLORS[i], REGION_COLORS[j]) for i in range(k) for j in range(i + 1, k)) > 10


def test_render_command_writes_svg_and_png(capsys, tmp_path):
    code, out, err = run(capsys, "render", str(EXAMPLES / "unique-8.json"), "-o", str(tmp_path / "b.svg"))
    assert (code, err) == (0, "") and out.strip() == f"wrote {tmp_path / 'b.svg'}"
    code, out, _ = run(capsys, "render", str(EXAMPLES / "unique-9.txt"), "-o", str(tmp_path / "b.png"), "--solution", "--cell", "30")
    assert code == 0 and Image.open(tmp_path / "b.png").size == (9 * 30 + 2 * margin_for(30),) * 2
    code, _, _ = run(capsys, "render", str(EXAMPLES / "batch.jsonl"), "--id", "givens-6", "-o", str(tmp_path / "g.svg"), "--labels")
    assert code == 0 and len(svg_cells(tmp_path / "g.svg")) == 36


@pytest.mark.parametrize(
    "name, message",
    [("none.json", "no solution, so there is none to draw"), ("multiple.txt", "several solutions")],
)
def test_render_solution_needs_a_unique_solution(capsys, tmp_path, name, message):
    out_path = tmp_path / "x.png"
    code, out, err = run(capsys, "render", str(EXAMPLES / name), "-o", str(out_path), "--solution")
    assert code == 1 and out == ""
    assert err.startswith("queens-sat: error: ") and message in err and "Traceback" not in err
    assert not out_path.exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["-o", "board.bmp"], "suffix '.bmp'; the output file must end in .svg, .png"),
        (["-o", "board"], "no suffix"),
        (["-o", "board.gif"], "an animated .gif is for a sequence (--steps)"),
        (["-o", "b.svg", "--cell", "2"], "cell size 2 px is outside"),
    ],
)
def test_render_usage_errors_exit_2(capsys, tmp_path, args, message):
    args = [str(tmp_path / a) if a.startswith(("board", "b.")) else a for a in args]
    code, out, err = run(capsys, "render", str(EXAMPLES / "unique-8.json"), *args)
    assert code == 2 and message in err and out == ""
    assert list(tmp_path.iterdir()) == []


def test_render_input_errors_exit_2(capsys, tmp_path):
    code, _, err = run(capsys, "render", str(EXAMPLES / "batch-with-bad-record.jsonl"), "-o", str(tmp_path / "b.svg"))
    assert code == 2 and "holds 7 puzzles" in err and "--id" in err
    code, _, err = run(capsys, "render", str(EXAMPLES / "batch-with-bad-record.jsonl"), "--id", "7", "-o", str(tmp_path / "b.svg"))
    assert code == 2 and "batch-with-bad-record.jsonl:7" in err and "must be square" in err
    code, _, err = run(capsys, "render", str(EXAMPLES / "unique-8.json"), "-o", str(tmp_path / "missing" / "b.svg"))
    assert code == 2 and "cannot write" in err
    code, _, err = run(capsys, "render", "--n", "300", "-o", str(tmp_path / "b.svg"))
    assert code == 2 and "over the 4096 px limit; a cell of 13 px or less fits" in err
    (tmp_path / "empty.jsonl").write_text("")
    code, _, err = run(capsys, "render", str(tmp_path / "empty.jsonl"), "-o", str(tmp_path / "b.svg"))
    assert code == 2 and "no puzzle in it" in err


def test_render_through_the_real_command_has_no_traceback(tmp_path):
    res = subprocess.run(
        [sys.executable, "-m", "queens_sat", "render", str(EXAMPLES / "multiple.txt"), "-o", str(tmp_path / "m.png"), "--solution"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 1 and "Traceback" not in res.stderr and "several solutions" in res.stderr


def _deductions(puzzle, solution, rows):
    out = []
    for r in rows:
        c = solution[r]
        region = puzzle.region_cells()[puzzle.regions[r][c]]
        crossed = [(r, x) for x in range(puzzle.n) if x != c] + [cell for cell in region if cell != (r, c)]
        out.append(Deduction(queens=[(r, c)], crossed=crossed, focus=region, reason=f"row {r}"))
    return out


def test_states_from_deductions_accumulate():
    puzzle = read_puzzle(EXAMPLES / "unique-8.json")
    states = states_from_deductions(puzzle, _deductions(puzzle, UNIQUE_8, (5, 0)))
    assert [s.caption for s in states] == ["Start", "Step 1: row 5", "Step 2: row 0"]
    assert states[0] == BoardState(caption="Start")
    assert states[2].queens == {(5, 0), (0, 6)} and states[1].crossed < states[2].crossed
    assert states[2].changed == {(0, 6)} | (states[2].crossed - states[1].crossed)
    with pytest.raises(ValueError, match=r"step 1 names cell \(8, 0\), off the 8x8 board"):
        states_from_deductions(puzzle, [Deduction(crossed=[(8, 0)])])


def test_render_steps_frames_and_animation(tmp_path):
    puzzle = read_puzzle(EXAMPLES / "unique-8.json")
    states = states_from_deductions(puzzle, _deductions(puzzle, UNIQUE_8, range(8)))
    paths = render_steps(puzzle, states, tmp_path / "s.svg")
    assert [p.name for p in paths] == [f"s-{i:02d}.svg" for i in range(1, 10)]
    last = ET.parse(paths[-1]).getroot()
    assert len([g for g in last.iter(f"{SVG}g") if g.get("class") == "queen"]) == 8
    assert [t for t in last.iter(f"{SVG}text") if t.get("class") == "caption"]
    pngs = render_steps(puzzle, states[:3], tmp_path / "s.png", cell=24)
    assert len({Image.open(p).size for p in pngs}) == 1  # every frame the same size, captions or not
    (gif,) = render_steps(puzzle, states[:3], tmp_path / "s.gif", cell=24)
    with Image.open(gif) as anim:
        assert anim.n_frames == 3
    with pytest.raises(RenderError):
        render_steps(puzzle, [], tmp_path / "none.svg")


def test_render_steps_draws_the_logic_engines_solve(capsys, tmp_path):
    from queens_sat.engines.logic import logic_solve

    puzzle = read_puzzle(EXAMPLES / "unique-8.json")
    result = logic_solve(puzzle)
    assert result.solved
    code, _out, err = run(capsys, "render", str(EXAMPLES / "unique-8.json"), "-o", str(tmp_path / "s.svg"), "--steps")
    assert code == 0, err
    frames = sorted(tmp_path.iterdir())
    assert len(frames) == len(result.steps) + 1  # the bare puzzle, then a picture per step
    last = ET.parse(frames[-1]).getroot()
    queens = {(int(g.get("data-row")), int(g.get("data-col"))) for g in last.iter(f"{SVG}g") if g.get("class") == "queen"}
    assert queens == set(enumerate(result.solution))


def test_render_steps_of_a_puzzle_logic_cannot_finish_says_so(tmp_path):
    from queens_sat.services.logic.pictures import logic_states

    puzzle = read_puzzle(EXAMPLES / "multiple.txt")
    states = logic_states(puzzle)
    assert states[-1].caption.startswith("Logic alone stops here")


def test_parser_does_not_import_drawing_libraries():
    code = (
        "import sys; from queens_sat.cli import build_parser; build_parser();"
        " print(sorted(m for m in ('PIL', 'matplotlib') if m in sys.modules))"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=dict(os.environ))
    assert res.stdout.strip() == "[]"


def test_the_docs_pictures_exist_and_were_drawn_by_render():
    """Every picture the README and the pages of docs/ show is there, and one of the project's
    own is drawn by the render command a page shows (``--out docs/NAME``)."""
    import re

    from helpers import ROOT

    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    text = "\n".join(page.read_text() for page in pages)
    pictures = [
        (page.parent / picture).resolve() for page in pages for picture in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", page.read_text())
    ]
    assert pictures
    for picture in pictures:
        assert picture.exists(), picture
        name = picture.relative_to(ROOT).as_posix()
        if name.startswith(("docs/web-page", "docs/page-")):
            continue  # the page's screenshots, taken in a browser by bench/page_screenshots.py
        assert f"--out {name}" in text  # the command that drew it is shown
        with Image.open(picture) as image:
            assert image.info.get("Title", "").endswith("no-touch rule")
