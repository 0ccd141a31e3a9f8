"""A progress bar on standard error when it is a terminal; nothing otherwise (rich is imported only then)."""

from __future__ import annotations

import sys
from typing import Any


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
