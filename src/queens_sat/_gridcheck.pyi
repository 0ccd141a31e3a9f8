"""The compiled checks of plain region grids, native/model/gridcheck.pyx.

Reached only through ``queens_sat.extension.gridcheck()``.
"""

from collections.abc import Sequence
from typing import Any, TypeAlias

from numpy import ndarray
from typing_extensions import Buffer

Array: TypeAlias = ndarray[Any, Any] | Buffer  # a C-contiguous buffer of the dtype the docstring names

def fill(rows: object, out: Array) -> bool: ...
def solution_ok(grid: Array, cols: object, rule: int) -> bool: ...
def canonical(rows: object) -> tuple[tuple[int, ...], ...] | None: ...
def canonical_labels(rows: object) -> tuple[tuple[tuple[int, ...], ...], tuple[str, ...]] | None: ...
def region_parts(grid: Sequence[Sequence[int]]) -> list[int]: ...
