"""Input that is not valid UTF-8, found where it is rather than where decoding stopped.

Files are decoded with ``surrogateescape``: a byte that is not UTF-8 becomes a lone
surrogate instead of stopping the read, so one bad line of a JSON-lines batch is one
bad record and the batch goes on; a whole-file format names the line of the first one.
"""

from __future__ import annotations

import re

from queens_sat.model.errors import FormatError

ERRORS = "surrogateescape"  # the decoding error handler of every reader
_ESCAPED = re.compile("[\udc80-\udcff]")  # what surrogateescape makes of a byte that is not UTF-8


def check_utf8(text: str, source: str, line: int | None = None) -> None:
    """Raise ``FormatError`` naming the line of the first byte that was not UTF-8, if any."""
    bad = _ESCAPED.search(text)
    if bad is None:
        return
    if line is not None:  # one record of a batch
        raise FormatError("this line is not valid UTF-8", source=source, line=line)
    utf16 = text.startswith(("\udcff\udcfe", "\udcfe\udcff"))  # its byte-order mark
    hint = " (UTF-16? save it as UTF-8)" if utf16 else ""
    line = text.count("\n", 0, bad.start()) + 1
    raise FormatError(f"not a text file (it is not valid UTF-8){hint}", source=source, line=line)
