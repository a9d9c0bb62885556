"""Matrix Overload entered with the deck told card by card (``DeckEntry "drawn"``).

The same seeded games as the engine's random games are entered again without their ``Deck``:
the deal card by card, then the moves, each naming the card drawn. The result, the movetext
and the record must match the game entered with its whole deck, and the view must never
depend on the cards not drawn yet.
"""

from __future__ import annotations

import re

import pytest

from games.engine import live
from games.engine.core import IllegalMoveError, RecordError
from games.engine.overload import random_game
from games.engine.overload.cards import FULL_DECK
from games.engine.overload.position import deal
from games.engine.record import read_records

TOLD = [("DeckEntry", "drawn")]


def whole(seed: int) -> live.Imported:
    return live.from_record(read_records(random_game(seed))[0])


def deck_of(found: live.Imported) -> list[str]:
    return dict(found.game.tags)["Deck"].split()


def told_game(found: live.Imported, upto: int | None = None) -> live.LiveGame:
    """``found`` entered again with the deck told: the deal, then its setup and moves."""
    deck = deck_of(found)
    dealt = len(deck) - len(deal(deck).deck)
    game = live.start("matrix-overload", TOLD, ["Ann"])
    tokens = [*deck[:dealt], *found.game.tokens]
    for token in tokens[:upto]:
        game = live.play(game, token)
    return game


@pytest.mark.parametrize("seed", range(12))
def test_a_told_deck_plays_the_same_game_as_the_whole_deck(seed: int) -> None:
    found = whole(seed)
    game = told_game(found)
    assert live.summary(game).details == found.summary.details  # result, reason, ending
    assert live.summary(game).finished
    mgn = live.to_mgn(game)
    again = live.from_record(read_records(mgn)[0])
    assert again.summary.details == found.summary.details
    assert again.mgn == mgn  # the export is canonical: it imports and exports byte for byte
    written = mgn.split("\n\n", 1)[1]
    assert written == found.mgn.split("\n\n", 1)[1]  # the same moves, with the same echoes
    told = int(re.search(r'\[DeckDrawn "(\d+)"\]', mgn).group(1))  # type: ignore[union-attr]
    deck = re.search(r'\[Deck "([^"]*)"\]', mgn).group(1).split()  # type: ignore[union-attr]
    assert deck[:told] == deck_of(found)[:told]
    assert sorted(deck) == sorted(FULL_DECK)
    assert "DeckEntry" not in mgn


def test_the_view_of_an_unknown_draw_lists_every_card_it_may_be_and_names_none() -> None:
    found = whole(3)
    deck = deck_of(found)
    game = told_game(found, upto=len(deck) - len(deal(deck).deck) + len(found.game.tokens) // 2)
    shown = live.view(game)
    assert shown["board"]["next_card"] is None
    assert shown["expect"] == "move"
    cards = {token.split(":")[0] for token in shown["legal"] if ":" in token}
    unseen = set(FULL_DECK) - set(deck[: shown["board"]["told"]])
    assert cards == unseen  # every card not seen yet, not the one that will come
    assert shown["legal"][-2:] == ["LOOP", "ABANDON"]
    mgn = live.to_mgn(game)  # not over: the rest of the deck is unknown, no record yet
    assert mgn.splitlines()[-2].startswith("{unfinished")
    assert re.search(r'\[Deck "([^"]*)"\]', mgn).group(1).split() == deck[: shown["board"]["told"]]  # type: ignore[union-attr]


def test_the_deal_is_told_card_by_card_and_says_which_pile_is_next() -> None:
    game = live.start("matrix-overload", TOLD, ["Ann"])
    shown = live.view(game)
    assert (shown["expect"], shown["board"]["deal_pile"]) == ("deal", 1)
    assert shown["legal"] == list(FULL_DECK)
    for card, pile in (("6C", 2), ("KH", 2), ("XR", 3)):
        game = live.play(game, card.lower())
        assert live.view(game)["board"]["deal_pile"] == pile
    shown = live.view(game)
    assert shown["board"]["piles"]["1"]["top"] == "6C"
    assert shown["board"]["piles"]["2"]["top"] == "XR"
    assert shown["board"]["pending"] == ["KH"]
    with pytest.raises(IllegalMoveError, match="6C was dealt already"):
        live.play(game, "6C")
    with pytest.raises(IllegalMoveError, match="pile 3"):
        live.play(game, "pile")


def test_an_unknown_draw_must_name_a_card_not_seen_before() -> None:
    found = whole(5)
    deck = deck_of(found)
    dealt = len(deck) - len(deal(deck).deck)
    setup = sum(">" in token for token in found.game.tokens)
    game = told_game(found, upto=dealt + setup)
    place = found.game.tokens[setup].split(":")[1]
    with pytest.raises(IllegalMoveError, match="name it before its place"):
        live.play(game, place)
    with pytest.raises(IllegalMoveError, match=f"{deck[0]} was drawn before"):
        live.play(game, f"{deck[0]}:{place}")
    assert live.play(game, "LOOP").tokens[-1] == "LOOP"  # no card needed to end


def test_a_told_deck_has_no_deck_or_setup_tag() -> None:
    with pytest.raises(RecordError, match="no \\[Deck\\]"):
        live.start("matrix-overload", [*TOLD, ("Deck", " ".join(FULL_DECK))], ["Ann"])
    with pytest.raises(RecordError, match="can only be"):
        live.start("matrix-overload", [("DeckEntry", "typed")], ["Ann"])


def test_the_ending_says_why_a_game_was_lost_to_ice() -> None:
    for seed in range(200):
        found = whole(seed)
        if found.summary.details["reason"] == "ice":
            break
    else:
        pytest.fail("no seed under 200 loses to ice")
    ending = live.summary(found.game).details["ending"]
    assert ending["end"] == "ice" and ending["health"] > 20
    assert re.fullmatch(r"[JQK][SHDC]", ending["royal"]) and ending["slot"][0] in "NESW"
