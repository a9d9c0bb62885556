"""Imports match the records' names to the club's members before storing anything.

Exact names (case and spacing aside) are taken; a name no member has holds the import and is
listed with the members near it, for the importer to map or create — on the page, in the API
and in ``import_games`` (tested in test_import_command.py).
"""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Membership, Player
from games.models import Game
from tests.factories import PlayerFactory
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.django_db


def scorekeeper(cast: Cast) -> Client:
    client = Client()
    client.force_login(cast.user("scorekeeper"))
    return client


def member(cast: Cast, name: str) -> Player:
    player = PlayerFactory(name=name)
    Membership.objects.create(club=cast.club, player=player, role=Membership.Role.PLAYER)
    return player


def test_the_page_holds_the_import_and_lists_unknown_names_with_near_members(cast: Cast) -> None:
    near = member(cast, "Zoë Player 1")
    players = Player.objects.count()

    page = scorekeeper(cast).post(
        "/games/import/", {"club": cast.club.pk, "mgn": record("matrio", 1)}
    )

    html = page.content.decode()
    assert page.status_code == 200 and not Game.objects.exists()
    assert Player.objects.count() == players
    assert "4 names in the games are no member of the club" in html
    assert f'<option value="{near.pk}">Zoë Player 1</option>' in html
    assert 'name="unknown_name_1" value="Player 1"' in html
    assert "Import with these players" in html


def test_choosing_members_and_new_names_on_the_page_stores_the_game(cast: Cast) -> None:
    ada = member(cast, "Ada Archer")
    answers = {
        "unknown_name_1": "Player 1",
        "unknown_choice_1": str(ada.pk),
        **{f"unknown_name_{n}": f"Player {n}" for n in (2, 3, 4)},
        **{f"unknown_choice_{n}": "new" for n in (2, 3, 4)},
    }

    page = scorekeeper(cast).post(
        "/games/import/", {"club": cast.club.pk, "mgn": record("matrio", 1), **answers}
    )

    assert "1 stored" in page.content.decode()
    game = Game.objects.get()
    seated = list(game.seats.order_by("position").values_list("player__name", flat=True))
    assert seated == ["Ada Archer", "Player 2", "Player 3", "Player 4"]
    assert not Player.objects.filter(name="Player 1").exists()


def test_an_uploaded_file_is_kept_as_text_while_names_are_asked_for(cast: Cast) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("games.mgn", record("integer-matrix", 1).encode())
    page = scorekeeper(cast).post("/games/import/", {"club": cast.club.pk, "file": upload})

    html = page.content.decode()
    assert "no member of the club" in html
    assert "[Game &quot;integer-matrix&quot;]" in html  # the games are in the text box now


def test_the_api_lists_unknown_players_and_takes_a_map_of_names_to_members(cast: Cast) -> None:
    ada = member(cast, "Ada Lovelace")
    client = scorekeeper(cast)
    body = {"club": "home", "mgn": record("mathematico", 1)}  # one board, played by "Ada"

    held = client.post("/api/games/import/", body, content_type="application/json").json()
    mapped = client.post(
        "/api/games/import/",
        {**body, "players": {"Ada": ada.pk}},
        content_type="application/json",
    ).json()

    assert held["ok"] is False and held["stored"] == 0
    assert held["unknown_players"][0]["name"] == "Ada"
    assert held["report"][0]["outcome"] == "held"
    assert mapped["ok"] is True and mapped["stored"] == 1 and mapped["unknown_players"] == []
    seat = Game.objects.get().seats.get()
    assert seat.player_id == ada.pk and seat.name == "Ada"
