"""The library's key of a puzzle: equal for two puzzles exactly when one is a rotation or
reflection of the other with its regions relabelled, and the same rule, stars and givens.

``Puzzle.symmetry_key`` says the same thing with tuples; this is its fast form, since the key
bounds how fast puzzles are added: the 8 images of the flat region bytes are taken with
``itemgetter`` and relabelled by first appearance with ``bytes.translate`` (both in C), the least
image (its givens moved with it) is the canonical form, and its hash the key.
"""

from __future__ import annotations

from functools import lru_cache
from hashlib import blake2b
from itertools import chain
from operator import itemgetter
from typing import Any

from queens_sat.model.puzzle import Puzzle, moved_cell

SYMMETRIES = 8
_COUNTING = bytes(range(256))


@lru_cache(maxsize=128)
def _images(n: int) -> tuple[tuple[Any, tuple[int, ...]], ...]:
    """For each symmetry: a getter taking the image's flat cells from the original's, and where
    each original cell goes (its flat index in the image)."""
    out = []
    for s in range(SYMMETRIES):
        to = [0] * (n * n)
        for r in range(n):
            for c in range(n):
                rr, cc = moved_cell(r, c, n, s)
                to[r * n + c] = rr * n + cc
        source = [0] * (n * n)
        for i, j in enumerate(to):
            source[j] = i
        getter = itemgetter(*source) if n > 1 else (lambda flat: (flat[0],))
        out.append((getter, tuple(to)))
    return tuple(out)


def _relabelled(image: bytes) -> bytes:
    """Region numbers renumbered 0, 1, 2... by first appearance (row by row)."""
    order = bytes(dict.fromkeys(image))
    return image.translate(bytes.maketrans(order, _COUNTING[: len(order)]))


def _cells(cells: frozenset[tuple[int, int]], n: int, s: int) -> bytes:
    """Given cells under symmetry ``s``, sorted, four bytes a cell."""
    moved = sorted(moved_cell(r, c, n, s) for r, c in cells)
    return b"".join(r.to_bytes(4, "big") + c.to_bytes(4, "big") for r, c in moved)


def canonical_form(puzzle: Puzzle) -> bytes:
    """The least of the puzzle's 8 images (regions relabelled, givens moved along), after a header
    of its rule, stars and size: equal for two puzzles exactly when they are symmetric copies."""
    n = puzzle.n
    header = f"{puzzle.rule}/{puzzle.stars}/{n}/{len(puzzle.queens)}/{len(puzzle.blocked)}:".encode()
    givens = puzzle.queens or puzzle.blocked
    if puzzle.regions is None:
        return header + min(_cells(puzzle.queens, n, s) + b"|" + _cells(puzzle.blocked, n, s) for s in range(SYMMETRIES))
    flat = bytes(chain.from_iterable(puzzle.regions))
    if not givens:
        return header + min(_relabelled(bytes(getter(flat))) for getter, _ in _images(n))
    return header + min(
        _relabelled(bytes(getter(flat))) + b"|" + _cells(puzzle.queens, n, s) + b"|" + _cells(puzzle.blocked, n, s)
        for s, (getter, _) in enumerate(_images(n))
    )


def puzzle_key(puzzle: Puzzle) -> str:
    """The key the library stores: a 32-character hash of ``canonical_form``."""
    return blake2b(canonical_form(puzzle), digest_size=16).hexdigest()
