"""Places within a table or a round, and the place points they are worth."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.standings import (
    PlacePoints,
    SeatResult,
    StandingsError,
    TableResult,
    rank_by_score,
    rank_solitaire,
)


def seats(*scores: float | None) -> list[SeatResult]:
    return [SeatResult(player, place=0, score=score) for player, score in enumerate(scores, 1)]


def places(table: TableResult) -> list[int]:
    return [seat.place for seat in table.seats]


def test_the_highest_score_wins_and_equal_scores_share_the_place() -> None:
    assert places(rank_by_score(seats(268, -63, 409, 268))) == [2, 4, 1, 2]


def test_a_withdrawn_matrio_player_ranks_below_every_finisher() -> None:
    table = rank_by_score(seats(-300, None, 10, None))

    assert places(table) == [2, 3, 1, 3]
    assert [seat.withdrawn for seat in table.seats] == [False, True, False, True]


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("max", [1, 3, 2]), ("min", [3, 1, 2]), ("exactly:300", [2, 3, 1]), ("exactly:-5", [3, 1, 2])],
)
def test_mathematico_modes_rank_a_round(mode: str, expected: list[int]) -> None:
    assert places(rank_by_score(seats(570, 0, 290), mode)) == expected


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(StandingsError, match="mode 'closest' is not one of max, min or exactly:N"):
        rank_by_score(seats(1, 2), "closest")


def test_overload_ranks_by_win_then_cards_left_then_royals_killed() -> None:
    results = [
        SeatResult(1, 0, solved=False, royals_killed=12),
        SeatResult(2, 0, solved=True, cards_left=3, royals_killed=12),
        SeatResult(3, 0, solved=True, cards_left=7, royals_killed=5),
        SeatResult(4, 0, solved=False, royals_killed=4),
        SeatResult(5, 0, solved=True, cards_left=3, royals_killed=12),
    ]

    assert places(rank_solitaire(results)) == [4, 2, 1, 5, 2]


def test_table_points_default_to_4_2_1_0() -> None:
    table = rank_by_score(seats(40, 30, 20, 10))

    assert PlacePoints().award(table) == {1: 4, 2: 2, 3: 1, 4: 0}


def test_shared_places_split_the_points_of_the_places_they_cover() -> None:
    table = rank_by_score(seats(40, 40, 20, 20))

    assert PlacePoints().award(table) == {1: 3, 2: 3, 3: Fraction(1, 2), 4: Fraction(1, 2)}


def test_shared_places_may_each_take_the_best_points_when_declared() -> None:
    table = rank_by_score(seats(40, 40, 20, 10))

    assert PlacePoints(ties="best").award(table) == {1: 4, 2: 4, 3: 1, 4: 0}


def test_a_two_player_draw_is_worth_a_half_each() -> None:
    table = rank_by_score(seats(5, 5))

    assert PlacePoints((1, 0)).award(table) == {1: Fraction(1, 2), 2: Fraction(1, 2)}


def test_a_whole_field_round_gives_a_point_per_player_placed_below() -> None:
    table = rank_by_score(seats(100, 80, 80, 10, 0))

    assert PlacePoints(values=None).award(table) == {
        1: 4,
        2: Fraction(5, 2),
        3: Fraction(5, 2),
        4: 1,
        5: 0,
    }


def test_points_given_as_decimals_are_exact() -> None:
    table = rank_by_score(seats(3, 2, 1))

    assert PlacePoints((0.1, 0.2, 0.3)).award(table)[1] == Fraction(1, 10)


def test_split_points_add_up_to_the_points_of_the_places_whatever_the_ties() -> None:
    for scores in [(1, 1, 1, 1), (2, 1, 1, 0), (3, 3, 3, 0), (5, 4, 4, 4)]:
        table = rank_by_score(seats(*scores))
        assert sum(PlacePoints().award(table).values()) == 7


def test_the_scheme_describes_itself() -> None:
    assert PlacePoints().describe() == (
        "place points 4/2/1/0 by place (0 beyond); "
        "shared places split the points of the places they cover"
    )
