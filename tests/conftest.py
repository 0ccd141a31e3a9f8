"""Fixtures shared by the tests: the real-puzzle corpus beside the repository."""

from __future__ import annotations

import pytest
from helpers import corpus_records


@pytest.fixture(scope="session")
def community() -> list:
    return corpus_records("community.jsonl")


@pytest.fixture(scope="session")
def generated() -> list:
    return corpus_records("generated.jsonl")
