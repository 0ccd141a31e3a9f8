"""Integers of any size as decimal text, for counts that outgrow Python's 4,300-digit guard.

Python refuses ``str()`` of an integer above 4,300 digits (a guard against slow
quadratic conversion), yet ``count --n 1559`` has 4,300 digits and ``--n 100000``
about 456,000. ``int_text`` converts by halving the number through ``decimal``,
whose multiplication is fast on big numbers, so even those print in a fraction of a
second; ``json_line`` writes such integers into JSON as plain numbers.
"""

from __future__ import annotations

import decimal
import json
from typing import Any

import orjson

_SMALL_BITS = 128  # below this a number goes to Decimal directly
_SAFE_BITS = 14_000  # about 4,200 digits: str() takes these under the default guard


def int_text(value: int) -> str:
    """The decimal digits of ``value``, whatever its size."""
    if abs(value).bit_length() <= _SAFE_BITS:
        return str(value)
    with decimal.localcontext() as ctx:
        ctx.prec = decimal.MAX_PREC
        ctx.Emax = decimal.MAX_EMAX
        ctx.Emin = decimal.MIN_EMIN
        ctx.traps[decimal.Inexact] = True  # an exact result or an error, never a rounded count
        powers: dict[int, decimal.Decimal] = {}

        def power_of_two(bits: int) -> decimal.Decimal:
            if bits not in powers:
                if bits <= _SMALL_BITS:
                    powers[bits] = decimal.Decimal(2) ** bits
                else:
                    powers[bits] = power_of_two(bits >> 1) * power_of_two(bits - (bits >> 1))
            return powers[bits]

        def convert(n: int, bits: int) -> decimal.Decimal:
            if bits <= _SMALL_BITS:
                return decimal.Decimal(n)
            low_bits = bits >> 1
            high = n >> low_bits
            low = n - (high << low_bits)
            return convert(low, low_bits) + convert(high, bits - low_bits) * power_of_two(low_bits)

        magnitude = abs(value)
        digits = str(convert(magnitude, magnitude.bit_length()))
    return "-" + digits if value < 0 else digits


def json_bytes(obj: Any) -> bytes:
    """``obj`` as one line of JSON in UTF-8 (no newline), integers of any size as plain JSON numbers:
    what the CLI's ``--json`` and every answer of the service write."""
    try:
        return orjson.dumps(obj)  # the common case, fastest (a solution of 10^8 columns...)
    except TypeError:  # an integer past 64 bits, or a type orjson does not write: the standard library's way
        return json_line(obj).encode()


def json_line(obj: Any) -> str:
    """``obj`` as one line of JSON, with integers of any size written as plain JSON numbers."""
    try:
        return orjson.dumps(obj).decode()  # the common case, fastest
    except TypeError:  # an integer past 64 bits, or a type orjson does not write: the standard library's way
        pass
    try:
        return json.dumps(obj)
    except ValueError:  # an integer past the digit guard: swap those out, and only then
        pass
    big: list[int] = []

    def swap(item: Any) -> Any:
        if isinstance(item, int) and not isinstance(item, bool) and item.bit_length() > _SAFE_BITS:
            big.append(item)
            return _Placeholder(len(big) - 1)
        if isinstance(item, dict):
            return {k: swap(v) for k, v in item.items()}
        if isinstance(item, (list, tuple)):
            return [swap(v) for v in item]
        return item

    text = json.dumps(swap(obj), default=_placeholder_text)
    for i, value in enumerate(big):
        text = text.replace(json.dumps(f"{_Placeholder.MARK}{i}"), int_text(value), 1)
    return text


class _Placeholder:
    """Stands in for a big integer while ``json`` writes the rest."""

    MARK = "\x00queens-sat-int:"

    def __init__(self, index: int) -> None:
        self.index = index


def _placeholder_text(item: Any) -> str:
    if isinstance(item, _Placeholder):
        return f"{_Placeholder.MARK}{item.index}"
    raise TypeError(f"Object of type {type(item).__name__} is not JSON serializable")
