"""``POST /import``: the contract the page relies on (puzzle, verdict, warnings, read), its
options, its errors and its size limit."""

from __future__ import annotations

import io
import warnings

import pytest

pytest.importorskip("starlette", reason="the service needs the serve extra: pip install '.[serve]'")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # newer Starlette prefers another client library
    from starlette.testclient import TestClient

from helpers import EXAMPLES
from pictures import paint, shot

from queens_sat.formats import puzzle_to_json, read_puzzle
from queens_sat.model.puzzle import Puzzle
from queens_sat.server import ServiceSettings, create_app

UNIQUE_8 = Puzzle(read_puzzle(EXAMPLES / "unique-8.json").regions)  # labelled A, B... as a picture reads back
PICTURE = paint(UNIQUE_8.regions)


@pytest.fixture(scope="module")
def client():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(ServiceSettings(max_image_body=1 << 20))) as c:
            yield c


def test_import_answers_the_puzzle_the_verdict_the_warnings_and_the_read(client):
    response = client.post("/import", content=PICTURE, headers={"content-type": "image/png"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert set(body) == {"puzzle", "verdict", "warnings", "read"}
    text = puzzle_to_json(UNIQUE_8)
    converted = client.post("/convert?to=json", content=text).json()
    assert body["puzzle"] == converted  # as /convert's json gives it
    checked = client.post("/check", content=text).json()
    assert set(body["verdict"]) == set(checked)  # the object /check answers
    for key in ("status", "count", "solutions", "n", "rule", "warnings", "error"):
        assert body["verdict"][key] == checked[key], key
    assert body["verdict"]["logic"]["grade"] == checked["logic"]["grade"]
    assert body["warnings"] == []
    assert body["read"]["n"] == 8 and body["read"]["method"] == "colours"
    assert set(body["read"]["board"]) == {"left", "top", "right", "bottom"}


def test_import_takes_stars_read_marks_and_rule(client):
    made = shot("marks", 3)
    body = client.post("/import?read_marks=true", content=made.data).json()
    assert sorted(map(tuple, body["puzzle"]["givens"]["queens"])) == sorted(made.truth.queens)
    assert body["read"]["marks"]["queens"] == len(made.truth.queens)
    assert client.post("/import?rule=queens", content=PICTURE).json()["puzzle"]["rule"] == "queens"
    stars = shot("starbattle", 4)
    body = client.post("/import?stars=2", content=stars.data).json()
    if stars.truth.n >= 8:
        assert body["puzzle"]["stars"] == 2 and body["verdict"]["stars"] == 2


def test_import_says_its_doubts(client):
    from PIL import Image, ImageEnhance

    image = Image.open(io.BytesIO(paint(UNIQUE_8.regions, thick=1))).convert("RGB")
    box = (14, 14, 50, 50)
    image.paste(ImageEnhance.Brightness(image.crop(box)).enhance(0.8), box[:2])
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=90)
    body = client.post("/import", content=buffer.getvalue()).json()
    assert body["puzzle"]["regions"] == UNIQUE_8.label_rows()
    assert any("shade" in w for w in body["warnings"])


@pytest.mark.parametrize(
    "content, words",
    [
        (b"not a picture", "not a PNG, JPEG or WebP picture"),
        (b"", "empty"),
        (PICTURE[:200], "damaged or cut short"),
        (paint([[0] * 6 for _ in range(6)], ["#FFFFFF"], thick=1), "one colour"),
    ],
)
def test_a_bad_picture_is_a_400_with_the_reason(client, content, words):
    response = client.post("/import", content=content)
    assert response.status_code == 400 and set(response.json()) == {"error"}
    assert words in response.json()["error"]


def test_import_refuses_unknown_parameters_and_bad_values(client):
    assert client.post("/import?format=json", content=PICTURE).status_code == 400
    assert client.post("/import?stars=0", content=PICTURE).status_code == 400
    assert client.post("/import?rule=chess", content=PICTURE).status_code == 400


def test_import_honours_the_body_limit():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(ServiceSettings(max_image_body=1000))) as small:
            response = small.post("/import", content=PICTURE)
    assert response.status_code == 413 and "limit of 1000 bytes" in response.json()["error"]


def test_import_is_in_the_openapi_document(client):
    doc = client.get("/openapi.json").json()
    operation = doc["paths"]["/import"]["post"]
    assert {p["name"] for p in operation["parameters"]} == {"stars", "read_marks", "rule"}
    assert "image/png" in operation["requestBody"]["content"]
    schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert set(schema["required"]) == {"puzzle", "verdict", "warnings", "read"}
