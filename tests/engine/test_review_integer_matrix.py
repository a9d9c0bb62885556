"""Post-game review of the Integer Matrix: alpha-beta against every move played."""

from __future__ import annotations

import random

from games.engine.integer_matrix import random_game, score_sheet
from games.engine.integer_matrix.board import CENTRE, Disc, Move, setup_colour
from games.engine.integer_matrix.notation import format_move, format_setup
from games.engine.integer_matrix.random_game import random_disc
from games.engine.integer_matrix.records import read_scoring, read_setup_tag
from games.engine.integer_matrix.rules import Options, State, legal_moves, new_game, play
from games.engine.record import read_records
from games.engine.review import review
from games.engine.review.grades import INTEGER_MATRIX, GameReview
from games.engine.review.integer_matrix import Position, evaluate
from games.engine.review.integer_matrix import review as review_integer_matrix

DEPTH = 2  # the tests search 2 plies (the review's default is 3) to stay fast


def record_of(setup: tuple[tuple[int, Disc], ...], scoring: str, moves: list[Move]) -> str:
    items = format_setup([(sq, disc, setup_colour(sq)) for sq, disc in setup])
    body = "\n".join(f"{ply}. {format_move(m)}" for ply, m in enumerate(moves, start=1))
    return (
        f'[Game "integer-matrix"]\n[Negative "N"]\n[Positive "P"]\n[Scoring "{scoring}"]\n'
        f'[Setup "{items}"]\n\n{body}\n'
    )


def play_game(seed: int, bad_at: int | None = None) -> tuple[str, int | None]:
    """A game where both sides play the search's best move; at ply ``bad_at`` (if given) the
    mover plays the legal move the search values lowest. Returns the record and that ply."""
    rng = random.Random(seed)
    setup = tuple((square, random_disc(rng)) for square in CENTRE)
    state: State = new_game(Options(setup, "rect"))
    moves: list[Move] = []
    while state.end is None:
        disc = random_disc(rng)
        best, _, _ = evaluate(state, disc, depth=DEPTH)
        move = best
        if bad_at is not None and state.ply + 1 == bad_at:
            valued = [
                (evaluate(state, disc, m, depth=DEPTH)[2], m) for m in legal_moves(state, disc)
            ]
            move = min(valued, key=lambda item: item[0] or 0)[1]
        moves.append(move)
        state, _ = play(state, move)
    return record_of(setup, "rect", moves), bad_at


def reviewed(text: str) -> GameReview:
    return review_integer_matrix(read_records(text)[0], depth=DEPTH)


def test_the_search_scores_every_placement_like_the_engine() -> None:
    for seed in range(4):
        record = read_records(random_game(seed))[0]
        setup = read_setup_tag(record)
        assert setup is not None
        state = new_game(Options(setup, read_scoring(record)))
        for turn in score_sheet(record):
            position = Position.of(state)
            found = {(p[0], p[1]): p for p in position.placements()}
            legal = {(1 if m.colour == "W" else 2, m.square) for m in legal_moves(state)}
            assert set(found) == legal
            placement = found[(1 if turn.move.colour == "W" else 2, turn.move.square)]
            score, _, _ = position.play(placement, turn.move.disc)
            assert score == turn.score
            state, _ = play(state, turn.move)


def test_a_game_played_by_the_search_is_all_good() -> None:
    text, _ = play_game(11)

    done = reviewed(text)

    assert done.moves
    assert {m.grade for m in done.moves} == {"good"}
    assert all(m.loss == 0 and m.played == m.best for m in done.moves)


def test_the_worst_move_is_graded_worse_than_good() -> None:
    for bad_at in (6, 9, 12, 15):
        text, _ = play_game(12, bad_at)
        move = reviewed(text).moves[bad_at - 1]
        assert move.loss >= 0
        if move.loss >= INTEGER_MATRIX.inaccuracy:
            assert move.grade != "good"
            assert move.best != move.played
            return
    raise AssertionError("the worst move never lost a point")


def test_losses_are_never_negative_and_the_json_shape() -> None:
    done = review("integer-matrix", random_game(3, "random"))

    assert all(m.loss >= 0 for m in done.moves)
    assert all(m.best_value is not None and m.value is not None for m in done.moves)
    assert all(m.best_value >= m.value for m in done.moves)  # type: ignore[operator]
    data = done.json()
    assert data["game"] == "integer-matrix"
    assert set(data["summary"]) == {"negative", "positive"}
    assert data["moves"][0]["player"] == "negative" and data["moves"][1]["player"] == "positive"
    assert data["thresholds"] == {"inaccuracy": 4.0, "mistake": 10.0, "blunder": 20.0}
