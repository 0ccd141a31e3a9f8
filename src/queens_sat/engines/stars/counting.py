"""The k-star search's front: the compiled kernel (``_stars``, native/stars/) when it is built,
the one place that asks; its pure-Python twin is ``search_py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from queens_sat.extension import STARS, required, stars

if TYPE_CHECKING:
    from queens_sat.extension import StarsModule


def compiled() -> StarsModule | None:
    """The compiled k-star search, or None when the pure-Python twin must run."""
    return stars()


def compiled_required() -> StarsModule:
    """The compiled k-star search; RuntimeError saying why when it cannot be used."""
    return required(STARS)
