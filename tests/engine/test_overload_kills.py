"""MATR1X 0VERL0AD firing and kills: the firing table, attack and health, J / Q / K conditions."""

from __future__ import annotations

import pytest

from games.engine.overload.board import SLOTS
from games.engine.overload.position import Move, State
from games.engine.overload.rules import apply

from .test_overload_decks import position

# The rules file's firing table, written out: placed on -> {slot: (piles between)}.
FIRING_TABLE: dict[int, dict[str, tuple[int, int]]] = {
    1: {"E1": (2, 3), "S1": (4, 7)},
    2: {"S2": (5, 8)},
    3: {"W1": (2, 1), "S3": (6, 9)},
    4: {"E2": (5, 6)},
    5: {},
    6: {"W2": (5, 4)},
    7: {"E3": (8, 9), "N1": (4, 1)},
    8: {"N2": (5, 2)},
    9: {"W3": (8, 7), "N3": (6, 3)},
}
JACKS = dict(zip(SLOTS, ["JS", "JH", "JD", "JC"] * 3, strict=True))


def place(state: State, pile: int) -> State:
    return apply(state, Move("pile", str(pile), state.deck[0]))


def killed(state: State) -> set[str]:
    return {slot for slot, dead in zip(SLOTS, state.dead, strict=True) if dead}


@pytest.mark.parametrize("pile", range(1, 10))
def test_a_placement_fires_at_the_far_slots_of_its_row_and_column(pile: int) -> None:
    state = position({p: ["6H"] for p in range(1, 10)}, royals=JACKS, deck=["7D", "2C"])
    assert killed(place(state, pile)) == set(FIRING_TABLE[pile])


@pytest.mark.parametrize(
    ("pile", "slot", "between"),
    [(p, s, b) for p, lines in FIRING_TABLE.items() for s, b in lines.items()],
)
def test_the_attack_is_the_two_piles_between_the_placement_and_the_slot(
    pile: int, slot: str, between: tuple[int, int]
) -> None:
    piles = {p: ["2C"] for p in range(1, 10)}
    piles[between[0]] = ["6H"]
    piles[between[1]] = ["5S"]
    state = place(position(piles, royals=JACKS, deck=["7D", "2C"]), pile)
    assert killed(state) == {slot}


def test_a_corner_pile_fires_along_both_its_row_and_its_column() -> None:
    piles = {1: ["2C"], 2: ["6H"], 3: ["5S"], 4: ["TD"], 7: ["AC"], 5: ["2C"]}
    piles |= {6: ["2C"], 8: ["2C"], 9: ["2C"]}
    state = place(position(piles, royals={"E1": "JS", "S1": "JH"}, deck=["7D", "2C"]), 1)
    assert killed(state) == {"E1", "S1"}


def line(tops: tuple[str | None, str | None], royal: str, ice: tuple[str, ...] = ()) -> bool:
    """Whether ``royal`` in N2 dies when a card goes on pile 8 with these tops on 5 and 2."""
    piles = {p: ["2C"] for p in range(1, 10)}
    piles[5] = [tops[0]] if tops[0] else []
    piles[2] = [tops[1]] if tops[1] else []
    state = position(piles, royals={"N2": royal}, ice={"N2": ice}, deck=["3D", "2C"])
    return place(state, 8).dead[SLOTS.index("N2")]


@pytest.mark.parametrize(
    ("tops", "royal", "dies"),
    [
        (("5C", "6S"), "JH", True),  # exactly 11: attack equal to health kills
        (("5C", "5S"), "JH", False),
        (("6H", "6D"), "QH", True),  # both red
        (("7D", "5H"), "QD", True),
        (("6H", "6S"), "QH", False),  # one black card
        (("TS", "TH"), "QS", False),
        (("7S", "6S"), "KS", True),  # both spades
        (("7S", "6C"), "KS", False),  # same colour is not enough for a king
        (("XB", "TS"), "JS", False),  # a joker is worth 0
        ((None, "TS"), "JS", False),  # so is the empty centre
        (("XR", "TH"), "QH", False),
    ],
)
def test_a_royal_dies_when_the_attack_reaches_its_health_and_its_condition_holds(
    tops: tuple[str | None, str | None], royal: str, dies: bool
) -> None:
    assert line(tops, royal) is dies


def test_ice_adds_to_the_health_an_attack_must_reach() -> None:
    assert line(("6S", "6C"), "JH", ice=("2D",)) is False
    assert line(("7S", "6C"), "JH", ice=("2D",)) is True


def test_a_dead_royal_keeps_its_slot_and_its_ice() -> None:
    piles = {p: ["2C"] for p in range(1, 10)} | {5: ["7S"], 2: ["6C"]}
    state = position(piles, royals={"N2": "JH"}, ice={"N2": ["2D"]}, deck=["3D", "8H", "2C"])
    after = place(state, 8)
    assert after.royal("N2") == "JH"
    assert after.ice[SLOTS.index("N2")] == ("2D",)
    assert not after.living("N2")
    assert place(after, 8).dead == after.dead  # firing again changes nothing


def test_an_ace_resetting_a_pile_fires_after_the_reset() -> None:
    piles = {p: ["2C"] for p in range(1, 10)} | {1: ["9C", "KD"], 2: ["6H"], 3: ["5S"]}
    state = position(piles, royals={"E1": "JS"}, deck=["AH", "2C"])
    after = place(state, 1)
    assert killed(after) == {"E1"}
    assert after.deck == ("2C", "9C", "KD")
