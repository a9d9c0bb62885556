"""Grades of the post-game review and the ``review`` entry point shared by the four games."""

from __future__ import annotations

import json

import pytest

from games.engine import live
from games.engine.core import EngineError, RecordError
from games.engine.integer_matrix import random_game as integer_matrix_game
from games.engine.record import read_records
from games.engine.review import KINDS, review
from games.engine.review.grades import (
    INTEGER_MATRIX,
    MATHEMATICO,
    THRESHOLDS,
    GameReview,
    judged,
)


def test_every_game_has_thresholds_that_grow() -> None:
    assert set(THRESHOLDS) == set(KINDS)
    for thresholds in THRESHOLDS.values():
        assert 0 < thresholds.inaccuracy <= thresholds.mistake <= thresholds.blunder


@pytest.mark.parametrize(
    ("loss", "grade"),
    [(0, "good"), (9.99, "good"), (10, "inaccuracy"), (25, "mistake"), (60, "blunder")],
)
def test_a_loss_is_graded_by_the_thresholds(loss: float, grade: str) -> None:
    assert MATHEMATICO.grade(loss) == grade


def test_a_move_at_least_as_good_as_the_search_s_is_the_best_move() -> None:
    move = judged(
        INTEGER_MATRIX, ply=3, player="negative", played="a", best="b", value=7, best_value=5
    )

    assert (move.best, move.best_value, move.loss, move.grade) == ("a", 7, 0, "good")


def test_unknown_values_lose_nothing() -> None:
    move = judged(MATHEMATICO, ply=1, player="x", played="a", best="a", value=None, best_value=None)

    assert (move.loss, move.grade) == (0.0, "good")


def test_the_summary_averages_the_loss_per_move_of_each_player() -> None:
    moves = tuple(
        judged(MATHEMATICO, ply=p, player=who, played="a", best="b", value=0, best_value=loss)
        for p, who, loss in [(1, "x", 0), (1, "y", 30), (2, "x", 12), (2, "y", 90)]
    )
    summary = GameReview("mathematico", moves).json()["summary"]

    assert summary == {
        "x": {
            "moves": 2,
            "average_loss": 6.0,
            "grades": {"good": 1, "inaccuracy": 1, "mistake": 0, "blunder": 0},
        },
        "y": {
            "moves": 2,
            "average_loss": 60.0,
            "grades": {"good": 0, "inaccuracy": 0, "mistake": 1, "blunder": 1},
        },
    }
    json.dumps(summary)


def test_review_takes_the_kind_from_the_record_text_record_or_live_game() -> None:
    text = integer_matrix_game(2)
    record = read_records(text)[0]
    stored = live.from_record(record).game

    by_text = review(None, text)

    assert by_text.game == "integer-matrix"
    assert review("integer-matrix", record) == by_text
    assert review(None, stored) == by_text
    json.dumps(by_text.json())


def test_review_refuses_a_wrong_kind_an_unknown_kind_and_an_illegal_record() -> None:
    text = integer_matrix_game(2)
    with pytest.raises(RecordError, match="not of matrio"):
        review("matrio", text)
    with pytest.raises(RecordError, match="unknown game"):
        review("chess", text.replace("integer-matrix", "chess"))
    lines = text.splitlines()
    broken = "\n".join(
        line.replace("2. ", "2. +1/+1 ") if line.startswith("2. ") else line for line in lines
    )
    with pytest.raises(EngineError):
        review(None, broken)
