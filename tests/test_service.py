"""The HTTP service: every route through Starlette's TestClient, the limits, the error
messages, the OpenAPI document, and a real ``queens-sat serve`` stopped by SIGTERM."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import warnings

import pytest

pytest.importorskip("starlette", reason="the service needs the serve extra: pip install '.[serve]'")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # newer Starlette prefers another client library
    from starlette.testclient import TestClient

from helpers import EXAMPLES
from served import QUEENS_SAT, serving

from queens_sat.server import ServiceSettings, create_app
from queens_sat.services.generator import GeneratorOptions

UNIQUE_8 = (EXAMPLES / "unique-8.json").read_text()
UNIQUE_9_TEXT = (EXAMPLES / "unique-9.txt").read_text()
MULTIPLE_TEXT = (EXAMPLES / "multiple.txt").read_text()
NONE = (EXAMPLES / "none.json").read_text()
GIVENS = (EXAMPLES / "givens.json").read_text()


@pytest.fixture(scope="module")
def client():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # newer Starlette prefers another client library
        with TestClient(create_app(ServiceSettings(max_body=4096, body_timeout=0.5))) as c:
            yield c


def error_of(response, status: int) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}
    return body["error"]


# --- the routes -------------------------------------------------------------------


def test_check_unique_json_has_the_solution_and_grade(client):
    body = client.post("/check", content=UNIQUE_8).json()
    assert body["status"] == "unique" and body["count"] == 1
    assert len(body["solutions"]) == 1 and len(body["solutions"][0]) == 8
    assert body["logic"]["grade"] is not None


def test_check_reads_a_text_grid_and_shows_two_solutions_when_several(client):
    assert client.post("/check", content=UNIQUE_9_TEXT).json()["status"] == "unique"
    body = client.post("/check", content=MULTIPLE_TEXT, headers={"content-type": "text/plain"}).json()
    assert body["status"] == "multiple"
    assert len(body["solutions"]) == 2 and body["solutions"][0] != body["solutions"][1]
    assert client.post("/check", content=NONE).json()["status"] == "none"


def test_check_without_logic(client):
    assert client.post("/check?logic=false", content=UNIQUE_8).json()["logic"] is None


def test_a_body_of_json_lines_is_a_batch_answered_line_by_line(client):
    """What ``check --json`` answers for the same lines, in order, a bad line an invalid report
    naming it and a board past the server's size limit likewise, the rest checked."""
    from helpers import corpus_lines

    lines = [json.dumps(json.loads(UNIQUE_8)), json.dumps(json.loads(NONE)), '{"regions": [[0, 1], [1', json.dumps({"n": 5000})]
    response = client.post("/check?logic=false", content="\n".join(lines) + "\n")
    assert response.status_code == 200 and response.headers["content-type"] == "application/x-ndjson"
    answers = [json.loads(line) for line in response.text.splitlines()]
    assert [a["status"] for a in answers] == ["unique", "none", "invalid", "invalid"]
    assert [a["line"] for a in answers] == [1, 2, 3, 4]
    assert "invalid JSON" in answers[2]["error"] and "exceeds this server's limit" in answers[3]["error"]
    one = client.post("/check?logic=false", content=lines[0], headers={"content-type": "application/x-ndjson"})
    assert one.headers["content-type"] == "application/x-ndjson" and json.loads(one.text)["status"] == "unique"
    assert client.post("/check?logic=false", content=lines[0]).headers["content-type"] == "application/json"
    many = corpus_lines("generated.jsonl", 12)
    if many:  # the real corpus: the batch's verdicts are the single checks'
        batch = [json.loads(line) for line in client.post("/check?logic=false&format=jsonl", content="\n".join(many)).text.splitlines()]
        single = [client.post("/check?logic=false", content=line).json() for line in many]
        assert [(b["status"], b["solutions"]) for b in batch] == [(s["status"], s["solutions"]) for s in single]


def test_solve_returns_a_solution_that_the_library_accepts(client):
    from queens_sat.formats import parse_puzzle

    body = client.post("/solve", content=UNIQUE_8).json()
    assert body["status"] == "solved"
    assert parse_puzzle(UNIQUE_8).is_solution(body["solution"])
    assert client.post("/solve", content=NONE).json()["solution"] is None


def test_count_exact_and_bounded(client):
    assert client.post("/count", content=MULTIPLE_TEXT).json()["count"] == 3
    bounded = client.post("/count?limit=2", content=MULTIPLE_TEXT).json()
    assert bounded["count"] == 2 and bounded["exact"] is False
    assert client.post("/count", content='{"n": 8, "rule": "queens"}').json()["count"] == 92


def test_explain_lists_steps_in_words(client):
    body = client.post("/explain", content=UNIQUE_8).json()
    assert body["status"] == "solved"
    assert body["steps"] and all(step["text"] for step in body["steps"])


def test_hint_takes_the_players_marks_as_givens(client):
    body = client.post("/hint", content=GIVENS).json()
    assert body["status"] == "hint" and body["step"]["text"]
    assert body["position"] in ("unique", "multiple")
    wrong = json.loads(GIVENS) | {"givens": {"queens": [[0, 2]]}}  # a queen off every solution
    body = client.post("/hint", json=wrong).json()
    assert body["status"] == "none" and body["position"] == "none" and body["step"] is None


def test_the_hint_command_and_the_route_agree(client, tmp_path):
    from queens_sat.cli import main

    path = tmp_path / "g.json"
    path.write_text(GIVENS)
    out = subprocess.run(
        [*QUEENS_SAT, "hint", "--json", str(path)], capture_output=True, text=True, check=False
    )
    cli = json.loads(out.stdout)
    http = client.post("/hint", content=GIVENS).json()
    assert {k: v for k, v in cli.items() if k != "source"} == {k: v for k, v in http.items() if k != "source"}
    assert main  # imported: the CLI module still loads


def test_render_svg_and_png(client):
    svg = client.post("/render", content=UNIQUE_8)
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.lstrip().startswith("<?xml") and "<svg" in svg.text
    png = client.post("/render?image=png&solution=true&cell=20", content=UNIQUE_8)
    assert png.headers["content-type"] == "image/png" and png.content[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_solution_of_a_puzzle_with_several_is_refused(client):
    assert "several solutions" in error_of(client.post("/render?solution=true", content=MULTIPLE_TEXT), 422)


def test_render_size_limit_is_the_renderers(client):
    assert "outside" in error_of(client.post("/render?cell=4", content=UNIQUE_8), 400)


def test_convert_between_the_projects_formats(client):
    text = client.post("/convert?to=text", content=UNIQUE_8)
    assert text.headers["content-type"].startswith("text/plain")
    back = client.post("/convert?to=json", content=text.text).json()
    assert back["regions"] == json.loads(UNIQUE_8)["regions"]


def test_a_count_runs_in_the_server_process_whichever_name_routes_to_the_counter():
    """A request may not start a pool of processes: wherever the board goes to the N-Queens
    counter (auto's own choice, or the name given), it counts with one worker."""
    from queens_sat import Puzzle
    from queens_sat.backends.nqueens import NQueensBackend
    from queens_sat.formats import parse_puzzle
    from queens_sat.server.puzzles import _one_process

    board = Puzzle(n=20, rule="queens")
    for name in ("auto", "nqueens", "nqueens:backtrack"):
        engine = _one_process(board, name)
        assert isinstance(engine, NQueensBackend) and engine.workers == 1, name
    assert _one_process(board, "nqueens:local").method == "local"  # type: ignore[union-attr]
    regions = parse_puzzle(UNIQUE_8)
    assert _one_process(regions, "auto") == "auto" and _one_process(regions, "python") == "python"
    assert _one_process(board.replace(queens=[(0, 0)]), "auto") == "auto"  # givens: not the counter's


# A 2-star Star Battle with exactly one solution (grown around a planted solution, checked by brute force)
STAR_8 = {"n": 8, "stars": 2, "regions": ["ABBBCCCB", "ABBBBBBB", "ABBBDDBB", "AEEBBDDD", "AEEEFFDD", "AGEEFFDD", "GGFFFHHH", "GGGFFHHH"]}
STAR_8_ROWS = [[4, 6], [0, 2], [4, 6], [0, 2], [5, 7], [1, 3], [5, 7], [1, 3]]


def _answered_or_refused(response) -> dict | None:
    """The JSON answer, or None when no backend searches Star Battle yet (a 400 saying so)."""
    if response.status_code == 200:
        return response.json()
    assert "Star Battle" in error_of(response, 400)
    return None


def test_star_battle_bodies_are_read_and_answered_or_refused_with_the_reason(client):
    flat = [c for row in STAR_8_ROWS for c in row]
    body = _answered_or_refused(client.post("/check?logic=false", json=STAR_8))
    if body is not None:
        assert body["status"] == "unique" and body["count"] == 1
        assert body["solutions"][0] in (flat, STAR_8_ROWS)
    body = _answered_or_refused(client.post("/solve", json=STAR_8))
    if body is not None:
        assert body["status"] == "solved" and body["stars"] == 2 and body["solution"] == STAR_8_ROWS
    body = _answered_or_refused(client.post("/count", json=STAR_8))
    if body is not None:
        assert body["count"] == 1 and body["exact"] and body["stars"] == 2
    picture = client.post("/render?solution=true", json=STAR_8)
    if picture.status_code == 200:  # k stars in each row, not one queen a row for 2n rows
        assert len(re.findall(r'class="(?:queen|star)', picture.text)) == 16
    else:
        assert "Star Battle" in error_of(picture, 400)
    assert client.post("/render", json=STAR_8).text.lstrip().startswith("<?xml")
    assert client.post("/convert", json=STAR_8).json()["stars"] == 2
    assert client.post("/convert?to=text", json=STAR_8).text.startswith("# stars: 2")


@pytest.mark.parametrize(
    ("change", "words"),
    [({"stars": 3}, "cannot hold 3 stars a row"), ({"rule": "queens"}, "needs the no-touch rule"), ({"stars": 0}, "at least 1 star")],
)
def test_star_battle_bodies_that_cannot_be_are_refused(client, change, words):
    for route in ("/check", "/solve", "/count", "/render", "/convert"):
        assert words in error_of(client.post(route, json=STAR_8 | change), 400), route


def test_generate_streams_json_lines_of_unique_puzzles(client):
    from queens_sat.formats import puzzle_from_dict
    from queens_sat.services.solving import solve

    with client.stream("POST", "/generate", json={"n": 6, "count": 3, "seed": 5}) as response:
        assert response.headers["content-type"].startswith("application/x-ndjson")
        lines = [json.loads(line) for line in response.iter_lines() if line]
    assert len(lines) == 3 and len({tuple(p["regions"]) for p in lines}) == 3
    for record in lines:
        assert solve(puzzle_from_dict(record)).is_unique
    again = client.post("/generate", json={"n": 6, "count": 3, "seed": 5}).text.splitlines()
    assert [json.loads(line)["regions"] for line in again] == [p["regions"] for p in lines]


def test_generate_makes_star_battles(client):
    from queens_sat.formats import puzzle_from_dict
    from queens_sat.services.solving import solve

    lines = [json.loads(line) for line in client.post("/generate", json={"n": 10, "stars": 2, "count": 2, "seed": 3}).text.splitlines()]
    assert len(lines) == 2
    for record in lines:
        puzzle = puzzle_from_dict(record)
        assert puzzle.stars == 2 and len(record["solution"]) == 10 and all(len(row) == 2 for row in record["solution"])
        assert solve(puzzle).is_unique


@pytest.mark.parametrize(
    "body, words",
    [
        ({"n": 10, "stars": 2, "rule": "queens"}, "needs the no-touch rule"),
        ({"n": 6, "stars": 2}, "cannot hold 2 stars a row"),
        ({"n": 10, "stars": "2"}, '"stars" must be int'),
        ({"n": 6, "count": 0}, "count must be 1 to"),
        ({"n": 40}, "up to n = 20"),
        ({"n": 3}, "no 3x3 board"),
        ({"count": 2}, '"n"'),
        ({"n": 6, "colour": 1}, "unknown option 'colour'"),
        ({"n": "6"}, '"n" must be int'),
        ([6], "expected a JSON object"),
    ],
)
def test_generate_refuses_bad_options(client, body, words):
    assert words in error_of(client.post("/generate", json=body), 400)


def test_backends_and_health(client):
    body = client.get("/backends").json()
    names = {b["name"] for b in body["backends"]}
    assert {"native", "python"} <= names and body["auto_order"]
    assert client.get("/health").json()["status"] == "ok"


def test_openapi_describes_every_route(client):
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    served = {
        (route.path, method.lower())
        for route in client.app.routes
        for method in getattr(route, "methods", None) or ()
        if method != "HEAD" and route.path not in ("/", "/openapi.json", "/favicon.svg", "/favicon.ico")
    }
    described = {(path, method) for path, ops in doc["paths"].items() for method in ops}
    assert described == served


def test_the_page_carries_the_renderers_palette(client):
    from queens_sat.services.render.palette import REGION_COLORS

    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert all(color in page.text for color in REGION_COLORS)
    assert client.get("/static/page.js").status_code == 200
    assert client.get("/static/page.css").status_code == 200


# --- bad input: 4xx with the CLI's message ----------------------------------------


def cli_error(text: str, tmp_path) -> str:
    path = tmp_path / "p.json"
    path.write_text(text)
    out = subprocess.run([*QUEENS_SAT, "check", str(path)], capture_output=True, text=True, check=False)
    assert out.returncode == 2
    errors = [line for line in out.stderr.splitlines() if line.startswith("queens-sat: error: ")]
    assert len(errors) == 1, out.stderr
    return errors[0].removeprefix("queens-sat: error: ").replace(str(path), "<request>")


@pytest.mark.parametrize(
    "text",
    [
        '{"regions": ["AB", "BA"',  # malformed JSON
        '{"regions": ["AAB", "ABB"]}',  # not square
        '{"rule": "bishops", "regions": ["AB", "BA"]}',  # unknown rule
        '{"n": 4, "regions": ["AABB", "AABB", "CCDD", "CCDD"], "givens": {"queens": [[9, 9]]}}',
    ],
)
def test_bad_puzzles_get_the_cli_message(client, tmp_path, text):
    assert error_of(client.post("/check", content=text), 400) == cli_error(text, tmp_path)


def test_empty_and_binary_bodies(client):
    assert "empty" in error_of(client.post("/check", content=b""), 400)
    assert "UTF-8" in error_of(client.post("/check", content=b"\xff\xfe\x00"), 400)


def test_a_huge_board_is_refused(client):
    assert "limit of 1000" in error_of(client.post("/count", content='{"n": 100000}'), 400)


def test_query_parameters_are_checked(client):
    assert "unknown parameter 'colour'" in error_of(client.post("/check?colour=red", content=UNIQUE_8), 400)
    assert "time_limit" in error_of(client.post("/solve?time_limit=-1", content=UNIQUE_8), 400)
    assert "max_depth" in error_of(client.post("/explain?max_depth=x", content=UNIQUE_8), 400)
    assert "backend" in error_of(client.post("/check?backend=nonesuch", content=UNIQUE_8), 400)


def test_unknown_route_and_method(client):
    assert error_of(client.get("/nothing"), 404)
    assert error_of(client.get("/check"), 405)


# --- limits ------------------------------------------------------------------------


def test_body_over_the_limit_by_content_length(client):
    response = client.post("/check", content=b"{" + b" " * 5000 + b"}")
    assert "over the limit of 4096 bytes" in error_of(response, 413)
    assert response.headers["connection"] == "close"


def test_body_over_the_limit_while_streaming(client):
    def chunks():  # no Content-Length: the cap is applied as the body arrives
        for _ in range(10):
            yield b" " * 1000

    assert "over 4096 bytes" in error_of(client.post("/check", content=chunks()), 413)


def test_a_stalled_body_times_out_and_the_server_stays_up():
    import socket
    import urllib.request

    with serving("--body-timeout", "0.5") as served:
        host, port = served.url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=30) as s:
            s.sendall(b"POST /check HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + b'{"regions": ')
            answer = b""
            while b"}" not in answer:  # the body never comes: the server answers anyway
                chunk = s.recv(4096)
                if not chunk:
                    break
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive within 0.5 s" in answer
        with urllib.request.urlopen(served.url + "/health", timeout=30) as health:
            assert json.load(health)["status"] == "ok"


def test_a_search_that_overruns_is_answered_503():
    import anyio

    from queens_sat.server.errors import ServiceError
    from queens_sat.server.workers import in_thread

    settings = ServiceSettings(time_limit=0.1, grace=0.1)

    async def ask() -> None:
        await in_thread(lambda: time.sleep(1.0), settings)

    with pytest.raises(ServiceError) as caught:
        anyio.run(ask)
    assert caught.value.status == 503


def test_settings_refuse_nonsense():
    with pytest.raises(ValueError, match="max_body"):
        ServiceSettings(max_body=0)


# --- the real server -----------------------------------------------------------------


def test_serve_answers_and_stops_cleanly_on_sigterm():
    import urllib.request

    with serving() as served:
        request = urllib.request.Request(served.url + "/check?logic=false", data=UNIQUE_8.encode(), method="POST")
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert json.load(answer)["status"] == "unique"
        code, err = served.stop()
    assert code == 0
    assert "Finished server process" in err and "Traceback" not in err


def test_health_answers_while_a_long_search_runs():
    import threading
    import urllib.request

    with serving("--time-limit", "3") as served:
        answers: list[dict] = []

        def count() -> None:  # 16-queens has 14,772,512 solutions: seconds of native counting
            request = urllib.request.Request(served.url + "/count", data=b'{"n": 16, "rule": "queens"}', method="POST")
            with urllib.request.urlopen(request, timeout=60) as answer:
                answers.append(json.load(answer))

        worker = threading.Thread(target=count)
        worker.start()
        time.sleep(0.5)  # let the count start
        with urllib.request.urlopen(served.url + "/health", timeout=60) as health:
            assert json.load(health)["status"] == "ok"
        assert worker.is_alive()  # the search runs off the event loop: /health did not wait for it
        worker.join()
    assert answers and answers[0]["backend"].startswith("nqueens")
    assert answers[0]["exact"] or answers[0]["timed_out"]


def test_serve_help_and_lazy_imports():
    out = subprocess.run([*QUEENS_SAT, "serve", "--help"], capture_output=True, text=True, check=True)
    assert "--host" in out.stdout and "127.0.0.1" in out.stdout and "--port" in out.stdout
    probe = (
        "import sys; from queens_sat.cli import build_parser; build_parser(); print('starlette' in sys.modules or 'uvicorn' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_serve_refuses_a_bad_port():
    out = subprocess.run([*QUEENS_SAT, "serve", "--port", "70000"], capture_output=True, text=True)
    assert out.returncode == 2 and "65535" in out.stderr


def test_serve_says_when_the_port_is_taken():
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run(
            [*QUEENS_SAT, "serve", "--port", str(port)], capture_output=True, text=True, timeout=60
        )
    assert out.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in out.stderr and "Traceback" not in out.stderr


def test_generate_advertises_reachable_grades_and_refuses_the_others_at_once(client):
    """Issue 35: GET /generate lists the grades a size reaches (and the depth each needs); a grade it
    cannot reach is a 400 naming the setting that would, not a 200 stream ending in an error."""
    capabilities = client.get("/generate").json()
    table = capabilities["grades"]
    assert table["1"]["9"]["Expert"] == 1 and table["1"]["9"]["Easy"] == 0
    assert capabilities["default_depth"] == {"1": 0, "2": 2, "3": 2}  # the page sends a depth only above these
    assert [GeneratorOptions(n=12, stars=k).max_depth for k in (1, 2, 3)] == [0, 2, 2]  # what the generator does
    assert "Expert" not in table["1"]["5"]
    assert "max-depth 1" in error_of(client.post("/generate", json={"n": 9, "grade": "Expert"}), 400)
    assert "n >= 7" in error_of(client.post("/generate", json={"n": 5, "grade": ["Expert"], "max_depth": 1}), 400)
    line = json.loads(client.post("/generate", json={"n": 8, "grade": "Hard", "seed": 2}).text.splitlines()[0])
    assert line["grade"] == "Hard"
