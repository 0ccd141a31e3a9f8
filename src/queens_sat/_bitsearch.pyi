"""The compiled region search (k = 1), native/regions/bitsearch.pyx: its Python entries.

Reached only through ``queens_sat.extension.bitsearch()``; the callers check shapes and dtypes.
"""

from collections.abc import Sequence
from typing import Any, TypeAlias

from numpy import ndarray
from typing_extensions import Buffer

Array: TypeAlias = ndarray[Any, Any] | Buffer  # a C-contiguous buffer of the dtype the docstring names

Cell = tuple[int, int]
Found = tuple[int, bool, bool, list[tuple[int, ...]], int, bool]  # count, complete, timed_out, solutions, nodes, spent (the node budget)

MAX_N: int
CHECK_EVERY: int
BUILD_LEVEL: int

def cpu_level() -> int: ...
def variants() -> list[str]: ...
def variant() -> str: ...
def use_variant(name: str) -> str: ...
def count(
    regions: Array | None,
    n: int,
    rule: int,
    limit: int,
    keep: int,
    queens: Sequence[Cell],
    blocked: Sequence[Cell],
    time_limit: float,
    node_limit: int = 0,
) -> Found: ...
def count_rows(
    rows: Sequence[Any], rule: int, limit: int, keep: int, time_limit: float, node_limit: int = 0, pieces: bool = True
) -> tuple[int, bool, bool, list[tuple[int, ...]], int, bool, int, int] | None: ...
def count_batch(
    regions: Array,
    rule: int,
    limit: int,
    keep: int,
    queens: Array | None,
    blocked: Array | None,
    time_limit: float,
    counts: Array,
    complete: Array,
    timed_out: Array,
    solutions: Array,
    nodes: Array,
    elapsed: Array,
) -> int: ...

class Search:
    def __init__(
        self, regions: Array | None, n: int, rule: int, queens: Sequence[Cell], blocked: Sequence[Cell], time_limit: float = 0.0
    ) -> None: ...
    @property
    def timed_out(self) -> bool: ...
    @property
    def nodes(self) -> int: ...
    def next_solutions(self, k: int) -> list[tuple[int, ...]]: ...

def set_cancel_flag(flag: bytearray | None = None) -> None: ...
