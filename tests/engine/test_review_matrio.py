"""Post-game review of MatriO: every legal move of the mover, one round deep."""

from __future__ import annotations

import random
import re

from games.engine.matrio import random_game
from games.engine.matrio.cards import BIT
from games.engine.matrio.random_game import deal
from games.engine.matrio.records import TAG_ORDER, result_string
from games.engine.matrio.rules import (
    SEATS,
    Move,
    Options,
    State,
    apply,
    format_move,
    legal_trays,
    new_game,
    playable_cards,
    scores,
)
from games.engine.record import RawRecord, read_records, write_header
from games.engine.review import review
from games.engine.review.grades import MATRIO, GameReview
from games.engine.review.matrio import Sim, best_of, evaluate, margin
from games.engine.review.matrio import review as review_matrio

DEPTH = 2  # the tests look 2 plies ahead (the review's default is 4) to stay fast


def play_game(seed: int, bad_at: int | None = None) -> str:
    """Every move the search's best, except the move it values lowest at ply ``bad_at``."""
    rng = random.Random(seed)
    hands = deal(rng)
    state = new_game(Options(hands=tuple(sum(BIT[c] for c in hand) for hand in hands)))
    tokens = []
    while state.to_move is not None:
        values = evaluate(state, (), depth=DEPTH)
        move = best_of(values)
        if state.ply + 1 == bad_at:
            move = min(values, key=values.__getitem__)
        after = apply(state, move)
        won = sum(1 for a, b in zip(state.owners, after.owners, strict=True) if a != b)
        tokens.append(format_move(move, won))
        state = after
    values_ = {seat: f"Player {i + 1}" for i, seat in enumerate(SEATS)}
    values_.update({f"Hand{i + 1}": " ".join(hand) for i, hand in enumerate(hands)})
    values_["Result"] = result_string(state)
    header = write_header(RawRecord(index=0, line=1), "matrio", TAG_ORDER, values_)
    return header + "\n" + " ".join(tokens) + "\n"


def reviewed(text: str, **options: int) -> GameReview:
    return review_matrio(read_records(text)[0], depth=options.pop("depth", DEPTH), **options)


def test_the_search_board_follows_the_engine() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        hands = deal(rng)
        state: State = new_game(Options(hands=tuple(sum(BIT[c] for c in h) for h in hands)))
        sim = Sim.of(state, hands)
        while state.to_move is not None:
            assert sim.to_move == state.to_move
            for card in playable_cards(state):
                assert sim.trays(card) == list(legal_trays(state, card))
            card = rng.choice(playable_cards(state))
            tray = rng.choice(legal_trays(state, card))
            state = apply(state, Move(card, tray))
            sim.play(card, tray)
            totals = scores(state)
            assert sim.owners == [-1 if o is None else o for o in state.owners]
            assert sim.withdrawn == list(state.withdrawn)
            assert [t or 0 for t in totals.values()] == [
                0 if sim.withdrawn[q] else sim.totals()[q] for q in range(4)
            ]
        assert sim.to_move == -1
        assert margin(sim, 0) == (totals["P1"] or 0) - max(
            (v for k, v in totals.items() if k != "P1" and v is not None), default=0
        )


def test_the_greedy_reply_is_a_legal_move_that_gains_most() -> None:
    rng = random.Random(3)
    hands = deal(rng)
    state = new_game(Options(hands=tuple(sum(BIT[c] for c in h) for h in hands)))
    state = apply(state, Move("2C", legal_trays(state, "2C")[0]))  # the opening is forced
    while state.to_move is not None:
        seat = state.to_move
        card, tray = Sim.of(state, _hands_left(state, hands)).greedy()
        before = scores(state)[SEATS[seat]] or 0
        gains = [
            (scores(apply(state, Move(c, t)))[SEATS[seat]] or 0) - before
            for c in playable_cards(state)
            for t in legal_trays(state, c)
        ]
        assert tray in legal_trays(state, card)
        assert (scores(apply(state, Move(card, tray)))[SEATS[seat]] or 0) - before == max(gains)
        state = apply(state, Move(card, tray))


def _hands_left(state: State, hands: tuple[tuple[str, ...], ...]) -> list[list[str]]:
    return [[c for c in hand if not state.played & BIT[c]] for hand in hands]


def test_a_game_played_by_the_search_is_all_good() -> None:
    done = reviewed(play_game(5))

    assert len(done.moves) >= 40
    assert {m.grade for m in done.moves} == {"good"}
    assert all(m.loss == 0 for m in done.moves)


def test_the_worst_move_is_graded_worse_than_good() -> None:
    for bad_at in (30, 34, 38, 42):
        move = reviewed(play_game(6, bad_at)).moves[bad_at - 1]
        assert move.loss >= 0
        if move.loss >= MATRIO.inaccuracy:
            assert move.grade != "good" and move.best != move.played
            return
    raise AssertionError("the worst move never cost a point")


def test_without_hands_the_unseen_cards_are_sampled_and_the_review_repeats() -> None:
    text = re.sub(r'\[Hand\d "[^"]*"\]\n', "", random_game(8, "greedy"))

    first = reviewed(text, samples=2)
    second = reviewed(text, samples=2)

    assert first == second
    assert all(m.loss >= 0 for m in first.moves)
    assert "2 random deals" in first.method


def test_the_json_shape() -> None:
    data = review("matrio", random_game(2, "random")).json()

    assert data["game"] == "matrio"
    assert set(data["summary"]) == {"P1", "P2", "P3", "P4"}
    first = data["moves"][0]
    assert first["ply"] == 1 and first["player"] == "P1"
    assert first["played"].startswith("2C>") and first["best"].startswith("2C>")
    assert all(move["loss"] >= 0 for move in data["moves"])
    assert data["thresholds"] == MATRIO._asdict()
