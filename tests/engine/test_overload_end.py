"""MATR1X 0VERL0AD end of the game: win, the losses, LOOP, ABANDON, Result and result-only."""

from __future__ import annotations

import pytest

from games.engine.overload.board import SLOTS
from games.engine.overload.position import Move, State, result
from games.engine.overload.records import write_record
from games.engine.overload.rules import apply, outcome, scores
from games.engine.record import read_records

from .test_overload_decks import TABLE, mgn, position, replayed

# A won game (found by a best-first search over seed 4's deck): 12 royals killed, 1 card left.
WON = """[Game "matrix-overload"]
[Player "search bot"]
[Deck "AC TH 3C 9H 7D XR 3D XB 6C 7C 8S 6D 4C 2C JD KS JS 3S QD 2D 9C QC KD QH 9S 5C 8H AD \
AS 4D TC AH 4H KC QS 5H JH 9D 8D 2H 4S 6H TD JC 2S 5S 6S TS 5D KH 8C 7S 7H 3H"]
[Result "win; cards left: 1"]

1. 6C:1 7C:1 8S:1 6D:3 4C:5 2C:7 JD:E2 KS:W1 JS:N1 3S:7
11. QD:N3 2D:9 9C:4 QC:W2 KD:E1 QH:N2 9S:6 5C:5 8H:1 AD:1
21. AS:5 4D:5 TC:8 AH:3 4H:1 KC:S2 QS:S1 5H:1 JH:E3 9D:7
31. 8D:1 2H:3 4S:3 6H:3 TD:1 JC:W3 2S:9 5S:5 6S:3 TS:2
41. 5D:5 KH:S3 8C:3 7S:5 7H:5 3H:9 AC:1 6C:1 7C:1 8S:1
51. 8H:3 4C:9 5C:9 3C:IS2 6D:9 AD:3 4H:3 5H:3 8D:3 TD:2
61. AH:1 2H:1 4S:1 6H:1 6S:1 8C:1 8H:1 AC:1 6C:1 7C:5
71. 8S:1 AH:2 2H:2 4S:2 6H:2 6S:2 8C:1 8H:9 TH:6 TS:3
""".replace("\\\n", "")


def test_a_game_is_won_when_all_twelve_royals_are_dead() -> None:
    assert replayed(WON) == {
        "game": "matrix-overload",
        "index": 0,
        "ok": True,
        "result": "win",
        "reason": None,
        "royals_killed": 12,
        "cards_left": 1,
    }


def test_a_token_after_the_win_is_illegal_at_its_ply() -> None:
    out = replayed(WON.rstrip("\n") + " 7H:1\n")
    assert out["ok"] is False
    assert out["ply"] == 81
    assert out["line"] == 13
    assert out["error"] == (
        "ply 81: the game is already over (won with 1 card left at ply 80), so no move can follow"
    )


def eleven_dead(deck: list[str]) -> State:
    """Eleven dead jacks; the twelfth in N2 dies to a card on pile 8 (6H + 5S between)."""
    piles = {p: ["2C"] for p in range(1, 10)} | {5: ["6H"], 2: ["5S"]}
    royals = dict(zip(SLOTS, ["JS"] * 12, strict=True))
    return position(piles, royals=royals, dead=[s for s in SLOTS if s != "N2"], deck=deck)


def test_a_win_with_the_very_last_card_is_a_win_not_a_deck_loss() -> None:
    state = eleven_dead(["3D"])
    after = apply(state, Move("pile", "8", "3D"))
    assert after.deck == ()
    assert result(after) == ("win", None)
    assert scores(after) == {"royals_killed": 12, "cards_left": 0}
    won = outcome(after)
    assert won is not None and won.winners == ("player",)


def test_an_empty_deck_with_a_living_royal_is_a_deck_loss() -> None:
    state = eleven_dead(["3D"])
    after = apply(state, Move("pile", "1", "3D"))  # fires at E1 and S1, both already dead
    assert result(after) == ("loss", "deck")
    assert scores(after) == {"royals_killed": 11, "cards_left": None}


def test_a_reset_by_the_last_card_refills_the_deck_and_the_game_goes_on() -> None:
    state = eleven_dead(["AH"])
    after = apply(state, Move("pile", "1", "AH"))
    assert after.end is None
    assert after.deck == ("2C",)
    assert outcome(after) is None


def test_the_ice_loss_is_checked_before_the_deck_loss() -> None:
    piles = {p: ["9C"] for p in range(1, 10)}
    state = position(piles, royals={"N2": "JH"}, ice={"N2": ["3H"]}, deck=["7H"])
    after = apply(state, Move("ice", "N2", "7H"))
    assert after.deck == ()
    assert result(after) == ("loss", "ice")


def test_loop_declares_the_endless_loop_loss() -> None:
    out = replayed(mgn(TABLE, "AS:1 LOOP", result="loss: loop; royals killed: 0"))
    assert (out["result"], out["reason"], out["royals_killed"]) == ("loss", "loop", 0)


def test_abandon_stops_the_game_unfinished() -> None:
    out = replayed(mgn(TABLE, "AS:1 abandon"))
    assert (out["ok"], out["result"], out["reason"], out["cards_left"]) == (
        True,
        "unfinished",
        None,
        None,
    )


@pytest.mark.parametrize("word", ["LOOP", "ABANDON"])
def test_loop_and_abandon_must_be_the_last_token(word: str) -> None:
    out = replayed(mgn(TABLE, f"AS:1 {word} 3S:1"))
    assert out["ply"] == 3
    assert "the game is already over" in out["error"]


def test_loop_takes_no_echo() -> None:
    out = replayed(mgn(TABLE, "AS:LOOP"))
    assert out["error"] == "ply 1: LOOP takes no card before it: write LOOP alone"


def test_moves_that_stop_while_the_game_can_go_on_are_an_unfinished_game() -> None:
    out = replayed(mgn(TABLE, "AS:1 3S:2", result="unfinished; royals killed: 0"))
    assert (out["result"], out["royals_killed"]) == ("unfinished", 0)
    assert replayed(mgn(TABLE))["result"] == "unfinished"


def test_an_unfinished_game_may_write_its_result_as_a_star() -> None:
    assert replayed(mgn(TABLE, "AS:1", result="*"))["ok"] is True


def test_the_result_tag_is_compared_ignoring_case_and_spaces() -> None:
    assert replayed(WON.replace("win; cards left: 1", "WIN ;Cards Left:1"))["ok"] is True


@pytest.mark.parametrize(
    "written",
    ["win; cards left: 2", "loss: deck; royals killed: 12", "win; cards left: 1; royals: 12"],
)
def test_a_result_tag_that_contradicts_the_moves_is_a_record_error(written: str) -> None:
    out = replayed(WON.replace("win; cards left: 1", written))
    assert out["ok"] is False
    assert out["ply"] is None
    assert out["line"] == 4
    assert out["error"] == (
        f'[Result "{written}"] does not match the moves, which give "win; cards left: 1"'
    )


@pytest.mark.parametrize(
    ("written", "fields"),
    [
        ("win; cards left: 7", ("win", None, 12, 7)),
        ("loss: deck; royals killed: 9", ("loss", "deck", 9, None)),
        ("Loss: ICE; Royals Killed: 3", ("loss", "ice", 3, None)),
        ("loss: loop; royals killed: 0", ("loss", "loop", 0, None)),
        ("unfinished; royals killed: 4", ("unfinished", None, 4, None)),
    ],
)
def test_a_result_only_record_reports_the_outcome_of_its_tag(
    written: str, fields: tuple[object, ...]
) -> None:
    out = replayed(f'[Game "matrix-overload"]\n[Player "ann"]\n[Result "{written}"]\n')
    assert out == {
        "game": "matrix-overload",
        "index": 0,
        "ok": True,
        "result_only": True,
        "result": fields[0],
        "reason": fields[1],
        "royals_killed": fields[2],
        "cards_left": fields[3],
    }


@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("win", "cannot read [Result"),
        ("loss; royals killed: 3", "cannot read [Result"),
        ("loss: boredom; royals killed: 3", "cannot read [Result"),
        ("unfinished: deck; royals killed: 3", "cannot read [Result"),
        ("win; royals killed: 12", "cannot read [Result"),
        ("loss: ice; royals killed: 12", "a game that kills all 12 is a win"),
        ("win; cards left: 40", "a win leaves at most 34"),
    ],
)
def test_a_result_only_record_with_an_unreadable_result_is_a_record_error(
    written: str, words: str
) -> None:
    out = replayed(f'[Game "matrix-overload"]\n[Result "{written}"]\n')
    assert out["ok"] is False
    assert out["ply"] is None
    assert out["line"] == 2
    assert words in out["error"]


def test_a_result_only_record_still_checks_a_deck_tag_it_gives() -> None:
    out = replayed('[Game "matrix-overload"]\n[Deck "AS"]\n[Result "win; cards left: 3"]\n')
    assert out["ok"] is False
    assert "[Deck] lists 1 cards" in out["error"]


def test_a_result_only_record_keeps_its_setup_tag_when_written() -> None:
    text = '[Game "matrix-overload"]\n[Setup "kh>n3"]\n[Result "unfinished; royals killed: 0"]\n'
    assert '[Setup "KH>N3"]' in write_record(read_records(text)[0])
    bad = replayed(text.replace("kh>n3", "kh=n3"))
    assert (bad["ok"], bad["line"]) == (False, 2)
