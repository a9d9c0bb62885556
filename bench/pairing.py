"""Pairing speed on one core: prints figures, asserts nothing.

    python bench/pairing.py [--events 5] [--rounds 8] [--tables-players 200] [--pairs-players 64]

It plays seeded random Swiss events and times every pairing call:

* MatriO Swiss tables of four (``seat_swiss_tables``) for ``--tables-players`` players;
* Integer Matrix Swiss pairs (``pair_swiss``) for ``--pairs-players`` players;
* a small MatriO field (12 players), which is searched exactly.

Results are simulated from a hidden skill plus noise, scored 4/2/1/0 (pairs: 1/0), and the
standings that order the next round are the match points (computed with
``tournaments.standings``). Printed per kind: milliseconds per call (p50, p95, max, over
events x rounds calls) and the average repeat opponents / rematches and repeat neighbours per
round, so a faster search that seats worse tables shows up here.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.pairing import (  # noqa: E402
    Entrant,
    PlayedRound,
    PlayedTable,
    pair_swiss,
    seat_swiss_tables,
)
from tournaments.standings import (  # noqa: E402
    Entry,
    PlacePoints,
    RoundResult,
    SeatResult,
    StandingsRules,
    compute_standings,
    rank_by_score,
)

Round = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], dict[str, float]]
Pairer = Callable[[list[Entrant], list[PlayedRound]], Round]


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def tables_of_four(entrants: list[Entrant], history: list[PlayedRound]) -> Round:
    seating = seat_swiss_tables(entrants, history)
    cost = {
        "repeat opponents": seating.cost.repeat_opponents,
        "repeat neighbours": seating.cost.repeat_neighbours,
    }
    return tuple(t.seats for t in seating.tables), seating.byes, cost


def pairs(entrants: list[Entrant], history: list[PlayedRound]) -> Round:
    pairing = pair_swiss(entrants, history)
    cost = {"rematches": pairing.cost.rematches, "role clashes": pairing.cost.role_clashes}
    return tuple((p.first, p.second) for p in pairing.pairs), pairing.byes, cost


def play_event(
    pairer: Pairer, players: int, rounds: int, seed: int, place_points: PlacePoints
) -> tuple[list[float], list[dict[str, float]]]:
    rng = random.Random(seed)
    skill = {p: rng.gauss(0, 1) for p in range(1, players + 1)}
    entries = [Entry(p) for p in skill]
    rules = StandingsRules(criteria=("match_points",), place_points=place_points)
    points = dict.fromkeys(skill, 0.0)
    history: list[PlayedRound] = []
    results: list[RoundResult] = []
    timings, costs = [], []
    for number in range(1, rounds + 1):
        entrants = [Entrant(p, points=points[p], rating=skill[p]) for p in skill]
        start = time.perf_counter()
        tables, byes, cost = pairer(entrants, history)
        timings.append((time.perf_counter() - start) * 1000)
        costs.append(cost)
        history.append(PlayedRound(tuple(PlayedTable(seats) for seats in tables), byes))
        played = tuple(
            rank_by_score([SeatResult(p, 0, score=skill[p] + rng.gauss(0, 1)) for p in seats])
            for seats in tables
        )
        results.append(RoundResult(number, played, byes))
        standings = compute_standings(entries, results, rules)
        points = {row.player: float(row.values[0]) for row in standings.rows}
    return timings, costs


def report(
    name: str, pairer: Pairer, players: int, args: argparse.Namespace, pp: PlacePoints
) -> None:
    timings: list[float] = []
    costs: list[dict[str, float]] = []
    for event in range(args.events):
        t, c = play_event(pairer, players, args.rounds, seed=event, place_points=pp)
        timings += t
        costs += c
    timings.sort()
    p95 = timings[min(len(timings) - 1, round(0.95 * (len(timings) - 1)))]
    averages = ", ".join(
        f"{key} {statistics.fmean(c[key] for c in costs):.2f}/round" for key in costs[0]
    )
    print(
        f"{name:<34} {len(timings):>4} calls  p50 {statistics.median(timings):8.1f} ms  "
        f"p95 {p95:8.1f} ms  max {timings[-1]:8.1f} ms  {averages}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--tables-players", type=int, default=200)
    parser.add_argument("--pairs-players", type=int, default=64)
    args = parser.parse_args()
    pin_to_one_core()
    print(f"{args.events} seeded events x {args.rounds} rounds each, one core")
    matrio = PlacePoints((4, 2, 1, 0))
    report(
        f"MatriO tables, {args.tables_players} players",
        tables_of_four,
        args.tables_players,
        args,
        matrio,
    )
    report("MatriO tables, 12 players (exact)", tables_of_four, 12, args, matrio)
    report(
        f"Integer Matrix pairs, {args.pairs_players} players",
        pairs,
        args.pairs_players,
        args,
        PlacePoints((1, 0)),
    )


if __name__ == "__main__":
    main()
