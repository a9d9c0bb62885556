"""Shared helpers of the MATR1X 0VERL0AD tests (hand-built decks and positions), and the
tests of cards, the Deck tag and the helpers themselves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from games.engine.core import RecordError
from games.engine.overload.board import SLOTS
from games.engine.overload.cards import FULL_DECK, read_card, value
from games.engine.overload.notation import read_deck
from games.engine.overload.position import State
from games.engine.overload.records import judge
from games.engine.record import read_records
from games.engine.replay import replay_text

# The first eight cards of many decks: piles 1 2 3 4 6 7 8 9 get 2S 3H 9H 5C 6D 7S 8C 9D.
TABLE = ("2S", "3H", "9H", "5C", "6D", "7S", "8C", "9D")


def deck(*top: str) -> list[str]:
    """A 54-card deck: ``top`` first (top card first), the other cards after in FULL_DECK order."""
    chosen = [read_card(card) or card for card in top]
    assert len(set(chosen)) == len(chosen), f"a card is chosen twice: {chosen}"
    return [*chosen, *(card for card in FULL_DECK if card not in chosen)]


def mgn(
    top: Sequence[str],
    moves: str = "",
    *,
    setup: str | None = None,
    result: str | None = None,
    tags: Mapping[str, str] | None = None,
) -> str:
    """One MGN record over ``deck(*top)``."""
    lines = ['[Game "matrix-overload"]', f'[Deck "{" ".join(deck(*top))}"]']
    if setup is not None:
        lines.append(f'[Setup "{setup}"]')
    for name, text in (tags or {}).items():
        lines.append(f'[{name} "{text}"]')
    if result is not None:
        lines.append(f'[Result "{result}"]')
    return "\n".join(lines) + "\n\n" + moves + "\n"


def replayed(text: str) -> dict[str, Any]:
    """The replay JSON of the first record of ``text``."""
    return next(iter(replay_text(text)))


def final(text: str) -> State:
    """The final state of the first record of ``text`` (which must replay)."""
    state = judge(read_records(text)[0]).state
    assert state is not None
    return state


def position(
    piles: Mapping[int, Sequence[str]],
    *,
    royals: Mapping[str, str] | None = None,
    dead: Sequence[str] = (),
    ice: Mapping[str, Sequence[str]] | None = None,
    deck: Sequence[str] = (),
) -> State:
    """A hand-set position (cards need not add up to 54) for rules that need a precise table."""
    royals = royals or {}
    ice = ice or {}
    return State(
        deck=tuple(deck),
        piles=tuple(tuple(piles.get(pile, ())) for pile in range(1, 10)),
        royals=tuple(royals.get(slot) for slot in SLOTS),
        ice=tuple(tuple(ice.get(slot, ())) for slot in SLOTS),
        dead=tuple(slot in dead for slot in SLOTS),
    )


# --- the helpers ---------------------------------------------------------------------------


def test_the_deck_helper_puts_the_chosen_cards_on_top_and_keeps_all_54() -> None:
    cards = deck("KH", "10S", "XB")
    assert cards[:3] == ["KH", "TS", "XB"]
    assert sorted(cards) == sorted(FULL_DECK)


def test_the_mgn_helper_writes_a_record_that_replays() -> None:
    assert replayed(mgn(TABLE))["ok"] is True


# --- cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [("ks", "KS"), ("10h", "TH"), ("Td", "TD"), ("xb", "XB"), ("XR", "XR"), ("1H", None)],
)
def test_it_reads_card_codes_in_any_case_and_10_for_ten(text: str, code: str | None) -> None:
    assert read_card(text) == code


def test_card_values_run_joker_0_ace_1_to_king_13() -> None:
    assert [value(card) for card in ("XB", "AS", "7H", "TD", "JC", "QS", "KH")] == [
        0,
        1,
        7,
        10,
        11,
        12,
        13,
    ]


def test_the_full_deck_has_54_different_cards() -> None:
    assert len(set(FULL_DECK)) == 54


# --- the Deck tag --------------------------------------------------------------------------


def test_it_reads_a_deck_tag_in_any_case_with_10_for_ten() -> None:
    text = " ".join(deck("10h", "ks")).lower()
    assert read_deck(text)[:2] == ("TH", "KS")


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        (deck()[:53], "lists 53 cards but must list all 54, each once; missing: XR"),
        ([*deck()[:53], "AS"], "lists AS twice"),
        ([*deck()[:53], "ZZ"], "cannot read 'ZZ' as a card"),
    ],
)
def test_it_refuses_a_deck_that_is_not_the_54_cards_once_each(cards: list[str], words: str) -> None:
    with pytest.raises(RecordError, match=words):
        read_deck(" ".join(cards))


def test_a_bad_deck_is_a_record_error_at_the_deck_line() -> None:
    text = '[Game "matrix-overload"]\n[Player "ann"]\n[Deck "AS 2S"]\n\n1\n'
    out = replayed(text)
    assert out["ok"] is False
    assert out["ply"] is None
    assert out["line"] == 3
    assert "[Deck] lists 2 cards but must list all 54" in out["error"]


def test_a_record_without_a_deck_is_a_record_error() -> None:
    out = replayed('[Game "matrix-overload"]\n\n1\n')
    assert out["ok"] is False
    assert out["ply"] is None
    assert "no [Deck" in out["error"]
