"""The limits a server runs under: what one request may ask for, and how long it may take."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

DEFAULT_PORT = 8000
SETTINGS_VARIABLE = "QUEENS_SAT_SERVICE_SETTINGS"  # JSON of ServiceSettings, set by ``queens-sat serve``


@dataclass(frozen=True)
class ServiceSettings:
    """Per-request limits. A request may lower ``time_limit`` for itself, never raise it."""

    max_body: int = 1 << 20  # bytes of a request body; a 64x64 puzzle is about 4 KiB
    max_image_body: int = 16 << 20  # bytes of a screenshot posted to /import (a 4K PNG is a few MB)
    body_timeout: float = 10.0  # seconds for a whole body to arrive (slow or stalled senders)
    head_timeout: float = 10.0  # seconds for a request's line and headers to arrive (server.protocol)
    time_limit: float = 10.0  # seconds of search per request
    max_n: int = 1000  # largest board a request may name (boards with regions stop at 64 anyway)
    max_generate: int = 100  # puzzles one /generate request may ask for
    max_generate_n: int = 20  # largest board /generate makes (bigger ones take minutes each)
    threads: int = 4  # quick searches at once in one server process (see ``workers``, ``admission``)
    slow_threads: int = 2  # slow searches at once (long time limits, Python or SAT backends, /generate): Python ones share the GIL
    queue: int = 16  # requests that may wait for a lane's thread; past it: 503 "busy, not started"
    body_budget: int = 32 << 20  # bytes of request bodies in flight at once, all requests together
    grace: float = 2.0  # seconds past the time limit before a request is answered 503 anyway
    batch_time_limit: float = 60.0  # seconds for a whole batch body (each puzzle has ``time_limit``)
    db: str | None = None  # the puzzle library behind /daily, /archive, /library and /plays (``serve --db``)

    def __post_init__(self) -> None:
        for name in ("max_body", "max_image_body", "max_n", "max_generate", "max_generate_n", "threads", "slow_threads", "body_budget"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, got {getattr(self, name)}")
        if self.queue < 0:
            raise ValueError(f"queue must be at least 0, got {self.queue}")
        for name in ("body_timeout", "head_timeout", "time_limit", "batch_time_limit"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be positive, got {getattr(self, name)}")


def settings_from_environment() -> ServiceSettings:
    """The settings ``queens-sat serve`` put in the environment for its server processes (the
    defaults when there are none)."""
    text = os.environ.get(SETTINGS_VARIABLE)
    return ServiceSettings(**json.loads(text)) if text else ServiceSettings()
