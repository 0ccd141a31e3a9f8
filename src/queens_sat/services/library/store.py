"""The library as an object: its connection, write transactions that wait for and retry around
other writers, and the plain reads and writes on puzzles and tags.

Every write is one ``BEGIN IMMEDIATE`` transaction: it takes the write lock at its start, so two
writers never deadlock on a lock upgrade; SQLite's busy timeout waits for the other writer, and
``write`` retries a transaction the timeout still loses. A ``kill -9`` leaves each transaction in
or out, never half.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager

from queens_sat.services.library.entries import COLUMNS, SELECT, Entry, entry_of_row
from queens_sat.services.library.errors import LibraryError, UnknownPuzzle
from queens_sat.services.library.schema import connect, library_path

TYPE_CHECKING = False  # typing is not imported at run time: ``library daily`` starts without it (type checkers read True)

if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")

RETRIES = 20  # a write lost to a locked database is tried again this often, after a growing random pause
INSERT = f"INSERT OR IGNORE INTO puzzles ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"


def _busy(err: sqlite3.OperationalError) -> bool:
    """Whether the error is another writer's lock (worth a retry), not a real failure."""
    return "locked" in str(err) or "busy" in str(err)


def _pause(attempt: int) -> None:
    """A random pause before trying again, growing with the attempts (writers that lost together do
    not collide again together)."""
    import random

    time.sleep(random.uniform(0, 0.01 * (attempt + 1)))


class Library:
    """A puzzle library on one SQLite file (``--db``, ``QUEENS_SAT_DB`` or ``puzzles.db``)."""

    def __init__(self, path: str | None = None, *, create: bool = True, read_only: bool = False) -> None:
        self.path = library_path(path)
        self.db = connect(self.path, create=create, read_only=read_only)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ transactions
    def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(db)`` in one write transaction, committed whole or not at all; tried again when
        another writer held the lock past the busy timeout."""
        for attempt in range(RETRIES + 1):
            try:
                with self._transaction():
                    return work(self.db)
            except sqlite3.OperationalError as err:
                if not _busy(err) or attempt == RETRIES:
                    raise LibraryError(f"{self.path}: {err}") from None
                _pause(attempt)
        raise AssertionError("unreachable")

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows of one query, retried like a write when the file is busy (a checkpoint)."""
        for attempt in range(RETRIES + 1):
            try:
                return self.db.execute(sql, params).fetchall()
            except sqlite3.OperationalError as err:
                if not _busy(err) or attempt == RETRIES:
                    raise LibraryError(f"{self.path}: {err}") from None
                _pause(attempt)
        raise AssertionError("unreachable")

    # ------------------------------------------------------------------ puzzles
    def held(self, keys: Iterable[str]) -> dict[str, int]:
        """Which of ``keys`` the library holds already, and the id of each."""
        out: dict[str, int] = {}
        batch = list(keys)
        for start in range(0, len(batch), 500):
            part = batch[start : start + 500]
            rows = self.read(f"SELECT key, id FROM puzzles WHERE key IN ({', '.join('?' * len(part))})", part)
            out.update((key, id_) for key, id_ in rows)
        return out

    def insert(self, entries: Sequence[Entry]) -> list[Entry]:
        """Store ``entries`` in one transaction; the ones another writer had stored meanwhile are
        skipped. Returns those stored, their ids set."""

        def work(db: sqlite3.Connection) -> list[Entry]:
            stored = []
            for entry in entries:
                cursor = db.execute(INSERT, entry.row())
                if cursor.rowcount == 1:
                    entry.id = cursor.lastrowid
                    stored.append(entry)
            return stored

        return self.write(work) if entries else []

    def get(self, ident: int | str) -> Entry:
        """The puzzle with this id (a number) or key (its 32 hex digits)."""
        column = "id" if isinstance(ident, int) or str(ident).isdigit() else "key"
        value: Any = int(ident) if column == "id" else ident
        rows = self.read(f"{SELECT} WHERE {column} = ?", (value,))
        if not rows:
            raise UnknownPuzzle(f"{self.path}: no puzzle with {column} {ident}")
        return entry_of_row(rows[0])

    def remove(self, ids: Sequence[int]) -> int:
        """Remove these puzzles (their tags and calendar days with them); how many there were."""
        return self.write(lambda db: db.executemany("DELETE FROM puzzles WHERE id = ?", [(i,) for i in ids]).rowcount)

    def tag(self, ids: Sequence[int], tags: Sequence[str], *, remove: bool = False) -> int:
        """Add (or remove) ``tags`` on these puzzles; how many tags changed."""
        for i in ids:
            self.get(i)  # an unknown id is an error, not a silent nothing
        pairs = [(i, t) for i in ids for t in tags]
        sql = "DELETE FROM tags WHERE puzzle = ? AND tag = ?" if remove else "INSERT OR IGNORE INTO tags (puzzle, tag) VALUES (?, ?)"
        return self.write(lambda db: db.executemany(sql, pairs).rowcount)

    def tags_of(self, ident: int) -> list[str]:
        return [t for (t,) in self.read("SELECT tag FROM tags WHERE puzzle = ? ORDER BY tag", (ident,))]

    def count(self) -> int:
        return int(self.read("SELECT count(*) FROM puzzles")[0][0])

    def stats(self) -> list[tuple[int, int, str | None, int]]:
        """How many puzzles of each size, stars and grade: (n, stars, grade, count), sorted."""
        rows = self.read("SELECT n, stars, grade, grade_rank, count(*) FROM puzzles GROUP BY n, stars, grade_rank, grade")
        rows.sort(key=lambda r: (r[0], r[1], -1 if r[3] is None else r[3]))
        return [(n, stars, grade, count) for n, stars, grade, _rank, count in rows]
