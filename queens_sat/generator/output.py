"""Generated puzzles as JSON lines: written whole and flushed one by one, and read back to resume.

Each line is a puzzle in the project's JSON form (``queens-sat check`` reads the
file as it is) plus how it was made: ``id``, ``solution``, ``seed`` and ``index``
(which make it again), ``seconds``, ``repairs``, ``restarts``, ``checks``,
``timeouts``, and the logic grade when asked for.

A line goes out in one ``write`` of complete bytes and is flushed to the system
at once, so a killed run leaves whole lines, except perhaps a torn last one if
the kill lands inside that write; ``resume`` drops such a line and goes on after
the last whole one.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from typing import IO, Any

from ..errors import PuzzleError
from ..formats import puzzle_to_dict
from ..puzzle import Puzzle
from .attempt import GeneratedPuzzle, GeneratorOptions
from .dedupe import layout_key

# the options a resumed file must share with the run that continues it
RUN_FIELDS = ("n", "rule", "seed", "strategy")


def puzzle_id(p: GeneratedPuzzle) -> str:
    return f"n{p.n}-s{p.seed}-{p.index:05d}"


def record(p: GeneratedPuzzle, options: GeneratorOptions) -> dict[str, Any]:
    """The JSON object of one generated puzzle."""
    out = puzzle_to_dict(Puzzle(p.regions, rule=p.rule), id=puzzle_id(p))
    out.update(
        solution=list(p.solution),
        seed=p.seed,
        index=p.index,
        strategy=options.strategy,
        seconds=round(p.seconds, 6),
        repairs=p.repairs,
        restarts=p.restarts,
        checks=p.checks,
        timeouts=p.timeouts,
    )
    out.update(p.extra)
    return out


class LineWriter:
    """Whole lines to a file (appended) or standard output, each flushed as it is written."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644) if path else None
        self.stream: IO[str] = sys.stdout

    def write(self, obj: dict[str, Any]) -> None:
        line = json.dumps(obj) + "\n"
        if self.fd is None:
            self.stream.write(line)
            self.stream.flush()
            return
        data = line.encode()
        while data:  # one write for all but enormous lines; the loop covers a short write
            data = data[os.write(self.fd, data):]

    def close(self) -> None:
        if self.fd is not None:
            os.fsync(self.fd)
            os.close(self.fd)
            self.fd = None


@dataclass
class ResumeState:
    """What an existing output file holds: where the run stands."""

    done: int = 0  # puzzles in the file
    next_index: int = 0  # the index to go on from
    keys: set[bytes] = field(default_factory=set)  # their layouts, for the duplicate check
    torn: bool = False  # a torn last line was dropped


def stored_seed(path: str) -> int | None:
    """The seed of the run that wrote ``path`` (its first whole line's), or None when there is none to read."""
    try:
        with open(path, "rb") as f:
            first = f.readline()
        return int(json.loads(first)["seed"]) if first.endswith(b"\n") else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def read_progress(path: str, options: GeneratorOptions) -> ResumeState:
    """Read an interrupted run's file, drop a torn last line, and check it is the same run.

    Raises ``PuzzleError`` (naming the file and line) when a line is not a
    generator record of a run with the same n, rule, seed and strategy.
    """
    state = ResumeState()
    if not os.path.exists(path):
        return state
    with open(path, "rb") as f:
        data = f.read()
    whole = data.rfind(b"\n") + 1  # bytes up to the end of the last whole line
    if whole < len(data):
        state.torn = True
        with open(path, "r+b") as f:
            f.truncate(whole)
    for number, line in enumerate(data[:whole].splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            missing = [name for name in (*RUN_FIELDS, "index", "regions") if name not in obj]
            if missing:
                raise PuzzleError(f"not a generator record: no {', '.join(missing)}", source=path, line=number)
            wanted = {"n": options.n, "rule": options.rule, "seed": options.seed, "strategy": options.strategy}
            for name in RUN_FIELDS:
                if obj.get(name) != wanted[name]:
                    raise PuzzleError(
                        f"made by another run ({name} {obj.get(name)!r}, this run's is {wanted[name]!r}); "
                        "resume with that run's options or write to another file",
                        source=path,
                        line=number,
                    )
            index = int(obj["index"])
            key = layout_key(Puzzle(obj["regions"]).regions)
        except PuzzleError as err:
            raise err.located(source=path, line=number) from None
        except (ValueError, KeyError, TypeError) as err:
            raise PuzzleError(f"not a generator record ({err})", source=path, line=number) from None
        state.done += 1
        state.next_index = max(state.next_index, index + 1)
        state.keys.add(key)
    return state
