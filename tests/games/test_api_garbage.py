"""Garbage never makes the games API answer 500: wrong types, missing fields, huge strings,
unknown ids and kinds all get a readable 4xx."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Game
from tests.games.helpers import NAMES, Cast, live_matrio

pytestmark = pytest.mark.django_db

PLAYERS = [{"name": n} for n in NAMES]
HUGE = "x" * 300_000

CREATE_BODIES: list[Any] = [
    {},
    [],
    "just text",
    None,
    42,
    {"club": "home"},
    {"club": "home", "kind": "chess", "players": PLAYERS},
    {"club": "nowhere", "kind": "matrio", "players": PLAYERS},
    {"club": ["home"], "kind": "matrio", "players": PLAYERS},
    {"club": "home", "kind": "matrio", "players": "Ann Ben"},
    {"club": "home", "kind": "matrio", "players": [{}] * 4},
    {"club": "home", "kind": "matrio", "players": [{"name": n} for n in NAMES[:3]]},
    {"club": "home", "kind": "matrio", "players": [{"player": 10**30}] * 4},
    {"club": "home", "kind": "matrio", "players": [{"player": "abc"}] * 4},
    {"club": "home", "kind": "matrio", "players": [{"name": HUGE}] * 4},
    {"club": "home", "kind": "matrio", "players": [{"name": "a\x07b"}] * 4},
    {"club": "home", "kind": "matrio", "players": [{"name": "nul\x00"}] * 4},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "tags": ["Opening", "2C"]},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "tags": {"Opening": HUGE}},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "tags": {"bad name": "x"}},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "tags": {"Game": "chess"}},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "tags": {"Result": "*"}},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "tags": {"Date": "today"}},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "tags": {"Opening": {"a": 1}}},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "event": 10**30},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "round_number": -1},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "table_number": "two"},
    {"club": "home", "kind": "matrio", "players": PLAYERS, "played_on": "31/12/2026"},
    {"club": "home", "kind": "mathematico", "players": [{"name": "a:b"}]},
    {"club": "home", "kind": "mathematico", "players": PLAYERS, "tags": {"Deal": "1 2"}},
    {"club": "home", "kind": "matrix-overload", "players": [{"name": "Solo"}]},
    {"club": "home", "kind": "integer-matrix", "players": PLAYERS[:2], "tags": {"Setup": "?"}},
]

MOVE_BODIES: list[Any] = [
    {},
    [],
    {"token": "2C>C2C"},
    {"expected_ply": 0},
    {"token": "", "expected_ply": 0},
    {"token": None, "expected_ply": 0},
    {"token": ["2C>C2C"], "expected_ply": 0},
    {"token": "2C>C2C", "expected_ply": "zero"},
    {"token": "2C>C2C", "expected_ply": -1},
    {"token": "2C>C2C", "expected_ply": 10**40},
    {"token": "2C>C2C", "expected_ply": 1.5},
    {"token": HUGE, "expected_ply": 0},
    {"token": "\x00", "expected_ply": 0},
    {"token": "XR>C1", "expected_ply": 0},
    {"token": "4C>C1C", "expected_ply": 0},
    {"token": "2C>C2C+++", "expected_ply": 0},
    {"token": "🂡", "expected_ply": 0},
]


@pytest.fixture
def scorekeeper(cast: Cast) -> Client:
    client = Client()
    client.force_login(cast.user("scorekeeper"))
    return client


@pytest.mark.parametrize("body", CREATE_BODIES, ids=range(len(CREATE_BODIES)))
def test_garbage_new_games_get_a_readable_400(scorekeeper: Client, body: Any) -> None:
    response = scorekeeper.post("/api/games/", body, content_type="application/json")

    assert response.status_code == 400, response.content[:300]
    assert response.json()["message"]


@pytest.mark.parametrize("body", MOVE_BODIES, ids=range(len(MOVE_BODIES)))
def test_garbage_moves_get_a_readable_400(cast: Cast, scorekeeper: Client, body: Any) -> None:
    game = live_matrio(cast)

    response = scorekeeper.post(
        f"/api/games/{game.pk}/moves/", body, content_type="application/json"
    )

    assert response.status_code == 400, response.content[:300]
    assert response.json()["message"]


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/999999/",
        "/api/games/999999/state/",
        "/api/games/999999/mgn/",
        "/api/games/99999999999999999999999/",
        "/api/games/abc/",
        "/api/games/-1/moves/",
    ],
)
def test_unknown_games_are_404(scorekeeper: Client, path: str) -> None:
    assert scorekeeper.get(path).status_code == 404
    assert scorekeeper.post(path, {}, content_type="application/json").status_code in (404, 405)


def test_a_body_that_is_not_json_is_400(cast: Cast, scorekeeper: Client) -> None:
    game = live_matrio(cast)

    response = scorekeeper.post(
        f"/api/games/{game.pk}/moves/", "{not json", content_type="application/json"
    )

    assert response.status_code == 400


@pytest.mark.parametrize(
    "body",
    [
        {"club": "home"},
        {"club": "home", "mgn": ""},
        {"club": "home", "mgn": ["x"]},
        {"club": "home", "mgn": "x", "file": "y"},
        {"club": "elsewhere", "mgn": "x"},
    ],
)
def test_garbage_imports_get_a_readable_400(scorekeeper: Client, body: Any) -> None:
    response = scorekeeper.post("/api/games/import/", body, content_type="application/json")

    assert response.status_code == 400, response.content[:300]


@pytest.mark.parametrize(
    "text",
    [
        "not mgn at all",
        '[Game "chess"]\n\ne4 e5\n',
        '[Game "matrio"\n',
        "\x00\x01\x02",
        '[Game "matrio"]\n[P1 "' + "a" * 500 + '"]\n[P2 "b"]\n[P3 "c"]\n[P4 "d"]\n'
        '[Result "P1: 1; P2: 2; P3: 3; P4: 4"]\n',
        '[Game "matrio"]\n[P1 "a"]\n[P2 "b"]\n[P3 "c"]\n[P4 "d"]\n'
        '[Result "P1: 99999999999999999999999; P2: 2; P3: 3; P4: 4"]\n',
        '[Game "integer-matrix"]\n[Result "negative: -999999999999; positive: 1"]\n',
    ],
)
def test_garbage_records_are_reported_not_stored(scorekeeper: Client, text: str) -> None:
    response = scorekeeper.post(
        "/api/games/import/",
        {"club": "home", "mgn": text, "create_players": True},
        content_type="application/json",
    )

    assert response.status_code in (200, 400), response.content[:300]
    body = response.json()
    assert body["message"] if response.status_code == 400 else "report" in body
    assert not Game.objects.exists() or text.startswith('[Game "integer')


@pytest.mark.parametrize(
    "body",
    [
        {"club": "home", "kind": "matrio", "players": PLAYERS},
        {"club": "home", "kind": "matrio", "players": PLAYERS, "scores": [1, 2]},
        {"club": "home", "kind": "matrio", "players": PLAYERS, "scores": ["a"] * 4},
        {"club": "home", "kind": "matrio", "players": PLAYERS, "scores": [None] * 4},
        {"club": "home", "kind": "matrio", "players": PLAYERS, "scores": [10**30] * 4},
        {"club": "home", "kind": "matrix-overload", "players": PLAYERS[:1]},
        {
            "club": "home",
            "kind": "matrix-overload",
            "players": PLAYERS[:1],
            "overload": {"result": "loss"},
        },
        {"club": "home", "kind": "mathematico", "players": PLAYERS, "scores": [-1] * 4},
    ],
)
def test_garbage_result_only_games_get_a_readable_400(scorekeeper: Client, body: Any) -> None:
    response = scorekeeper.post("/api/games/result-only/", body, content_type="application/json")

    assert response.status_code == 400, response.content[:300]
    assert response.json()["message"]


@pytest.mark.parametrize(
    "query",
    [
        {"event": "1e400"},
        {"player": "99999999999999999999999"},
        {"round": "-5"},
        {"date_from": "2026-13-01"},
        {"kind": "chess"},
        {"status": ["live", "x"]},
        {"page": "9999"},
        {"club": "x" * 5000},
    ],
)
def test_garbage_list_filters_never_fail(scorekeeper: Client, query: dict[str, Any]) -> None:
    response = scorekeeper.get("/api/games/", query)

    assert response.status_code in (200, 400, 404), response.content[:300]
