"""Searches off the event loop: each runs in a worker thread (the native search releases the
GIL) under a wall-clock cap, so ``/health`` and every other request stay answered."""

from __future__ import annotations

from typing import Callable, TypeVar

import anyio

from ..errors import BackendError, PuzzleError
from .errors import BAD_REQUEST, UNAVAILABLE, ServiceError
from .settings import ServiceSettings

T = TypeVar("T")


async def in_thread(func: Callable[[], T], settings: ServiceSettings, limit: float | None = None) -> T:
    """``func()`` in a worker thread. The library gets the time limit itself; should it
    overrun that by ``settings.grace``, the request is answered 503 and the thread abandoned
    (it stops at its own time limit). A ``PuzzleError`` or ``BackendError`` is a 400."""
    wall = (settings.time_limit if limit is None else limit) + settings.grace
    try:
        with anyio.fail_after(wall):
            return await anyio.to_thread.run_sync(func, abandon_on_cancel=True)
    except TimeoutError:
        raise ServiceError(UNAVAILABLE, f"the search did not finish within {wall:g} s") from None
    except (PuzzleError, BackendError) as err:
        raise ServiceError(BAD_REQUEST, str(err)) from None
