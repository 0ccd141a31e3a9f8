"""Which implementation runs: the compiled kernels, or their pure-Python twins.

The twins are chosen automatically when the extension was not built, and always
when the environment variable ``QUEENS_SAT_PURE_PYTHON`` is set (to anything but
``0``), which is how the tests run both paths.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from queens_sat.extension import nqueens

if TYPE_CHECKING:
    from queens_sat.extension import NQueensModule


def native() -> NQueensModule | None:
    """The compiled module ``queens_sat._nqueens``, or None when the pure paths must run."""
    return nqueens()


def bits(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
