"""Properties of random legal MatriO games (Hypothesis over seeds and policies)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.matrio import Options, apply, legal_moves, new_game, random_game, scores
from games.engine.matrio.board import LINE_TRAYS, cell_scores
from games.engine.matrio.cards import VALUE
from games.engine.matrio.records import play, write_record
from games.engine.record import read_records

from .matrio_positions import replay_one

seeds = st.integers(min_value=0, max_value=2**32)
policies = st.sampled_from(["random", "greedy", "mixed:0.5"])


def _value(card: str | None) -> int:
    return 0 if card is None else VALUE[card]


@settings(max_examples=60, deadline=None)
@given(seed=seeds, opening=st.sampled_from(["2C", "any"]))
def test_a_legal_move_always_exists_and_every_invariant_holds(seed: int, opening: str) -> None:
    rng = random.Random(seed)
    state = new_game(Options(opening=opening))
    while state.to_move is not None:
        moves = legal_moves(state)
        assert moves, "the player to move must always have a legal move"
        after = apply(state, rng.choice(moves))
        for before_owner, after_owner in zip(state.owners, after.owners, strict=True):
            assert before_owner is None or before_owner == after_owner
        cells = cell_scores(after.tops)
        rows = [[_value(after.tops[t]) for t in LINE_TRAYS[r]] for r in range(3)]
        cols = [[_value(after.tops[t]) for t in LINE_TRAYS[3 + c]] for c in range(3)]
        identity = sum(
            sum(rows[r][s] for r in range(3)) * sum(cols[c][s] for c in range(3)) for s in range(4)
        )
        assert sum(cells) == identity
        state = after
    discarded = sum(13 - state.counts[s] for s in range(4) if state.withdrawn[s])
    assert state.ply == 52 - discarded
    assert not any(state.counts[s] < 13 for s in range(4) if not state.withdrawn[s])
    assert 0 <= sum(state.withdrawn) <= 3
    assert all(owner is not None for owner in state.owners)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, policy=policies)
def test_canonical_records_round_trip_byte_for_byte(seed: int, policy: str) -> None:
    text = random_game(seed, policy)
    (record,) = read_records(text)
    assert write_record(record) == text
    result = replay_one(text)
    assert result["ok"] is True and result["finished"] is True
    state = play(record).state
    assert result["scores"] == scores(state)
    assert result["plies"] == state.ply


@settings(max_examples=30, deadline=None)
@given(seed=seeds)
def test_a_sloppy_record_is_written_back_canonically(seed: int) -> None:
    text = random_game(seed)
    header, movetext = text.split("\n\n")
    sloppy_moves = " ".join(
        f"{i}. {t.lower().replace('>', '-').rstrip('+')}" if i % 3 == 0 else t
        for i, t in enumerate(movetext.split(), start=1)
    )
    sloppy = header.replace("[Game", "{a comment}\n[Game") + "\n\n" + sloppy_moves + " ; end\n"
    (record,) = read_records(sloppy)
    assert write_record(record) == text
    assert replay_one(sloppy) == replay_one(text)
