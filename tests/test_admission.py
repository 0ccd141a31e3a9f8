"""The server's admission (issue 38): request bodies under one budget across requests, searches in
lanes by cost, a request that never got a thread answered "busy, not started", and /generate
answering a run that cannot make its first puzzle by its status, not inside a 200 stream."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")
pytest.importorskip("starlette")

import anyio
from starlette.testclient import TestClient

from queens_sat.server import ServiceSettings, create_app
from queens_sat.server.admission import Lane, is_slow
from queens_sat.server.errors import ServiceError
from queens_sat.server.workers import in_thread

DAILY = '{"regions": ["AAB", "ABB", "CCC"]}'


def test_a_body_past_the_budget_is_refused_unread_with_a_retry() -> None:
    settings = ServiceSettings(body_budget=100)
    with TestClient(create_app(settings)) as client:
        answer = client.post("/check", content=b"{" + b" " * 200 + b"}", headers={"content-type": "application/json"})
        assert answer.status_code == 503
        assert "busy, not started" in answer.json()["error"] and "request bodies" in answer.json()["error"]
        assert answer.headers["retry-after"] == "1"
        assert client.post("/check", content=DAILY).status_code == 200  # within the budget, and the budget given back
        assert client.post("/check", content=DAILY).status_code == 200


def test_a_body_over_the_size_limit_is_still_413() -> None:
    with TestClient(create_app(ServiceSettings(max_body=1000, body_budget=100))) as client:
        assert client.post("/check", content=b"x" * 5000).status_code == 413


def test_slow_requests_go_to_their_own_lane() -> None:
    settings = ServiceSettings()
    assert not is_slow({}, settings) and not is_slow({"backend": "native", "time_limit": 1.0}, settings)
    assert is_slow({"backend": "python"}, settings) and is_slow({"backend": "sat"}, settings)
    assert is_slow({"time_limit": 5.0}, settings)


def _blocked_lane(queue: int) -> tuple[Lane, threading.Event]:
    return Lane("slow", anyio.CapacityLimiter(1), queue), threading.Event()


def _second_request_refusal(settings: ServiceSettings, queue: int, hold: float, first_limit: float | None) -> ServiceError:
    """The error a second request gets while a first, limited to ``first_limit`` seconds, holds the
    lane's one thread (for at most ``hold`` seconds)."""
    lane, release = _blocked_lane(queue)
    seen: list[ServiceError] = []

    async def both() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(in_thread, lambda: release.wait(hold), settings, first_limit, lane)
            await anyio.sleep(0.05)  # the first holds the lane's one thread
            try:
                await in_thread(lambda: None, settings, None, lane)
            except ServiceError as err:
                seen.append(err)
            finally:
                release.set()

    anyio.run(both)
    assert seen, "the second request was not refused"
    return seen[0]


def test_a_full_lane_answers_busy_at_once() -> None:
    refused = _second_request_refusal(ServiceSettings(time_limit=5.0, grace=0.5), queue=0, hold=5, first_limit=None)
    assert refused.status == 503
    assert refused.message.startswith("busy, not started") and refused.retry_after == 1


def test_a_request_that_never_got_a_thread_says_so() -> None:
    refused = _second_request_refusal(ServiceSettings(time_limit=0.2, grace=0.1), queue=4, hold=2, first_limit=5.0)
    assert refused.status == 503
    assert "busy, not started" in refused.message and "did not finish" not in refused.message


def test_generate_that_cannot_make_its_first_puzzle_answers_by_status() -> None:
    """A run that cannot make its first puzzle is answered by its status, never a 200 whose one
    line is an error: a grade the size cannot reach is refused before any work (400, the reason
    and the setting that would reach it)."""
    with TestClient(create_app(ServiceSettings())) as client:
        answer = client.post("/generate", json={"n": 5, "count": 1, "grade": ["Expert"]})
        assert answer.status_code == 400, answer.text
        assert "Expert" in answer.json()["error"]
        fine = client.post("/generate", json={"n": 6, "count": 1, "seed": 5})
        assert fine.status_code == 200 and len(fine.text.splitlines()) == 1


def test_the_wait_for_a_thread_comes_out_of_the_time_limit() -> None:
    from queens_sat.server.workers import Budget

    budget = Budget(10.0)
    assert 9.0 < budget.left() <= 10.0
    spent = Budget(0.01)
    threading.Event().wait(0.02)
    with pytest.raises(ServiceError) as caught:
        spent.left()
    assert caught.value.status == 503 and caught.value.message.startswith("busy, not started")
