"""Fixtures shared by the tests: the real-puzzle corpus beside the repository."""

from __future__ import annotations

import os

import pytest
from helpers import corpus_records

# The Pythons that tests start (python -m queens_sat, python -c ...) import the installed package,
# as a user's would, not a source folder that happens to be their working directory: CI runs from
# the repository root, whose queens_sat/ has no compiled extension (Python 3.11+; 3.10 ignores it).
os.environ.setdefault("PYTHONSAFEPATH", "1")


@pytest.fixture(scope="session")
def community() -> list:
    return corpus_records("community.jsonl")


@pytest.fixture(scope="session")
def generated() -> list:
    return corpus_records("generated.jsonl")
