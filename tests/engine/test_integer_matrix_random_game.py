"""Seeded random Integer Matrix games: deterministic, legal, complete, varied."""

from __future__ import annotations

import random
import re

import pytest

from games.engine.integer_matrix import random_game, score_sheet
from games.engine.integer_matrix.board import setup_colour, square_index
from games.engine.integer_matrix.notation import read_setup
from games.engine.integer_matrix.random_game import matrix_score, random_disc
from games.engine.integer_matrix.records import read_scoring, read_setup_tag
from games.engine.integer_matrix.rules import Options, legal_moves, new_game, play
from games.engine.record import read_records
from games.engine.replay import replay_text


def test_the_same_seed_and_policy_give_the_same_game() -> None:
    assert random_game(11) == random_game(11)
    assert random_game(11, "greedy") == random_game(11, "greedy")
    assert random_game(11) != random_game(12)


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown policy 'clever': use one of random, greedy"):
        random_game(1, "clever")


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_random_games_are_legal_and_complete(policy: str) -> None:
    for seed in range(5):
        (result,) = replay_text(random_game(seed, policy))
        assert result["ok"] is True
        assert result["finished"] is True
        assert result["end"] in ("full", "blocked")
        assert result["claims"] == []


def test_the_setup_lies_by_the_colour_rule_with_sound_random_discs() -> None:
    faces = set()
    for seed in range(8):
        value = re.search(r'\[Setup "([^"]*)"\]', random_game(seed))
        assert value is not None
        for item in read_setup(value.group(1)):
            square = square_index(item.square)
            assert square is not None
            assert item.colour == setup_colour(square)
            assert item.disc.sound
            faces.add(item.disc)
    assert len(faces) > 20


def test_drawn_discs_carry_the_positive_face_on_either_colour() -> None:
    rng = random.Random(5)
    drawn = [random_disc(rng) for _ in range(200)]
    assert all(disc.sound for disc in drawn)
    assert any(disc.white > 0 for disc in drawn)
    assert any(disc.black > 0 for disc in drawn)


def test_both_scoring_rules_occur() -> None:
    scorings = {read_scoring(read_records(random_game(seed))[0]) for seed in range(10)}
    assert scorings == {"rect", "line"}


def test_the_greedy_policy_takes_the_best_matrix_score_for_the_mover() -> None:
    record = read_records(random_game(3, "greedy"))[0]
    setup = read_setup_tag(record)
    assert setup is not None
    state = new_game(Options(setup, read_scoring(record)))
    for turn in score_sheet(record):
        sign = 1 if turn.player == "positive" else -1
        best = max(sign * matrix_score(state, move) for move in legal_moves(state, turn.move.disc))
        assert sign * turn.score == best
        state = play(state, turn.move)[0]


def test_greedy_players_drive_their_net_scores_farther_apart_than_random_ones() -> None:
    def spread(policy: str) -> int:
        total = 0
        for seed in range(6):
            (result,) = replay_text(random_game(seed, policy))
            total += result["scores"]["positive"] - result["scores"]["negative"]
        return total

    assert spread("greedy") > 2 * spread("random")
