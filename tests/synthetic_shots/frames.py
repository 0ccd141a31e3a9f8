"""Browser windows and phone screens drawn round a board, and what screenshots go through
afterwards (scaling, blur, JPEG).

The frames are busy on purpose: tab strips, an address bar, a site's top bar with
coloured icons, cards of text lines, buttons, a colourful advert; in light and dark
themes. None of it is a grid of squares, but much of it is long straight edges and
rectangles, which is what the board finder must look past.
"""

from __future__ import annotations

import io
import random
from typing import Any

from synthetic_shots.looks import DrawnBoard

LIGHT = {"page": "#F4F2EE", "card": "#FFFFFF", "chrome": "#DEE1E6", "tab": "#FFFFFF", "text": "#5F6368", "line": "#D0D0D0",
         "ink": "#191919", "button": "#E8E8E8"}
DARK = {"page": "#1B1F23", "card": "#1D2226", "chrome": "#202124", "tab": "#35363A", "text": "#BDC1C6", "line": "#3C4043",
        "ink": "#E8E8E8", "button": "#38434F"}
ICON_COLOURS = ("#0A66C2", "#E7A33E", "#5F9B41", "#C37D16", "#DF704D", "#8F5849", "#44712E")


def _font(size: float) -> Any:
    from PIL import ImageFont

    return ImageFont.load_default(size=max(8, round(size)))


def _text_lines(draw: Any, x: int, y: int, width: int, count: int, colour: str, rng: random.Random, height: int = 10) -> int:
    """Grey bars standing for lines of text; returns the y below them."""
    for _ in range(count):
        draw.rounded_rectangle([x, y, x + int(width * rng.uniform(0.4, 1.0)), y + height], radius=height // 2, fill=colour)
        y += int(height * 2.2)
    return y


def _board_on(canvas: Any, board: DrawnBoard, side: int, at: tuple[int, int], rng: random.Random) -> None:
    """Paste the board scaled so that its square is ``side`` pixels, its top-left corner at ``at``."""
    from PIL import Image

    left, top, right, bottom = board.box
    crop = board.image.crop((left, top, right, bottom))
    method = rng.choice((Image.Resampling.LANCZOS, Image.Resampling.BICUBIC, Image.Resampling.BILINEAR))
    canvas.paste(crop.resize((side, side), method), at)


def browser(
    board: DrawnBoard, rng: random.Random, *, dark: bool = False, side: int | None = None, size: tuple[int, int] | None = None
) -> Any:
    """A desktop browser window (of ``size``, else a common screen size) showing the game page with the board in it."""
    from PIL import Image, ImageDraw

    theme = DARK if dark else LIGHT
    width, height = size or rng.choice(((1920, 1080), (1440, 900), (1366, 768), (1680, 1050), (1280, 800)))
    canvas = Image.new("RGB", (width, height), theme["page"])
    draw = ImageDraw.Draw(canvas)
    font = _font(13)
    # tab strip and tabs
    draw.rectangle([0, 0, width, 40], fill=theme["chrome"])
    x = 8
    for i in range(rng.randint(2, 6)):
        w = rng.randint(160, 240)
        draw.rounded_rectangle([x, 6, x + w, 48], radius=8, fill=theme["tab"] if i == 0 else theme["chrome"], outline=theme["line"])
        draw.ellipse([x + 10, 16, x + 26, 32], fill=rng.choice(ICON_COLOURS))
        title = rng.choice(("Queens | LinkedIn", "Inbox (3)", "Docs", "Star Battle", "News", "Search"))
        draw.text((x + 34, 16), title, fill=theme["text"], font=font)
        x += w + 4
    # address bar and bookmarks
    draw.rectangle([0, 40, width, 84], fill=theme["tab"])
    draw.rounded_rectangle([120, 46, width - 160, 78], radius=16, fill=theme["chrome"])
    draw.text((140, 54), "https://www.linkedin.com/games/queens/", fill=theme["text"], font=font)
    for i in range(3):
        draw.ellipse([16 + 32 * i, 52, 36 + 32 * i, 72], outline=theme["text"], width=2)
    draw.line([0, 84, width, 84], fill=theme["line"])
    # the site's top bar with icons
    top = 85
    draw.rectangle([0, top, width, top + 52], fill=theme["card"])
    for i in range(rng.randint(5, 8)):
        cx = width // 2 - 200 + i * 80
        draw.rounded_rectangle([cx, top + 8, cx + 24, top + 32], radius=5, fill=rng.choice(ICON_COLOURS))
        draw.text((cx - 6, top + 36), rng.choice(("Home", "Network", "Jobs", "Messaging", "Me")), fill=theme["text"], font=_font(11))
    draw.line([0, top + 52, width, top + 52], fill=theme["line"])
    # columns: left cards, the game card, right advert
    body = top + 70
    board_side = side or int((height - body - 150) * rng.uniform(0.7, 0.95))
    card_w = board_side + 80
    card_x = (width - card_w) // 2 + rng.randint(-60, 60)
    if card_x > 260:
        y = body
        for _ in range(2):
            draw.rounded_rectangle([card_x - 250, y, card_x - 20, y + 160], radius=8, fill=theme["card"], outline=theme["line"])
            _text_lines(draw, card_x - 230, y + 20, 190, 5, theme["line"], rng)
            y += 180
    right = card_x + card_w + 20
    if right + 260 < width:
        draw.rounded_rectangle([right, body, right + 250, body + 260], radius=8, fill=theme["card"], outline=theme["line"])
        ad = Image.linear_gradient("L").resize((230, 120)).convert("RGB")
        tint = Image.new("RGB", ad.size, rng.choice(ICON_COLOURS))
        canvas.paste(Image.blend(ad, tint, 0.6), (right + 10, body + 10))
        _text_lines(draw, right + 16, body + 150, 210, 4, theme["line"], rng)
    card_h = board_side + 170
    draw.rounded_rectangle([card_x, body, card_x + card_w, body + card_h], radius=10, fill=theme["card"], outline=theme["line"])
    draw.text((card_x + 40, body + 16), "Queens", fill=theme["ink"], font=_font(22))
    draw.text((card_x + card_w - 110, body + 20), f"0:{rng.randint(0, 59):02d}", fill=theme["text"], font=_font(16))
    _board_on(canvas, board, board_side, (card_x + 40, body + 60), rng)
    by = body + 60 + board_side + 24
    for i, label in enumerate(("Undo", "Hint")):
        bx = card_x + 40 + i * (board_side // 2 + 10)
        draw.rounded_rectangle([bx, by, bx + board_side // 2 - 10, by + 36], radius=18, fill=theme["button"], outline=theme["line"])
        draw.text((bx + board_side // 4 - 20, by + 10), label, fill=theme["ink"], font=font)
    return canvas


def phone(board: DrawnBoard, rng: random.Random, *, dark: bool = False) -> Any:
    """A phone screen in portrait showing the game with the board near full width."""
    from PIL import Image, ImageDraw

    theme = DARK if dark else LIGHT
    width, height = rng.choice(((1080, 2340), (720, 1600), (1170, 2532), (1080, 2400), (828, 1792)))
    s = width / 1080
    canvas = Image.new("RGB", (width, height), "#000000" if dark and rng.random() < 0.5 else theme["card"])
    draw = ImageDraw.Draw(canvas)
    draw.text((40 * s, 24 * s), "9:41", fill=theme["ink"], font=_font(36 * s))
    for i in range(3):
        draw.rectangle([width - (60 + 50 * i) * s, 30 * s, width - (30 + 50 * i) * s, 60 * s], fill=theme["ink"])
    draw.text((width // 2 - 80 * s, 120 * s), "Queens", fill=theme["ink"], font=_font(48 * s))
    draw.line([0, 200 * s, width, 200 * s], fill=theme["line"], width=max(1, round(2 * s)))
    draw.text((40 * s, 240 * s), f"0:{rng.randint(0, 59):02d}", fill=theme["text"], font=_font(36 * s))
    box = [width - 200 * s, 230 * s, width - 40 * s, 290 * s]
    draw.rounded_rectangle(box, radius=30 * s, outline=theme["text"], width=max(1, round(3 * s)))
    margin = int(width * rng.uniform(0.03, 0.08))
    side = width - 2 * margin
    top = int(330 * s)
    _board_on(canvas, board, side, (margin, top), rng)
    by = top + side + int(40 * s)
    for i, label in enumerate(("Undo", "Hint")):
        bx = margin + i * (side // 2 + 10)
        draw.rounded_rectangle([bx, by, bx + side // 2 - 10, by + 90 * s], radius=45 * s, fill=theme["button"])
        draw.text((bx + side // 4 - 40 * s, by + 25 * s), label, fill=theme["ink"], font=_font(36 * s))
    y = by + int(160 * s)
    draw.text((margin, y), "How to play", fill=theme["ink"], font=_font(40 * s))
    _text_lines(draw, margin, y + int(80 * s), side, 6, theme["line"], rng, height=int(18 * s))
    return canvas


def tight(board: DrawnBoard, rng: random.Random) -> Any:
    """The board cropped close: its border kept, cut at it, or a few pixels of page round it."""
    left, top, right, bottom = board.box
    image = board.image
    how = rng.random()
    if how < 0.3:  # cut inside the outer border
        inset = rng.randint(0, 2)
        return image.crop((left + inset, top + inset, right - inset, bottom - inset))
    pad = rng.randint(1, board.cell // 2)
    return image.crop((max(0, left - pad), max(0, top - pad), min(image.width, right + pad), min(image.height, bottom + pad)))


def scaled(image: Any, rng: random.Random) -> Any:
    from PIL import Image

    factor = rng.choice((rng.uniform(0.5, 0.85), rng.uniform(1.2, 1.6)))
    method = rng.choice((Image.Resampling.BILINEAR, Image.Resampling.BICUBIC, Image.Resampling.LANCZOS, Image.Resampling.BOX))
    return image.resize((max(16, round(image.width * factor)), max(16, round(image.height * factor))), method)


def blurred(image: Any, rng: random.Random) -> Any:
    from PIL import ImageFilter

    return image.filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 1.6)))


def encoded(image: Any, fmt: str, quality: int = 90) -> bytes:
    buffer = io.BytesIO()
    if fmt == "JPEG":
        image.save(buffer, "JPEG", quality=quality)
    elif fmt == "WEBP":
        image.save(buffer, "WEBP", quality=quality)
    else:
        image.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()
