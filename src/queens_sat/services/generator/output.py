"""Generated puzzles as JSON lines: written whole and flushed one by one, and read back to resume.

Each line is a puzzle in the project's JSON form (``queens-sat check`` reads the
file as it is; a Star Battle's carries ``"stars": k``) plus how it was made: ``id``,
``solution`` (the queen's column in each row; with k stars, each row's k columns as
a list), ``seed`` and ``index``
(which make it again), ``seconds``, ``repairs``, ``restarts``, ``checks``,
``timeouts``, and the logic grade when asked for.

A line goes out in one ``write`` of complete bytes and is flushed to the system
at once, so a killed run leaves whole lines, except perhaps a torn last one if
the kill lands inside that write; ``resume`` drops such a line and goes on after
the last whole one.
"""

from __future__ import annotations

import fcntl
import json
import os
import stat
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from typing import IO, Any

from queens_sat.formats import puzzle_to_dict
from queens_sat.model.errors import OutputError, PuzzleError
from queens_sat.model.placement import star_rows
from queens_sat.model.puzzle import Puzzle
from queens_sat.runtime.line_output import append_line
from queens_sat.services.generator.attempt import GeneratedPuzzle, GeneratorOptions
from queens_sat.services.generator.dedupe import layout_key

# the options a resumed file must share with the run that continues it; every line holds them,
# and the other options that change the puzzles (``run_options``) under "options"
RUN_FIELDS = ("n", "rule", "seed", "strategy")
OPTION_NAMES = {  # GeneratorOptions field (or RegionRules field) -> the command-line option
    "validator": "--validator",
    "connected": "--allow-disconnected",
    "max_share": "--max-region-share",
    "full_lines": "--allow-full-lines",
    "max_repairs": "--max-repairs",
    "max_restarts": "--max-restarts",
    "check_time_limit": "--check-time-limit",
    "probe_time_limit": "--probe-time-limit",
    "logic": "--logic",
    "max_depth": "--max-depth",
    "grades": "--grade",
    "style": "--style",
    "score_range": "--score",
    "grade_mix": "--any-grade",
    "givens": "--givens",
    "max_givens": "--max-givens",
}


@lru_cache(maxsize=1)
def _defaults() -> GeneratorOptions:
    return GeneratorOptions(n=8)


def run_options(options: GeneratorOptions) -> dict[str, Any]:
    """The options beyond RUN_FIELDS that change the puzzles, where they differ from the defaults
    (so that most lines carry ``{}``); a resumed run must have the same."""
    defaults = _defaults()
    out: dict[str, Any] = {}
    for name in OPTION_NAMES:
        holder, default_holder = (options.rules, defaults.rules) if hasattr(options.rules, name) else (options, defaults)
        value, default = getattr(holder, name), getattr(default_holder, name)
        if name == "validator" and not isinstance(value, str):
            value = getattr(value, "__name__", repr(value))
        value = list(value) if isinstance(value, tuple) else value
        default = list(default) if isinstance(default, tuple) else default
        if value != default:
            out[name] = value
    return out


def puzzle_id(p: GeneratedPuzzle) -> str:
    stars = f"-{p.stars}star" if p.stars > 1 else ""
    return f"n{p.n}{stars}-s{p.seed}-{p.index:05d}"


def record(p: GeneratedPuzzle, options: GeneratorOptions, previous: int = -1) -> dict[str, Any]:
    """The JSON object of one generated puzzle; ``previous`` is the index of the line before it
    in the file (-1: none), so that a resumed run notices a line lost or written twice."""
    out = puzzle_to_dict(p.puzzle(), id=puzzle_id(p))
    out.update(
        solution=list(p.solution) if p.stars == 1 else star_rows(p.solution, p.stars),
        seed=p.seed,
        index=p.index,
        strategy=options.strategy,
        seconds=round(p.seconds, 6),
        repairs=p.repairs,
        restarts=p.restarts,
        checks=p.checks,
        timeouts=p.timeouts,
        previous=previous,
        options=run_options(options),
    )
    out.update(p.extra)
    return out


class OutputBusy(PuzzleError):
    """Another run holds the lock of the output file."""


class LineWriter:
    """Whole lines to a file (appended) or standard output, each flushed as it is written.

    The file is locked (``flock``, exclusive) for as long as the writer is open: a
    second run on the same file, resumed or not, is refused instead of
    interleaving its lines with the first one's. Open it before reading the file
    to resume: what is read then cannot change under the reader.
    """

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644) if path else None
        self.stream: IO[str] = sys.stdout
        if self.fd is not None:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(self.fd)
                self.fd = None
                raise OutputBusy(
                    f"{path} is being written by another run (it holds the file's lock); "
                    "wait for it to finish, or write to another file"
                ) from None

    def truncate(self) -> None:
        """Empty the file (``--force``), keeping the lock."""
        if self.fd is not None:
            os.ftruncate(self.fd, 0)

    def write(self, obj: dict[str, Any]) -> None:
        """One whole line, or none: a line the system refuses half-way (a full disk) is cut off
        again, and the error names the file."""
        line = json.dumps(obj) + "\n"
        if self.fd is None:
            try:
                self.stream.write(line)
                self.stream.flush()
            except (BrokenPipeError, OutputError):
                raise  # an OutputError names standard output already (runtime.line_output.WholeLines)
            except OSError as err:
                raise OutputError(f"cannot write to standard output: {err.strerror or err}") from err
            return
        try:
            append_line(self.fd, line.encode(), self.path or "")
        except OutputError as err:
            raise OutputError(f"{err} (--resume continues)") from err.__cause__

    def close(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            try:
                if stat.S_ISREG(os.fstat(fd).st_mode):  # a device or a pipe has nothing to sync
                    os.fsync(fd)
            except OSError as err:
                raise OutputError(f"cannot write to {self.path}: {err.strerror or err}") from err
            finally:
                os.close(fd)


@dataclass
class ResumeState:
    """What an existing output file holds: where the run stands."""

    done: int = 0  # puzzles in the file
    next_index: int = 0  # the index to go on from
    last_index: int = -1  # the index of the last line (-1: none), the next line's "previous"
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
            _same_run(obj, options)
            index = int(obj["index"])
            _in_sequence(obj, index, state.last_index)
            key = layout_key(Puzzle(obj["regions"]).regions)
            if key in state.keys:
                raise PuzzleError(f"puzzle {index} is in the file twice (two runs wrote to it?); {FIX}")
        except PuzzleError as err:
            raise err.located(source=path, line=number) from None
        except (ValueError, KeyError, TypeError) as err:
            raise PuzzleError(f"not a generator record ({err})", source=path, line=number) from None
        state.done += 1
        state.next_index = index + 1
        state.last_index = index
        state.keys.add(key)
    return state


FIX = "cut the file before this line and resume, or write to another file"


def _same_run(obj: dict[str, Any], options: GeneratorOptions) -> None:
    """Refuse a line made with other options, naming the first option that differs."""
    wanted = {"n": options.n, "rule": options.rule, "seed": options.seed, "strategy": options.strategy}
    for name in RUN_FIELDS:
        if obj.get(name) != wanted[name]:
            raise PuzzleError(
                f"made by another run ({name} {obj.get(name)!r}, this run's is {wanted[name]!r}); "
                "resume with that run's options or write to another file"
            )
    if obj.get("stars", 1) != options.stars:  # a Queens line carries no "stars"
        raise PuzzleError(
            f"made by another run (stars {obj.get('stars', 1)!r}, this run's is {options.stars!r}); "
            "resume with that run's --stars or write to another file"
        )
    if "options" not in obj:  # written before the options were recorded: n, rule, seed and strategy are all there is
        return
    stored, current = obj["options"], run_options(options)
    if not isinstance(stored, dict):
        raise PuzzleError("not a generator record: 'options' is not an object")
    for name, flag in OPTION_NAMES.items():
        if stored.get(name) != current.get(name):
            had, has = _shown(name, stored), _shown(name, current)
            raise PuzzleError(
                f"made with other options: {flag} {had} then, {has} now; "
                "resume with that run's options (the puzzles depend on them) or write to another file"
            )


def _shown(name: str, options: dict[str, Any]) -> str:
    """An option as the command line gives it: "not given", "given", or "VALUE"."""
    if name not in options:
        return "not given"
    value = options[name]
    if isinstance(value, bool):
        return "given"  # a flag differs from its default only when given (--allow-disconnected: connected false)
    if isinstance(value, list):
        return " ".join(map(str, value))
    return str(value)


def _in_sequence(obj: dict[str, Any], index: int, last: int) -> None:
    """Lines come in increasing index order, each naming the index of the line before it."""
    if last >= 0 and index <= last:
        raise PuzzleError(f"puzzle {index} follows puzzle {last}: a line written twice or out of order; {FIX}")
    if "previous" in obj and int(obj["previous"]) != last:
        before = f"puzzle {last}" if last >= 0 else "the start of the file"
        raise PuzzleError(
            f"puzzle {index} was written after puzzle {obj['previous']}, but here it follows {before}: "
            f"a line is missing; {FIX}"
        )
