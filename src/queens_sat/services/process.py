"""The garbage collector's pace in a process that checks puzzles all its life (a command, a server worker)."""

from __future__ import annotations

import gc

YOUNG_OBJECTS = 10_000  # container objects made between two collections of the youngest generation (Python's default: 700)


def tune_garbage_collection() -> None:
    """A command or a server worker makes a few objects a record or a request and keeps none of
    them past it, so the collector's default pace (a pass every 700 new objects) costs a batch of
    checks about a sixth of its time; what the imports made lives as long as the process and is
    frozen out of every pass. Left alone when a caller (the tests, a host program) has tuned it."""
    if gc.get_threshold()[0] == 700:
        gc.freeze()
        gc.set_threshold(YOUNG_OBJECTS, 20, 20)
