"""The registry of ranking criteria: what each declared name computes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.standings import (
    CRITERIA,
    Entry,
    PlacePoints,
    RoundResult,
    SeatResult,
    StandingsError,
    StandingsRules,
    TableResult,
    compute_standings,
    rank_by_score,
    rank_solitaire,
)

ROUND_1 = RoundResult(
    1,
    (
        rank_by_score(
            [
                SeatResult(1, 0, score=300, cells_won=4),
                SeatResult(2, 0, score=100, cells_won=3),
                SeatResult(3, 0, score=50, cells_won=1),
                SeatResult(4, 0, score=-20, cells_won=1),
            ]
        ),
        rank_by_score(
            [
                SeatResult(5, 0, score=200, cells_won=5),
                SeatResult(6, 0, score=200, cells_won=3),
                SeatResult(7, 0, score=-10, cells_won=1),
                SeatResult(8, 0, score=None, cells_won=0),
            ]
        ),
    ),
)
ENTRIES = [Entry(p) for p in range(1, 9)]


def values(criterion: str, rounds: list[RoundResult] | None = None) -> dict[int, Fraction]:
    standings = compute_standings(
        ENTRIES, rounds or [ROUND_1], StandingsRules(criteria=(criterion,))
    )
    return {row.player: row.values[0] for row in standings.rows}


def test_match_points_are_the_place_points_of_each_table() -> None:
    assert values("match_points") == {1: 4, 2: 2, 3: 1, 4: 0, 5: 3, 6: 3, 7: 1, 8: 0}


def test_total_score_counts_a_withdrawn_game_as_zero() -> None:
    assert values("total_score") == {1: 300, 2: 100, 3: 50, 4: -20, 5: 200, 6: 200, 7: -10, 8: 0}


def test_average_score_divides_by_games_played() -> None:
    second = RoundResult(
        2, (rank_by_score([SeatResult(1, 0, score=100), SeatResult(5, 0, score=0)]),)
    )

    assert values("average_score", [ROUND_1, second])[1] == 200


def test_wins_count_first_places_shared_ones_included() -> None:
    assert values("wins") == {1: 1, 2: 0, 3: 0, 4: 0, 5: 1, 6: 1, 7: 0, 8: 0}


def test_buchholz_sums_the_match_points_of_every_opponent() -> None:
    found = values("buchholz")

    assert found[1] == 2 + 1 + 0
    assert found[8] == 3 + 3 + 1


def test_cells_won_is_the_matrio_tie_break() -> None:
    assert values("cells_won") == {1: 4, 2: 3, 3: 1, 4: 1, 5: 5, 6: 3, 7: 1, 8: 0}


def test_head_to_head_counts_only_the_players_still_tied() -> None:
    # 5 and 6 shared first at one table: equal on match points, equal head-to-head
    standings = compute_standings(
        ENTRIES, [ROUND_1], StandingsRules(criteria=("match_points", "head_to_head"))
    )
    rows = {row.player: row for row in standings.rows}

    assert rows[5].values == rows[6].values == (3, Fraction(1, 2))
    assert rows[3].values == rows[7].values == (1, 0)  # tied, but never met


def test_head_to_head_breaks_a_tie_between_players_who_met() -> None:
    def game(winner: int, loser: int) -> TableResult:
        return rank_by_score([SeatResult(winner, 0, score=1), SeatResult(loser, 0, score=0)])

    rounds = [
        RoundResult(1, (game(1, 2), game(3, 4))),
        RoundResult(2, (game(2, 4), game(3, 1))),
    ]
    entries = [Entry(p) for p in range(1, 5)]
    pairs = PlacePoints((1, 0))

    plain = compute_standings(entries, rounds, StandingsRules(("match_points",), pairs))
    broken = compute_standings(
        entries, rounds, StandingsRules(("match_points", "head_to_head"), pairs)
    )

    assert [(row.rank, row.player) for row in plain.rows] == [(1, 3), (2, 1), (2, 2), (4, 4)]
    assert [(row.rank, row.player) for row in broken.rows] == [(1, 3), (2, 1), (3, 2), (4, 4)]


def test_overload_criteria_sum_wins_cards_left_and_royals_killed() -> None:
    rounds = [
        RoundResult(
            n,
            (
                rank_solitaire(
                    [
                        SeatResult(1, 0, solved=True, cards_left=n, royals_killed=12),
                        SeatResult(2, 0, solved=False, royals_killed=n),
                    ]
                ),
            ),
        )
        for n in (1, 2)
    ]
    entries = [Entry(1), Entry(2)]

    standings = compute_standings(
        entries,
        rounds,
        StandingsRules(criteria=("games_solved", "cards_left", "royals_killed")),
    )

    assert [(row.player, row.values) for row in standings.rows] == [(1, (2, 3, 24)), (2, (0, 0, 3))]


def test_every_criterion_has_a_description() -> None:
    assert all(c.description.endswith(".") and c.name == name for name, c in CRITERIA.items())


def test_an_unknown_criterion_is_refused_with_the_known_ones() -> None:
    with pytest.raises(StandingsError, match="unknown ranking criterion 'rating'; known: "):
        compute_standings(ENTRIES, [ROUND_1], StandingsRules(criteria=("rating",)))


def test_a_criterion_declared_twice_or_none_declared_is_refused() -> None:
    with pytest.raises(StandingsError, match="declared twice"):
        compute_standings(ENTRIES, [], StandingsRules(criteria=("wins", "wins")))
    with pytest.raises(StandingsError, match="at least one ranking criterion"):
        compute_standings(ENTRIES, [], StandingsRules(criteria=()))
