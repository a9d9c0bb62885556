"""Hints at the table: a scorekeeper may show the advisor's choice in a casual Mathematico game;
off by default, never in an event game, only for the game's writers."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.test import Client

from games import services
from games.engine.errors import DomainError
from games.hints import game_hints_set
from games.models import Game
from tests.factories import EventFactory
from tests.games.helpers import Cast

pytestmark = pytest.mark.django_db


def mathematico(cast: Cast, **kwargs: object) -> Game:
    started = services.game_create(
        club=cast.club,
        kind="mathematico",
        players=[services.SeatInput(name=name) for name in ("Ann", "Ben")],
        by=cast.user("scorekeeper"),
        **kwargs,  # type: ignore[arg-type]
    )
    for ply, token in enumerate(["=7", "c3", "d4", "=13"]):
        services.game_record_move(game_id=started.game.pk, token=token, expected_ply=ply)
    return Game.objects.get(pk=started.game.pk)


def client_for(cast: Cast, persona: str) -> Client:
    client = Client()
    if (user := cast.user(persona)) is not None:
        client.force_login(user)
    return client


def test_the_scorekeeper_switches_the_advisor_on_and_sees_its_cell(cast: Cast) -> None:
    game = mathematico(cast)
    keeper = client_for(cast, "scorekeeper")
    before = keeper.get(f"/games/{game.pk}/").content.decode()

    keeper.post(f"/games/{game.pk}/hints/", {"on": "1"})
    page = keeper.get(f"/games/{game.pk}/").content.decode()
    visitor = client_for(cast, "anonymous").get(f"/games/{game.pk}/").content.decode()

    assert "The advisor" not in before and "Show the advisor" in before
    game.refresh_from_db()
    assert game.hints
    hint = re.search(r"The advisor's choice for Ann: <strong>([a-e][1-5])</strong>", page)
    assert hint is not None and hint.group(1) != "c3"  # Ann's c3 holds the 7 already
    assert "The advisor's choice" not in visitor


def test_hints_are_never_offered_in_an_event_game(cast: Cast) -> None:
    event = EventFactory(club=cast.club, game="mathematico", starts_on=date(2026, 1, 1))
    game = mathematico(cast, event=event)

    with pytest.raises(DomainError, match="never in an event"):
        game_hints_set(game_id=game.pk, on=True, by=cast.user("director"))
    page = client_for(cast, "director").get(f"/games/{game.pk}/").content.decode()

    game.refresh_from_db()
    assert not game.hints and "Show the advisor" not in page


@pytest.mark.parametrize("persona", ["anonymous", "player", "other_director"])
def test_only_the_games_writers_switch_hints(cast: Cast, persona: str) -> None:
    game = mathematico(cast)

    response = client_for(cast, persona).post(f"/games/{game.pk}/hints/", {"on": "1"})

    game.refresh_from_db()
    assert not game.hints and response.status_code in (302, 403, 404)
