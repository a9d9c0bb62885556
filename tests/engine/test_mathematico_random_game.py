"""Seeded random Mathematico games: legal, complete, canonical and reproducible."""

from __future__ import annotations

import pytest

from games.engine.mathematico import random_game, replay, write_record
from games.engine.record import read_records


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_random_games_are_legal_complete_and_canonical(policy: str) -> None:
    for seed in range(20):
        text = random_game(seed, policy)
        (record,) = read_records(text)
        result = replay(record).json(0)
        assert result["ok"] is True
        assert all("." not in board for board in result["boards"].values())
        assert write_record(record) == text
        assert 1 <= len(result["scores"]) <= 4


def test_the_same_seed_gives_the_same_game() -> None:
    assert random_game(7) == random_game(7)
    assert random_game(7) != random_game(8)
    assert random_game(7, "greedy") != random_game(7)


def test_greedy_players_score_more_than_random_ones_on_average() -> None:
    def mean(policy: str) -> float:
        totals: list[int] = []
        for seed in range(30):
            (record,) = read_records(random_game(seed, policy))
            totals.extend(replay(record).json(0)["scores"].values())
        return sum(totals) / len(totals)

    assert mean("greedy") > mean("random")


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown policy 'clever'"):
        random_game(1, "clever")
