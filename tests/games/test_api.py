"""The games REST API: create, record, undo, read any ply, import and export; clear errors."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from games.models import Game, Move
from tests.games.helpers import NAMES, Cast, live_matrio, matrio_tokens, record

pytestmark = pytest.mark.django_db


def signed_in(cast: Cast, persona: str = "scorekeeper") -> Client:
    client = Client()
    client.force_login(cast.user(persona))
    return client


def post(client: Client, path: str, data: Any) -> Any:
    return client.post(path, data, content_type="application/json")


def new_game(client: Client, **extra: Any) -> Any:
    body = {"club": "home", "kind": "matrio", "players": [{"name": n} for n in NAMES], **extra}
    return post(client, "/api/games/", body)


def test_a_scorekeeper_starts_a_game_and_gets_its_state(cast: Cast) -> None:
    response = new_game(signed_in(cast), tags={"Opening": "any"}, table_number=4)

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["kind"], body["status"], body["ply"], body["table_number"]) == (
        "matrio",
        "live",
        0,
        4,
    )
    assert [s["name"] for s in body["seats"]] == list(NAMES)
    assert body["state"]["to_move"] == "P1" and body["state"]["board"]["opening"] == "any"
    assert ["Table", "4"] in body["tags"] and body["can_write"] is True


def test_posting_moves_with_the_expected_ply(cast: Cast) -> None:
    client = signed_in(cast)
    game = new_game(client).json()

    first = post(client, f"/api/games/{game['id']}/moves/", {"token": "2C>C2C", "expected_ply": 0})

    assert first.status_code == 201
    assert first.json()["move"]["ply"] == 1 and first.json()["move"]["by"] == "scorekeeper"
    assert first.json()["state"]["to_move"] == "P2"
    moves = client.get(f"/api/games/{game['id']}/moves/").json()
    assert [m["token"] for m in moves] == ["2C>C2C"]


def test_an_illegal_move_answers_400_with_message_ply_and_legal(cast: Cast) -> None:
    client = signed_in(cast)
    game = new_game(client).json()

    response = post(
        client, f"/api/games/{game['id']}/moves/", {"token": "3C>C2C", "expected_ply": 0}
    )

    assert response.status_code == 400
    body = response.json()
    assert body["message"].startswith("ply 1 (P1): the game opens with the 2 of clubs")
    assert body["ply"] == 1 and "2C>C2C" in body["legal"] and body["move"] == "3C>C2C"
    assert not Move.objects.exists()


def test_a_stale_ply_answers_409(cast: Cast) -> None:
    client = signed_in(cast)
    game = new_game(client).json()
    post(client, f"/api/games/{game['id']}/moves/", {"token": "2C>C2C", "expected_ply": 0})

    response = post(
        client, f"/api/games/{game['id']}/moves/", {"token": "3C>C2C", "expected_ply": 0}
    )

    assert response.status_code == 409
    assert response.json() == {
        "message": "the game moved on to ply 1 (you expected ply 0); reload",
        "ply": 1,
        "legal": [],
        "expected_ply": 0,
    }


def test_undo_state_at_any_ply_and_poll(cast: Cast) -> None:
    client = signed_in(cast)
    game = new_game(client).json()
    url = f"/api/games/{game['id']}"
    for ply, token in enumerate(matrio_tokens(2)[:6]):
        post(client, f"{url}/moves/", {"token": token, "expected_ply": ply})

    undone = post(client, f"{url}/undo/", {"expected_ply": 6})
    at_two = client.get(f"{url}/state/", {"ply": 2})

    assert undone.status_code == 200 and undone.json()["plies"] == 5
    assert at_two.json()["ply"] == 2 and at_two.json()["last"]["token"] == matrio_tokens(2)[1]
    assert client.get(f"{url}/poll/").json()["ply"] == 5
    assert client.get(f"{url}/state/", {"ply": 9}).status_code == 400
    assert client.get(f"{url}/state/", {"ply": "x"}).status_code == 400


def test_abandon(cast: Cast) -> None:
    client = signed_in(cast)
    game = new_game(client).json()

    response = post(client, f"/api/games/{game['id']}/abandon/", {})

    assert response.status_code == 200 and response.json()["status"] == "abandoned"
    assert post(client, f"/api/games/{game['id']}/abandon/", {}).status_code == 409


def test_everyone_reads_public_games_and_filters_them(cast: Cast, client: Client) -> None:
    live_matrio(cast)
    signed_in(cast).post(
        "/api/games/import/",
        {
            "club": "home",
            "mgn": record("mathematico", 1) + record("matrio", 4),
            "create_players": True,
        },
        content_type="application/json",
    )

    everything = client.get("/api/games/").json()
    finished = client.get("/api/games/", {"status": "finished", "kind": "matrio"}).json()
    dated = client.get("/api/games/", {"date_from": "2000-01-01", "club": "away"}).json()

    assert everything["count"] == 3
    assert finished["count"] == 1 and finished["results"][0]["source"] == "typed"
    assert dated["count"] == 0
    player = Game.objects.get(kind="mathematico").seats.first().player_id
    assert client.get("/api/games/", {"player": player}).json()["count"] == 1
    assert client.get("/api/games/", {"date_from": "yesterday"}).status_code == 400


def test_a_private_game_is_hidden_from_visitors(cast: Cast, client: Client) -> None:
    game = live_matrio(cast, public=False)

    assert client.get(f"/api/games/{game.pk}/").status_code == 404
    assert signed_in(cast, "player").get(f"/api/games/{game.pk}/").status_code == 200
    assert signed_in(cast, "other_director").get(f"/api/games/{game.pk}/").status_code == 404


def test_mgn_of_one_game_and_exports_of_a_filtered_set(cast: Cast, client: Client) -> None:
    text = record("matrio", 1) + "\n" + record("integer-matrix", 1)
    signed_in(cast).post(
        "/api/games/import/",
        {"club": "home", "mgn": text, "create_players": True},
        content_type="application/json",
    )
    matrio = Game.objects.get(kind="matrio")

    one = client.get(f"/api/games/{matrio.pk}/mgn/")
    many = client.get("/api/games/export-mgn/", {"kind": "integer-matrix"})
    table = client.get("/api/games/export-csv/", {"club": "home"})

    assert one["Content-Type"].startswith("text/plain")
    assert one.content.decode() == record("matrio", 1)
    assert b"".join(many.streaming_content).decode() == record("integer-matrix", 1)
    assert b"".join(table.streaming_content).decode().count("\n") == 1 + 4 + 2


def test_import_by_upload_with_a_dry_run_and_a_report(cast: Cast) -> None:
    client = signed_in(cast)
    bad = record("matrio", 2).replace("2C>", "2D>", 1)
    upload = io.BytesIO((record("matrio", 1) + "\n" + bad).encode())
    upload.name = "games.mgn"

    response = client.post(
        "/api/games/import/",
        {"club": "home", "file": upload, "dry_run": "true", "create_players": "true"},
    )

    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["ok"], body["valid"], body["refused"], body["dry_run"]) == (False, 1, 1, True)
    assert body["report"][1]["ply"] == 1 and body["report"][1]["outcome"] == "refused"
    assert body["created_players"] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert not Game.objects.exists()


def test_result_only_by_form(cast: Cast) -> None:
    client = signed_in(cast, "director")
    body = {
        "club": "home",
        "kind": "matrio",
        "players": [{"name": n} for n in NAMES],
        "scores": [12, None, 40, -3],
    }

    response = post(client, "/api/games/result-only/", body)

    assert response.status_code == 201, response.content
    game = response.json()
    assert game["source"] == "result-only" and game["status"] == "finished"
    assert [s["score"] for s in game["seats"]] == [12, None, 40, -3]
    assert [s["withdrawn"] for s in game["seats"]] == [False, True, False, False]
    overload = post(
        client,
        "/api/games/result-only/",
        {
            "club": "home",
            "kind": "matrix-overload",
            "players": [{"name": "Solo"}],
            "overload": {"result": "win", "cards_left": 7},
        },
    )
    assert overload.status_code == 201, overload.content
    assert overload.json()["result"]["details"]["cards_left"] == 7


def test_scripts_sign_in_with_a_token(cast: Cast, client: Client) -> None:
    user = cast.user("scorekeeper")
    user.set_password("pw-for-the-token-test")
    user.save()
    key = client.post(
        "/api/auth/token/", {"username": "scorekeeper", "password": "pw-for-the-token-test"}
    ).json()["token"]

    response = new_game(Client(HTTP_AUTHORIZATION=f"Token {key}"))

    assert response.status_code == 201
    assert Token.objects.get(key=key).user == user


def test_the_schema_documents_the_games_api(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()

    for path in ("/api/games/", "/api/games/{id}/moves/", "/api/games/import/"):
        assert path in schema["paths"]
    assert "409" in schema["paths"]["/api/games/{id}/moves/"]["post"]["responses"]


def test_a_mathematico_game_is_recorded_draw_by_draw(cast: Cast) -> None:
    client = signed_in(cast)
    body = {"club": "home", "kind": "mathematico", "players": [{"name": "Al"}, {"name": "Bo"}]}
    game = post(client, "/api/games/", body).json()
    url = f"/api/games/{game['id']}/moves/"
    assert game["state"]["expect"] == "draw"

    for ply, token in enumerate(["=7", "c3", "d4", "=7", "a1", "a1", "=7", "b1", "b1", "=7"]):
        assert post(client, url, {"token": token, "expected_ply": ply}).status_code == 201
    for ply, token in enumerate(["a2", "a2"], start=10):
        post(client, url, {"token": token, "expected_ply": ply})
    fifth = post(client, url, {"token": "=7", "expected_ply": 12})

    assert fifth.status_code == 400
    assert fifth.json()["ply"] == 13 and "=7" not in fifth.json()["legal"]
    state = client.get(f"/api/games/{game['id']}/state/").json()
    assert state["board"]["draws"] == [7, 7, 7, 7] and state["expect"] == "draw"
    assert state["board"]["boards"]["Al"]["board"] == "77.../7..../..7../...../....."
