"""Fixtures shared by the tests: the real-puzzle corpus beside the repository, and the page tests'
server and browser."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import ZERO_BASED, corpus_records

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


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    """A real ``queens-sat serve`` for a module of page tests (``served.serving``)."""
    from served import serving

    with serving() as served:
        yield served


@pytest.fixture(scope="module", params=["desktop", "phone"])
def browser(request: Any) -> Iterator[Any]:
    """Headless chromium at a desktop's and then a phone's viewport (``browser.DESKTOP``, ``PHONE``);
    a module that needs one size only defines its own ``browser``."""
    from browser import DESKTOP, PHONE, chrome

    width, height = DESKTOP if request.param == "desktop" else PHONE
    driver = chrome(width, height, mobile=request.param == "phone")
    yield driver
    driver.quit()


# every error message the library renders during the run (the words the command line prints
# and the service answers), scanned at the end for places counted from 0
HUMAN_MESSAGES: list[str] = []


@pytest.fixture(scope="session", autouse=True)
def _collect_error_messages() -> Iterator[None]:
    from queens_sat.model.errors import PuzzleError

    original = PuzzleError._render

    def render(self: PuzzleError) -> str:
        text = original(self)
        HUMAN_MESSAGES.append(text)
        return text

    PuzzleError._render = render  # type: ignore[method-assign]
    yield
    PuzzleError._render = original  # type: ignore[method-assign]


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    """Fail the run when any message the tests made names a place counted from 0."""
    bad = sorted({m for m in HUMAN_MESSAGES if ZERO_BASED.search(m)})
    if bad:
        print(f"\n{len(bad)} error message(s) name places counted from 0 (say r3c5, row 3, counted from 1):")
        for message in bad[:20]:
            print(f"  {message}")
        session.exitstatus = 1
