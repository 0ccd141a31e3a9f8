"""A progress bar on standard error when it is a terminal; nothing otherwise (rich is imported only then)."""

from __future__ import annotations

import sys
import time
from typing import Any

LATE_BAR_AFTER = 0.5  # seconds before a ``LateProgressBar`` appears: short counts show none


class ProgressBar:
    def __init__(self, total: int, description: str, *, enabled: bool = True, completed: int = 0) -> None:
        self.total, self.description, self.completed = total, description, completed
        self.enabled = enabled and sys.stderr.isatty()
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> ProgressBar:
        if self.enabled:
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(*Progress.get_default_columns(), console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=self.total, completed=self.completed)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def advance(self) -> None:
        if self.bar is not None:
            self.bar.advance(self.task)

    def print(self, text: str) -> None:
        if self.bar is not None:
            self.bar.console.print(text, markup=False, highlight=False)
        else:
            print(text, file=sys.stderr, flush=True)


class LateProgressBar:
    """A bar that appears only once a task has run for ``LATE_BAR_AFTER`` seconds, fed by a
    library's ``on_progress(done, total)`` callback (``update``); nothing when stderr is no terminal."""

    def __init__(self, description: str, *, enabled: bool = True) -> None:
        self.description = description
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.perf_counter()
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> LateProgressBar:
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None

    def update(self, done: int, total: int) -> None:
        """The callback: ``done`` of ``total`` steps finished."""
        if self.bar is None and self.enabled and time.perf_counter() - self.start > LATE_BAR_AFTER:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=total, completed=done)
        elif self.bar is not None:
            self.bar.update(self.task, completed=done)
