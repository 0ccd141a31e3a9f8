"""The library behind the page (``serve --db``): ``GET /daily`` and ``/daily/DATE`` (a day's puzzle,
never a day to come), ``GET /archive`` (the days so far), ``GET /library`` (a query), and
``POST /plays`` (a finished or abandoned play: the puzzle's key, the day, seconds, solved,
mistakes, hints, the first queens placed; nothing about the player).

Each server process opens the library once; reads are answered on the event loop (an indexed
query takes well under a millisecond), writes in a thread, since another writer (the other
worker, a ``library add``) may hold the lock for a while and ``Library.write`` waits and retries.
"""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from queens_sat.formats.json_format import loads
from queens_sat.model.errors import LibraryError, UsageError
from queens_sat.server.errors import BAD_REQUEST, ServiceError
from queens_sat.server.responses import JsonAnswer
from queens_sat.services.library import Entry, Filters, Library, query
from queens_sat.services.library.calendar import calendar, daily
from queens_sat.services.library.plays import play_of, record_play

NOT_FOUND = 404
ARCHIVE_DAYS = 366
MAX_QUERY = 500
KEPT = (
    "This server keeps a record of each daily puzzle you finish or leave: which puzzle and day, your time, "
    "whether you solved it, your mistakes, the hints you used and your first queens. Nothing about you: no name, "
    "no address, no cookie."
)

_opened: dict[str, Library] = {}
_lock = threading.Lock()


def _library(request: Request) -> Library:
    path = request.app.state.settings.db
    if path is None:
        raise ServiceError(NOT_FOUND, "this server has no puzzle library (queens-sat serve --db PATH)")
    with _lock:
        library = _opened.get(path)
        if library is None:
            try:
                library = _opened[path] = Library(path, create=False)
            except LibraryError as err:
                raise ServiceError(NOT_FOUND, str(err)) from None
    return library


def _today() -> dt.date:
    return dt.date.today()


def public(entry: Entry, day: str | None = None) -> dict[str, Any]:
    """A stored puzzle as the page gets it: the puzzle, its key and facts; not its solution."""
    out = {k: v for k, v in entry.as_dict().items() if k not in ("solution", "source")}
    if day is not None:
        out["day"] = day
    out["kept"] = KEPT
    return out


async def today(request: Request) -> JsonAnswer:
    return _day(request, _today())


async def on_day(request: Request) -> JsonAnswer:
    try:
        day = dt.date.fromisoformat(request.path_params["day"])
    except ValueError:
        raise ServiceError(BAD_REQUEST, "a day is written YYYY-MM-DD") from None
    if day > _today():
        raise ServiceError(NOT_FOUND, f"{day} has not come yet")
    return _day(request, day)


def _day(request: Request, day: dt.date) -> JsonAnswer:
    library = _library(request)
    with _lock:
        entry = daily(library, day)
    if entry is None:
        raise ServiceError(NOT_FOUND, f"no puzzle on the calendar for {day}")
    return JsonAnswer(public(entry, day.isoformat()))


async def archive(request: Request) -> JsonAnswer:
    """The days on the calendar up to today, latest first."""
    library = _library(request)
    with _lock:
        days = calendar(library, None, _today().isoformat())
    items = [{"day": day, "id": pid, "grade": grade, "n": n} for day, pid, grade, n, _planned in reversed(days[-ARCHIVE_DAYS:])]
    return JsonAnswer({"days": items, "kept": KEPT})


async def library_query(request: Request) -> JsonAnswer:
    """``GET /library?n=9&grade=Hard&limit=20``: puzzles of the library (no solutions)."""
    params = request.query_params
    try:
        n = tuple(int(v) for v in params.getlist("n"))
        limit = min(MAX_QUERY, int(params.get("limit", "50")))
        filters = Filters(
            n=n,
            stars=int(params["stars"]) if "stars" in params else None,
            grades=tuple(params.getlist("grade")),
            score_min=float(params["score_min"]) if "score_min" in params else None,
            score_max=float(params["score_max"]) if "score_max" in params else None,
            style=params.get("style"),
            tag=params.get("tag"),
        )
        library = _library(request)
        with _lock:
            entries = query(library, filters, sort=params.get("sort", "id"), limit=limit)
    except (ValueError, UsageError) as err:
        raise ServiceError(BAD_REQUEST, str(err)) from None
    return JsonAnswer({"puzzles": [public(e) for e in entries]})


async def plays(request: Request) -> JsonAnswer:
    """``POST /plays``: one play, stored; ``{"id": N}``."""
    body = await request.body()
    if len(body) > 4096:
        raise ServiceError(BAD_REQUEST, "a play is a small JSON object")
    try:
        play = play_of(loads(body, "the play"))
    except UsageError as err:
        raise ServiceError(BAD_REQUEST, str(err)) from None
    except ValueError:
        raise ServiceError(BAD_REQUEST, "the body is not JSON") from None
    library = _library(request)

    def store() -> int:
        with _lock:
            return record_play(library, play)

    return JsonAnswer({"id": await run_in_threadpool(store)}, status_code=201)
