"""Progress on standard error: a bar with counts ("37/100") when it is a terminal (rich is imported
only then); nothing otherwise, or, for long jobs whose output goes to a log (the bench scripts),
a plain line every few seconds (``lines_every``), so a run is never silent for minutes."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")

LATE_BAR_AFTER = 0.5  # seconds before a ``LateProgressBar`` appears: short counts show none


def _rich_bar() -> Any:
    """A started rich bar on standard error: the description, the bar, done of total, elapsed and remaining time."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    bar.start()
    return bar


def count_line(description: str, done: int, total: int, seconds: float) -> str:
    """The plain progress line: ``description: 37/100 (37 %), 12 s``."""
    share = f" ({100 * done // total} %)" if total else ""
    return f"{description}: {done}/{total}{share}, {seconds:.0f} s"


class ProgressBar:
    """A bar of ``total`` steps, moved by ``advance``. On a terminal, rich's bar with counts; when
    standard error is not one, silence, or with ``lines_every`` a line at most that many seconds apart."""

    def __init__(
        self, total: int, description: str, *, enabled: bool = True, completed: int = 0, lines_every: float | None = None
    ) -> None:
        self.total, self.description, self.completed = total, description, completed
        terminal = sys.stderr.isatty()
        self.enabled = enabled and terminal
        self.lines_every = lines_every if enabled and not terminal else None
        self.bar: Any = None
        self.task: Any = None
        self.start = self.last_line = time.monotonic()

    def __enter__(self) -> ProgressBar:
        self.start = self.last_line = time.monotonic()
        if self.enabled:
            self.bar = _rich_bar()
            self.task = self.bar.add_task(self.description, total=self.total, completed=self.completed)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
        elif self.lines_every is not None and self.completed:
            self._line()

    def advance(self, steps: int = 1) -> None:
        self.completed += steps
        if self.bar is not None:
            self.bar.advance(self.task, steps)
        elif self.lines_every is not None and time.monotonic() - self.last_line >= self.lines_every:
            self._line()

    def _line(self) -> None:
        now = time.monotonic()
        self.last_line = now
        print(count_line(self.description, self.completed, self.total, now - self.start), file=sys.stderr, flush=True)

    def note(self, text: str) -> None:
        """Show ``text`` after the description (what the current step is doing), on a terminal only."""
        if self.bar is not None:
            self.bar.update(self.task, description=f"{self.description} ({text})" if text else self.description)

    def print(self, text: str) -> None:
        if self.bar is not None:
            self.bar.console.print(text, markup=False, highlight=False)
        else:
            print(text, file=sys.stderr, flush=True)


def tracked(items: Iterable[T], total: int, description: str, *, lines_every: float = 5.0) -> Iterator[T]:
    """``items`` one by one, each counted as done when the next is asked for: a bench script's loop
    shows a bar on a terminal and a count line every ``lines_every`` seconds in a log, with no change
    to its body (``for board in tracked(boards, len(boards), "boards"):``)."""
    with ProgressBar(total, description, lines_every=lines_every) as progress:
        for item in items:
            yield item
            progress.advance()


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
            self.bar = _rich_bar()
            self.task = self.bar.add_task(self.description, total=total, completed=done)
        elif self.bar is not None:
            self.bar.update(self.task, completed=done)
