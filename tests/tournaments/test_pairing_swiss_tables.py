"""MatriO Swiss tables of four: seats, byes, repeat opponents and neighbours, determinism."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    Entrant,
    PairingError,
    PlayedRound,
    PlayedTable,
    Seating,
    SwissTableOptions,
    seat_swiss_tables,
)


def random_event(seed: int, players: int, rounds: int) -> tuple[list[Entrant], list[PlayedRound]]:
    """A field on random points with a random history, some late entries and withdrawals."""
    rng = random.Random(seed)
    everyone = list(range(1, players + 1))
    history = []
    for _ in range(rounds):
        here = [p for p in everyone if rng.random() < 0.9]
        rng.shuffle(here)
        cut = len(here) - len(here) % 4
        tables = tuple(PlayedTable(tuple(here[i : i + 4])) for i in range(0, cut, 4))
        history.append(PlayedRound(tables, tuple(here[cut:])))
    entrants = [
        Entrant(
            p,
            points=rng.choice([0, 1, 2, 3, 4, 6]),
            rating=rng.random(),
            withdrawn=rng.random() < 0.05,
        )
        for p in everyone
    ]
    return entrants, history


def met_before(history: Sequence[PlayedRound]) -> Counter[frozenset[int]]:
    return Counter(
        frozenset(pair)
        for played in history
        for table in played.tables
        for pair in combinations(table.seats, 2)
    )


def repeat_opponents(tables: Sequence[Sequence[int]], met: Counter[frozenset[int]]) -> int:
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


def partitions(players: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every partition of ``players`` into tables of four."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for trio in combinations(rest, 3):
        remaining = [p for p in rest if p not in trio]
        for tail in partitions(remaining):
            yield [(first, *trio), *tail]


def seated(seating: Seating) -> list[int]:
    return [p for table in seating.tables for p in table.seats]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(4, 70), rounds=st.integers(0, 6))
def test_it_never_seats_a_player_twice(seed: int, players: int, rounds: int) -> None:
    entrants, history = random_event(seed, players, rounds)
    if sum(not e.withdrawn for e in entrants) < 4:
        return

    seating = seat_swiss_tables(entrants, history)

    everyone = seated(seating) + list(seating.byes)
    assert len(everyone) == len(set(everyone))
    assert all(len(table.seats) == 4 for table in seating.tables)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(4, 70), rounds=st.integers(0, 6))
def test_every_present_player_gets_one_seat_or_a_bye(seed: int, players: int, rounds: int) -> None:
    entrants, history = random_event(seed, players, rounds)
    present = sorted(e.id for e in entrants if not e.withdrawn)
    if len(present) < 4:
        return

    seating = seat_swiss_tables(entrants, history)

    assert sorted(seated(seating) + list(seating.byes)) == present
    assert len(seating.byes) == len(present) % 4


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    players=st.sampled_from([8, 9, 11, 12, 13, 15]),
    rounds=st.integers(1, 5),
)
def test_repeat_opponents_are_minimal_against_brute_force_on_small_fields(
    seed: int, players: int, rounds: int
) -> None:
    entrants, history = random_event(seed, players, rounds)
    entrants = [Entrant(e.id, e.points, e.rating) for e in entrants]  # nobody withdrawn
    met = met_before(history)

    seating = seat_swiss_tables(entrants, history)

    tables = [table.seats for table in seating.tables]
    best = min(repeat_opponents(p, met) for p in partitions(sorted(seated(seating))))
    assert repeat_opponents(tables, met) == best
    assert seating.cost.repeat_opponents == best
    assert seating.method == "exact"


def test_when_repeats_are_forced_it_takes_the_fewest_even_across_score_brackets() -> None:
    history = [PlayedRound((PlayedTable((1, 2, 3, 4)), PlayedTable((5, 6, 7, 8))))]
    entrants = [Entrant(p, points=4 - (p - 1) % 4) for p in range(1, 9)]

    seating = seat_swiss_tables(entrants, history)

    # two from each old table at each new table: 1 + 1 repeats per table, the least possible
    assert seating.cost.repeat_opponents == 4
    assert all(Counter((p - 1) // 4 for p in t.seats) == {0: 2, 1: 2} for t in seating.tables)


def test_byes_go_to_the_lowest_ranked_players_who_had_fewest_byes() -> None:
    entrants = [Entrant(p, points=10 - p) for p in range(1, 8)]
    history = [PlayedRound((PlayedTable((1, 2, 3, 4)),), byes=(5, 6, 7))]

    first = seat_swiss_tables(entrants, [])
    later = seat_swiss_tables(entrants, history)

    assert sorted(first.byes) == [5, 6, 7]
    assert sorted(later.byes) == [2, 3, 4]


def test_withdrawn_players_are_never_seated() -> None:
    entrants = [Entrant(p, withdrawn=p in (3, 9)) for p in range(1, 11)]

    seating = seat_swiss_tables(entrants)

    assert {3, 9}.isdisjoint(seated(seating) + list(seating.byes))
    assert len(seating.tables) == 2


def test_the_first_round_groups_players_by_rating_into_consecutive_fours() -> None:
    entrants = [Entrant(p, rating=100 - p) for p in range(1, 13)]

    seating = seat_swiss_tables(entrants)

    assert [sorted(table.seats) for table in seating.tables] == [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10, 11, 12],
    ]
    assert [table.number for table in seating.tables] == [1, 2, 3]


def test_players_on_equal_points_are_grouped_before_others() -> None:
    entrants = [Entrant(p, points=3 if p <= 4 else 0) for p in range(1, 9)]

    seating = seat_swiss_tables(entrants)

    assert sorted(seating.tables[0].seats) == [1, 2, 3, 4]
    assert seating.cost.standing_spread == 0


def test_the_suggested_clockwise_order_has_the_fewest_repeat_neighbours() -> None:
    history = [
        PlayedRound((PlayedTable((1, 2, 3, 4)),)),
        PlayedRound((PlayedTable((1, 3, 2, 4)),)),
        PlayedRound((PlayedTable((4, 3, 2, 1)),)),
    ]
    follows = Counter(
        (s[i], s[(i + 1) % 4])
        for r in history
        for t in r.tables
        for s in [t.seats]
        for i in range(4)
    )

    seating = seat_swiss_tables([Entrant(p) for p in range(1, 5)], history)

    seats = seating.tables[0].seats

    def links(order: Sequence[int]) -> int:
        return sum(follows[order[i], order[(i + 1) % 4]] for i in range(4))

    fewest = min(links((1, *rest)) for rest in permutations((2, 3, 4)))
    assert links(seats) == fewest == seating.cost.repeat_neighbours


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(8, 40), rounds=st.integers(1, 6))
def test_the_cost_breakdown_recounts_the_history(seed: int, players: int, rounds: int) -> None:
    entrants, history = random_event(seed, players, rounds)
    if sum(not e.withdrawn for e in entrants) < 4:
        return
    met = met_before(history)
    follows = Counter(
        (t.seats[i], t.seats[(i + 1) % len(t.seats)])
        for r in history
        for t in r.tables
        for i in range(len(t.seats))
    )

    seating = seat_swiss_tables(entrants, history)

    for table in seating.tables:
        s = table.seats
        assert table.cost.repeat_opponents == repeat_opponents([s], met)
        assert table.cost.repeat_neighbours == sum(follows[s[i], s[(i + 1) % 4]] for i in range(4))
    assert seating.cost.repeat_opponents == sum(t.cost.repeat_opponents for t in seating.tables)


def test_the_same_inputs_always_give_the_same_seating() -> None:
    entrants, history = random_event(7, 60, 4)

    assert seat_swiss_tables(entrants, history) == seat_swiss_tables(entrants, history)


def test_a_large_field_is_searched_locally_and_stays_a_partition() -> None:
    entrants, history = random_event(11, 200, 5)

    seating = seat_swiss_tables(entrants, history, SwissTableOptions(restarts=2))

    assert seating.method == "local search"
    present = sorted(e.id for e in entrants if not e.withdrawn)
    assert sorted(seated(seating) + list(seating.byes)) == present


def test_fewer_than_four_present_players_cannot_be_seated() -> None:
    with pytest.raises(PairingError, match="at least 4 present players; 3 are present"):
        seat_swiss_tables([Entrant(1), Entrant(2), Entrant(3), Entrant(4, withdrawn=True)])


def test_a_player_entered_twice_is_rejected() -> None:
    with pytest.raises(PairingError, match="player 2 is entered twice"):
        seat_swiss_tables([Entrant(1), Entrant(2), Entrant(2), Entrant(3), Entrant(4)])


def test_a_history_seating_a_player_twice_is_rejected() -> None:
    history = [PlayedRound((PlayedTable((1, 2, 3, 4)),), byes=(4,))]

    with pytest.raises(PairingError, match="round 1 seats player 4 twice"):
        seat_swiss_tables([Entrant(p) for p in range(1, 5)], history)
