"""Reading MatriO records for the statistics: placements, their effects, card holders."""

from __future__ import annotations

import re

import pytest

from analytics.compute.matrio_games import read_matrio
from games.engine.matrio import random_game
from games.engine.matrio.cards import DECK
from games.engine.replay import replay_text

RECORD = random_game(7, "mixed:0.5")


def without_hands(text: str) -> str:
    return re.sub(r"\[Hand\d \"[^\"]*\"\]\n", "", text)


def seed_with_withdrawn(count: int) -> str:
    for seed in range(500):
        text = random_game(seed, "random")
        if len(next(replay_text(text))["withdrawn"]) == count:
            return text
    raise AssertionError(f"no random game with {count} withdrawn players")


def test_every_move_becomes_a_placement_by_its_mover() -> None:
    game = read_matrio(RECORD, game_id="g7")
    replayed = next(replay_text(RECORD))
    assert len(game.placements) == replayed["plies"]
    assert game.placements[0].move == "2C>" + game.placements[0].tray
    assert game.placements[0].seat == 0
    assert game.scores == tuple(replayed["scores"][s] for s in ("P1", "P2", "P3", "P4"))


def test_the_board_deltas_add_up_to_the_final_board() -> None:
    game = read_matrio(RECORD, game_id="g7")
    cells = next(replay_text(RECORD))["cells"]
    assert sum(p.board_delta for p in game.placements) == sum(c["score"] for c in cells.values())


def test_a_move_that_wins_cells_counts_them_and_is_the_movers_gain() -> None:
    game = read_matrio(RECORD, game_id="g7")
    winning = [p for p in game.placements if p.cells_won]
    assert sum(p.cells_won for p in winning) == 9
    assert all(p.on_empty for p in winning)


def test_tray_kinds_say_block_and_whether_a_card_was_covered() -> None:
    game = read_matrio(RECORD, game_id="g7")
    first = game.placements[0]
    assert first.tray_kind == ("row empty" if first.tray.startswith("R") else "column empty")
    assert {p.tray_kind for p in game.placements} <= {
        "row empty",
        "row cover",
        "column empty",
        "column cover",
    }


def test_hand_tags_make_every_holder_known() -> None:
    game = read_matrio(RECORD, game_id="g7")
    hand1 = re.search(r'\[Hand1 "([^"]*)"\]', RECORD)
    assert hand1 is not None
    assert {card for card, seat in game.holders.items() if seat == 0} == set(hand1[1].split())
    assert set(game.holders) == set(DECK)


def test_without_hands_a_lone_withdrawn_player_held_every_unplayed_card() -> None:
    text = without_hands(seed_with_withdrawn(1))
    game = read_matrio(text, game_id="g")
    assert set(game.holders) == set(DECK)
    withdrawn = game.withdrawn.index(True)
    played = {p.card for p in game.placements}
    assert all(game.holders[c] == withdrawn for c in DECK if c not in played)


def test_without_hands_two_withdrawn_players_leave_unplayed_cards_unknown() -> None:
    text = without_hands(seed_with_withdrawn(2))
    game = read_matrio(text, game_id="g")
    assert set(game.holders) == {p.card for p in game.placements}
    assert game.ranks.count(max(game.ranks)) == 2


def test_players_default_to_the_tags_and_can_be_given_as_ids() -> None:
    assert read_matrio(RECORD, game_id="g").players == (
        "Player 1",
        "Player 2",
        "Player 3",
        "Player 4",
    )
    ids = read_matrio(RECORD, game_id="g", players=["7", "8", "9", "10"])
    assert ids.result(order="x").seats[0].player_id == "7"


def test_a_result_only_record_has_scores_and_no_placements() -> None:
    text = (
        '[Game "matrio"]\n[P1 "a"]\n[P2 "b"]\n[P3 "c"]\n[P4 "d"]\n'
        '[Result "P1: 5; P2: 9; P3: WD; P4: 1"]\n'
    )
    game = read_matrio(text, game_id="r")
    assert game.scores == (5, 9, None, 1)
    assert game.ranks == (2, 1, 4, 3)
    assert game.placements == ()


def test_an_unfinished_game_is_refused() -> None:
    head, moves = RECORD.split("\n\n")
    unfinished = head.replace(re.search(r"\[Result[^\n]*\]", head)[0], '[Result "*"]')  # type: ignore[index]
    text = unfinished + "\n\n" + " ".join(moves.split()[:10]) + "\n"
    with pytest.raises(ValueError, match="unfinished"):
        read_matrio(text, game_id="u")
