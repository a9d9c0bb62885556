"""Whole simulated events: pair a round, play it at random, rank, pair the next round."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Entrant, PlayedRound, PlayedTable, pair_swiss, seat_swiss_tables
from tournaments.standings import (
    ByeRule,
    Entry,
    PlacePoints,
    RoundResult,
    SeatResult,
    StandingsRules,
    compute_standings,
    rank_by_score,
)

MATRIO_RULES = StandingsRules(
    criteria=("match_points", "total_score", "cells_won", "head_to_head"),
    bye=ByeRule("fixed", match_points=2, score=0),
)
PAIR_RULES = StandingsRules(
    criteria=("match_points", "buchholz", "head_to_head"),
    place_points=PlacePoints((1, 0)),
    bye=ByeRule("fixed", match_points=1),
)


def entrants_from(standings_rows: dict[int, float], gone: set[int]) -> list[Entrant]:
    return [Entrant(p, points=points, withdrawn=p in gone) for p, points in standings_rows.items()]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(4, 45), rounds=st.integers(1, 7))
def test_a_simulated_matrio_swiss_event_keeps_every_invariant(
    seed: int, players: int, rounds: int
) -> None:
    rng = random.Random(seed)
    entries = [Entry(p) for p in range(1, players + 1)]
    points = dict.fromkeys(range(1, players + 1), 0.0)
    gone: set[int] = set()
    history: list[PlayedRound] = []
    results: list[RoundResult] = []
    byes: Counter[int] = Counter()
    for number in range(1, rounds + 1):
        if players - len(gone) < 4:
            break
        seating = seat_swiss_tables(entrants_from(points, gone), history)

        seated = [p for table in seating.tables for p in table.seats]
        assert sorted(seated + list(seating.byes)) == sorted(set(points) - gone)
        assert all(len(set(table.seats)) == 4 for table in seating.tables)
        if seating.byes:  # nobody sits out while a seated player has had fewer byes
            assert max(byes[p] for p in seating.byes) <= min(byes[p] for p in seated)
        byes.update(seating.byes)

        tables = tuple(
            rank_by_score(
                [
                    SeatResult(
                        p,
                        0,
                        score=None if rng.random() < 0.05 else rng.randrange(-300, 400, 50),
                        cells_won=rng.randint(0, 4),
                    )
                    for p in table.seats
                ]
            )
            for table in seating.tables
        )
        results.append(RoundResult(number, tables, seating.byes))
        history.append(
            PlayedRound(tuple(PlayedTable(t.seats) for t in seating.tables), seating.byes)
        )
        standings = compute_standings(entries, results, MATRIO_RULES)
        points = {row.player: float(row.values[0]) for row in standings.rows}
        for before, after in pairwise(standings.rows):
            assert (before.values, -before.player) > (after.values, -after.player)
        if rng.random() < 0.2:
            gone.add(rng.randint(1, players))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 40), rounds=st.integers(1, 7))
def test_a_simulated_integer_matrix_swiss_event_keeps_every_invariant(
    seed: int, players: int, rounds: int
) -> None:
    rng = random.Random(seed)
    entries = [Entry(p) for p in range(1, players + 1)]
    points = dict.fromkeys(range(1, players + 1), 0.0)
    history: list[PlayedRound] = []
    results: list[RoundResult] = []
    met: Counter[frozenset[int]] = Counter()
    for number in range(1, min(rounds, players // 2 - 1) + 1):
        pairing = pair_swiss(entrants_from(points, set()), history)

        for pair in pairing.pairs:
            met[frozenset((pair.first, pair.second))] += 1
        # under n/2 rounds a pairing without rematch always exists (Dirac's theorem)
        assert all(times == 1 for times in met.values())
        seated = [p for pair in pairing.pairs for p in (pair.first, pair.second)]
        assert sorted(seated + list(pairing.byes)) == list(range(1, players + 1))

        tables = tuple(
            rank_by_score(
                [SeatResult(p, 0, score=rng.randint(-3, 3)) for p in (pair.first, pair.second)]
            )
            for pair in pairing.pairs
        )
        results.append(RoundResult(number, tables, pairing.byes))
        history.append(
            PlayedRound(
                tuple(PlayedTable((pair.first, pair.second)) for pair in pairing.pairs),
                pairing.byes,
            )
        )
        standings = compute_standings(entries, results, PAIR_RULES)
        points = {row.player: float(row.values[0]) for row in standings.rows}
        assert [row.rank for row in standings.rows] == sorted(row.rank for row in standings.rows)
