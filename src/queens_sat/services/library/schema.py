"""The library's file: an SQLite database in WAL mode, marked as ours by its application id, with
its schema version in ``user_version`` and the migrations that bring an older file up to date.

Opening checks before writing anything: a file that is not a library, or whose schema is newer
than this version knows, is refused untouched (``NotALibrary``, ``NewerSchema``).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable

from queens_sat.services.library.errors import NewerSchema, NoLibrary, NotALibrary

APPLICATION_ID = 0x51534C42  # "QSLB": what marks the file as a queens-sat library
BUSY_SECONDS = 30.0  # how long a writer waits for another's lock before the retry loop takes over
DEFAULT_PATH = "puzzles.db"
ENVIRONMENT = "QUEENS_SAT_DB"

_V1 = """
CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,          -- keys.puzzle_key: the same for every symmetric, relabelled copy
    n INTEGER NOT NULL,
    stars INTEGER NOT NULL,
    rule TEXT NOT NULL,
    givens INTEGER NOT NULL,           -- given queens and blocked cells
    status TEXT NOT NULL,              -- unique, multiple, none, unknown
    grade TEXT,                        -- the logic grade (None: not solved by logic, or not unique)
    grade_rank INTEGER,                -- its place in GRADES, for ranges and sorting
    score REAL,
    hardest TEXT,                      -- the hardest technique the logic solve needed
    style TEXT,
    source TEXT,
    added TEXT NOT NULL,               -- UTC, ISO 8601
    puzzle TEXT NOT NULL,              -- the project's JSON form
    solution TEXT                      -- the unique solution as JSON (None unless unique)
);
CREATE INDEX puzzles_by_size_grade ON puzzles (n, grade_rank, score);
CREATE INDEX puzzles_by_score ON puzzles (score);
CREATE TABLE tags (
    puzzle INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (puzzle, tag)
) WITHOUT ROWID;
CREATE INDEX tags_by_tag ON tags (tag);
CREATE TABLE calendar (
    day TEXT PRIMARY KEY,              -- YYYY-MM-DD
    puzzle INTEGER NOT NULL UNIQUE REFERENCES puzzles (id) ON DELETE CASCADE,
    planned_n INTEGER,
    planned_grade TEXT
);
CREATE TABLE plays (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL,                 -- the puzzle's key (the puzzle may have come from elsewhere)
    day TEXT,                          -- the daily it was, when it was one
    seconds REAL,
    solved INTEGER NOT NULL,
    mistakes INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    first TEXT,                        -- the first queens placed, as JSON [[row, column], ...]
    posted TEXT NOT NULL
);
CREATE INDEX plays_by_key ON plays (key);
"""

# MIGRATIONS[v] brings a file at schema v to v + 1; SCHEMA_VERSION is their count.
def _statements(script: str) -> Callable[[sqlite3.Connection], None]:
    """A migration running ``script``'s statements one by one inside the caller's transaction
    (``executescript`` would commit it first)."""

    def run(db: sqlite3.Connection) -> None:
        for statement in script.split(";\n"):
            if statement.strip():
                db.execute(statement)

    return run


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_statements(_V1),)
SCHEMA_VERSION = len(MIGRATIONS)


def library_path(path: str | None) -> str:
    """``--db``, else ``QUEENS_SAT_DB``, else ``puzzles.db``."""
    return path or os.environ.get(ENVIRONMENT) or DEFAULT_PATH


def connect(path: str, *, create: bool = True, read_only: bool = False) -> sqlite3.Connection:
    """An open connection to the library at ``path``, its schema brought up to date (made, when the
    file is new and ``create``). Raises ``NoLibrary``, ``NotALibrary`` or ``NewerSchema`` with the
    file left as it was."""
    exists = os.path.exists(path) and os.path.getsize(path) > 0
    if not exists and not create:
        raise NoLibrary(f"{path}: no library there ('queens-sat library add --db {path} FILE' makes one)")
    if exists and os.path.isdir(path):
        raise NotALibrary(f"{path}: is a directory, not a library")
    db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
    try:
        if read_only:
            db.execute("PRAGMA query_only = ON")  # a reader never writes, whatever a bug asks
        version = _checked_version(db, path) if exists else 0
        if version < SCHEMA_VERSION and not read_only:
            _migrate(db, path, version)
        if not read_only:
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")  # WAL: a crash loses at most the last commits, never the file
        db.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        db.close()
        raise
    return db


def _checked_version(db: sqlite3.Connection, path: str) -> int:
    """The file's schema version, after checking that it is a library this version can read."""
    try:
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    except sqlite3.DatabaseError as err:
        raise NotALibrary(f"{path}: not a queens-sat library ({err})") from None
    if app != APPLICATION_ID:
        what = "an SQLite database of another program" if tables else "an empty SQLite database"
        raise NotALibrary(f"{path}: not a queens-sat library ({what}); nothing was changed")
    if version > SCHEMA_VERSION:
        raise NewerSchema(
            f"{path}: written by a newer queens-sat (library schema {version}; this version knows up to {SCHEMA_VERSION}); "
            "nothing was changed: upgrade queens-sat to use it"
        )
    return version


def _migrate(db: sqlite3.Connection, path: str, version: int) -> None:
    """Every migration from ``version`` on, each in its own transaction with its version bump, so a
    kill between two leaves a file at one version or the next. Another process may migrate at the
    same time: the version is read again under the write lock."""
    while version < SCHEMA_VERSION:
        db.execute("BEGIN IMMEDIATE")
        try:
            current = int(db.execute("PRAGMA user_version").fetchone()[0])
            if current == version:
                MIGRATIONS[version](db)
                if version == 0:
                    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {version + 1}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
