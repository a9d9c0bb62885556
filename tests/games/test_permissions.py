"""Every write endpoint with every persona: only writers of the game's club may write.

Personas: anonymous, player (of the club), scorekeeper, director of another club, director,
site admin. Writers are the club's scorekeepers and directors, the game's recorder and the
site admins; everyone reads public games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from clubs.models import Membership
from games import services
from games.models import Game
from games.permissions import can_create_in_club, can_read_game, can_write_game
from tests.games.helpers import NAMES, PERSONAS, WRITERS, Cast, live_matrio, record

pytestmark = pytest.mark.django_db


def client_for(cast: Cast, persona: str) -> Client:
    client = Client()
    if cast.user(persona) is not None:
        client.force_login(cast.user(persona))
    return client


def create(cast: Cast) -> tuple[str, dict[str, Any]]:
    return "/api/games/", {
        "club": "home",
        "kind": "matrio",
        "players": [{"name": n} for n in NAMES],
    }


def move(cast: Cast) -> tuple[str, dict[str, Any]]:
    return f"/api/games/{live_matrio(cast).pk}/moves/", {"token": "2C>C2C", "expected_ply": 0}


def undo(cast: Cast) -> tuple[str, dict[str, Any]]:
    game = live_matrio(cast)
    services.game_record_move(game_id=game.pk, token="2C>C2C", expected_ply=0)
    return f"/api/games/{game.pk}/undo/", {"expected_ply": 1}


def abandon(cast: Cast) -> tuple[str, dict[str, Any]]:
    return f"/api/games/{live_matrio(cast).pk}/abandon/", {}


def import_(cast: Cast) -> tuple[str, dict[str, Any]]:
    return "/api/games/import/", {
        "club": "home",
        "mgn": record("matrio", 1),
        "create_players": True,
    }


def result_only(cast: Cast) -> tuple[str, dict[str, Any]]:
    players = [{"name": n} for n in NAMES]
    return "/api/games/result-only/", {
        "club": "home",
        "kind": "matrio",
        "players": players,
        "scores": [1, 2, 3, 4],
    }


ENDPOINTS: dict[str, Callable[[Cast], tuple[str, dict[str, Any]]]] = {
    "create": create,
    "move": move,
    "undo": undo,
    "abandon": abandon,
    "import": import_,
    "result-only": result_only,
}
SUCCESS = {"create": 201, "move": 201, "undo": 200, "abandon": 200, "import": 200}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_every_write_endpoint_with_every_persona(cast: Cast, endpoint: str, persona: str) -> None:
    path, body = ENDPOINTS[endpoint](cast)
    games_before = Game.objects.count()

    response = client_for(cast, persona).post(path, body, content_type="application/json")

    if persona in WRITERS:
        assert response.status_code == SUCCESS.get(endpoint, 201), response.content
    else:  # no credentials: 401 (sign in); signed in without the role: 403
        assert response.status_code == (401 if persona == "anonymous" else 403), response.content
        assert response.json()["message"]
        assert Game.objects.count() == games_before
        assert not Game.objects.filter(status="abandoned").exists()
        assert not Game.objects.filter(ply__gt=0, source="live").exclude(moves__ply=1).exists()


@pytest.mark.parametrize("persona", PERSONAS)
def test_everyone_reads_public_games(cast: Cast, persona: str) -> None:
    game = live_matrio(cast)
    client = client_for(cast, persona)

    assert client.get(f"/api/games/{game.pk}/").status_code == 200
    assert client.get(f"/api/games/{game.pk}/state/").status_code == 200
    assert client.get(f"/api/games/{game.pk}/mgn/").status_code == 200


def test_a_recorder_who_loses_the_role_stops_writing_their_games(cast: Cast) -> None:
    """Issue #18: the role, not having started the game, lets a scorekeeper write it."""
    recorder = cast.user("scorekeeper")
    game = live_matrio(cast, by=recorder)
    Membership.objects.filter(player__user=recorder).update(role=Membership.Role.PLAYER)
    client = Client()
    client.force_login(recorder)

    move = client.post(
        f"/api/games/{game.pk}/moves/",
        {"token": "2C>C2C", "expected_ply": 0},
        content_type="application/json",
    )

    assert not can_write_game(recorder, game)
    assert not can_create_in_club(recorder, cast.club)
    assert move.status_code == 403 and not game.moves.exists()


def test_the_policy_by_persona(cast: Cast) -> None:
    game = live_matrio(cast, by=cast.user("admin"), public=False)

    writers = {p for p in PERSONAS if can_write_game(cast.user(p), game)}
    creators = {p for p in PERSONAS if can_create_in_club(cast.user(p), cast.club)}
    readers = {p for p in PERSONAS if can_read_game(cast.user(p), game)}

    assert writers == creators == WRITERS
    assert readers == WRITERS | {"player"}
