"""The size limits of the package, each defined once and named for what it bounds.

Every module that checks a size imports its limit from here, so a limit that moves (a wider
word in the native search, say) moves everywhere at once.
"""

from __future__ import annotations

WORD_N = 64  # the compiled region search keeps a row in one 64-bit word (``model.grids``, ``backends.native``)
REGION_N = WORD_N  # boards with regions: searched natively, and written one character per cell (64 labels)
FREE_N = 100_000_000  # boards without regions need O(n) memory: a column list of int32 under half a gigabyte
NQUEENS_WORD_N = 63  # the n-queens kernels shift a row mask one past the board: 63 columns in a 64-bit word
CELL_MODEL_N = 128  # the cell models (python, sat, cpsat): masks and clauses over n*n cells stay small and fast
LOGIC_N = 64  # the logic engine: larger boards are N-Queens instances, with nothing for a person to deduce
DRAW_N = 64  # larger boards are written as column lists, never drawn
# Input read in one piece (a JSON document, a text grid, puzz.link URLs, region lists) and one
# JSON line: past this the reader stops with an error instead of holding it (a puzzle of
# n = 64 is about 12 KB; a batch that large belongs in JSON lines, which stream).
INPUT_BYTES = 16 << 20
