"""Refused moves in plain words (issue #15): names, cards, trays, cells and discs in words.

The API's ``message`` keeps the engine's precise sentence; ``plain`` says the same for people,
phrased by ``games.messages`` from the engine's structured error, in the reader's language.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games import messages, services
from games.engine import live
from games.engine.core import IllegalMoveError
from games.engine.record import read_records
from games.messages import BOOKS
from games.models import Game
from tests.factories import MembershipFactory, PlayerFactory
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.django_db

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"


def scorekeeper(cast: Cast) -> Client:
    client = Client()
    client.force_login(cast.user("scorekeeper"))
    return client


def refused(client: Client, game: Game, token: str, **headers: Any) -> dict[str, Any]:
    response = client.post(
        f"/api/games/{game.pk}/moves/",
        {"token": token, "expected_ply": game.ply},
        content_type="application/json",
        headers=headers,
    )
    assert response.status_code == 400, response.content
    body: dict[str, Any] = response.json()
    return body


def start(cast: Cast, kind: str, seed: int, players: list[str]) -> Game:
    """A live game of ``kind`` set up like the engine's seeded random game, with ``players``."""
    source = live.from_record(read_records(record(kind, seed))[0]).game
    tags = [(n, v) for n, v in source.tags if n not in ("Player", "Negative", "Positive")]
    started = services.game_create(
        club=cast.club,
        kind=kind,
        players=[services.SeatInput(name=name) for name in players],
        tags=tags,
        by=cast.user("scorekeeper"),
    )
    return started.game


def play(game: Game, *tokens: str) -> Game:
    for token in tokens:
        services.game_record_move(game_id=game.pk, token=token, expected_ply=game.ply)
        game.refresh_from_db()
    return game


def matrio_with_cyril(cast: Cast) -> Game:
    """A MatriO game whose P2 is the club member Cyril Cole (the record's name is "cc")."""
    cyril = PlayerFactory(name="Cyril Cole")
    MembershipFactory(club=cast.club, player=cyril)
    seats = [services.SeatInput(name=n) for n in ("Ann", "cc", "Cat", "Dan")]
    seats[1] = services.SeatInput(name="cc", player=cyril)
    game = services.game_create(
        club=cast.club, kind="matrio", players=seats, by=cast.user("scorekeeper")
    ).game
    return play(game, "2C>C2C")


def test_a_matrio_refusal_names_the_player_the_card_and_the_trays_in_words(cast: Cast) -> None:
    game = matrio_with_cyril(cast)

    body = refused(scorekeeper(cast), game, "KD>C1S")

    assert body["message"].startswith("ply 2 (P2): KD cannot go on C1S")  # the engine's, as ever
    assert body["plain"] == (
        "Cyril Cole: the King of diamonds can't go on column 1 spades, which is not a diamonds "
        "tray — diamonds still has empty trays: row 1 diamonds, row 2 diamonds, row 3 diamonds, "
        "column 1 diamonds, column 2 diamonds or column 3 diamonds"
    )


@pytest.mark.parametrize(
    ("token", "plain"),
    [
        ("KD>C2C", "the King of diamonds can't go on column 2 clubs, which already holds a card"),
        ("2C>R1C", "the 2 of clubs has already been played"),
        ("TD>R1D", "the 10 of diamonds is not in the MatriO pack"),
        ("XR>R1", "for the red joker, write the tray with its suit"),
        ("7H>R1H+", "“7H>R1H” wins no cell, but it is marked with 1 “+”"),
        ("ZZ", "“ZZ” cannot be read as a MatriO move"),
    ],
)
def test_every_matrio_refusal_at_the_table_is_phrased(cast: Cast, token: str, plain: str) -> None:
    body = refused(scorekeeper(cast), matrio_with_cyril(cast), token)

    assert body["plain"].startswith("Cyril Cole: ") and plain in body["plain"]


def test_a_hidden_hand_is_not_listed_in_the_plain_refusal(cast: Cast) -> None:
    text = record("matrio", 4)
    source = live.from_record(read_records(text)[0]).game
    tags = [(n, v) for n, v in source.tags if n.startswith("Hand")]
    hands = dict(tags)
    game = services.game_create(
        club=cast.club,
        kind="matrio",
        players=[services.SeatInput(name=n) for n in ("Ann", "Ben", "Cat", "Dan")],
        tags=tags,
        by=cast.user("scorekeeper"),
    ).game
    game = play(game, source.tokens[0])
    foreign = next(c for c in hands["Hand1"].split() if c != "2C")  # P1's card, asked of P2

    plain = refused(scorekeeper(cast), game, f"{foreign}>R1S")["plain"]

    assert plain.startswith("Ben: ") and "is not in this player's hand" in plain
    assert not any(card in plain for card in hands["Hand2"].split())


def test_a_mathematico_refusal_names_the_cell_and_the_values(cast: Cast) -> None:
    game = services.game_create(
        club=cast.club,
        kind="mathematico",
        players=[services.SeatInput(name=n) for n in ("Ada Nowak", "Bo")],
        by=cast.user("scorekeeper"),
    ).game
    game = play(game, "=7", "c3", "c3", "=5")

    body = refused(scorekeeper(cast), game, "c3")

    assert body["plain"].startswith(
        "Ada Nowak: c3 already holds the 7; the 5 can go on a1, b1, c1, d1, e1, a2,"
    )
    assert body["plain"].endswith("…, or “-” to leave it unplaced")


def test_an_overload_refusal_names_the_solitaire_player_and_the_card(cast: Cast) -> None:
    game = start(cast, "matrix-overload", 3, ["Sol Solo"])

    body = refused(scorekeeper(cast), game, "9")

    assert body["plain"] == (
        "Sol Solo: the 8 of spades can't go to pile 9; it can go to piles 1, 2, 3, 4, 5, 6, 7 or 8"
    )
    assert refused(scorekeeper(cast), game, "XB:1")["plain"].startswith(
        "Sol Solo: the card drawn is the 8 of spades, not the black joker; it can go to piles 1"
    )
    assert "ICE on N1" in refused(scorekeeper(cast), game, "IN1")["plain"]


def test_an_integer_matrix_refusal_lists_the_legal_squares_per_colour(cast: Cast) -> None:
    game = start(cast, "integer-matrix", 11, ["Nora Neg", "Pete Pos"])
    client = scorekeeper(cast)

    flips = refused(client, game, "+3/-5 W a1")["plain"]
    unsound = refused(client, game, "-2/-3 B d4")["plain"]

    assert flips == (
        "Nora Neg: a white disc on a1 flips nothing: it closes no line of discs of the other "
        "colour; legal now: white on c2, e2, b3, f3, b5, f5, c6 or e6; black on d2, b4, f4 or d6"
    )
    assert unsound.startswith("Nora Neg: the disc \u22122/\u22123 has two faces of the same sign")


def test_a_czech_reader_gets_the_plain_words_in_czech(cast: Cast) -> None:
    """The API's ``plain`` follows Accept-Language: the player's name, the card and the trays
    in the words Czech players use; ``message`` stays the engine's English sentence."""
    game = matrio_with_cyril(cast)
    client = scorekeeper(cast)

    czech = refused(client, game, "KD>C1S", accept_language="cs")
    english = refused(client, game, "KD>C1S", accept_language="en")

    assert czech["plain"].startswith("Cyril Cole: karta král kár nemůže na sloupec 1 (piky)")
    assert czech["message"] == english["message"]
    assert english["plain"].startswith("Cyril Cole: the King of diamonds")


def test_a_phrase_the_catalogue_lacks_falls_back_to_the_translated_sentence(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phrase not yet translated gives the site's translated sentence, not English words."""
    game = matrio_with_cyril(cast)
    client = scorekeeper(cast)
    monkeypatch.setattr(messages, "gettext", lambda text: text)  # as if no phrase were translated

    czech = refused(client, game, "KD>C1S", accept_language="cs")

    assert czech["plain"] == czech["sentence"] != czech["message"]


def test_a_translated_phrase_is_used_with_the_words_of_the_readers_language(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stand-in catalogue for the phrase: the card and tray words still come from the
    reader's language, the names filled in; a broken translation never gives a 500."""
    czech = {
        "%(card)s can't go on %(tray)s, which is not a %(suit)s tray — %(suit)s still has empty "
        "trays: %(trays)s": "%(card)s nemůže na %(tray)s (%(suit)s: %(trays)s)",
    }
    monkeypatch.setattr(messages, "gettext", lambda text: czech.get(text, text))
    error = IllegalMoveError("KD cannot go on C1S", ply=2, move="KD>C1S", player="P2").because(
        "matrio.tray_wrong_suit", card="KD", tray="C1S", suit="D", trays=["R1D"]
    )

    with translation.override("cs"):
        said = messages.plain(error, player="P2", names={"P2": "Cyril Cole"})

    assert said == "Cyril Cole: král kár nemůže na sloupec 1 (piky) (káry: řádek 1 (káry))"
    with translation.override("cs"):
        assert messages.plain(error.because("matrio.already_played", card="KD")) is None
    czech["%(card)s has already been played"] = "%(karta)s už byla zahrána"  # a slip
    with translation.override("cs"):
        assert messages.plain(error) is None  # the caller's sentence, never a 500


def test_every_code_the_engines_raise_has_a_sentence() -> None:
    """The engines' codes (``.because("…")``) and the phrasebooks must not drift apart."""
    raised = {
        code
        for path in ENGINE.rglob("*.py")
        for code in re.findall(r'because\(\s*"([a-z_]+\.[a-z_]+)"', path.read_text())
    }
    raised |= {  # codes chosen by a helper rather than written at the raise
        "matrio.tray_not_empty",
        "matrio.tray_wrong_suit",
        "matrio.tray_empty",
        "matrio.hand_removed_card",
        "record.not_a_card",
        "matrio.card_twice",
        "matrio.card_in_two_hands",
        "overload.over",
        "overload.setup",
        "overload.not_drawn",
        "overload.misplaced",
        "integer_matrix.occupied",
        "integer_matrix.no_run",
        "integer_matrix.one_colour",
    }
    phrased = {code for book in BOOKS.values() for code in book.phrases}

    assert len(raised) > 30
    assert raised - phrased == set()
    assert phrased - raised == set()


def test_a_refused_move_typed_on_the_page_shows_the_plain_sentence(cast: Cast) -> None:
    game = matrio_with_cyril(cast)

    response = scorekeeper(cast).post(
        f"/games/{game.pk}/", {"token": "KD>C1S", "expected_ply": game.ply}, follow=True
    )

    page = response.content.decode()
    assert "Cyril Cole: the King of diamonds can" in page
    assert "column 1 spades, which is not a diamonds tray" in page
