"""MATR1X 0VERL0AD setup: the deal, set-aside royals and the Setup tag."""

from __future__ import annotations

import pytest

from games.engine.overload.notation import format_setup
from games.engine.overload.position import deal, placements, resolve, rule_slots
from games.engine.overload.records import start, write_record
from games.engine.record import read_records

from .test_overload_decks import TABLE, deck, final, mgn, replayed

WITH_KH = (*TABLE[:2], "KH", *TABLE[2:])  # KH is met while dealing pile 3


def test_it_deals_piles_1_2_3_4_6_7_8_9_in_order_and_leaves_the_centre_empty() -> None:
    state = deal(deck(*TABLE))
    assert [state.top(pile) for pile in range(1, 10)] == [
        "2S", "3H", "9H", "5C", None, "6D", "7S", "8C", "9D",
    ]  # fmt: skip
    assert state.deck[0] == "AS"  # the first card not dealt
    assert len(state.deck) == 54 - 8


def test_a_royal_met_while_dealing_is_set_aside_and_the_next_card_takes_its_pile() -> None:
    state = deal(deck(*WITH_KH))
    assert state.pending == ("KH",)
    assert state.top(3) == "9H"
    assert len(state.deck) == 54 - 9


def test_aces_and_jokers_are_dealt_like_any_card_without_a_reset() -> None:
    state = deal(deck("AS", "XB", "AH", "XR", "2S", "3S", "4S", "5S"))
    assert [state.piles[pile - 1] for pile in (1, 2, 3, 4)] == [("AS",), ("XB",), ("AH",), ("XR",)]
    assert len(state.deck) == 46


def test_the_setup_places_a_royal_beside_the_highest_card_of_its_suit() -> None:
    state = deal(deck(*WITH_KH))
    assert rule_slots(state, "KH") == ("N3", "E1")  # beside 9H, not 3H
    for slot in ("N3", "E1"):
        assert final(mgn(WITH_KH, setup=f"KH>{slot}")).royal(slot) == "KH"


def test_with_no_card_of_its_suit_a_royal_goes_beside_the_highest_of_its_colour() -> None:
    state = deal(deck("2S", "3H", "9H", "5C", "6S", "7S", "8C", "9C"))
    assert rule_slots(state, "KD") == ("N3", "E1")


def test_with_no_card_of_its_colour_a_royal_goes_beside_the_highest_card() -> None:
    state = deal(deck("2S", "3S", "9S", "5C", "6S", "7C", "8C", "9C"))
    assert rule_slots(state, "KH") == ("N3", "E1", "E3", "S3")


def test_the_player_chooses_the_order_of_the_setup_placements() -> None:
    top = (*TABLE[:2], "KH", "QH", *TABLE[2:])
    for setup in ("KH>N3 QH>E1", "QH>N3 KH>E1", "QH>E1 KH>N3"):
        assert replayed(mgn(top, setup=setup))["ok"] is True


def test_each_setup_placement_must_be_legal_at_its_turn() -> None:
    top = (*TABLE[:2], "KH", "QH", *TABLE[2:])
    out = replayed(mgn(top, setup="KH>N3 QH>N2"))
    assert out["ok"] is False
    assert out["ply"] is None
    assert out["line"] == 3
    assert out["error"] == (
        "[Setup] placement 2, QH>N2: QH cannot go to N2 (beside 3H): the royal rule (same "
        "suit, then same colour, then the higher card beside it) sends QH to E1 (beside 9H)"
    )


def test_a_setup_placement_on_a_taken_slot_is_refused() -> None:
    top = (*TABLE[:2], "KH", "QH", *TABLE[2:])
    out = replayed(mgn(top, setup="KH>N3 QH>N3"))
    assert out["error"].startswith("[Setup] placement 2, QH>N3: N3 already holds KH; ")


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        (None, "the deal meets the royals KH and QH, so a [Setup] tag must place them"),
        ("", "the deal meets the royals KH and QH, so a [Setup] tag must place them"),
        ("KH>N3", "[Setup] does not place QH, met while dealing"),
        ("KH>N3 KH>E1", "KH is placed twice; the deal met KH and QH"),
        ("KH>N3 QH>E1 JS>N2", "JS was not met while dealing; the deal met KH and QH"),
        ("KH>N3 5H>E1", "[Setup] places 5H, which is not a royal"),
        ("KH-N3 QH>E1", "[Setup] cannot read 'KH-N3': each placement is written CARD>SLOT"),
        ("KH>X9 QH>E1", "[Setup] cannot read 'KH>X9'"),
    ],
)
def test_the_setup_tag_must_place_exactly_the_royals_met(setup: str | None, words: str) -> None:
    top = (*TABLE[:2], "KH", "QH", *TABLE[2:])
    out = replayed(mgn(top, "1", setup=setup))
    assert out["ok"] is False
    assert out["ply"] is None
    assert words in out["error"]


def test_a_setup_tag_is_refused_when_no_royal_is_met() -> None:
    out = replayed(mgn(TABLE, setup="KH>N3"))
    assert out["ok"] is False
    assert "the deal met no royal, so there is nothing to place" in out["error"]


def test_an_empty_setup_tag_is_accepted_without_royals_and_left_out_when_written() -> None:
    text = mgn(TABLE, "AS:1", setup="")
    assert replayed(text)["ok"] is True
    assert "Setup" not in write_record(read_records(text)[0])


def test_setup_input_is_case_insensitive_and_written_canonically() -> None:
    text = mgn(WITH_KH, setup="kh>e1")
    assert '[Setup "KH>E1"]' in write_record(read_records(text)[0])


def test_a_deal_meeting_all_twelve_royals_places_them_all_and_the_game_goes_on() -> None:
    royals = [rank + suit for rank in "JQK" for suit in "SHDC"]
    state = deal(deck(*royals, *TABLE))
    assert len(state.pending) == 12
    setup = []
    while state.pending:
        move = placements(state)[0]
        setup.append(move)
        state = resolve(state, move)
    assert state.end is None
    assert state.royals_killed == 0
    assert all(royal is not None for royal in state.royals)
    out = replayed(mgn((*royals, *TABLE), setup=format_setup(setup)))
    assert out == {
        "game": "matrix-overload",
        "index": 0,
        "ok": True,
        "result": "unfinished",
        "reason": None,
        "royals_killed": 0,
        "cards_left": None,
    }


def test_start_without_a_setup_leaves_the_royals_pending_for_live_entry() -> None:
    state = start(deck(*WITH_KH), None)
    assert state.pending == ("KH",)
    assert [m.place for m in placements(state)] == ["N3", "E1"]
