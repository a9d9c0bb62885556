"""The MatriO opening explorer and its additive counters."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.compute.matrio_games import MatrioGame, Placement, read_matrio
from analytics.compute.openings import explore, opening_delta, tally_openings
from analytics.compute.tally import EMPTY, Tally, count_all, one
from games.engine.matrio import random_game


def placement(ply: int, seat: int, move: str) -> Placement:
    card, tray = move.split(">")
    return Placement(ply, seat, card, tray, True, 0, 0, 0)


def game(game_id: str, scores: tuple[int | None, ...], *moves: str) -> MatrioGame:
    placements = tuple(placement(i + 1, i % 4, m) for i, m in enumerate(moves))
    return MatrioGame(game_id, ("a", "b", "c", "d"), scores, placements, {})


GAMES = [
    game("g1", (300, 100, 50, 0), "2C>C1C", "3H>C3H", "4S>R2S"),
    game("g2", (10, 200, None, 40), "2C>C1C", "5H>C2H", "6S>R1S"),
    game("g3", (90, 80, 70, 60), "2C>R1C", "3H>C3H", "7S>C1S"),
]


def test_the_first_moves_show_games_share_and_how_their_players_did() -> None:
    counters = tally_openings(GAMES, depth=2)
    first = {row.move: row for row in explore(counters)}
    c1c = first["2C>C1C"]
    assert (c1c.games, c1c.share) == (2, pytest.approx(2 / 3))
    assert c1c.win_rate == 0.5  # P1 won g1 (300) and was third in g2
    assert c1c.mean_score == 155.0  # (300 + 10) / 2
    assert c1c.mean_rank == (1 + 3) / 2
    assert first["2C>R1C"].games == 1
    assert first["2C>R1C"].mean_score == 90.0


def test_the_explorer_goes_down_a_line_move_by_move() -> None:
    counters = tally_openings(GAMES, depth=2)
    after = {row.move: row for row in explore(counters, ["2C>C1C"])}
    assert set(after) == {"3H>C3H", "5H>C2H"}
    assert after["5H>C2H"].win_rate == 1.0 and after["5H>C2H"].mean_score == 200.0
    assert after["3H>C3H"].next_line == "2C>C1C 3H>C3H"
    assert explore(counters, "2C>C1C 3H>C3H") == ()  # deeper than depth 2


def test_a_withdrawn_mover_ranks_last_and_has_no_score_to_average() -> None:
    counters = tally_openings(GAMES, depth=3)
    row = explore(counters, "2C>C1C 5H>C2H")[0]
    assert row.move == "6S>R1S" and row.games == 1 and row.scored == 0
    assert row.mean_score is None and row.mean_rank == 4


def test_ratings_before_the_game_are_averaged_per_move() -> None:
    ratings = {"g1": (1200, 900, 1000, None), "g2": (1000, 1100, 950, 1050)}
    counters = tally_openings(GAMES, depth=1, ratings=ratings)
    c1c = next(r for r in explore(counters) if r.move == "2C>C1C")
    assert (c1c.mean_rating, c1c.rated) == (1100.0, 2)
    r1c = next(r for r in explore(counters) if r.move == "2C>R1C")
    assert (r1c.mean_rating, r1c.rated) == (None, 0)


def test_only_the_first_depth_plies_are_counted_and_result_only_games_add_nothing() -> None:
    assert len(opening_delta(GAMES[0], depth=2)) == 2
    assert opening_delta(MatrioGame("r", ("a", "b", "c", "d"), (1, 2, 3, 4), (), {})) == {}
    with pytest.raises(ValueError):
        opening_delta(GAMES[0], depth=0)


def test_removing_a_game_subtracts_exactly_what_it_added() -> None:
    deltas = [opening_delta(g) for g in GAMES]
    everything = count_all(deltas)
    assert everything.minus(deltas[1]) == count_all([deltas[0], deltas[2]])
    assert everything.minus(deltas[0]).minus(deltas[1]).minus(deltas[2]) == EMPTY


def test_a_tally_adds_and_subtracts_field_by_field() -> None:
    a = one(rank=1, score=100, rating=1000, extra=3)
    b = one(rank=3, score=None)
    assert a + b == Tally(2, 1, 4, 1, 100, 1, 1000, 3)
    assert (a + b) - b == a
    assert (a + b).mean_score == 100.0 and (a + b).mean_rank == 2.0


@settings(max_examples=10, deadline=None)
@given(seeds=st.lists(st.integers(0, 10**6), min_size=1, max_size=8, unique=True))
def test_counters_built_game_by_game_equal_counting_all_games_at_once(seeds: list[int]) -> None:
    games = [read_matrio(random_game(s), game_id=str(s)) for s in seeds]
    incremental = EMPTY
    for g in games:
        incremental = incremental.plus(opening_delta(g, depth=3))
    assert incremental == tally_openings(games, depth=3)
    assert sum(row.games for row in explore(incremental)) == len(games)
