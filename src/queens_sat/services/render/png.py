"""A scene as a raster image, drawn with Pillow (a wheel from PyPI, no system libraries).

Pillow's drawing has no anti-aliasing, so the scene is drawn several times larger
and scaled down with a box filter: smooth crowns and circles, crisp cell edges.
Text uses the scalable font that Pillow ships, so no system fonts are needed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from queens_sat.services.render import glyphs
from queens_sat.services.render.palette import ACCENT, BACKGROUND, INK
from queens_sat.services.render.scene import HALO, LINE_SPACING, Mark, Scene, Text

if TYPE_CHECKING:
    from PIL import Image as PILImage
    from PIL import ImageDraw as PILImageDraw

MAX_DRAWING_SIDE = 8192  # pixels of the enlarged drawing; bounds memory on large pictures
THIN_LINE_ALPHA = 140  # the thin lines are ink at 55 % opacity, as in the SVG


def _supersampling(scene: Scene) -> int:
    """How many times larger to draw: 4 for most boards, at least 2 for smooth edges."""
    return max(2, min(4, MAX_DRAWING_SIDE // max(scene.width, scene.height)))


def scene_to_image(scene: Scene) -> PILImage.Image:
    """The scene drawn as an RGB image of ``scene.width`` x ``scene.height`` pixels."""
    from PIL import Image, ImageDraw

    k = _supersampling(scene)
    image = Image.new("RGB", (scene.width * k, scene.height * k), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for f in scene.fills:
        draw.rectangle(_box(f.x, f.y, f.size, f.size, k), fill=f.color)
    _draw_hatching(image, scene, k)

    def thin_lines(mask: PILImageDraw.ImageDraw) -> None:
        for seg in scene.thin:
            mask.line(_seg(seg, k), fill=THIN_LINE_ALPHA, width=_px(scene.thin_width, k))

    _draw_translucent(image, INK, thin_lines)
    half = scene.thick_width / 2
    for (x1, y1), (x2, y2) in scene.thick:
        draw.rectangle(_box(min(x1, x2) - half, min(y1, y2) - half, abs(x2 - x1) + 2 * half, abs(y2 - y1) + 2 * half, k), fill=INK)
    for x, y, s in scene.focus:
        inset = scene.thick_width
        draw.rectangle(_box(x + inset, y + inset, s - 2 * inset, s - 2 * inset, k), outline=ACCENT, width=_px(inset * 0.8, k))
    for label in scene.labels:
        _draw_text(draw, label, k)
    for mark in scene.marks:
        _draw_mark(draw, mark, k)
    if scene.caption is not None:
        _draw_text(draw, scene.caption, k)
    if k > 1:
        image = image.resize((scene.width, scene.height), Image.Resampling.BOX)
    return image


def write_png(scene: Scene, path: str | Path) -> None:
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text("Title", scene.title)
    scene_to_image(scene).save(path, "PNG", optimize=True, pnginfo=info)


def write_animation(scenes: Sequence[Scene], path: str | Path, *, frame_ms: int = 1200, last_ms: int = 4000) -> None:
    """An animated GIF, one frame per scene, the last one held longer; it loops."""
    frames = [scene_to_image(s) for s in scenes]
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    frames[0].save(path, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0, optimize=False)


# ------------------------------------------------------------------ helpers
def _px(v: float, k: int) -> int:
    return max(1, round(v * k))


def _box(x: float, y: float, w: float, h: float, k: int) -> tuple[int, int, int, int]:
    """Pillow's inclusive rectangle covering [x, x + w) x [y, y + h), enlarged k times."""
    x0, y0 = round(x * k), round(y * k)
    return x0, y0, max(x0, round((x + w) * k) - 1), max(y0, round((y + h) * k) - 1)


def _seg(seg, k: int) -> list[tuple[float, float]]:
    return [(px * k, py * k) for px, py in seg]


def _draw_translucent(image: PILImage.Image, color: str, paint: Callable[[PILImageDraw.ImageDraw], None]) -> None:
    """Paint ``color`` through a mask that ``paint`` draws (its grey level is the opacity);
    overlapping shapes do not darken each other, as with one SVG path."""
    from PIL import Image, ImageDraw

    mask = Image.new("L", image.size, 0)
    paint(ImageDraw.Draw(mask))
    image.paste(color, mask=mask)


def _draw_hatching(image: PILImage.Image, scene: Scene, k: int) -> None:
    """Hatched cells: one cell-sized hatching mask per pattern, stamped on each cell using it.
    A cell holds a whole number of tiles, so the hatching runs on across cells without seams."""
    from PIL import Image, ImageDraw

    side = round(scene.cell * k)
    t = scene.hatch_tile * k
    alpha = round(255 * glyphs.HATCH_OPACITY)
    width = _px(glyphs.HATCH_WIDTH * scene.hatch_tile, k)
    repeats = round(scene.cell / scene.hatch_tile)
    masks = {}
    for pattern in sorted({f.pattern for f in scene.fills if f.pattern != "plain"}):
        mask = Image.new("L", (side, side), 0)
        draw = ImageDraw.Draw(mask)
        for i in range(repeats):
            for j in range(repeats):
                ox, oy = i * t, j * t
                for (ax, ay), (bx, by) in glyphs.HATCH_LINES[pattern]:
                    draw.line([(ox + ax * t, oy + ay * t), (ox + bx * t, oy + by * t)], fill=alpha, width=width)
                for cx, cy, r in glyphs.HATCH_DOTS.get(pattern, ()):
                    draw.ellipse([ox + (cx - r) * t, oy + (cy - r) * t, ox + (cx + r) * t, oy + (cy + r) * t], fill=alpha)
        masks[pattern] = mask
    for f in scene.fills:
        if f.pattern != "plain":
            image.paste(INK, (round(f.x * k), round(f.y * k)), mask=masks[f.pattern])


def _draw_text(draw: PILImageDraw.ImageDraw, text: Text, k: int) -> None:
    from PIL import ImageFont

    font = ImageFont.load_default(size=text.size * k)
    for i, line in enumerate(text.lines):
        y = (text.y + i * text.size * LINE_SPACING) * k
        halo = {"stroke_width": round(text.size * HALO * k / 2), "stroke_fill": text.halo} if text.halo else {}
        draw.text((text.x * k, y), line, fill=text.color, font=font, anchor="mm", **halo)


def _draw_mark(draw: PILImageDraw.ImageDraw, mark: Mark, k: int) -> None:
    x, y, s = mark.x * k, mark.y * k, mark.size * k
    if mark.kind in ("cross", "blocked"):
        width = glyphs.CROSS_WIDTH[mark.kind] * s
        for seg in glyphs.CROSS:
            ends = glyphs.scaled(seg, x, y, s)
            draw.line(ends, fill=mark.color, width=max(1, round(width)))
            for ex, ey in ends:  # round caps, as in the SVG
                draw.ellipse([ex - width / 2, ey - width / 2, ex + width / 2, ey + width / 2], fill=mark.color)
        return
    if mark.kind == "given-queen":
        (cx, cy), r = glyphs.scaled((glyphs.TOKEN_CENTRE,), x, y, s)[0], glyphs.TOKEN_RADIUS * s
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=BACKGROUND, outline=mark.color, width=max(1, round(glyphs.TOKEN_RING * s)))
    if mark.shape == "star":
        draw.polygon(glyphs.scaled(glyphs.STAR, x, y, s), fill=mark.color)
        return
    draw.polygon(glyphs.scaled(glyphs.CROWN_BODY, x, y, s), fill=mark.color)
    draw.polygon(glyphs.scaled(glyphs.CROWN_BAND, x, y, s), fill=mark.color)
    for cx, cy, r in glyphs.CROWN_JEWELS:
        draw.ellipse([x + (cx - r) * s, y + (cy - r) * s, x + (cx + r) * s, y + (cy + r) * s], fill=mark.color)
