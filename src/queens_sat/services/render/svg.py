"""A scene as SVG text: plain XML written directly, no library needed.

Every cell is one ``<rect class="cell">`` carrying its row, column and region, so
the file is easy to inspect and restyle; shapes are paths, text only for labels.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape as _xml_escape
from xml.sax.saxutils import quoteattr as _xml_quoteattr

from queens_sat.services.render import glyphs
from queens_sat.services.render.palette import ACCENT, BACKGROUND, INK, PATTERNS
from queens_sat.services.render.scene import HALO, LINE_SPACING, Mark, Scene, Text

# Characters XML 1.0 forbids even escaped: one would make the whole file unreadable.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def escape(text: str) -> str:
    return _xml_escape(_NOT_XML.sub("\ufffd", text))


def quoteattr(text: str) -> str:
    return _xml_quoteattr(_NOT_XML.sub("\ufffd", text))


FONT_FAMILY = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _num(v: float) -> str:
    """A coordinate without trailing zeros."""
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _points(points) -> str:
    return "M" + " L".join(f"{_num(x)} {_num(y)}" for x, y in points) + " Z"


def _segments(segments) -> str:
    return " ".join(f"M{_num(a[0])} {_num(a[1])} L{_num(b[0])} {_num(b[1])}" for a, b in segments)


def _circle(cx: float, cy: float, r: float, **attrs: str) -> str:
    extra = "".join(f" {k.replace('_', '-')}={quoteattr(v)}" for k, v in attrs.items())
    return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}"{extra}/>'


def _hatch_defs(scene: Scene) -> list[str]:
    """One ``<pattern>`` per (colour, hatching) pair in use: the colour with the hatching on top."""
    t = scene.hatch_tile
    x0, y0, _ = scene.board
    out = []
    for color, pattern in sorted({(f.color, f.pattern) for f in scene.fills if f.pattern != "plain"}):
        body = [f'<rect width="{_num(t)}" height="{_num(t)}" fill="{color}"/>']
        lines = [((a[0] * t, a[1] * t), (b[0] * t, b[1] * t)) for a, b in glyphs.HATCH_LINES[pattern]]
        if lines:
            body.append(
                f'<path d="{_segments(lines)}" stroke="{INK}" stroke-opacity="{glyphs.HATCH_OPACITY}" '
                f'stroke-width="{_num(glyphs.HATCH_WIDTH * t)}" fill="none"/>'
            )
        for cx, cy, r in glyphs.HATCH_DOTS.get(pattern, ()):
            body.append(_circle(cx * t, cy * t, r * t, fill=INK, fill_opacity=str(glyphs.HATCH_OPACITY)))
        out.append(
            f'<pattern id="{_hatch_id(color, pattern)}" patternUnits="userSpaceOnUse" x="{_num(x0)}" y="{_num(y0)}" '
            f'width="{_num(t)}" height="{_num(t)}">{"".join(body)}</pattern>'
        )
    return out


def _hatch_id(color: str, pattern: str) -> str:
    return f"fill-{color.lstrip('#').lower()}-{PATTERNS.index(pattern)}"


def _mark(mark: Mark) -> str:
    x, y, s = mark.x, mark.y, mark.size
    where = f'data-row="{mark.row}" data-col="{mark.col}"'
    if mark.kind in ("cross", "blocked"):
        width = glyphs.CROSS_WIDTH[mark.kind] * s
        d = _segments([(glyphs.scaled(seg, x, y, s)) for seg in glyphs.CROSS])
        return (
            f'<path class="{mark.kind}" {where} d="{d}" stroke="{mark.color}" stroke-width="{_num(width)}" '
            f'stroke-linecap="round" fill="none"/>'
        )
    parts = []
    if mark.kind == "given-queen":
        cx, cy = glyphs.scaled((glyphs.TOKEN_CENTRE,), x, y, s)[0]
        parts.append(
            _circle(cx, cy, glyphs.TOKEN_RADIUS * s, fill=BACKGROUND, stroke=mark.color, stroke_width=_num(glyphs.TOKEN_RING * s))
        )
    if mark.shape == "star":
        parts.append(f'<path d="{_points(glyphs.scaled(glyphs.STAR, x, y, s))}" fill="{mark.color}"/>')
        return f'<g class="{mark.kind} star" {where}>{"".join(parts)}</g>'
    crown = _points(glyphs.scaled(glyphs.CROWN_BODY, x, y, s)) + " " + _points(glyphs.scaled(glyphs.CROWN_BAND, x, y, s))
    parts.append(f'<path d="{crown}" fill="{mark.color}"/>')
    parts.extend(_circle(x + cx * s, y + cy * s, r * s, fill=mark.color) for cx, cy, r in glyphs.CROWN_JEWELS)
    return f'<g class="{mark.kind}" {where}>{"".join(parts)}</g>'


def _text(text: Text, cls: str) -> str:
    tspans = "".join(
        f'<tspan x="{_num(text.x)}" y="{_num(text.y + i * text.size * LINE_SPACING)}">{escape(line)}</tspan>'
        for i, line in enumerate(text.lines)
    )
    halo = ""
    if text.halo:
        halo = f' stroke="{text.halo}" stroke-width="{_num(text.size * HALO)}" stroke-linejoin="round" paint-order="stroke"'
    return (
        f'<text class="{cls}" font-family="{FONT_FAMILY}" font-size="{_num(text.size)}" fill="{text.color}"{halo} '
        f'text-anchor="middle" dominant-baseline="central">{tspans}</text>'
    )


def scene_to_svg(scene: Scene) -> str:
    """The scene as a standalone SVG document."""
    w, h = scene.width, scene.height
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        f'role="img" aria-label={quoteattr(scene.title)}>',
        f"<title>{escape(scene.title)}</title>",
    ]
    defs = _hatch_defs(scene)
    if defs:
        out += ["<defs>", *defs, "</defs>"]
    out.append(f'<rect class="background" width="{w}" height="{h}" fill="{BACKGROUND}"/>')
    out.append('<g class="cells" shape-rendering="crispEdges">')
    for f in scene.fills:
        fill = f.color if f.pattern == "plain" else f"url(#{_hatch_id(f.color, f.pattern)}) {f.color}"
        region = "" if f.region is None else f' data-region="{f.region}"'
        out.append(
            f'<rect class="cell" data-row="{f.row}" data-col="{f.col}"{region} x="{_num(f.x)}" y="{_num(f.y)}" '
            f'width="{_num(f.size)}" height="{_num(f.size)}" fill="{fill}"/>'
        )
    out.append("</g>")
    if scene.thin:
        out.append(
            f'<path class="grid" d="{_segments(scene.thin)}" stroke="{INK}" stroke-opacity="0.55"'
            f' stroke-width="{_num(scene.thin_width)}" fill="none"/>'
        )
    out.append(
        f'<path class="borders" d="{_segments(scene.thick)}" stroke="{INK}" stroke-width="{_num(scene.thick_width)}" '
        f'stroke-linecap="square" fill="none"/>'
    )
    for x, y, s in scene.focus:  # drawn inside the cell, clear of the borders, as in the PNG
        inset, width = scene.thick_width, scene.thick_width * 0.8
        box = s - 2 * inset - width
        out.append(
            f'<rect class="focus" x="{_num(x + inset + width / 2)}" y="{_num(y + inset + width / 2)}" width="{_num(box)}" '
            f'height="{_num(box)}" fill="none" stroke="{ACCENT}" stroke-width="{_num(width)}"/>'
        )
    out += [_text(label, "label") for label in scene.labels]
    out += [_mark(mark) for mark in scene.marks]
    if scene.caption is not None:
        out.append(_text(scene.caption, "caption"))
    out.append("</svg>")
    return "\n".join(out) + "\n"

