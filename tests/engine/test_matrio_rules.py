"""MatriO rules: the worked examples of docs/rules/matrio.md and each resolved ambiguity."""

from __future__ import annotations

import pytest

from games.engine.core import IllegalMoveError
from games.engine.matrio import Move, Options, apply, legal_trays, new_game, scores
from games.engine.matrio.board import TRAY_INDEX, cell_score, cell_scores
from games.engine.matrio.cards import DECK, VALUE

from .matrio_positions import position, tray_names

ROW3 = {"R3S": "7S", "R3D": "KD", "R3C": "5C", "R3H": "7H"}


def move(card: str, tray: str) -> Move:
    return Move(card, TRAY_INDEX[tray])


def test_the_deck_has_52_cards_without_4c_and_td() -> None:
    assert len(DECK) == 52
    assert "4C" not in DECK and "TD" not in DECK
    assert {"XB", "XR"} <= set(DECK)


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("QS", 13),
        ("KS", 10),
        ("JC", 10),
        ("QC", 10),
        ("KH", -10),
        ("JD", -10),
        ("9C", 9),
        ("TS", 10),
        ("7D", -7),
        ("AS", 1),
        ("AC", 1),
        ("AH", -1),
        ("AD", -1),
        ("XB", 0),
        ("XR", 0),
    ],
)
def test_card_values(card: str, value: int) -> None:
    assert VALUE[card] == value


def test_worked_example_cell_3_2_scores_208() -> None:
    state = position({**ROW3, "C2S": "QS", "C2D": "4D", "C2C": "7C", "C2H": "6H"})
    assert cell_score(state.tops, 7) == 208


def test_completing_column_3_wins_cell_3_3_worth_232() -> None:
    state = position({**ROW3, "C3S": "6S", "C3D": "7D", "C3H": "QH"})
    after = apply(state, move("TC", "C3C"))
    assert after.owners[8] == 0
    assert sum(o is not None for o in after.owners) == 1
    assert scores(after)["P1"] == 232


def test_on_an_empty_board_the_2_of_clubs_goes_on_a_club_tray() -> None:
    trays = legal_trays(new_game(), "2C")
    assert tray_names(trays) == ["R1C", "R2C", "R3C", "C1C", "C2C", "C3C"]


def test_a_card_of_a_suit_with_empty_trays_goes_on_an_empty_tray_of_that_suit() -> None:
    state = position({"R1S": "7S"})
    assert tray_names(legal_trays(state, "9S")) == ["R2S", "R3S", "C1S", "C2S", "C3S"]


def test_it_rejects_a_card_on_a_filled_tray_while_its_suit_has_empty_trays() -> None:
    state = position({"R1S": "7S"})
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move("9S", "R1S"))
    message = str(caught.value)
    assert "9S cannot go on R1S" in message
    assert "spades still has empty trays" in message
    assert "R2S, R3S, C1S, C2S or C3S" in message
    assert caught.value.legal == ("9S>R2S", "9S>R3S", "9S>C1S", "9S>C2S", "9S>C3S")


def test_it_rejects_a_card_on_an_empty_tray_of_another_suit() -> None:
    with pytest.raises(IllegalMoveError, match="is not a spades tray"):
        apply(position({"R1C": "2C"}), move("9S", "R1H"))


def test_when_a_suit_is_full_its_cards_go_on_any_non_empty_tray() -> None:
    spades = {"R1S": "2S", "R2S": "3S", "R3S": "XB", "C1S": "5S", "C2S": "6S", "C3S": "7S"}
    state = position({**spades, "R1H": "9H"})
    legal = tray_names(legal_trays(state, "QS"))
    assert legal == ["R1S", "R1H", "R2S", "R3S", "C1S", "C2S", "C3S"]
    after = apply(state, move("QS", "R1H"))  # cross-suit cover of a heart tray
    assert after.tops[TRAY_INDEX["R1H"]] == "QS"
    with pytest.raises(IllegalMoveError, match="every spade tray is filled"):
        apply(state, move("QS", "R2H"))


def test_a_joker_goes_anywhere_and_fills_an_empty_tray() -> None:
    state = position({"R1S": "7S"})
    assert len(legal_trays(state, "XR")) == 24
    after = apply(state, move("XR", "C2H"))
    assert after.empty["H"] == 5
    covered = apply(after, move("XB", "R1S"))
    assert covered.tops[TRAY_INDEX["R1S"]] == "XB"
    assert covered.empty["S"] == 5


def test_a_joker_filling_a_line_wins_its_cells() -> None:
    state = position(
        {"R1S": "2S", "R1D": "3D", "R1C": "2C", "C1S": "5S", "C1D": "6D", "C1C": "3C", "C1H": "8H"}
    )
    after = apply(state, move("XR", "R1H"))
    assert after.owners[0] == 0
    assert cell_score(after.tops, 0) == 2 * 5 + (-3) * (-6) + 2 * 3 + 0 * -8


def test_one_placement_can_win_three_cells() -> None:
    columns = {
        f"C{c}{s}": card
        for c, cards in zip(
            "123",
            (("2S", "2D", "2C", "2H"), ("3S", "3D", "3C", "3H"), ("5S", "5D", "5C", "5H")),
            strict=True,
        )
        for s, card in zip("SDCH", cards, strict=True)
    }
    state = position({**columns, "R1S": "6S", "R1D": "6D", "R1C": "6C"}, to_move=2)
    after = apply(state, move("6H", "R1H"))
    assert [after.owners[c] for c in (0, 1, 2)] == [2, 2, 2]
    assert scores(after)["P3"] == sum(cell_scores(after.tops)[:3])


def test_photo_game_cells() -> None:
    rows = ["KD", "JD", "8D", "JS"], ["6S", "XB", "8C", "7C"], ["5S", "QH", "AC", "9S"]
    cols = ["4D", "2D", "6C", "8H"], ["7S", "5D", "2S", "9H"], ["8S", "AD", "JC", "AH"]
    tops = {}
    for r, cards in enumerate(rows, start=1):
        tops.update({f"R{r}{s}": c for s, c in zip("SDCH", cards, strict=True)})
    for c, cards in enumerate(cols, start=1):
        tops.update({f"C{c}{s}": card for s, card in zip("SDCH", cards, strict=True)})
    # the photo writes the tops in board order; the values are what matters
    cells = cell_scores(position(tops).tops)
    assert cells == [-68, -126, -160, -32, -5, 121, -66, 6, 51]
    assert sum(cells) == -279


def test_the_opening_2c_rule_requires_the_2_of_clubs_first() -> None:
    with pytest.raises(IllegalMoveError, match="opens with the 2 of clubs"):
        apply(new_game(), move("3C", "R1C"))
    free = apply(new_game(Options(opening="any")), move("3C", "R1C"))
    assert free.ply == 1


def test_cell_owners_never_change() -> None:
    state = position({**ROW3, "C3S": "6S", "C3D": "7D", "C3H": "QH"})
    won = apply(state, move("TC", "C3C"))
    assert won.owners[8] == 0
    # later cards change the score of (3,3) but never its owner
    later = apply(won._replace(to_move=1, empty={**won.empty, "S": 0}), move("QS", "R3S"))
    assert later.owners[8] == 0
    assert cell_score(later.tops, 8) != cell_score(won.tops, 8)
