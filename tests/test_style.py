"""The shared chart look: time-vs-size and grouped-bar charts are written and readable."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from queens_sat.services.render.style import SERIES_COLORS, plot_bars, plot_time_vs_size, series_style


def test_series_differ_in_colour_marker_and_line():
    styles = [series_style(i) for i in range(4)]
    for key in ("color", "marker", "linestyle"):
        assert len({s[key] for s in styles}) == 4
    assert series_style(len(SERIES_COLORS))["color"] == SERIES_COLORS[0]


def test_time_vs_size_chart(tmp_path):
    series = {
        "python": [(n, 0.001 * 2**n) for n in range(5, 12)] + [(8, 0.5), (8, 0.1)],
        "native": [(n, 0.0001 * 1.5**n) for n in range(5, 12)],
        "empty": [],
    }
    png = plot_time_vs_size(series, tmp_path / "t.png", title="uniqueness check")
    with Image.open(png) as image:
        assert image.format == "PNG" and image.width > 400 and image.height > 250
    svg = plot_time_vs_size(series, tmp_path / "t.svg")
    words = {t.text for t in ET.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}text")}
    assert {"python", "native", "board size n"} <= words and "empty" not in words  # a series with no points is left out


def test_grouped_bars_and_bad_suffix(tmp_path):
    groups = {6: {"easy": 10, "hard": 2}, 7: {"easy": 4, "medium": 3}}
    path = plot_bars(groups, tmp_path / "b.png", xlabel="n", ylabel="puzzles")
    assert Image.open(path).format == "PNG"
    with pytest.raises(ValueError, match="must be saved as"):
        plot_bars(groups, tmp_path / "b.txt")
