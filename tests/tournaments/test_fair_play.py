"""Fair play in events (README "Security"): a round's shared cards (Mathematico's draw, an
Overload deck) and their seed are for the club's staff until the round is finished, then for
everyone — on the event page, the printable sheet and the rounds API alike."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.helpers import Cast, cast
from tournaments import services
from tournaments.models import Event, Round
from tournaments.visibility import round_cards_for

pytestmark = pytest.mark.django_db

SEE = {"scorekeeper", "director", "admin"}
PERSONAS = ("anonymous", "member", "entrant", "scorekeeper", "director", "other_director", "admin")


def user_of(c: Cast, persona: str) -> Any:
    return {
        "anonymous": None,
        "member": c.users[3],  # a player of the club, not entered
        "entrant": c.users[0],  # plays the round
        "scorekeeper": c.scorekeeper,
        "director": c.director,
        "other_director": c.other_director,  # staff of another club
        "admin": c.admin,
    }[persona]


def client_of(c: Cast, persona: str) -> Client:
    client = Client()
    if (user := user_of(c, persona)) is not None:
        client.force_login(user)
    return client


def locked_round(c: Cast, game: str) -> tuple[Event, Round]:
    event = services.event_create(
        club=c.club, name=f"{game} night", game=game, format="",
        starts_on=date(2026, 11, 1), options={}, by=c.director,
    )  # fmt: skip
    for person in c.players[:3]:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    return event, round_


def shows_cards(text: str, round_: Round) -> bool:
    """Whether the round's cards show in order, in any format (HTML, JSON)."""
    words = " " + " ".join(re.findall(r"[A-Za-z0-9]+", text)) + " "
    return " " + " ".join(str(card) for card in round_.cards) + " " in words


def everywhere(c: Cast, persona: str, event: Event, round_: Round) -> dict[str, str]:
    client = client_of(c, persona)
    base = f"/events/{c.club.slug}/{event.slug}/"
    urls = {
        "page": base,
        "print": f"{base}rounds/{round_.number}/print/",
        "event rounds": f"/api/events/{event.pk}/rounds/",
        "round": f"/api/rounds/{round_.pk}/",
        "rounds": "/api/rounds/",
    }
    return {where: client.get(url).content.decode() for where, url in urls.items()}


@pytest.mark.parametrize("game", ["mathematico", "matrix-overload"])
@pytest.mark.parametrize("persona", PERSONAS)
def test_a_round_being_played_shows_its_cards_and_seed_to_the_clubs_staff_only(
    game: str, persona: str
) -> None:
    c = cast(4)
    event, round_ = locked_round(c, game)
    assert len(round_.cards) in (25, 54) and round_.seed

    for where, text in everywhere(c, persona, event, round_).items():
        shown = shows_cards(text, round_) or round_.seed in text
        assert shown == (persona in SEE), (persona, where)


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_api_keeps_its_fields_with_null_values_while_the_cards_are_secret(
    persona: str,
) -> None:
    c = cast(4)
    _, round_ = locked_round(c, "mathematico")

    data = client_of(c, persona).get(f"/api/rounds/{round_.pk}/").json()

    assert {"seed", "cards", "tables", "status"} <= set(data)
    if persona in SEE:
        assert (data["seed"], data["cards"]) == (round_.seed, round_.cards)
    else:
        assert data["seed"] is None and data["cards"] is None


def test_the_pages_say_when_the_cards_will_be_shown() -> None:
    c = cast(4)
    event, _ = locked_round(c, "mathematico")
    client = client_of(c, "anonymous")

    page = client.get(f"/events/{c.club.slug}/{event.slug}/").content.decode()
    sheet = client.get(f"/events/{c.club.slug}/{event.slug}/rounds/1/print/").content.decode()

    assert "hidden until the round is finished" in page
    assert "shown to the club's staff only until the round is finished" in sheet


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_finished_round_shows_its_cards_and_seed_to_everyone(persona: str) -> None:
    c = cast(4)
    event, round_ = locked_round(c, "mathematico")
    table = round_.tables.get()
    scores = {s.player_id: 100 - i for i, s in enumerate(table.seats.order_by("position"))}
    services.result_report(table=table, scores=scores, by=c.director)
    services.round_finish(round=round_, by=c.director)
    round_.refresh_from_db()

    for where, text in everywhere(c, persona, event, round_).items():
        assert shows_cards(text, round_), (persona, where)
        assert round_.seed in text or where == "print", (persona, where)  # the sheet: no seed


def test_round_cards_for_costs_no_query_once_the_roles_are_known(
    django_assert_num_queries: Any,
) -> None:
    c = cast(4)
    event, round_ = locked_round(c, "mathematico")
    round_cards_for(round_, c.director, event)  # the roles, cached on the user

    with django_assert_num_queries(0):
        assert round_cards_for(round_, c.director, event).cards == round_.cards
        assert round_cards_for(round_, None, event).hidden


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_finished_game_of_a_round_still_played_is_read_by_staff_and_its_player_only(
    persona: str, django_capture_on_commit_callbacks: Any
) -> None:
    """The first Overload player to finish would show everyone the deck the others are still
    playing: until the round is finished, their game is for the staff and themselves."""
    from games import services as games
    from games.engine.overload import random_game
    from games.models import Game

    c = cast(4)
    event, round_ = locked_round(c, "matrix-overload")
    player = c.players[0]
    text = random_game(4, "greedy")  # any finished game of the round shows a deck
    with django_capture_on_commit_callbacks(execute=True):
        games.games_import_mgn(
            club=c.club,
            text=text.replace('[Player "', f'[Event "{event.name}"]\n[Round "1"]\n[Player "', 1),
            create_players=True,
        )
    game = Game.objects.get()
    game.seats.update(player=player)
    client = client_of(c, persona)

    detail = client.get(f"/games/{game.pk}/").status_code
    api = client.get(f"/api/games/{game.pk}/").status_code
    listed = game.pk in [g["id"] for g in client.get("/api/games/").json()["results"]]
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.FINISHED)
    after = client.get(f"/api/games/{game.pk}/").status_code

    allowed = persona in SEE or persona == "entrant"
    assert game.event_id == event.pk and game.round_number == 1
    assert (detail == 200, api == 200, listed) == (allowed, allowed, allowed)
    assert after == 200  # the round is over: the game is as public as any other
