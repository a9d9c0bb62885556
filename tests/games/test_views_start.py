"""Starting a live game: step one picks the game, step two is that game's own form.

Valid forms start the game through ``games.services`` with the right seats and tags; invalid
ones say why next to the field (or above the form for the engine's sentence) and store nothing.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.engine.integer_matrix.board import CENTRE, setup_colour
from games.engine.integer_matrix.notation import format_setup
from games.engine.integer_matrix.random_game import random_disc
from games.engine.overload.cards import FULL_DECK
from games.models import Game
from tests.games.helpers import NAMES, Cast, record
from tests.games.test_views_pages import client_for, text

pytestmark = pytest.mark.django_db


def post(cast: Cast, kind: str, data: dict[str, Any], persona: str = "scorekeeper") -> Any:
    return client_for(cast, persona).post(
        f"/games/new/{kind}/", {"club": cast.club.pk, "public": "on", **data}
    )


def tags(game: Game) -> dict[str, str]:
    return dict(game.tags)


def seats(game: Game) -> list[tuple[str, str]]:
    return [(seat.role, seat.name) for seat in game.seats.order_by("position")]


def started(response: Any) -> Game:
    assert response.status_code == 302, text(response)
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.status == Game.Status.LIVE and game.source == Game.Source.LIVE
    return game


def refused(response: Any) -> str:
    assert response.status_code == 200
    assert not Game.objects.exists()
    page = text(response)
    assert 'role="alert"' in page and "The game was not started" in page
    return page


# --- step one --------------------------------------------------------------------------------


def test_step_one_offers_each_game_and_a_kind_in_the_query_goes_to_its_form(cast: Cast) -> None:
    client = client_for(cast, "scorekeeper")

    page = text(client.get("/games/new/"))

    for kind in ("matrio", "mathematico", "matrix-overload", "integer-matrix"):
        assert f'href="/games/new/{kind}/"' in page
    assert client.get("/games/new/?kind=mathematico")["Location"] == "/games/new/mathematico/"
    assert client.get("/games/new/chess/").status_code == 404


def test_the_form_shows_only_its_games_fields_and_the_club_members(cast: Cast) -> None:
    page = text(client_for(cast, "scorekeeper").get("/games/new/matrio/"))

    assert "P1 = the holder of the 2 of clubs" in page
    assert 'name="opening"' in page and 'name="hand4"' in page
    assert 'name="deck"' not in page and 'name="mode"' not in page
    assert '<datalist id="members">' in page and '<option value="Scorekeeper">' in page
    assert 'list="members"' in page


# --- MatriO ----------------------------------------------------------------------------------


def test_a_matrio_game_starts_with_its_seats_opening_and_hands(cast: Cast) -> None:
    header = dict(re.findall(r'^\[(\w+) "(.*)"\]$', record("matrio", 7), re.MULTILINE))
    hands = [header[f"Hand{n}"] for n in range(1, 5)]
    data = {f"p{n}": name for n, name in enumerate(NAMES, 1)}
    data |= {"opening": "any", **{f"hand{n}": hand for n, hand in enumerate(hands, 1)}}

    game = started(post(cast, "matrio", data))

    assert seats(game) == list(zip(("P1", "P2", "P3", "P4"), NAMES, strict=True))
    assert tags(game)["Opening"] == "any"
    assert tags(game)["Hand3"] == hands[2]
    assert game.recorder == cast.user("scorekeeper")


def test_a_matrio_seat_left_empty_and_a_short_hand_are_explained(cast: Cast) -> None:
    data = {"p1": "Ann", "p2": "Ben", "p3": "Cat", "opening": "2C", "hand2": "2C 3C"}

    page = refused(post(cast, "matrio", data))

    assert 'id="id_p4-error"' in page and "This field is required" in page
    assert 'id="id_hand2-error"' in page and "A hand is 13 cards; this one has 2" in page


def test_the_engines_verdict_on_the_hands_is_shown(cast: Cast) -> None:
    same = " ".join(f"{r}C" for r in "2356789TJQKA") + " XR"
    data = {f"p{n}": name for n, name in enumerate(NAMES, 1)}
    data |= {"opening": "2C", **{f"hand{n}": same for n in range(1, 5)}}

    page = refused(post(cast, "matrio", data))

    assert "error" in page and "Hand" in page


# --- Mathematico -----------------------------------------------------------------------------


def test_a_mathematico_game_takes_any_number_of_players_and_a_mode(cast: Cast) -> None:
    data = {"player_1": "Ann", "player_2": "Ben", "player_3": "Cat"}
    data |= {"mode": "exactly", "exactly": "120", "deal_entry": "draw"}

    game = started(post(cast, "mathematico", data))

    assert seats(game) == [("Ann", "Ann"), ("Ben", "Ben"), ("Cat", "Cat")]
    assert tags(game)["Mode"] == "exactly:120"
    assert "Deal" not in tags(game)


def test_a_mathematico_deal_can_be_given_whole(cast: Cast) -> None:
    deal = " ".join(str(value) for value in [*range(1, 14), *range(1, 13)])
    data = {"player_1": "Ann", "mode": "min", "deal_entry": "whole", "deal": deal}

    game = started(post(cast, "mathematico", data))

    assert tags(game)["Mode"] == "min"
    assert tags(game)["Deal"].split() == deal.split()


def test_mathematico_explains_a_missing_n_a_short_deal_and_no_players(cast: Cast) -> None:
    data = {"mode": "exactly", "deal_entry": "whole", "deal": "1 2 3"}

    page = refused(post(cast, "mathematico", data))

    assert 'id="id_player_1-error"' in page
    assert 'id="id_exactly-error"' in page and "Give N" in page
    assert 'id="id_deal-error"' in page and "25 values; 3 given" in page


def test_a_deal_the_engine_refuses_is_explained_at_the_deal(cast: Cast) -> None:
    data = {"player_1": "Ann", "mode": "max", "deal_entry": "whole", "deal": " ".join(["7"] * 25)}

    page = refused(post(cast, "mathematico", data))

    assert 'id="id_deal-error"' in page


# --- Matrix Overload -------------------------------------------------------------------------


def test_overload_shuffles_a_seeded_deck_and_says_so(cast: Cast) -> None:
    data = {"player": "Ann", "deck_entry": "shuffle", "seed": "42"}

    client = client_for(cast, "scorekeeper")
    response = client.post("/games/new/matrix-overload/", {"club": cast.club.pk, **data})
    game = started(response)
    again = client.get(response["Location"])

    deck = tags(game)["Deck"].split()
    assert sorted(deck) == sorted(FULL_DECK) and deck != list(FULL_DECK)
    assert seats(game) == [("player", "Ann")]
    page = text(again)
    assert "seed 42" in page and "Rules and setup" in page and tags(game)["Deck"] in page


def test_overload_takes_an_entered_deck(cast: Cast) -> None:
    deck = " ".join(reversed(FULL_DECK))

    game = started(
        post(cast, "matrix-overload", {"player": "Ann", "deck_entry": "enter", "deck": deck})
    )

    assert tags(game)["Deck"] == deck


def test_overload_explains_a_bad_deck_at_the_deck(cast: Cast) -> None:
    data = {"player": "Ann", "deck_entry": "enter", "deck": "2S 3S 3S"}

    page = refused(post(cast, "matrix-overload", data))

    assert 'id="id_deck-error"' in page and "twice" in page


# --- Integer Matrix --------------------------------------------------------------------------


def test_integer_matrix_draws_the_setup_discs_for_the_players(cast: Cast) -> None:
    data = {"negative": "Ann", "positive": "Ben", "scoring": "line", "setup_entry": "draw"}

    game = started(post(cast, "integer-matrix", data))

    assert seats(game) == [("negative", "Ann"), ("positive", "Ben")]
    assert tags(game)["Scoring"] == "line"
    assert len(tags(game)["Setup"].split()) == 9


def test_integer_matrix_takes_entered_discs(cast: Cast) -> None:
    import random

    rng = random.Random(3)
    setup = format_setup([(sq, random_disc(rng), setup_colour(sq)) for sq in CENTRE])
    data = {"negative": "Ann", "positive": "Ben", "scoring": "rect", "setup_entry": "enter"}

    game = started(post(cast, "integer-matrix", {**data, "setup": setup}))

    assert tags(game)["Setup"] == setup


def test_integer_matrix_explains_bad_discs_at_the_setup(cast: Cast) -> None:
    data = {"negative": "Ann", "positive": "Ben", "scoring": "rect", "setup_entry": "enter"}

    empty = refused(post(cast, "integer-matrix", {**data, "setup": ""}))
    wrong = refused(post(cast, "integer-matrix", {**data, "setup": "z9=+3/-5:B"}))

    assert 'id="id_setup-error"' in empty and "Enter the nine discs" in empty
    assert 'id="id_setup-error"' in wrong


# --- who may start ---------------------------------------------------------------------------


@pytest.mark.parametrize("persona", ["player", "other_director"])
def test_only_staff_of_the_club_may_start_a_game_there(cast: Cast, persona: str) -> None:
    data = {f"p{n}": name for n, name in enumerate(NAMES, 1)} | {"opening": "2C"}

    response = post(cast, "matrio", data, persona=persona)

    if persona == "player":
        assert response.status_code == 403
    else:  # a director elsewhere: this club is not among the choices
        assert response.status_code == 200 and "Select a valid choice" in text(response)
    assert not Game.objects.exists()


def test_anonymous_visitors_are_sent_to_sign_in(cast: Cast) -> None:
    response = Client().post("/games/new/matrio/", {"club": cast.club.pk})

    assert response.status_code == 302 and "login" in response["Location"]
    assert not Game.objects.exists()
