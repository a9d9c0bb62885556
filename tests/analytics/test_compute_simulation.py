"""Ratings against truth: small simulations of players with known skill."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from scipy.stats import spearmanr

from bench.rating_simulation import (
    bare_recovery,
    engine_scores,
    game_results,
    make_simulation,
    platform_recovery,
    simple_scores,
    spearman,
)


def test_spearman_matches_scipy_with_ties() -> None:
    rng = random.Random(3)
    xs = [rng.randint(0, 5) for _ in range(40)]
    ys = [x + rng.randint(-3, 3) for x in xs]
    assert spearman(xs, ys) == pytest.approx(spearmanr(xs, ys).statistic)
    assert spearman([1, 2, 3], [10, 20, 30]) == 1.0
    assert spearman([1, 2, 3], [3, 2, 1]) == -1.0


def test_every_player_plays_once_a_round_at_tables_of_four() -> None:
    sim = make_simulation(players=16, rounds=3, seed=1)
    assert len(sim.tables) == 12
    for round_ in (1, 2, 3):
        seated = Counter(p for t in sim.tables if t.round == round_ for p in t.players)
        assert set(seated.values()) == {1} and len(seated) == 16
    assert make_simulation(players=16, rounds=3, seed=1) == sim


def test_on_the_simple_simulation_the_platform_recovers_skill_as_well_as_openskill() -> None:
    sim = make_simulation(players=16, rounds=30, seed=2, spread="gauss")
    games = game_results(sim.tables, map(simple_scores, sim.tables), with_scores=False)
    ours = platform_recovery(sim, games, checkpoints=(5, 30))
    bare = bare_recovery(sim, games, checkpoints=(5, 30))
    assert [r.games for r in ours] == [5, 30]
    assert [r.spearman for r in ours] == pytest.approx([r.spearman for r in bare], abs=1e-9)
    assert ours[-1].spearman > 0.8


def test_stronger_engine_players_end_up_rated_higher() -> None:
    # eight players from random (0) to greedy (1) play 24 real MatriO games
    sim = make_simulation(skills=[i / 7 for i in range(8)], rounds=12, seed=3)
    scores = [engine_scores(table) for table in sim.tables]
    games = game_results(sim.tables, scores, with_scores=True)
    assert any(s.withdrawn for g in games for s in g.seats)
    recovery = platform_recovery(sim, games, checkpoints=(12,))
    assert recovery[0].spearman >= 0.75
