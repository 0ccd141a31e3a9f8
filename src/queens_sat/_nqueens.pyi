"""The compiled kernels for boards without regions, native/nqueens/nqueens.pyx.

Reached only through ``queens_sat.extension.nqueens()``; each has a pure-Python twin in
``queens_sat.services.nqueens``.
"""

from collections.abc import Sequence
from typing import Any, TypeAlias

from numpy import ndarray
from typing_extensions import Buffer

Array: TypeAlias = ndarray[Any, Any] | Buffer  # a C-contiguous buffer of the dtype the docstring names

MAX_BITS_N: int

def monotonic() -> float: ...
def count_task(n: int, kind: int, prefix: Sequence[int], deadline: float = 0.0) -> tuple[int, bool]: ...

class Enumerator:
    nodes: int
    def __init__(self, n: int, queens: bool) -> None: ...
    @property
    def exhausted(self) -> bool: ...
    def next_batch(self, max_solutions: int, max_nodes: int = ...) -> list[tuple[int, ...]]: ...

def local_search(col: Array, queens: bool, seed: int, tail: int, max_steps: int, deadline: float = 0.0) -> tuple[bool, int, int]: ...
def first_violation(col: Array, queens: bool) -> int: ...

def set_cancel_flag(flag: bytearray | None = None) -> None: ...
