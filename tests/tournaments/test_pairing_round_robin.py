"""Round robin schedules: pairs by the circle method, tables of four by design or search."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import PairingError, Schedule, pairs_round_robin, tables_round_robin


def meetings(schedule: Schedule) -> Counter[frozenset[int]]:
    return Counter(
        frozenset(pair)
        for played in schedule.rounds
        for table in played.tables
        for pair in combinations(table, 2)
    )


def assert_each_round_seats_everyone_once(schedule: Schedule, players: list[int]) -> None:
    for played in schedule.rounds:
        everyone = [p for table in played.tables for p in table] + list(played.byes)
        assert sorted(everyone) == sorted(players)


@settings(max_examples=30, deadline=None)
@given(count=st.integers(2, 30))
def test_every_pair_meets_exactly_once_in_a_pairs_round_robin(count: int) -> None:
    players = [100 + k for k in range(count)]

    schedule = pairs_round_robin(players)

    assert meetings(schedule) == Counter(frozenset(p) for p in combinations(players, 2))
    assert len(schedule.rounds) == (count - 1 if count % 2 == 0 else count)
    assert_each_round_seats_everyone_once(schedule, players)
    assert schedule.unmet_pairs == schedule.repeat_meetings == 0


@settings(max_examples=30, deadline=None)
@given(count=st.integers(2, 30))
def test_roles_alternate_so_first_and_second_seats_differ_by_at_most_one(count: int) -> None:
    schedule = pairs_round_robin(list(range(count)))

    balance = Counter()
    for played in schedule.rounds:
        for first, second in played.tables:
            balance[first] += 1
            balance[second] -= 1

    assert max(abs(b) for b in balance.values()) <= 1


def test_an_odd_count_gives_each_player_exactly_one_bye() -> None:
    schedule = pairs_round_robin([1, 2, 3, 4, 5])

    byes = [p for played in schedule.rounds for p in played.byes]

    assert sorted(byes) == [1, 2, 3, 4, 5]
    assert all(len(played.byes) == 1 for played in schedule.rounds)


@pytest.mark.parametrize(("count", "rounds"), [(4, 1), (16, 5), (64, 21)])
def test_tables_of_four_for_a_power_of_four_meet_every_pair_exactly_once(
    count: int, rounds: int
) -> None:
    players = list(range(1, count + 1))

    schedule = tables_round_robin(players)

    assert len(schedule.rounds) == rounds
    assert meetings(schedule) == Counter(frozenset(p) for p in combinations(players, 2))
    assert all(len(table) == 4 for played in schedule.rounds for table in played.tables)
    assert_each_round_seats_everyone_once(schedule, players)
    assert schedule.method.startswith("affine geometry")


def test_eight_players_all_meet_in_three_rounds_with_the_fewest_possible_repeats() -> None:
    schedule = tables_round_robin(list(range(1, 9)))

    # 3 rounds x 2 tables x 6 pairs = 36 meetings for 28 pairs: at least 8 repeats
    assert len(schedule.rounds) == 3
    assert schedule.unmet_pairs == 0
    assert schedule.repeat_meetings == 8


@pytest.mark.parametrize("count", [5, 12, 13, 20])
def test_other_counts_get_a_searched_schedule_whose_report_is_true(count: int) -> None:
    players = list(range(1, count + 1))

    schedule = tables_round_robin(players)

    met = meetings(schedule)
    assert schedule.unmet_pairs == count * (count - 1) // 2 - len(met)
    assert schedule.repeat_meetings == sum(times - 1 for times in met.values())
    assert len(schedule.rounds) == -(-(count - 1) // 3)
    assert_each_round_seats_everyone_once(schedule, players)
    assert all(len(played.byes) == count % 4 for played in schedule.rounds)


def test_byes_rotate_in_a_table_round_robin() -> None:
    schedule = tables_round_robin(list(range(1, 14)), rounds=6)

    byes = [p for played in schedule.rounds for p in played.byes]

    assert len(byes) == len(set(byes)) == 6


def test_a_round_robin_needs_distinct_players_and_enough_of_them() -> None:
    with pytest.raises(PairingError, match="listed twice"):
        pairs_round_robin([1, 2, 2])
    with pytest.raises(PairingError, match="at least 4 players; 3 given"):
        tables_round_robin([1, 2, 3])
