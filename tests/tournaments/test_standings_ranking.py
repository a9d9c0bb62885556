"""Standings: a total order by the declared criteria, shared ranks, byes, late and dropped."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import (
    ByeRule,
    Entry,
    PlacePoints,
    RoundResult,
    SeatResult,
    Standings,
    StandingsError,
    StandingsRules,
    TableResult,
    compute_standings,
    rank_by_score,
)

CRITERIA = ["match_points", "total_score", "buchholz", "head_to_head", "wins", "cells_won"]


def random_event(seed: int, players: int, rounds: int, size: int) -> tuple[list[Entry], list]:
    """Random tables of ``size`` with many equal scores, byes, withdrawals, no-shows, drops."""
    rng = random.Random(seed)
    last = max(rounds, 1)
    dropped = {p: rng.randint(1, last) for p in range(1, players + 1) if rng.random() < 0.1}
    entries = [Entry(p, dropped_after=dropped.get(p)) for p in range(1, players + 1)]
    played = []
    for number in range(1, rounds + 1):
        here = [
            p
            for p in range(1, players + 1)
            if rng.random() < 0.9 and (p not in dropped or number <= dropped[p])
        ]
        rng.shuffle(here)
        cut = len(here) - len(here) % size
        tables = tuple(
            rank_by_score(
                [
                    SeatResult(
                        p,
                        0,
                        score=None if rng.random() < 0.05 else rng.choice([-20, 0, 10, 10, 50]),
                        cells_won=rng.randint(0, 3),
                    )
                    for p in here[i : i + size]
                ]
            )
            for i in range(0, cut, size)
        )
        played.append(RoundResult(number, tables, tuple(here[cut:])))
    return entries, played


def shuffled(rounds: list[RoundResult], seed: int) -> list[RoundResult]:
    rng = random.Random(seed)

    def mix(items: tuple) -> tuple:  # type: ignore[type-arg]
        listed = list(items)
        rng.shuffle(listed)
        return tuple(listed)

    again = [
        RoundResult(r.number, mix(tuple(TableResult(mix(t.seats)) for t in r.tables)), mix(r.byes))
        for r in rounds
    ]
    rng.shuffle(again)
    return again


def rules_strategy() -> st.SearchStrategy[StandingsRules]:
    return st.builds(
        StandingsRules,
        criteria=st.lists(st.sampled_from(CRITERIA), min_size=1, max_size=4, unique=True).map(
            tuple
        ),
        place_points=st.sampled_from([PlacePoints(), PlacePoints(ties="best"), PlacePoints(None)]),
        bye=st.sampled_from([ByeRule(), ByeRule("fixed", 2, 25), ByeRule("average")]),
        missed_round=st.sampled_from(["zero", "bye"]),
        full_ties=st.sampled_from(["shared", "player_id"]),
    )


def assert_total_order(standings: Standings, entries: list[Entry], full_ties: str) -> None:
    rows = standings.rows
    assert sorted(row.player for row in rows) == sorted(e.player for e in entries)
    for before, after in pairwise(rows):
        assert before.values > after.values or (
            before.values == after.values and before.player < after.player
        )
    for position, row in enumerate(rows, start=1):
        if full_ties == "shared":
            assert row.rank == 1 + sum(other.values > row.values for other in rows)
        else:
            assert row.rank == position


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    players=st.integers(1, 30),
    rounds=st.integers(0, 6),
    size=st.sampled_from([2, 4]),
    rules=rules_strategy(),
)
def test_standings_are_a_total_order_with_the_declared_tiebreaks(
    seed: int, players: int, rounds: int, size: int, rules: StandingsRules
) -> None:
    entries, played = random_event(seed, players, rounds, size)

    standings = compute_standings(entries, played, rules)

    assert_total_order(standings, entries, rules.full_ties)
    assert [c.name for c in standings.criteria] == list(rules.criteria)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 30), rules=rules_strategy())
def test_the_order_the_results_are_given_in_changes_nothing(
    seed: int, players: int, rules: StandingsRules
) -> None:
    entries, played = random_event(seed, players, 5, 4)

    standings = compute_standings(entries, played, rules)
    again = compute_standings(list(reversed(entries)), shuffled(played, seed), rules)

    assert again == standings


def test_players_equal_on_every_criterion_share_the_rank_and_are_listed_by_id() -> None:
    table = rank_by_score([SeatResult(p, 0, score=s) for p, s in [(9, 10), (4, 10), (2, 5)]])

    standings = compute_standings([Entry(2), Entry(4), Entry(9)], [RoundResult(1, (table,))])

    assert [(row.rank, row.player) for row in standings.rows] == [(1, 4), (1, 9), (3, 2)]
    assert "share the rank and are listed by player id" in standings.rules[-1]


def test_the_player_id_rule_gives_distinct_ranks_and_says_so() -> None:
    table = rank_by_score([SeatResult(p, 0, score=10) for p in (9, 4)])
    rules = StandingsRules(full_ties="player_id")

    standings = compute_standings([Entry(4), Entry(9)], [RoundResult(1, (table,))], rules)

    assert [(row.rank, row.player) for row in standings.rows] == [(1, 4), (2, 9)]
    assert (
        standings.rules[-1]
        == "players equal on every criterion are ranked by player id, lowest first"
    )


def four(*scores: tuple[int, float]) -> TableResult:
    return rank_by_score([SeatResult(p, 0, score=s) for p, s in scores])


ROUNDS = [
    RoundResult(1, (four((1, 40), (2, 30), (3, 20), (4, 10)),), byes=(5,)),
    RoundResult(2, (four((1, 40), (2, 30), (3, 20), (5, 10)),), byes=(4,)),
]
ENTRIES = [Entry(p) for p in range(1, 6)]
SKIPPED = SeatResult(3, 2)  # after two players sharing first, the next place is 3


def row_of(standings: Standings, player: int) -> tuple[Fraction, ...]:
    return next(row.values for row in standings.rows if row.player == player)


@pytest.mark.parametrize(
    ("bye", "points", "score"),
    [
        (ByeRule("zero"), 0, 10),
        (ByeRule("fixed", match_points=2, score=25), 2, 35),
        (ByeRule("average"), 0, 20),
    ],
)
def test_a_bye_is_worth_what_the_event_declares(bye: ByeRule, points: int, score: int) -> None:
    rules = StandingsRules(criteria=("match_points", "total_score"), bye=bye)

    standings = compute_standings(ENTRIES, ROUNDS, rules)

    assert row_of(standings, 5) == (points, score)
    assert bye.describe() in standings.rules


def test_the_average_bye_uses_the_players_own_games() -> None:
    rules = StandingsRules(criteria=("match_points", "total_score"), bye=ByeRule("average"))

    standings = compute_standings(ENTRIES, ROUNDS, rules)

    assert row_of(standings, 4) == (0, 20)  # one game: last, 10 points; the bye repeats it
    assert row_of(standings, 3) == (2, 40)  # no bye


def test_a_late_entrys_missed_rounds_count_as_declared() -> None:
    late = [
        RoundResult(1, (four((1, 40), (2, 30), (3, 20), (4, 10)),)),
        RoundResult(2, (four((1, 40), (2, 30), (3, 20), (5, 10)),), byes=(4,)),
    ]
    fixed = ByeRule("fixed", match_points=2, score=25)

    as_zero = compute_standings(ENTRIES, late, StandingsRules(("match_points",), bye=fixed))
    as_bye = compute_standings(
        ENTRIES, late, StandingsRules(("match_points",), bye=fixed, missed_round="bye")
    )

    assert row_of(as_zero, 5) == (0,)
    assert row_of(as_bye, 5) == (2,)
    row = next(row for row in as_bye.rows if row.player == 5)
    assert (row.games, row.byes, row.missed) == (1, 0, 1)
    assert "a missed round counts as a bye" in as_bye.rules


def test_a_dropped_player_stays_ranked_flagged_and_later_rounds_count_nothing() -> None:
    entries = [*ENTRIES[:2], Entry(3, dropped_after=1), *ENTRIES[3:]]
    rounds = [
        ROUNDS[0],
        RoundResult(2, (four((1, 1), (2, 2), (4, 3), (5, 4)),)),
        RoundResult(3, (four((1, 1), (2, 2), (4, 3), (5, 4)),)),
    ]
    rules = StandingsRules(("match_points",), missed_round="bye", bye=ByeRule("fixed", 9))

    standings = compute_standings(entries, rounds, rules)

    row = next(row for row in standings.rows if row.player == 3)
    assert row.dropped
    assert (row.games, row.missed, row.values) == (1, 0, (1,))


def test_a_dropped_player_cannot_play_a_later_round() -> None:
    entries = [*ENTRIES[:2], Entry(3, dropped_after=1), *ENTRIES[3:]]

    with pytest.raises(StandingsError, match="player 3 dropped after round 1 but plays round 2"):
        compute_standings(entries, ROUNDS)


def test_a_withdrawn_game_counts_as_played_and_places_last() -> None:
    table = rank_by_score(
        [SeatResult(1, 0, score=-50), SeatResult(2, 0, score=None), SeatResult(3, 0, score=0)]
    )

    standings = compute_standings([Entry(1), Entry(2), Entry(3)], [RoundResult(1, (table,))])

    assert [row.player for row in standings.rows] == [3, 1, 2]
    assert standings.rows[-1].games == 1


def test_an_event_without_rounds_ranks_everyone_equal() -> None:
    standings = compute_standings([Entry(3), Entry(1)], [])

    assert [(row.rank, row.player) for row in standings.rows] == [(1, 1), (1, 3)]


@pytest.mark.parametrize(
    ("entries", "rounds", "message"),
    [
        ([Entry(1), Entry(1)], [], "player 1 is entered twice"),
        (ENTRIES, [ROUNDS[0], ROUNDS[0]], "round 1 is given twice"),
        (ENTRIES[:4], ROUNDS[:1], "round 1: player 5 is not entered"),
        (
            ENTRIES,
            [RoundResult(1, (four((1, 4), (2, 3), (3, 2), (4, 1)),), byes=(4,))],
            "round 1 seats player 4 twice",
        ),
        (
            ENTRIES,
            [
                RoundResult(
                    1, (TableResult((SeatResult(1, 1), SeatResult(2, 1), SeatResult(3, 2))),)
                )
            ],
            "place 2 of player 3 does not follow",
        ),
        (
            ENTRIES,
            [RoundResult(1, (TableResult((SeatResult(1, 1, withdrawn=True), SeatResult(2, 2))),))],
            "player 1 withdrew but is placed 1",
        ),
    ],
)
def test_inconsistent_results_are_refused_with_a_sentence(
    entries: list[Entry], rounds: list[RoundResult], message: str
) -> None:
    with pytest.raises(StandingsError, match=message):
        compute_standings(entries, rounds)
