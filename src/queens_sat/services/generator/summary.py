"""The figures of a run: puzzles per second, repairs, restarts, as the puzzles come in."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field

from queens_sat.services.generator.attempt import GeneratedPuzzle


@dataclass
class RunSummary:
    started: float = field(default_factory=time.perf_counter)
    seconds: list[float] = field(default_factory=list)  # each puzzle's own time
    repairs: list[int] = field(default_factory=list)
    restarts: list[int] = field(default_factory=list)
    timeouts: int = 0
    duplicates: int = 0

    def add(self, puzzle: GeneratedPuzzle) -> None:
        self.seconds.append(puzzle.seconds)
        self.repairs.append(puzzle.repairs)
        self.restarts.append(puzzle.restarts)
        self.timeouts += puzzle.timeouts

    @property
    def count(self) -> int:
        return len(self.seconds)

    def line(self) -> str:
        """One line for people: how many, how fast, how many repairs and restarts."""
        wall = time.perf_counter() - self.started
        text = f"{self.count} puzzle{'s' * (self.count != 1)} in {wall:.2f} s"
        if self.count:
            text += (
                f" ({self.count / wall:.2f} puzzles/s; per puzzle {statistics.median(self.seconds):.3f} s median, "
                f"{max(self.seconds):.3f} s max); repairs median {statistics.median(self.repairs):g} "
                f"(max {max(self.repairs)}), restarts median {statistics.median(self.restarts):g} (max {max(self.restarts)})"
            )
        if self.duplicates:
            text += f"; {self.duplicates} duplicate{'s' * (self.duplicates != 1)} dropped"
        if self.timeouts:
            text += f"; {self.timeouts} search{'es' * (self.timeouts != 1)} stopped by a time limit"
        return text
