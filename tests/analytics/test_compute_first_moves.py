"""Integer Matrix first placements and Overload setup choices."""

from __future__ import annotations

import pytest

from analytics.compute.first_moves import (
    OverloadGame,
    SetupChoice,
    first_placements_delta,
    read_integer_matrix,
    read_overload,
    setup_choices_delta,
)
from analytics.compute.tally import count_all
from games.engine.integer_matrix import random_game as integer_matrix_game
from games.engine.overload import random_game as overload_game

SETUP = (
    "c3=-9/+2:B d3=+1/-4:W e3=-7/+7:B c4=+3/-1:W d4=-6/+6:B e4=+0/-7:W c5=-9/+3:B "
    "d5=+5/+0:W e5=+0/+8:B"
)
RECORD = f"""[Game "integer-matrix"]
[Negative "neg"]
[Positive "pos"]
[Setup "{SETUP}"]
[Result "*"]

1. -6/+3 W b3
2. +7/-8 W f5
"""


def test_first_placements_are_counted_by_ply_with_the_movers_own_direction() -> None:
    game = read_integer_matrix(integer_matrix_game(1, "greedy"), game_id="g1")
    negative, positive = game.net
    delta = first_placements_delta(game, depth=2)
    (first_key, first), (second_key, second) = sorted(delta.items())
    assert first_key[0] == "ply 1" and second_key[0] == "ply 2"
    assert first.score_sum == -negative and second.score_sum == positive
    assert first.wins + second.wins >= 1
    assert first.extra_sum == -game.moves[0].score  # the negative player wants negative scores
    assert second.extra_sum == game.moves[1].score


def test_an_unfinished_integer_matrix_game_adds_nothing() -> None:
    game = read_integer_matrix(RECORD, game_id="u")
    assert not game.finished and len(game.moves) == 2
    assert game.moves[0].square == "b3" and game.moves[0].colour == "W"
    assert first_placements_delta(game) == {}


def test_only_setup_placements_with_a_choice_are_counted() -> None:
    games = [read_overload(overload_game(seed, "greedy"), game_id=str(seed)) for seed in range(40)]
    counters = count_all(setup_choices_delta(g) for g in games)
    choices = sum(1 for g in games if g.result != "unfinished" for c in g.setup if c.options > 1)
    assert choices > 0
    assert sum(t.games for t in counters.rows.values()) == choices
    assert set(counters.groups()) <= {"J", "Q", "K"}
    assert all(t.extra_sum >= 2 * t.games for t in counters.rows.values())


def test_a_won_overload_game_counts_as_a_win_with_its_royals_killed() -> None:
    won = OverloadGame("g", "win", 12, 7, (SetupChoice("KH", "N2", 1), SetupChoice("QS", "W1", 2)))
    delta = setup_choices_delta(won, rating=1100)
    assert list(delta) == [("Q", "W1")]
    tally = delta[("Q", "W1")]
    assert (tally.games, tally.wins, tally.score_sum, tally.extra_sum) == (1, 1, 12, 2)
    assert tally.mean_rating == 1100
    assert setup_choices_delta(OverloadGame("u", "unfinished", 0, None, won.setup)) == {}


def test_a_finished_integer_matrix_game_becomes_a_rated_match_of_two_sides() -> None:
    game = read_integer_matrix(integer_matrix_game(1, "greedy"), game_id="g1")
    result = game.result(order="1", players={"negative": ["ann"], "positive": ["bob", "cid"]})
    ranks = {s.player_id: (s.rank, s.team) for s in result.seats}
    assert ranks == {"ann": (1, "negative"), "bob": (2, "positive"), "cid": (2, "positive")}
    with pytest.raises(ValueError, match="unfinished"):
        read_integer_matrix(RECORD, game_id="u").result(order="1", players={})


def test_an_overload_game_is_rated_against_its_deal_unless_unfinished() -> None:
    game = read_overload(overload_game(3, "greedy"), game_id="g3")
    assert game.deck is not None and len(game.deck) == 54
    rated = game.rated(order="1", player_id="ann", deal_id="D1")
    assert rated is not None and rated.deal_id == "D1"
    assert rated.seats[0].rank == (1 if game.result == "win" else 2)
