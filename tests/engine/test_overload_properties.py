"""MATR1X 0VERL0AD properties over seeded bot games (Hypothesis)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.overload import format_move, parse_move, random_game, write_record
from games.engine.overload.cards import FULL_DECK
from games.engine.overload.position import State, placements
from games.engine.overload.random_game import MAX_PLIES, play
from games.engine.overload.records import judge, start
from games.engine.overload.rules import apply, legal_moves
from games.engine.record import read_records

from .test_overload_decks import replayed

seeds = st.integers(min_value=0, max_value=2**32 - 1)
policies = st.sampled_from(["random", "greedy"])
FAST = settings(max_examples=25, deadline=None)


def key(state: State) -> tuple[object, ...]:
    return (state.deck, state.piles, state.royals, state.ice, state.dead)


def walk(text: str) -> list[State]:
    """Every state of a written game, from the end of the setup to the end."""
    done = judge(read_records(text)[0])
    assert done.deck is not None
    states = [start(done.deck, done.setup)]
    for move in done.moves:
        states.append(apply(states[-1], move))
    return states


@FAST
@given(seed=seeds, policy=policies)
def test_the_54_cards_are_conserved_at_every_ply(seed: int, policy: str) -> None:
    for state in walk(random_game(seed, policy)):
        assert sorted(state.cards()) == sorted(FULL_DECK)
        assert not state.pending


@FAST
@given(seed=seeds, policy=policies)
def test_a_bot_game_always_ends_in_a_win_or_a_loss(seed: int, policy: str) -> None:
    out = replayed(random_game(seed, policy))
    assert out["ok"] is True
    assert out["result"] in ("win", "loss")
    assert (out["cards_left"] is not None) == (out["result"] == "win")


@FAST
@given(seed=seeds, policy=policies)
def test_the_bot_declares_loop_only_when_a_position_repeats(seed: int, policy: str) -> None:
    states = walk(random_game(seed, policy))
    seen = {key(state) for state in states[:-2]}
    ended_by_loop = states[-1].end == "loop"
    assert ended_by_loop == (key(states[-2]) in seen or states[-2].ply >= MAX_PLIES)


@FAST
@given(seed=seeds, policy=policies)
def test_replaying_the_written_game_gives_the_bots_own_result(seed: int, policy: str) -> None:
    _, done = play(seed, policy)
    out = replayed(random_game(seed, policy))
    assert {k: out[k] for k in ("result", "reason", "royals_killed", "cards_left")} == (
        done.fields()
    )


@FAST
@given(seed=seeds, policy=policies)
def test_written_games_are_canonical_byte_for_byte(seed: int, policy: str) -> None:
    text = random_game(seed, policy)
    assert write_record(read_records(text)[0]) == text


@FAST
@given(seed=seeds)
def test_a_game_without_echoes_replays_the_same(seed: int) -> None:
    text = random_game(seed)
    header, movetext = text.split("\n\n", 1)
    bare = header + "\n\n" + re.sub(r"\b[0-9AJQKTX][SHDCBR]:", "", movetext)
    assert ":" not in bare.split("\n\n", 1)[1]
    assert replayed(bare) == replayed(text)
    assert write_record(read_records(bare)[0]) == text


@FAST
@given(seed=seeds)
def test_every_legal_move_reads_back_as_itself_along_a_game(seed: int) -> None:
    for state in walk(random_game(seed))[:-1]:
        for move in legal_moves(state):
            assert parse_move(state, format_move(move)) == move
        assert placements(state)  # the drawn card always has somewhere to go


def test_the_same_seed_gives_the_same_game() -> None:
    assert random_game(7) == random_game(7)
    assert random_game(7, "greedy") == random_game(7, "greedy")


def test_an_unknown_policy_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown policy 'clever'"):
        random_game(1, "clever")


def test_a_bot_caught_in_a_repeating_position_declares_loop() -> None:
    looped = next(
        text for text in (random_game(seed, "greedy") for seed in range(100)) if "LOOP" in text
    )
    assert looped.rstrip().endswith("LOOP")
    assert replayed(looped)["reason"] == "loop"
