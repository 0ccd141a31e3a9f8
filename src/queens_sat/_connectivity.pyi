"""The generator's compiled region-connectivity passes, native/generator/connectivity.pyx.

Reached only through ``queens_sat.extension.connectivity()``, by ``services.generator.connectivity``.
"""

from collections.abc import Iterable, Sequence

def stays_connected(cells: list[int], n: int, cell: int) -> bool: ...
def paths_out(cells: Sequence[int], n: int, cell: int, planted: Iterable[int]) -> dict[int, list[int]]: ...
def cut_off(cells: Sequence[int], n: int, k: int, anchors: Sequence[int], removed: Iterable[int]) -> list[int] | None: ...
