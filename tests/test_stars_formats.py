"""The Star Battle exchange formats: puzz.link (pzprjs) URLs and puzzle-star-battle.com region lists.

The URLs are real ones, found in public repositories:
- robx/pzprjs test/script/starbattle.js: "6/6/1/4ilbhgdnmhou", with the same board's region
  numbers and solved answer in pzprjs's own file format (checked below cell by cell);
- semiexp/cspuz_core cspuz_rs_puzzles/src/puzzles/star_battle.rs: "6/6/1/2u9gn9c9jpmk", with its
  walls and solution written out (checked below);
- swaroopg92/penpa-edit test/public/puzz_link_parser.js: "Starbattle 1" to "Starbattle 5";
- T0nyX1ang/noqx, its Star Battle solver's example: the 15x15 3-star URL;
- a puzzle list on pzprxs.vercel.app (another pzprjs host): the 10x10 2-star one.
"""

from __future__ import annotations

import json
import random
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens_sat import Puzzle, solve
from queens_sat.cli import main
from queens_sat.formats import detect_format, format_puzzle, parse_puzzle, read_puzzles
from queens_sat.formats.puzzlink import borders_code, parse_puzzlink, puzzle_to_puzzlink
from queens_sat.formats.regionlist import parse_region_list, puzzle_to_region_list
from queens_sat.model.errors import FormatError, PuzzleError

PZPRJS_TEST = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
CSPUZ_TEST = "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"
REAL_URLS = [
    PZPRJS_TEST,
    CSPUZ_TEST,
    "https://puzz.link/p?starbattle/10/10/2/5g252c2qkgbakk98igse7g88cp3730so000u",
    "https://puzz.link/p?starbattle/10/10/2/l95las9vb5mmurbelo2m849c5gp068ci9029",
    "https://puzz.link/p?starbattle/12/12/2/g0410igil9ck6q3l12glrcp12c081pu07do1ge6c0g0m0628gdkcn0",
    "https://puzz.link/p?starbattle/13/13/2/40142jhssb4ij4491m8d6b0io4k8ab003vosuc02181v3e00o00fo3g00073phsg",
    "https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g",
    "https://puzz.link/p?starbattle/15/15/3/31g94h1gk30glmiuum28c52kl8mh0i10o51gh4i1go2h84a4802gt5hah8la6046hc9aign1ga18424a42h8",
    "https://pzprxs.vercel.app/p?starbattle/10/10/2/00lhksmullfd75hm00u85lakb8442q5alk2f",
]
# The 5x5 task shown in a page's source ("var task = '...'"), as quoted in a public write-up of
# how puzzle-star-battle.com serves its puzzles.
SITE_TASK = "1,2,2,2,3,1,4,4,4,3,1,3,3,3,3,1,1,1,5,5,1,1,5,5,5"


@pytest.mark.parametrize("url", REAL_URLS)
def test_real_urls_round_trip_and_are_unique(url: str) -> None:
    puzzle = parse_puzzlink(url)
    prefix, query = url.split("?")
    assert puzzle_to_puzzlink(puzzle, prefix) == url
    assert parse_puzzlink(puzzle_to_puzzlink(puzzle)) == puzzle
    n, stars = (int(x) for x in query.split("/")[1:4:2])
    assert (puzzle.n, puzzle.stars) == (n, stars)
    assert solve(puzzle, backend="cpsat").is_unique  # published puzzles have one solution


def test_pzprjs_own_test_board_decodes_to_its_file_regions_and_answer() -> None:
    puzzle = parse_puzzlink(PZPRJS_TEST)
    # pzprjs's file form of the same board: "0 0 0 1 1 1 /0 1 1 1 2 2 /..."
    assert [list(row) for row in puzzle.regions or ()] == [
        [0, 0, 0, 1, 1, 1],
        [0, 1, 1, 1, 2, 2],
        [0, 3, 3, 4, 4, 2],
        [5, 5, 3, 3, 4, 2],
        [5, 4, 4, 4, 4, 2],
        [5, 2, 2, 2, 2, 2],
    ]
    # its accepted answer ("+ # + + + + /+ + + # + + /..."): a star in these columns
    assert solve(puzzle).solutions == ((1, 3, 5, 2, 4, 0),)


def test_cspuz_test_board_has_its_walls_and_solution() -> None:
    puzzle = parse_puzzlink(CSPUZ_TEST)
    regions = puzzle.regions
    assert regions is not None
    walls_between_columns = [
        [0, 0, 0, 1, 0],
        [1, 1, 1, 1, 0],
        [0, 1, 0, 0, 1],
        [1, 0, 0, 0, 0],
        [1, 0, 1, 1, 1],
        [0, 1, 0, 0, 1],
    ]
    walls_between_rows = [
        [0, 1, 1, 0, 0, 0],
        [1, 0, 0, 1, 1, 0],
        [0, 1, 1, 1, 1, 0],
        [0, 1, 1, 0, 1, 1],
        [0, 1, 0, 1, 0, 0],
    ]
    assert [[int(regions[r][c] != regions[r][c + 1]) for c in range(5)] for r in range(6)] == walls_between_columns
    assert [[int(regions[r][c] != regions[r + 1][c]) for c in range(6)] for r in range(5)] == walls_between_rows
    assert solve(puzzle).solutions == ((1, 4, 2, 0, 5, 3),)


@pytest.mark.parametrize(
    "url",
    [
        "http://pzv.jp/p.html?starbattle/6/6/1/4ilbhgdnmhou",
        "https://puzz.link/p?type=player&starbattle/6/6/1/4ilbhgdnmhou",
        "https://puzz.link/p?starbattle_edit/6/6/1/4ilbhgdnmhou",
        "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou/",
        "starbattle/6/6/1/4ilbhgdnmhou",
        "  https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou  ",
    ],
)
def test_the_hosts_and_prefixes_pzprjs_reads(url: str) -> None:
    assert parse_puzzlink(url) == parse_puzzlink(PZPRJS_TEST)


def test_a_border_string_that_stops_early_leaves_the_rest_open() -> None:
    # as pzprjs: the walls the string leaves out are absent. Only the first wall: two regions
    # on a 2-row board would not be 2 regions, so use a 1x1 board... and a full 4x4 cut in rows.
    rows = Puzzle(["AAAA", "BBBB", "CCCC", "DDDD"])
    code = borders_code(rows.regions or ())
    assert code.startswith("000")  # no walls between side-by-side cells
    assert parse_puzzlink(f"starbattle/4/4/1/{code}") == rows
    with pytest.raises(FormatError, match="1 regions"):
        parse_puzzlink("starbattle/4/4/1/")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("https://puzz.link/p?nurikabe/6/6/1/4ilbhgdnmhou", "not a Star Battle URL"),
        ("https://puzz.link/p?starbattle/6/8/1/4ilbhgdnmhou", "only square boards"),
        ("https://puzz.link/p?starbattle/6/6/x/4ilbhgdnmhou", "stars must be a whole number"),
        ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhoz", "border character 12 is 'z'"),
        ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou0", "take 12 characters"),
        ("https://puzz.link/p?starbattle/6/6/1/0000000000", "cut the 6x6 board into"),
        ("https://puzz.link/p?starbattle/6/6", "expected starbattle/COLS/ROWS/STARS/BORDERS"),
        ("https://puzz.link/p?starbattle/65/65/1/", "between 1 and 64"),
        ("https://puzz.link/p?starbattle/6/6/2/4ilbhgdnmhou", "cannot hold 2 stars a row"),
        ("https://puzz.link/p?pzprv3/starbattle/6/6/1/", "pzprv3 file"),
    ],
)
def test_bad_urls_say_what_is_wrong(url: str, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        parse_puzzlink(url)


def test_what_a_url_cannot_hold_is_refused_on_writing() -> None:
    puzzle = parse_puzzlink(PZPRJS_TEST)
    with pytest.raises(FormatError, match="no place for given stars"):
        puzzle_to_puzzlink(puzzle.replace(queens=[(0, 1)]))
    with pytest.raises(FormatError, match="no place for given stars"):
        puzzle_to_puzzlink(puzzle.replace(blocked=[(0, 0)]))
    with pytest.raises(FormatError, match="no-touch"):
        puzzle_to_puzzlink(puzzle.replace(rule="queens"))
    with pytest.raises(FormatError, match="needs regions"):
        puzzle_to_puzzlink(Puzzle(n=6))
    with pytest.raises(FormatError, match="split into 2"):
        puzzle_to_puzzlink(Puzzle(["ABA", "BBB", "CCC"]))


def test_region_lists_read_and_write() -> None:
    puzzle = parse_region_list(SITE_TASK)
    assert puzzle.label_rows() == ["ABBBC", "ADDDC", "ACCCC", "AAAEE", "AAEEE"]
    assert puzzle_to_region_list(puzzle) == SITE_TASK
    assert parse_region_list(f"'{SITE_TASK}'") == puzzle  # as it stands in the page's source
    assert parse_region_list(SITE_TASK.replace(",", ", ")) == puzzle
    zero_based = ",".join(str(int(x) - 1) for x in SITE_TASK.split(","))
    assert parse_region_list(zero_based) == puzzle
    two = parse_puzzlink(REAL_URLS[2])
    with pytest.warns(UserWarning, match="--stars 2"):
        text = puzzle_to_region_list(two)
    assert parse_region_list(text) == two.replace(stars=1)


@pytest.mark.parametrize(
    ("task", "message"),
    [
        ("1,2,3", "do not fill a square board"),
        ("1,2,x,1", "item 3 is 'x'"),
        ("1,1,1,1", "1 different region numbers on a 2x2 board"),
        ("1,2,2,2,3,1,4,4,4,3,1,3,3,3,3,1,1,1,5,5,1,1,5,5,6", "6 different region numbers"),
    ],
)
def test_bad_region_lists_say_where(task: str, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        parse_region_list(task)


def test_item_errors_name_the_cell() -> None:
    with pytest.raises(PuzzleError, match="r2c1"):
        parse_region_list("1,2,2,-,3,3,4,4,1")


def test_formats_are_detected_and_read_line_by_line(tmp_path) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text("# two puzzles\n" + REAL_URLS[0] + "\n\nhttps://puzz.link/p?starbattle/6/6/1/zz\n" + REAL_URLS[2] + "\n")
    records = list(read_puzzles(urls))
    assert [r.line for r in records] == [2, 4, 5]
    assert records[0].puzzle == parse_puzzlink(REAL_URLS[0]) and records[0].stars_stated
    assert records[1].error is not None and "urls.txt:4" in str(records[1].error)
    assert records[2].puzzle is not None and records[2].puzzle.stars == 2
    tasks = tmp_path / "tasks.txt"
    tasks.write_text(SITE_TASK + "\n")
    (record,) = read_puzzles(tasks)
    assert record.puzzle == parse_region_list(SITE_TASK) and not record.stars_stated
    assert detect_format("-", REAL_URLS[1]) == "puzzlink"
    assert detect_format("-", SITE_TASK) == "regionlist"
    assert detect_format("-", "AB\nBA\n") == "text"
    assert parse_puzzle(REAL_URLS[1]) == parse_puzzlink(REAL_URLS[1])
    assert format_puzzle(parse_puzzlink(REAL_URLS[1]), "puzzlink") == REAL_URLS[1] + "\n"


def test_convert_writes_every_format_and_reads_them_back(tmp_path, capsys) -> None:
    src = tmp_path / "urls.txt"
    src.write_text("\n".join(REAL_URLS[2:4]) + "\n")
    assert main(["convert", str(src), "--to", "jsonl"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["stars"] for line in lines] == [2, 2]
    jsonl = tmp_path / "p.jsonl"
    jsonl.write_text("\n".join(lines) + "\n")
    assert main(["convert", str(jsonl), "--to", "puzzlink"]) == 0
    assert capsys.readouterr().out.splitlines() == REAL_URLS[2:4]
    out = tmp_path / "tasks.txt"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert main(["convert", str(jsonl), "--to", "regionlist", "--out", str(out)]) == 0
    assert main(["convert", str(out), "--stars", "2", "--to", "puzzlink"]) == 0
    assert capsys.readouterr().out.splitlines() == REAL_URLS[2:4]


def test_convert_refuses_givens_in_a_url_with_the_reason(tmp_path, capsys) -> None:
    src = tmp_path / "p.json"
    src.write_text(json.dumps({"regions": ["AAB", "AAB", "CCC"], "givens": {"blocked": [[0, 0]]}}))
    assert main(["convert", str(src), "--to", "puzzlink"]) == 2
    assert "no place for given stars" in capsys.readouterr().err


def test_stars_option_fills_in_only_records_that_do_not_say(tmp_path, capsys) -> None:
    src = tmp_path / "mixed.jsonl"
    ten = parse_puzzlink(REAL_URLS[2])
    rows = ten.label_rows()
    src.write_text(
        json.dumps({"id": "said", "regions": rows, "stars": 2}) + "\n" + json.dumps({"id": "unsaid", "regions": rows}) + "\n"
    )
    assert main(["count", str(src), "--stars", "2", "--json", "--backend", "cpsat"]) == 0
    counts = {r["id"]: r["count"] for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert counts == {"said": 1, "unsaid": 1}
    # a record that states its stars keeps them: stated 1 stays 1
    src.write_text(json.dumps({"id": "one", "regions": rows, "stars": 1}) + "\n")
    main(["count", str(src), "--stars", "2", "--json", "--backend", "cpsat"])
    one_star = solve(ten.replace(stars=1), backend="cpsat", limit=None, keep=0).count
    assert json.loads(capsys.readouterr().out)["count"] == one_star != 1


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789abcvwxyz/?.:_=&, -", max_size=80))
def test_any_text_is_a_puzzle_or_a_clear_error(text: str) -> None:
    for parse in (parse_puzzlink, parse_region_list):
        try:
            parse(text)
        except PuzzleError:
            pass


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 12), st.integers(0, 2**32))
def test_every_connected_board_round_trips_through_a_url(n: int, seed: int) -> None:
    from helpers import random_regions

    puzzle = Puzzle(random_regions(n, random.Random(seed)))
    assert _same_regions(parse_puzzlink(puzzle_to_puzzlink(puzzle)), puzzle)
    assert _same_regions(parse_region_list(puzzle_to_region_list(puzzle)), puzzle)


def _same_regions(a: Puzzle, b: Puzzle) -> bool:
    """Whether two boards cut the cells into the same regions, whatever the numbering."""
    n = a.n
    cells = [(r, c) for r in range(n) for c in range(n)]
    ra, rb = a.regions or (), b.regions or ()
    return a.n == b.n and all((ra[r][c] == ra[s][t]) == (rb[r][c] == rb[s][t]) for r, c in cells for s, t in cells)


# ---------------------------------------------------------------- output and plumbing for k > 1
TEN = REAL_URLS[2]


def test_stars_keyword_on_the_public_calls() -> None:
    from queens_sat import count_solutions, is_unique, iter_solutions
    from queens_sat.model.puzzle import as_puzzle

    puzzle = parse_puzzlink(TEN)
    grid = [list(row) for row in puzzle.regions or ()]
    assert is_unique(grid, stars=2, backend="cpsat")
    assert count_solutions(grid, stars=2, backend="sat") == 1
    assert solve(grid, stars=2, backend="cpsat").solutions == solve(puzzle, backend="cpsat").solutions
    assert list(iter_solutions(grid, stars=2, backend="cpsat")) == list(solve(puzzle, backend="cpsat").solutions)
    assert as_puzzle(puzzle) is puzzle and as_puzzle(puzzle, stars=2) is puzzle
    one = as_puzzle(puzzle, stars=1)
    assert one.stars == 1 and puzzle.stars == 2  # a copy; the puzzle itself is unchanged
    assert count_solutions(puzzle, stars=1, backend="cpsat") == count_solutions(one, backend="cpsat") != 1
    with pytest.raises(PuzzleError, match="cannot hold 3 stars"):
        as_puzzle(grid, stars=3)


def test_json_output_shows_a_k_star_solution_row_by_row(tmp_path, capsys) -> None:
    src = tmp_path / "ten.txt"
    src.write_text(TEN + "\n")
    expected = solve(parse_puzzlink(TEN), backend="cpsat").solutions[0]
    rows = [list(expected[2 * r : 2 * r + 2]) for r in range(10)]
    assert main(["solve", str(src), "--json", "--backend", "cpsat"]) == 0
    assert json.loads(capsys.readouterr().out)["solution"] == rows
    assert main(["check", str(src), "--json", "--backend", "sat", "--no-logic"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["stars"] == 2 and report["solutions"] == [rows]
    assert main(["solve", str(src), "--all", "--json", "--backend", "cpsat"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[0])["solution"] == rows
    assert main(["solve", str(src), "--backend", "cpsat", "--no-color"]) == 0
    text = capsys.readouterr().out
    assert str(rows) in text and "A" in text
    # k = 1 keeps its flat column list
    six = tmp_path / "six.txt"
    six.write_text(PZPRJS_TEST + "\n")
    assert main(["solve", str(six), "--json", "--backend", "cpsat"]) == 0
    assert json.loads(capsys.readouterr().out)["solution"] == [1, 3, 5, 2, 4, 0]


def test_the_terminal_and_pictures_draw_stars_not_crowns(tmp_path) -> None:
    from queens_sat.services.render import BoardState, board_svg, render_board
    from queens_sat.services.render.terminal import QUEEN, STAR, board_lines

    puzzle = parse_puzzlink(TEN)
    solution = solve(puzzle, backend="cpsat").solutions[0]
    lines = board_lines(puzzle, solution, queen=QUEEN)
    assert sum(line.count(STAR) for line in lines) == 20 and not any(QUEEN in line for line in lines)
    assert lines[0].split()[solution[0]] == STAR and lines[0].split()[solution[1]] == STAR
    assert sum(line.count("*") for line in board_lines(puzzle, solution, queen="*")) == 20
    queens = board_lines(parse_puzzlink(PZPRJS_TEST), (1, 3, 5, 2, 4, 0), queen=QUEEN)
    assert sum(line.count(QUEEN) for line in queens) == 6  # k = 1 keeps its queens
    svg = board_svg(puzzle.replace(queens=[(0, solution[0])]), BoardState.solved(solution, stars=2))
    assert svg.count('class="queen star"') == 19 and svg.count('class="given-queen star"') == 1
    assert 'class="queen"' not in svg
    one = board_svg(parse_puzzlink(PZPRJS_TEST), BoardState.solved((1, 3, 5, 2, 4, 0)))
    assert one.count('class="queen"') == 6 and "star" not in one
    png = render_board(puzzle, tmp_path / "ten.png", solution=solution)
    assert png.stat().st_size > 0


def test_a_board_without_regions_takes_stars_from_the_command_line(capsys) -> None:
    assert main(["count", "--n", "9", "--stars", "2", "--backend", "cpsat", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 664
    assert main(["count", "--n", "6", "--stars", "2", "--backend", "cpsat"]) == 2
    assert "cannot hold 2 stars a row" in capsys.readouterr().err


def test_a_puzzlink_url_in_place_of_a_file_is_the_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    from queens_sat.cli import main as cli_main

    url = "https://puzz.link/p?starbattle/10/10/2/20gaicgha5ik595a2463ke3gfj3d5e06b0go"
    assert cli_main(["check", "--no-logic", url]) == 0
    assert "unique [10x10, 2 stars" in capsys.readouterr().out
    assert cli_main(["check", "--no-logic", url[:-10]]) == 2
    assert "regions" in capsys.readouterr().err
