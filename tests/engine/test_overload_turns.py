"""MATR1X 0VERL0AD turns: where a drawn card may go, resets, royals and the joker reading."""

from __future__ import annotations

import pytest

from games.engine.core import IllegalMoveError
from games.engine.overload.position import Move, placements
from games.engine.overload.rules import apply, legal_moves

from .test_overload_decks import TABLE, final, mgn, position, replayed

# TABLE tops: 1:2S 2:3H 3:9H 4:5C 5:- 6:6D 7:7S 8:8C 9:9D


def piles_for(top: tuple[str, ...]) -> list[str]:
    state = final(mgn(top))
    return [m.place for m in placements(state)]


def test_a_number_goes_on_any_pile_whose_top_is_not_higher_including_the_empty_centre() -> None:
    assert piles_for((*TABLE, "7H")) == ["1", "2", "4", "5", "6", "7"]


def test_a_number_may_cover_a_card_of_the_same_value() -> None:
    state = final(mgn((*TABLE, "9S"), "9S:3"))
    assert state.piles[2] == ("9H", "9S")


def test_a_number_refused_on_a_higher_pile_names_the_piles_it_fits() -> None:
    out = replayed(mgn((*TABLE, "7H"), "3"))
    assert out["ok"] is False
    assert out["ply"] == 1
    assert out["error"] == (
        "ply 1: 7H cannot go on pile 3, whose top card 9H is higher; "
        "7H can go on piles 1, 2, 4, 5, 6 or 7"
    )
    assert out["legal"] == ["7H:1", "7H:2", "7H:4", "7H:5", "7H:6", "7H:7"]


def test_an_ace_goes_on_any_pile() -> None:
    assert piles_for((*TABLE, "AH")) == [str(pile) for pile in range(1, 10)]


def test_an_ace_sends_the_pile_under_the_deck_its_bottom_card_drawn_first() -> None:
    state = final(mgn((*TABLE, "4S", "6S", "AH"), "4S:1 6S:1 AH:1"))
    assert state.piles[0] == ("AH",)
    assert state.deck[-3:] == ("2S", "4S", "6S")
    assert len(state.deck) == 54 - 8 - 3 + 3


def test_an_ace_on_the_empty_centre_resets_nothing() -> None:
    state = final(mgn((*TABLE, "AH"), "AH:5"))
    assert state.piles[4] == ("AH",)
    assert len(state.deck) == 54 - 9


def test_a_joker_goes_on_the_lowest_pile_the_empty_centre_counting_0() -> None:
    assert piles_for((*TABLE, "XB")) == ["5"]
    out = replayed(mgn((*TABLE, "XB"), "1"))
    assert out["error"] == (
        "ply 1: a joker goes on the pile with the lowest top card, so XB cannot go on pile 1 "
        "(top 2S); it goes on pile 5 (top worth 0)"
    )


def test_a_joker_chooses_among_tied_lowest_piles_and_resets_like_an_ace() -> None:
    top = ("2S", "3H", "9H", "2C", "6D", "7S", "8C", "9D", "4H", "XR")
    state = final(mgn(top, "4H:5"))  # with the centre filled, 2S and 2C tie lowest
    assert [m.place for m in placements(state)] == ["1", "4"]
    after = final(mgn(top, "4H:5 XR:4"))
    assert after.piles[3] == ("XR",)
    assert after.deck[-1] == "2C"


def test_a_joker_on_top_counts_0_for_the_next_joker() -> None:
    top = (*TABLE, "XB", "4H", "XR")
    state = final(mgn(top, "XB:5 4H:1"))
    assert [m.place for m in placements(state)] == ["5"]


def test_a_royal_drawn_goes_to_a_slot_by_the_royal_rule() -> None:
    assert piles_for((*TABLE, "QH")) == ["N3", "E1"]
    out = replayed(mgn((*TABLE, "QH"), "N2"))
    assert out["error"] == (
        "ply 1: QH cannot go to N2 (beside 3H): the royal rule (same suit, then same colour, "
        "then the higher card beside it) sends QH to N3 or E1 (beside 9H)"
    )


def test_a_royal_cannot_go_on_a_pile_and_a_number_not_to_a_slot() -> None:
    assert (
        "QH is a royal, so it goes to an outer slot" in replayed(mgn((*TABLE, "QH"), "5"))["error"]
    )
    out = replayed(mgn((*TABLE, "7H"), "N3"))
    assert "7H fits piles 1, 2, 4, 5, 6 or 7, so it goes on a pile" in out["error"]


def test_a_joker_on_top_may_read_as_the_royals_suit_or_as_no_suit() -> None:
    top = ("XB", "9D", "3S", "5C", "6S", "7S", "8C", "2C", "KH")
    assert piles_for(top) == ["N1", "N2", "W1"]
    out = replayed(mgn(top, "E1"))
    assert out["error"].endswith("sends KH to N1, W1 (beside XB) or N2 (beside 9D)")


def test_a_joker_reading_as_the_suit_still_loses_to_a_real_card_of_the_suit() -> None:
    top = ("XB", "5H", "3S", "5C", "6S", "7S", "8C", "2C", "JH")
    assert piles_for(top) == ["N2"]


def test_a_royal_takes_neither_a_slot_with_a_dead_royal_nor_a_living_one() -> None:
    state = position(
        {1: ["9H"], 2: ["3H"], 3: ["2S"], 4: ["2S"], 6: ["2S"], 7: ["8H"], 8: ["2S"], 9: ["2S"]},
        royals={"N1": "JH", "W1": "QH"},
        dead=("N1",),
        deck=["KH"],
    )
    assert [m.place for m in placements(state)] == ["S1", "W3"]


def test_a_royal_placement_never_fires() -> None:
    # JC goes to S2 between the centre 4S and 8C (attack 12) but is not killed by arriving.
    top = (*TABLE, "4S", "JC", "3C")
    state = final(mgn(top, "4S:5 JC:S2"))
    assert state.living("S2")
    assert final(mgn(top, "4S:5 JC:S2 3C:2")).dead[7]


def test_loop_and_abandon_are_legal_while_the_game_runs() -> None:
    state = final(mgn(TABLE))
    moves = legal_moves(state)
    assert moves[-2:] == (Move("loop"), Move("abandon"))
    assert apply(state, Move("loop")).end == "loop"


def test_apply_refuses_a_pile_that_does_not_exist() -> None:
    state = final(mgn(TABLE))
    with pytest.raises(IllegalMoveError, match="there is no pile '0'"):
        apply(state, Move("pile", "0", state.deck[0]))
