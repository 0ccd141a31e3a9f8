"""Verdict words in colour, so a batch's outliers stand out: green for what the user hoped for,
yellow for several solutions, red for none or a broken record, magenta for an open question.

The caller decides whether to colour (``services.render.terminal.wants_color``: a terminal,
``--no-color``, NO_COLOR, FORCE_COLOR); this module only paints, with the 16 basic colours
every terminal has, bold so that they read on light and dark backgrounds alike.
"""

from __future__ import annotations

_RESET = "\x1b[0m"
_CODES = {
    "unique": "\x1b[1;32m",
    "solved": "\x1b[1;32m",
    "counted": "\x1b[1;32m",
    "hint": "\x1b[1;32m",
    "multiple": "\x1b[1;33m",
    "none": "\x1b[1;31m",
    "invalid": "\x1b[1;31m",
    "contradiction": "\x1b[1;31m",
    "unknown": "\x1b[1;35m",
    "stuck": "\x1b[1;35m",
    "timed-out": "\x1b[1;35m",
}


def paint(text: str, status: str, color: bool) -> str:
    """``text`` in the colour of ``status`` (a ``Status`` value) when ``color``, else as it is."""
    code = _CODES.get(str(status))
    return f"{code}{text}{_RESET}" if color and code else text
