"""Swiss pairs for two-player games: no player twice, fewest rematches, balanced roles."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Entrant, PairingError, PlayedRound, PlayedTable, pair_swiss


def random_history(seed: int, players: int, rounds: int) -> list[PlayedRound]:
    rng = random.Random(seed)
    history = []
    for _ in range(rounds):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        cut = players - players % 2
        tables = tuple(PlayedTable((order[i], order[i + 1])) for i in range(0, cut, 2))
        history.append(PlayedRound(tables, tuple(order[cut:])))
    return history


def matchings(players: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of an even number of players."""
    if not players:
        yield []
        return
    first = players[0]
    for partner in players[1:]:
        rest = [p for p in players[1:] if p != partner]
        for tail in matchings(rest):
            yield [(first, partner), *tail]


def rematches(pairs: Sequence[tuple[int, int]], met: Counter[frozenset[int]]) -> int:
    return sum(met[frozenset(pair)] for pair in pairs)


def met_before(history: Sequence[PlayedRound]) -> Counter[frozenset[int]]:
    return Counter(frozenset(t.seats) for r in history for t in r.tables)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 64), rounds=st.integers(0, 6))
def test_it_never_pairs_a_player_twice(seed: int, players: int, rounds: int) -> None:
    rng = random.Random(seed)
    entrants = [Entrant(p, points=rng.randint(0, 4)) for p in range(1, players + 1)]

    pairing = pair_swiss(entrants, random_history(seed, players, rounds))

    everyone = [p for pair in pairing.pairs for p in (pair.first, pair.second)]
    assert sorted(everyone + list(pairing.byes)) == list(range(1, players + 1))
    assert len(pairing.byes) == players % 2


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([6, 8, 10]), rounds=st.integers(1, 6))
def test_rematches_are_minimal_against_brute_force(seed: int, players: int, rounds: int) -> None:
    rng = random.Random(seed)
    entrants = [Entrant(p, points=rng.randint(0, 3)) for p in range(1, players + 1)]
    history = random_history(seed, players, rounds)
    met = met_before(history)

    pairing = pair_swiss(entrants, history)

    pairs = [(pair.first, pair.second) for pair in pairing.pairs]
    assert rematches(pairs, met) == min(rematches(m, met) for m in matchings(range(1, players + 1)))
    assert pairing.cost.rematches == rematches(pairs, met)


def test_winners_meet_winners_when_no_rematch_forbids_it() -> None:
    history = [PlayedRound(tuple(PlayedTable((p, p + 4)) for p in range(1, 5)))]
    entrants = [Entrant(p, points=1 if p <= 4 else 0) for p in range(1, 9)]

    pairing = pair_swiss(entrants, history)

    groups = [{pair.first, pair.second} for pair in pairing.pairs]
    assert all(group <= {1, 2, 3, 4} or group <= {5, 6, 7, 8} for group in groups)
    assert pairing.cost.rematches == 0
    assert pairing.cost.standing_gap == 0


def test_a_rematch_happens_only_when_unavoidable() -> None:
    history = [PlayedRound((PlayedTable((1, 2)),))]

    pairing = pair_swiss([Entrant(1), Entrant(2)], history)

    assert pairing.cost.rematches == 1


def test_the_player_who_played_first_more_often_plays_second() -> None:
    history = [
        PlayedRound((PlayedTable((1, 3)), PlayedTable((4, 2)))),
        PlayedRound((PlayedTable((1, 4)), PlayedTable((3, 2)))),
    ]
    entrants = [Entrant(p, points=p) for p in range(1, 5)]  # 4 and 3, then 2 and 1 meet

    pairing = pair_swiss(entrants, history)

    assert {(pair.first, pair.second) for pair in pairing.pairs} == {(2, 1), (4, 3)}


def test_in_round_one_the_higher_ranked_player_plays_first_on_odd_boards_only() -> None:
    pairing = pair_swiss([Entrant(p, rating=-p) for p in range(1, 9)])

    higher_first = [pair.first < pair.second for pair in pairing.pairs]
    assert higher_first == [True, False, True, False]


def test_a_simulated_event_has_no_rematch_and_balanced_roles() -> None:
    rng = random.Random(3)
    points = dict.fromkeys(range(1, 65), 0.0)
    history: list[PlayedRound] = []
    firsts: Counter[int] = Counter()
    rematched = 0
    for _ in range(9):
        pairing = pair_swiss([Entrant(p, points=points[p]) for p in points], history)
        rematched += pairing.cost.rematches
        for pair in pairing.pairs:
            points[rng.choice((pair.first, pair.second))] += 1
            firsts[pair.first] += 1
            firsts[pair.second] -= 1
        history.append(
            PlayedRound(tuple(PlayedTable((pair.first, pair.second)) for pair in pairing.pairs))
        )

    assert rematched == 0
    assert max(abs(balance) for balance in firsts.values()) <= 1


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    entrants = [Entrant(p, points=10 - p) for p in range(1, 6)]
    history = [PlayedRound((PlayedTable((1, 2)), PlayedTable((3, 4))), byes=(5,))]

    assert pair_swiss(entrants).byes == (5,)
    assert pair_swiss(entrants, history).byes == (4,)


def test_pairs_are_numbered_from_the_top_of_the_standings() -> None:
    pairing = pair_swiss([Entrant(p, points=10 - p) for p in range(1, 9)])

    assert [pair.number for pair in pairing.pairs] == [1, 2, 3, 4]
    assert 1 in (pairing.pairs[0].first, pairing.pairs[0].second)


def test_one_present_player_cannot_be_paired() -> None:
    with pytest.raises(PairingError, match="at least 2 present players"):
        pair_swiss([Entrant(1), Entrant(2, withdrawn=True)])
