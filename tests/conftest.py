"""Fixtures shared by the tests: the real-puzzle corpus beside the repository."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from helpers import corpus_records

from queens_sat.extension import reread_environment

# The Pythons that tests start (python -m queens_sat, python -c ...) import the installed package,
# as a user's would, not a source folder that happens to be their working directory: CI runs from
# the repository root, whose queens_sat/ has no compiled extension (Python 3.11+; 3.10 ignores it).
os.environ.setdefault("PYTHONSAFEPATH", "1")


@pytest.fixture(autouse=True)
def _pure_python_switch_as_the_environment_says() -> Iterator[None]:
    """The pure-Python switch is read at import and on request (``extension.reread_environment``);
    a test that changes it reads it again, and this reads it once more after the test, when
    ``monkeypatch`` has put the environment back (an autouse fixture is torn down last)."""
    yield
    reread_environment()


@pytest.fixture(scope="session")
def community() -> list:
    return corpus_records("community.jsonl")


@pytest.fixture(scope="session")
def generated() -> list:
    return corpus_records("generated.jsonl")
