"""Option values written as text (a command-line argument, a query parameter), parsed one way for
every front end: the CLI turns a refusal into argparse's message, the service into a 400."""

from __future__ import annotations

from collections.abc import Callable

MAX_DIGITS = 30  # far past any size, count or limit; int() would refuse 4,300 digits anyway


def positive_float(text: str) -> float:
    """A number above zero; ValueError saying why not."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number") from None
    if not value > 0:
        raise ValueError(f"must be positive, got {text}")
    return value


def whole_number(minimum: int) -> Callable[[str], int]:
    """A parser of whole numbers of at least ``minimum``; ValueError saying why not."""

    def parse(text: str) -> int:
        if len(text) > MAX_DIGITS:
            raise ValueError(f"a number of {len(text):,} characters is far too large")
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise ValueError(f"must be at least {minimum}, got {text}")
        return value

    return parse


positive_int = whole_number(1)
nonnegative_int = whole_number(0)


def boolean(text: str) -> bool:
    """true/false in the usual spellings (an empty value is true: ``?solution``)."""
    lowered = text.lower()
    if lowered in ("1", "true", "yes", "on", ""):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{text!r} is not true or false")


def choice(*allowed: str) -> Callable[[str], str]:
    """A parser that takes one of ``allowed``."""

    def parse(text: str) -> str:
        if text not in allowed:
            raise ValueError(f"{text!r} is not one of {', '.join(allowed)}")
        return text

    return parse
