"""Reading MatriO records for the statistics: placements, their effects, card holders."""

from __future__ import annotations

import re

import pytest

from analytics.compute.matrio_games import (
    CELL_PLY,
    CELL_SCORE,
    CellWon,
    MatrioGame,
    cells_delta,
    read_matrio,
)
from analytics.compute.tally import Tally
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


def test_every_cell_has_the_owner_and_final_score_the_engine_reports() -> None:
    game = read_matrio(RECORD, game_id="g7")
    reported = next(replay_text(RECORD))["cells"]
    assert [c.cell for c in game.cells] == ["11", "12", "13", "21", "22", "23", "31", "32", "33"]
    for cell in game.cells:
        assert cell.owner is not None and f"P{cell.owner + 1}" == reported[cell.cell]["owner"]
        assert cell.score == reported[cell.cell]["score"]


def test_a_cell_is_won_at_the_ply_of_the_owners_move_that_won_cells() -> None:
    game = read_matrio(RECORD, game_id="g7")
    winning = {p.ply: p for p in game.placements if p.cells_won}
    for cell in game.cells:
        assert cell.ply in winning and winning[cell.ply].seat == cell.owner
    plies = [cell.ply for cell in game.cells]
    assert all(plies.count(ply) == move.cells_won for ply, move in winning.items())


def test_the_cell_counters_count_each_won_cell_with_its_owners_outcome() -> None:
    cells = (
        CellWon("11", 0, 30, 120),
        CellWon("22", 2, 41, -35),
        CellWon("33", None, None, 0),  # never won: not counted
    )
    game = MatrioGame("g", ("a", "b", "c", "d"), (150, 90, None, 200), (), {}, cells)
    delta = cells_delta(game, ratings=[1010, None, 990, 1200])
    # P1 came second with 150 (rated 1010); P3 withdrew, so ranks last with no score
    assert delta[(CELL_SCORE, "11")] == Tally(1, 0, 2, 1, 150, 1, 1010, 120)
    assert delta[(CELL_PLY, "11")] == Tally(1, 0, 2, 1, 150, 1, 1010, 30)
    assert delta[(CELL_SCORE, "22")] == Tally(1, 0, 4, 0, 0, 1, 990, -35)
    assert delta[(CELL_PLY, "22")].extra_sum == 41
    assert len(delta) == 4
    assert cells_delta(game)[(CELL_SCORE, "11")].rated == 0


def test_a_result_only_record_has_scores_and_no_placements() -> None:
    text = (
        '[Game "matrio"]\n[P1 "a"]\n[P2 "b"]\n[P3 "c"]\n[P4 "d"]\n'
        '[Result "P1: 5; P2: 9; P3: WD; P4: 1"]\n'
    )
    game = read_matrio(text, game_id="r")
    assert game.scores == (5, 9, None, 1)
    assert game.ranks == (2, 1, 4, 3)
    assert game.placements == () and game.cells == ()
    assert cells_delta(game) == {}


def test_an_unfinished_game_is_refused() -> None:
    head, moves = RECORD.split("\n\n")
    unfinished = head.replace(re.search(r"\[Result[^\n]*\]", head)[0], '[Result "*"]')  # type: ignore[index]
    text = unfinished + "\n\n" + " ".join(moves.split()[:10]) + "\n"
    with pytest.raises(ValueError, match="unfinished"):
        read_matrio(text, game_id="u")
