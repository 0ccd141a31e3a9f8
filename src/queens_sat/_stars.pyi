"""The compiled k-star (Star Battle) search, native/stars/stars.pyx: its Python entry.

Reached only through ``queens_sat.extension.stars()``; the callers check what they pass.
"""

from collections.abc import Sequence
from typing import Any, TypeAlias

from numpy import ndarray
from typing_extensions import Buffer

Array: TypeAlias = ndarray[Any, Any] | Buffer  # a C-contiguous buffer of the dtype the docstring names

Cell = tuple[int, int]

MAX_N: int
BUILD_LEVEL: int

def cpu_level() -> int: ...
def variants() -> list[str]: ...
def variant() -> str: ...
def use_variant(name: str) -> str: ...
def count(
    regions: Array | None,
    n: int,
    k: int,
    limit: int,
    keep: int,
    given: Sequence[Cell],
    blocked: Sequence[Cell],
    time_limit: float,
    node_limit: int = 0,
) -> tuple[int, bool, bool, list[tuple[int, ...]], int, bool]: ...

def set_cancel_flag(flag: bytearray | None = None) -> None: ...
