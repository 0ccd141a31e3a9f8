"""What a JSON text would cost as Python objects, told from its bytes before it is parsed.

A dense 10 MB text (``[[],[],...]``, ``{"meta": [{},{},...]}``) becomes 300 MB of lists and
dicts once parsed: 30 times its size. No puzzle needs that: a 64 x 64 grid with every given
is a few thousand values. So the reader weighs a text first (``estimate``: three C-speed
counts, a bound from above) and, when that is over the budget, measures it exactly
(``scan``: numpy over 1 MB blocks, strings and escapes skipped) before anything is built:

- one value (a JSON line, a request body, a one-puzzle document) over ``RECORD_BYTES`` or
  nested deeper than ``MAX_DEPTH`` is refused with what it holds (``over_budget``);
- a document that is an array of records is split into its elements by the same scan and
  each parsed on its own (``elements``), so the file streams a record at a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported by the scan alone: reading a small file (and the CLI's start) never pays for it
    import numpy as np

# Bytes of Python objects per structural character, measured on CPython 3.11 with orjson: an
# empty list 56 + its slot 8 + the collector's header 16; a small dict 232 + slot; every further
# item (a comma) a slot and, at worst, an int or short string of its own.
LIST_BYTES, DICT_BYTES, ITEM_BYTES = 80, 260, 40
RECORD_BYTES = 24 << 20  # the most one record (one puzzle with its metadata) may become as objects
MAX_DEPTH = 64  # the deepest nesting a record may have (a puzzle needs 4: record, givens, queens, pair)
BLOCK = 1 << 18  # bytes scanned at a time: the scan's own arrays and lists stay a few MB whatever the text

_OPEN_LIST, _OPEN_DICT, _CLOSE_LIST, _CLOSE_DICT = ord("["), ord("{"), ord("]"), ord("}")
_COMMA, _QUOTE, _BACKSLASH = ord(","), ord('"'), ord("\\")


def estimate(text: str | bytes) -> int:
    """An upper bound (up to the weights' accuracy) of the bytes ``text`` becomes when parsed:
    structural characters inside strings are counted too, so it never says less than ``scan``."""
    if isinstance(text, bytes):
        return LIST_BYTES * text.count(b"[") + DICT_BYTES * text.count(b"{") + ITEM_BYTES * text.count(b",")
    return LIST_BYTES * text.count("[") + DICT_BYTES * text.count("{") + ITEM_BYTES * text.count(",")


Element = tuple[int, int, int, int]  # start and end (byte offsets, separators excluded), cost in bytes, depth


def over_budget(cost: int, depth: int) -> str | None:
    """Why a value of this ``cost`` (bytes as objects) and ``depth`` cannot be a puzzle record, or None."""
    if depth > MAX_DEPTH:
        return f"nested {depth} deep, deeper than any puzzle needs (at most {MAX_DEPTH})"
    if cost > RECORD_BYTES:
        return (
            f"about {cost >> 20} MB of values once read, more than any puzzle needs"
            f" (at most {RECORD_BYTES >> 20} MB a record; a batch belongs in a JSON array or JSON lines, one puzzle each)"
        )
    return None


@dataclass
class _State:
    """What one block of the scan hands the next."""

    in_string: bool = False
    escaped: bool = False  # the next byte is escaped by a backslash that ended the last block
    depth: int = 0
    cost: int = 0  # of the element being scanned
    deepest: int = 0  # of the element being scanned
    start: int = 0  # of the element being scanned
    closed: bool = False  # the top-level array has ended


def scan(data: bytes) -> Element:
    """The whole of ``data`` as one value: its exact cost and depth (strings skipped)."""
    for element in _walk(data, split=False):
        return element
    return (0, len(data), 0, 0)


def elements(data: bytes) -> Iterator[Element]:
    """The elements of the top-level array ``data`` holds, each with its cost and depth (the
    array's own level not counted), in order; an empty array has none. ``data`` must start
    with ``[`` (whitespace before it allowed)."""
    yield from _walk(data, split=True)


def _walk(data: bytes, split: bool) -> Iterator[Element]:
    import numpy as np

    state = _State()
    if split:
        state.start = data.index(b"[") + 1
        state.cost = -LIST_BYTES  # the array's own bracket is no element's
    view = memoryview(data)
    found = 0
    for base in range(0, len(data), BLOCK):
        for element in _block(np.frombuffer(view[base : base + BLOCK], dtype=np.uint8), base, state, split):
            found += 1
            if found == 1 and state.closed and not data[element[0] : element[1]].strip():
                continue  # ``[ ]``: an empty array has no element
            yield element
    if not split:
        yield (0, len(data), state.cost, state.deepest)
    elif not state.closed or data[state.start :].strip():  # an array left open, or text after it: the parser says what
        yield (state.start, len(data), max(state.cost, 0), state.deepest)


def _escaped(block: np.ndarray, state: _State) -> np.ndarray | None:
    """Which bytes of ``block`` a backslash escapes (None when none is), the carry updated."""
    import numpy as np

    slashes = np.flatnonzero(block == _BACKSLASH)
    carried = state.escaped
    state.escaped = False
    if not len(slashes) and not carried:
        return None
    out = np.zeros(len(block) + 1, dtype=bool)
    out[0] = carried
    if len(slashes):
        # a run of backslashes escapes every other byte: the 1st, 3rd... backslash of the run escape
        # the byte after them (the first of a run is itself escaped when the last block's carry says so)
        starts = np.ones(len(slashes), dtype=bool)
        starts[1:] = np.diff(slashes) != 1
        run_start = np.maximum.accumulate(np.where(starts, slashes, 0))
        offset = slashes - run_start + (carried & (run_start == 0)).astype(np.int64)
        escaping = slashes[offset % 2 == 0]
        out[escaping + 1] = True
    state.escaped = bool(out[len(block)])
    return out[: len(block)]


def _block(block: np.ndarray, base: int, state: _State, split: bool) -> Iterator[Element]:
    import numpy as np

    escaped = _escaped(block, state)
    quotes = block == _QUOTE
    if escaped is not None:
        quotes &= ~escaped
    before = np.cumsum(quotes, dtype=np.int32) - quotes  # quotes before each byte, in this block
    outside = (before & 1) == int(state.in_string)  # outside every string (a quote itself is not structural)
    outside &= ~quotes
    state.in_string = bool((int(before[-1]) + int(quotes[-1]) + state.in_string) & 1)
    opens_list = outside & (block == _OPEN_LIST)
    opens_dict = outside & (block == _OPEN_DICT)
    closes = outside & ((block == _CLOSE_LIST) | (block == _CLOSE_DICT))
    commas = outside & (block == _COMMA)
    step = opens_list.astype(np.int32) + opens_dict - closes
    depth = state.depth + np.cumsum(step, dtype=np.int32)  # nesting after each byte
    weight = LIST_BYTES * opens_list.astype(np.int64) + DICT_BYTES * opens_dict + ITEM_BYTES * commas
    if not split:
        state.cost += int(weight.sum())
        state.deepest = max(state.deepest, int(depth.max()) if len(depth) else 0)
        state.depth = int(depth[-1])
        return
    # the top-level array is depth 1: its commas, and the bracket that closes it, end an element
    ends = np.flatnonzero((commas & (depth == 1)) | (closes & (depth == 0)))
    if len(ends):
        close = np.flatnonzero(closes[ends])
        if len(close):  # the array ends here: what follows it is not an element (the caller looks at it)
            ends = ends[: close[0] + 1]
            state.closed = True
        cost = np.cumsum(weight)
        before = np.concatenate(([0], cost[ends[:-1]]))  # the cost up to each element's first byte (its separator included)
        costs = cost[ends] - before - np.where(commas[ends], ITEM_BYTES, 0)
        costs[0] += state.cost
        starts = np.concatenate(([0], ends[:-1] + 1))
        # each element's deepest nesting, below the array's (the last element's reach ends at its separator)
        inner = np.maximum(np.maximum.reduceat(depth[: int(ends[-1]) + 1], starts) - 1, 0)
        inner[0] = max(int(inner[0]), state.deepest)
        lows = starts + base
        lows[0] = state.start
        yield from zip(lows.tolist(), (ends + base).tolist(), costs.tolist(), inner.tolist(), strict=True)
        last = int(ends[-1])
        state.start, state.cost, state.deepest = base + last + 1, 0, 0
        if state.closed:
            return
        rest = slice(last + 1, len(block))
    else:
        rest = slice(0, len(block))
    if rest.start < len(block):
        state.cost += int(weight[rest].sum())
        state.deepest = max(state.deepest, int(depth[rest].max()) - 1)
    state.depth = int(depth[-1])
