"""CNF encodings of "exactly one" and "at most one", built in bulk.

Every unit of the puzzle (row, column, region, diagonal) needs one of these.
Building clauses one Python object at a time costs as much as solving these
small instances, so the three simple encodings are written here as flat list
comprehensions; the others come from ``pysat.card`` (one call per unit, slower
to build, kept for comparison). Variables live in one pool: 1..n² are the cells,
auxiliary variables are numbered on from ``top``.

- ``pairwise``: a binary clause per pair, no auxiliary variable.
- ``seqcounter``: Sinz's sequential counter for k = 1; ``s_i`` = "a queen among
  the first i", implied by the cells (3m - 4 clauses, m - 1 variables).
- ``ladder``: the same ladder with both directions of the channelling (Gent and
  Nightingale's regular encoding): the ladder variables are exactly determined
  by the cells, and "exactly one" needs no separate at-least-one clause.
- ``totalizer``, ``bitwise``, ``sortnetwrk``, ``cardnetwrk``, ``mtotalizer``,
  ``kmtotalizer``: ``pysat.card``.
- ``native``: the solver's own cardinality constraints (``add_atmost``).

Star Battle needs "exactly k" for k > 1 (``exactly``): ``pysat.card``'s encoding of
that name (``seqcounter`` is then pysat's general sequential counter), or ``native``
as "at most k" of the cells and "at most m - k" of their negations. ``pairwise``,
``ladder`` and ``bitwise`` encode "at most one" only (``AT_MOST_ONE_ONLY``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

HAND_WRITTEN = ("pairwise", "seqcounter", "ladder")
FROM_PYSAT = ("totalizer", "bitwise", "sortnetwrk", "cardnetwrk", "mtotalizer", "kmtotalizer")
NATIVE = "native"
ENCODINGS = HAND_WRITTEN + FROM_PYSAT + (NATIVE,)
AT_MOST_ONE_ONLY = ("pairwise", "ladder", "bitwise")  # no "exactly k" for k > 1
CARDINALITY_ENCODINGS = tuple(e for e in ENCODINGS if e not in AT_MOST_ONE_ONLY)  # those that take k > 1


class CnfBuilder:
    """Clauses (and native at-most-one constraints) over one shared variable pool."""

    __slots__ = ("atmosts", "clauses", "encoding", "top")

    def __init__(self, encoding: str, top: int) -> None:
        if encoding not in ENCODINGS:
            raise ValueError(f"unknown encoding {encoding!r}; choose one of {', '.join(ENCODINGS)}")
        self.encoding = encoding
        self.top = top  # the highest variable in use
        self.clauses: list[list[int]] = []
        self.atmosts: list[tuple[list[int], int]] = []  # (literals, bound) for encoding "native"

    def exactly_one(self, lits: Sequence[int]) -> None:
        if self.encoding == "ladder" and len(lits) > 1:
            self._ladder(lits, exactly=True)
            return
        self.clauses.append(list(lits))
        self.at_most_one(lits)

    def exactly(self, lits: Sequence[int], k: int) -> None:
        """Exactly ``k`` of ``lits`` true: ``exactly_one`` for k = 1, a cardinality encoding above."""
        if k == 1:
            self.exactly_one(lits)
            return
        if self.encoding in AT_MOST_ONE_ONLY:
            raise ValueError(
                f"the {self.encoding} encoding says only 'at most one'; exactly {k} needs one of {', '.join(CARDINALITY_ENCODINGS)}"
            )
        if len(lits) < k:  # a unit too small for its stars: no solution
            self.top += 1
            self.clauses.extend([[self.top], [-self.top]])
            return
        if self.encoding == NATIVE:
            self.atmosts.append((list(lits), k))
            self.atmosts.append(([-x for x in lits], len(lits) - k))
            return
        from pysat.card import CardEnc, EncType

        cnf = CardEnc.equals(list(lits), bound=k, top_id=self.top, encoding=getattr(EncType, self.encoding))
        self.clauses.extend(cnf.clauses)
        self.top = max(self.top, cnf.nv)

    def at_most_one(self, lits: Sequence[int]) -> None:
        m = len(lits)
        if m < 2:
            return
        enc = self.encoding
        if enc == "pairwise":
            neg = [-x for x in lits]
            self.clauses.extend([[a, b] for i, a in enumerate(neg) for b in neg[i + 1 :]])
        elif enc == "seqcounter":
            self._sequential(lits)
        elif enc == "ladder":
            self._ladder(lits, exactly=False)
        elif enc == NATIVE:
            self.atmosts.append((list(lits), 1))
        else:
            self._pysat(lits)

    def _sequential(self, lits: Sequence[int]) -> list[int]:
        """x_i -> s_i, s_(i-1) -> s_i, x_i -> -s_(i-1): at most one, s_i = "one among x_1..x_i"."""
        m = len(lits)
        s = list(range(self.top + 1, self.top + m))  # s[i] for x[i], i < m - 1
        self.top += m - 1
        cl = self.clauses
        cl.extend([[-x, y] for x, y in zip(lits, s, strict=False)])
        cl.extend([[-a, b] for a, b in itertools.pairwise(s)])
        cl.extend([[-x, -y] for x, y in zip(lits[1:], s, strict=False)])
        return s

    def _ladder(self, lits: Sequence[int], exactly: bool) -> None:
        """The sequential ladder plus its converse: s_i -> s_(i-1) or x_i, s_1 -> x_1."""
        s = self._sequential(lits)
        cl = self.clauses
        cl.append([-s[0], lits[0]])
        cl.extend([[-b, a, x] for a, b, x in zip(s, s[1:], lits[1:], strict=False)])
        if exactly:
            cl.append([s[-1], lits[-1]])  # no queen among the first m - 1: the last one

    def _pysat(self, lits: Sequence[int]) -> None:
        from pysat.card import CardEnc, EncType

        cnf = CardEnc.atmost(list(lits), bound=1, top_id=self.top, encoding=getattr(EncType, self.encoding))
        self.clauses.extend(cnf.clauses)
        self.top = max(self.top, cnf.nv)
