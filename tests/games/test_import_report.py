"""The import report in plain words (issue #17): where a refused record is (game number and
players, line, ply) and what is wrong, names and cards in words — for malformed records too."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.models import Game
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.django_db

PLAYERS = ("Anna Berg", "Ben", "Cat", "Dan")
GOOD = record("matrio", 5, players=PLAYERS)


def plain_of(cast: Cast, text: str, index: int = 0) -> str:
    report = services.games_import_mgn(club=cast.club, text=text, create_players=True)
    entry = report.games[index]
    assert entry.outcome == "refused" and entry.plain is not None
    return entry.plain


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_a_card_that_is_no_card_names_the_game_its_players_and_the_line(cast: Cast) -> None:
    hand = next(line for line in GOOD.splitlines() if line.startswith("[Hand2"))
    bad = GOOD.replace(hand, hand.replace(hand.split('"')[1].split()[0], "ZZ", 1))
    text = GOOD + "\n" + bad

    plain = plain_of(cast, text, index=1)

    line = line_of(text.split("\n\n", 2)[2], "[Hand2") + len(GOOD.splitlines()) + 1
    assert plain == (
        f"game 1 (Anna Berg, Ben, Cat and Dan), line {line}: in [Hand2], the card “ZZ” is not a "
        "card"
    )


def test_an_illegal_move_in_a_record_names_the_player_and_the_cards(cast: Cast) -> None:
    bad = GOOD.replace("2C>", "3C>", 1)

    plain = plain_of(cast, bad)

    assert plain.startswith("game 0 (Anna Berg, Ben, Cat and Dan), line ")
    assert ", ply 1: Anna Berg: the game opens with the 2 of clubs, not the 3 of clubs" in plain


def test_a_missing_player_tag_is_phrased(cast: Cast) -> None:
    bad = '[Game "matrio"]\n[P1 "a"]\n[P2 "b"]\n[P3 "c"]\n\n2C>C1C\n'

    plain = plain_of(cast, bad)

    assert plain.startswith("game 0 (a, b and c), line ")
    assert plain.endswith("the name of player P4 is missing: add the tag [P4 “…”]")


def test_a_mathematico_deal_with_a_bad_value_is_phrased(cast: Cast) -> None:
    good = record("mathematico", 1)
    deal = next(line for line in good.splitlines() if line.startswith("[Deal"))
    bad = good.replace(deal, deal.replace('"', '"ZZ ', 1).rsplit(" ", 1)[0] + '"]')

    plain = plain_of(cast, bad)

    assert "the deal lists “ZZ”, which is not a card value: values are 1 to 13" in plain


def test_an_overload_deck_missing_a_card_lists_it_in_words(cast: Cast) -> None:
    good = record("matrix-overload", 3)
    deck = next(line for line in good.splitlines() if line.startswith("[Deck"))
    bad = good.replace(deck, deck.replace(" XR", "", 1).replace("XR ", "", 1))

    plain = plain_of(cast, bad)

    assert "the deck lists 53 cards but must list all 54, each once; missing: the red joker" in (
        plain
    )


def test_a_record_error_without_structure_keeps_the_engines_sentence(cast: Cast) -> None:
    bad = '[Game "matrio"]\n[P1 "a"]\n[P2 "b"]\n[P3 "c"]\n[P4 "d"]\n[Rules "fast"]\n\n2C>C1C\n'

    plain = plain_of(cast, bad)

    assert plain.startswith("game 0 (a, b, c and d), line ")
    assert plain.endswith(
        '[Rules "fast"] is not a MatriO rules profile: the only one is "canonical"'
    )


def test_the_import_page_shows_the_plain_sentence(cast: Cast) -> None:
    client = Client()
    client.force_login(cast.user("scorekeeper"))
    bad = GOOD.replace("2C>", "3C>", 1)

    response = client.post(
        "/games/import/", {"club": cast.club.pk, "mgn": bad, "create_players": "on"}
    )

    page = response.content.decode()
    assert "Anna Berg: the game opens with the 2 of clubs, not the 3 of clubs" in page
    assert not Game.objects.exists()
