"""One error body everywhere in the API: ``{"message": ...}``, plus ``errors`` (field → its
sentences) for a malformed request and ``ply``/``legal`` for a game refusal; 401 without
credentials; nothing the client sent is echoed back at length; the OpenAPI document says so
for every operation."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from matrio_site.demo import DemoSummary
from matrio_site.errors import SENTENCE_LENGTH

pytestmark = pytest.mark.django_db

HUGE = "x" * 200_000
PLAYERS = [{"name": n} for n in ("Ann", "Ben", "Cy", "Dee")]


@pytest.fixture
def director(demo: DemoSummary) -> Client:
    user = demo.club.memberships.get(role="director").player.user
    assert user is not None
    client = Client()
    client.force_login(user)
    return client


def _is_error_body(body: Any) -> bool:
    return isinstance(body, dict) and isinstance(body.get("message"), str) and "detail" not in body


def test_a_malformed_request_names_each_field_with_its_sentences(director: Client) -> None:
    body = {"club": "demo", "kind": "matrio", "players": [{"name": ""}, {}], "round_number": 0}

    response = director.post("/api/games/", body, content_type="application/json")

    assert response.status_code == 400
    error = response.json()
    assert _is_error_body(error)
    assert set(error["errors"]) == {"players.0", "players.1", "round_number"}
    assert all(
        isinstance(sentences, list) and all(isinstance(s, str) for s in sentences)
        for sentences in error["errors"].values()
    )
    assert "round_number: " in error["message"]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/games/123456789/", 404),
        ("/api/events/123456789/standings/", 404),
        ("/api/clubs/no-such-club/", 404),
        ("/api/players/?page=999", 404),
        ("/api/no-such-thing/", 404),
    ],
)
def test_refusals_of_every_kind_have_the_one_shape(client: Client, path: str, status: int) -> None:
    response = client.get(path)

    assert response.status_code == status
    assert _is_error_body(response.json()), response.json()


def test_a_write_without_credentials_is_401_with_the_way_to_sign_in(client: Client) -> None:
    response = client.post(
        "/api/games/",
        {"club": "demo", "kind": "matrio", "players": PLAYERS},
        content_type="application/json",
    )

    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Token")
    assert _is_error_body(response.json())


@pytest.mark.parametrize(
    "body",
    [
        {"club": "demo", "kind": HUGE, "players": PLAYERS},
        {"club": HUGE, "kind": "matrio", "players": PLAYERS},
        {"club": "demo", "kind": "matrio", "players": PLAYERS, "tags": {HUGE: "x"}},
    ],
)
def test_a_refusal_does_not_echo_a_huge_value_back(director: Client, body: Any) -> None:
    response = director.post("/api/games/", body, content_type="application/json")

    assert response.status_code == 400
    error = response.json()
    assert len(error["message"]) <= SENTENCE_LENGTH
    assert len(response.content) < 4 * SENTENCE_LENGTH


def test_a_huge_token_is_refused_without_being_echoed(client: Client) -> None:
    response = client.get("/api/games/", HTTP_AUTHORIZATION=f"Token {HUGE}")

    assert response.status_code == 401
    assert len(response.content) < SENTENCE_LENGTH


def test_the_schema_documents_the_error_body_on_every_operation(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    error = "#/components/schemas/Error"

    operations = [
        (path, method, operation)
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    ]
    assert len(operations) > 40
    for path, method, operation in operations:
        responses = operation["responses"]
        for code in ("400", "401"):
            content = responses[code]["content"]["application/json"]
            assert content["schema"]["$ref"] == error, (method, path, code)
        if "{" in path:
            assert responses["404"]["content"]["application/json"]["schema"]["$ref"] == error
        if method != "get":
            assert "403" in responses, (method, path)


@pytest.mark.parametrize(
    ("path", "media_type"),
    [
        ("/api/games/{id}/mgn/", "text/plain"),
        ("/api/games/export-mgn/", "text/plain"),
        ("/api/games/export-csv/", "text/csv"),
    ],
)
def test_the_schema_gives_text_answers_their_media_type(
    client: Client, path: str, media_type: str
) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()

    assert list(schema["paths"][path]["get"]["responses"]["200"]["content"]) == [media_type]
