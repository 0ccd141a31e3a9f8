"""The region search for one queen a unit (k = 1): the compiled kernel (``native/regions/``) and
its pure-Python twin (``search_py``), and the raw-grid API on both (``counting``: a grid of
region numbers in, an ``Outcome`` out; a stack of grids in one call)."""

from queens_sat.engines.regions.counting import (
    IMPLEMENTATION,
    BatchCounts,
    count_batch,
    count_regions,
    native_count_batch,
    native_count_regions,
    python_count_batch,
    python_count_regions,
)

__all__ = [
    "IMPLEMENTATION",
    "BatchCounts",
    "count_batch",
    "count_regions",
    "native_count_batch",
    "native_count_regions",
    "python_count_batch",
    "python_count_regions",
]
