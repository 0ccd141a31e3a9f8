"""The image reader: boards found in screenshots of every kind, sized, and their regions read
exactly; the givens drawn on them; refusals that name the reason; doubts said as warnings."""

from __future__ import annotations

import io
import warnings

import numpy as np
import pytest
from helpers import EXAMPLES
from pictures import paint, same_regions, shot
from synthetic_shots import KINDS

from queens_sat import ImageRead, ImageReadError, ImageReadWarning, read_puzzle, read_puzzle_image
from queens_sat.formats import read_puzzles
from queens_sat.formats.image import ImageOptions, is_image
from queens_sat.model.errors import FormatError

UNIQUE_8 = read_puzzle(EXAMPLES / "unique-8.json")


# --- every kind of screenshot, read exactly ----------------------------------------


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", [0, 1])
def test_every_kind_of_screenshot_is_read_exactly(kind, seed):
    made = shot(kind, seed)
    read = read_puzzle_image(made.data, read_marks=made.marks, stars=made.truth.stars)
    assert same_regions(read.puzzle, made.truth), (made.name, read.puzzle.label_rows(), made.truth.label_rows())
    assert read.n == made.truth.n
    if made.marks:
        assert read.puzzle.queens == made.truth.queens and read.puzzle.blocked == made.truth.blocked


def test_a_board_in_one_colour_is_read_from_its_borders():
    made = shot("starbattle", 3)
    read = read_puzzle_image(made.data, stars=made.truth.stars)
    assert read.method == "borders" and same_regions(read.puzzle, made.truth)


def test_a_coloured_board_is_read_from_its_colours_and_says_where_it_is():
    read = read_puzzle_image(paint(UNIQUE_8.regions, margin=30, cell=50))
    assert read.method == "colours" and read.puzzle == UNIQUE_8 and not read.warnings
    assert read.board == pytest.approx((30, 30, 430, 430), abs=3) and read.cell == pytest.approx(50, abs=0.5)
    out = read.as_dict()
    assert out["n"] == 8 and out["method"] == "colours" and out["board"]["left"] == pytest.approx(30, abs=3)


def test_stars_and_rule_are_taken_as_given():
    made = shot("starbattle", 0)
    read = read_puzzle_image(made.data, stars=made.truth.stars, rule="no-touch")
    assert read.puzzle.stars == made.truth.stars
    assert read_puzzle_image(paint(UNIQUE_8.regions), rule="queens").puzzle.rule == "queens"


def test_many_random_boards_in_the_plain_look():
    import random

    from synthetic_shots import random_puzzle

    rng = random.Random(5)
    for _ in range(12):
        puzzle, _ = random_puzzle(rng.randint(5, 10), rng)
        picture = paint(puzzle.regions, cell=rng.randint(24, 60), thin=rng.choice((1, 2)), thick=rng.choice((3, 4, 5)))
        assert read_puzzle_image(picture).puzzle.regions == puzzle.regions


# --- marks ----------------------------------------------------------------------------


def test_marks_are_givens_only_when_asked():
    made = shot("marks", 2)
    plain = read_puzzle_image(made.data)
    assert not plain.puzzle.queens and not plain.puzzle.blocked and not plain.marks
    marked = read_puzzle_image(made.data, read_marks=True)
    assert marked.puzzle.queens == made.truth.queens and marked.puzzle.blocked == made.truth.blocked
    assert marked.marks == {"queens": len(made.truth.queens), "blocked": len(made.truth.blocked)}


def test_marks_that_break_the_rules_are_refused_with_the_reason():
    from queens_sat.services.render import BoardState, board_image

    picture = board_image(UNIQUE_8, BoardState(queens=frozenset({(0, 0), (0, 3)})))
    buffer = io.BytesIO()
    picture.save(buffer, "PNG")
    with pytest.raises(ImageReadError, match="marks read from the picture are not a puzzle"):
        read_puzzle_image(buffer.getvalue(), read_marks=True)


# --- refusals ---------------------------------------------------------------------


def test_bytes_that_are_no_picture_are_refused():
    with pytest.raises(ImageReadError, match="not a PNG, JPEG or WebP picture"):
        read_puzzle_image(b"GIF89a not today")
    with pytest.raises(ImageReadError, match="empty"):
        read_puzzle_image(b"")


def test_a_cut_short_picture_is_refused():
    data = paint(UNIQUE_8.regions)
    with pytest.raises(ImageReadError, match="damaged or cut short"):
        read_puzzle_image(data[: len(data) // 2])


def test_a_picture_too_large_is_refused_before_it_is_decoded(monkeypatch):
    from queens_sat.formats.image import decode

    monkeypatch.setattr(decode, "MAX_PIXELS", 10_000)
    with pytest.raises(ImageReadError, match="over the limit"):
        read_puzzle_image(paint(UNIQUE_8.regions))


def test_a_picture_without_a_board_is_refused():
    from PIL import Image

    rng = np.random.default_rng(1)
    noise = Image.fromarray(rng.integers(0, 255, (300, 400, 3), dtype=np.uint8))
    plain = Image.new("RGB", (400, 300), "#F4F2EE")
    for picture in (noise, plain):
        buffer = io.BytesIO()
        picture.save(buffer, "PNG")
        with pytest.raises(ImageReadError, match=r"no board found|could not size its grid|grid found does not"):
            read_puzzle_image(buffer.getvalue())


def test_a_board_with_fewer_colours_than_rows_is_refused():
    regions = [list(row) for row in UNIQUE_8.regions]
    colours = list(("#AF96DC", "#FBBF81", "#85B5FC", "#A5D995", "#D9D9D9", "#F96C51", "#DCF079", "#ACA58E"))
    colours[7] = colours[6]  # regions G and H drawn alike, with a thin line between them
    picture = paint(regions, colours, thick=1)
    with pytest.raises(ImageReadError, match="8x8 board"):
        read_puzzle_image(picture)


def test_a_board_in_one_colour_with_lines_all_alike_is_refused():
    picture = paint([[0] * 6 for _ in range(6)], ["#FFFFFF"], thick=1)
    with pytest.raises(ImageReadError, match="one colour"):
        read_puzzle_image(picture)


def test_a_region_in_two_parts_is_refused():
    regions = [list(row) for row in UNIQUE_8.regions]
    regions[7][7] = regions[7][0]  # H's colour in the far corner too: 8 colours, 9 parts
    with pytest.raises(ImageReadError, match="do not give 8 connected regions"):
        read_puzzle_image(paint(regions, thick=1))


def test_two_regions_of_one_colour_apart_are_read_with_a_warning():
    colours = ["#AF96DC", "#FBBF81", "#85B5FC", "#A5D995", "#D9D9D9", "#F96C51", "#DCF079", "#AF96DC"]  # A and H alike
    read = read_puzzle_image(paint(UNIQUE_8.regions, colours, thick=1))
    assert read.puzzle == UNIQUE_8
    assert any("have one colour" in w for w in read.warnings)


def test_an_error_names_the_file(tmp_path):
    path = tmp_path / "shot.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n broken")
    with pytest.raises(FormatError, match=r"shot\.png"):
        read_puzzle(path)


# --- doubts ---------------------------------------------------------------------------


def test_a_shaded_cell_is_read_into_its_region_with_a_warning():
    regions = [list(row) for row in UNIQUE_8.regions]
    picture = paint(regions, thick=1)  # no thick borders to confirm the colours
    from PIL import Image, ImageEnhance

    image = Image.open(io.BytesIO(picture)).convert("RGB")
    box = (12 + 3 * 40 + 2, 12 + 4 * 40 + 2, 12 + 4 * 40 - 2, 12 + 5 * 40 - 2)  # row 4, column 3
    image.paste(ImageEnhance.Brightness(image.crop(box)).enhance(0.8), box[:2])
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    read = read_puzzle_image(buffer.getvalue())
    assert read.puzzle == UNIQUE_8
    assert any("r5c4" in w and "shade" in w for w in read.warnings)


def test_close_colours_are_read_with_a_warning():
    colours = list(("#AF96DC", "#FBBF81", "#85B5FC", "#A5D995", "#D9D9D9", "#F96C51", "#DCF079", "#ACA58E"))
    colours[6] = "#D6E67C"  # G close to the yellow-green of... nothing; H close to G
    colours[7] = "#CBE58A"
    read = read_puzzle_image(paint(UNIQUE_8.regions, colours, thick=1))
    assert read.puzzle == UNIQUE_8
    assert any("close colours" in w for w in read.warnings)
    confirmed = read_puzzle_image(paint(UNIQUE_8.regions, colours))  # thick borders part the same regions
    assert confirmed.puzzle == UNIQUE_8 and not confirmed.warnings


def test_read_puzzle_issues_the_doubts_as_warnings(tmp_path):
    regions = [list(row) for row in UNIQUE_8.regions]
    from PIL import Image, ImageEnhance

    image = Image.open(io.BytesIO(paint(regions, thick=1))).convert("RGB")
    box = (12 + 2, 12 + 2, 12 + 40 - 2, 12 + 40 - 2)
    image.paste(ImageEnhance.Brightness(image.crop(box)).enhance(0.8), box[:2])
    path = tmp_path / "shot.png"
    image.save(path)
    with pytest.warns(ImageReadWarning, match=r"shot\.png"):
        assert read_puzzle(path) == UNIQUE_8


# --- as a format ------------------------------------------------------------------


def test_pictures_are_told_by_suffix_and_by_magic_bytes(tmp_path):
    data = paint(UNIQUE_8.regions)
    assert is_image(data[:12])
    nameless = tmp_path / "board"
    nameless.write_bytes(data)
    assert read_puzzle(nameless) == UNIQUE_8
    jpeg = tmp_path / "board.JPG"
    jpeg.write_bytes(paint(UNIQUE_8.regions, fmt="JPEG"))
    assert read_puzzle(jpeg) == UNIQUE_8
    webp = tmp_path / "board.webp"
    webp.write_bytes(paint(UNIQUE_8.regions, fmt="WEBP"))
    assert read_puzzle(webp) == UNIQUE_8


def test_a_text_file_named_like_a_picture_and_a_picture_read_as_text(tmp_path):
    fake = tmp_path / "board.png"
    fake.write_text('{"regions": ["AB", "BA"]}')
    [record] = read_puzzles(fake)
    assert record.error is not None and "not a PNG, JPEG or WebP picture" in str(record.error)
    picture = tmp_path / "board.json"
    picture.write_bytes(paint(UNIQUE_8.regions))
    [record] = read_puzzles(picture, "image")
    assert record.puzzle == UNIQUE_8


def test_a_record_of_a_picture_carries_the_read(tmp_path):
    path = tmp_path / "shot.png"
    path.write_bytes(paint(UNIQUE_8.regions))
    [record] = read_puzzles(path)
    assert record.puzzle == UNIQUE_8 and record.warnings == [] and record.meta["read"]["method"] == "colours"
    assert not record.stars_stated  # --stars fills it in


def test_transparent_and_palette_and_grey_pictures_are_read(tmp_path):
    from PIL import Image

    image = Image.open(io.BytesIO(paint(UNIQUE_8.regions, margin=20))).convert("RGBA")
    pixels = np.asarray(image).copy()
    pixels[:10, :, 3] = 0  # a transparent strip above the board
    variants = [Image.fromarray(pixels, "RGBA"), image.convert("P", palette=Image.Palette.ADAPTIVE, colors=64)]
    for variant in variants:
        buffer = io.BytesIO()
        variant.save(buffer, "PNG")
        assert read_puzzle_image(buffer.getvalue()).puzzle == UNIQUE_8


def test_a_turned_phone_photo_is_read_upright():
    from PIL import Image

    image = Image.open(io.BytesIO(paint(UNIQUE_8.regions))).convert("RGB").rotate(90, expand=True)
    exif = Image.Exif()
    exif[0x0112] = 6  # "turn a quarter clockwise to show", as a phone held sideways writes it
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=92, exif=exif)
    assert read_puzzle_image(buffer.getvalue()).puzzle == UNIQUE_8


def test_the_debug_picture_shows_the_read(tmp_path):
    data = paint(UNIQUE_8.regions)
    out = tmp_path / "debug.png"
    read = read_puzzle_image(data, debug_image=out)
    from PIL import Image

    drawn = Image.open(out)
    original = Image.open(io.BytesIO(data))
    assert drawn.width == original.width and drawn.height > original.height  # the verdict strip above
    assert isinstance(read, ImageRead)


def test_the_debug_picture_is_written_for_a_refused_read_too(tmp_path):
    out = tmp_path / "debug.png"
    with pytest.raises(ImageReadError):
        read_puzzle_image(paint([[0] * 6 for _ in range(6)], ["#FFFFFF"], thick=1), debug_image=out)
    assert out.exists()


def test_options_reach_the_reader_through_read_puzzles(tmp_path):
    made = shot("marks", 1)
    path = tmp_path / f"shot{made.suffix}"
    path.write_bytes(made.data)
    [record] = read_puzzles(path, image=ImageOptions(read_marks=True, debug_image=str(tmp_path / "d.png")))
    assert record.puzzle is not None and record.puzzle.queens == made.truth.queens
    assert (tmp_path / "d.png").exists()


def test_no_warning_is_issued_for_a_clean_board(tmp_path):
    path = tmp_path / "clean.png"
    path.write_bytes(paint(UNIQUE_8.regions))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert read_puzzle(path) == UNIQUE_8


@pytest.mark.parametrize("side", ["right", "left"])
def test_a_board_cut_at_the_pictures_edge_is_refused_with_that_reason(side):
    """A 10x10 board of which the picture holds 8.5 columns is not read as a smaller board."""
    import random

    from helpers import random_regions
    from PIL import Image

    regions = random_regions(10, random.Random(3))
    board = Image.open(io.BytesIO(paint(regions))).convert("RGB")  # 10 cells of 40 px, a margin of 12
    canvas = Image.new("RGB", (900, 600), "#f4f4f4")
    canvas.paste(board, (300, 80))
    keep = (0, 0, 300 + 12 + 340, 600) if side == "right" else (300 + 12 + 60, 0, 900, 600)
    out = io.BytesIO()
    canvas.crop(keep).save(out, "PNG")
    with pytest.raises(ImageReadError, match=f"cut off at the {side} edge of the picture"):
        read_puzzle_image(out.getvalue())
    whole = io.BytesIO()
    canvas.save(whole, "PNG")
    assert read_puzzle_image(whole.getvalue()).n == 10  # the whole board is read
