"""The review's method and notes are phrased by the site from the engine's figures."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine.matrio import random_game
from games.engine.record import read_records
from games.engine.review import review
from games.reviews import review_method, review_rows


def matrio_review() -> dict[str, object]:
    record = next(iter(read_records(random_game(7))))
    return review("matrio", record).json()


def test_the_engine_gives_the_figures_of_its_method() -> None:
    found = matrio_review()
    assert set(found["method_params"]) == {"depth", "hands", "samples"}


def test_the_method_is_phrased_in_english_from_the_figures() -> None:
    found = matrio_review()
    with translation.override("en"):
        text = review_method(found)
    params = found["method_params"]
    assert f"{params['depth']} plies" in text
    assert "random deals of the unseen cards" in text or "the recorded hands" in text


def test_an_older_review_without_figures_keeps_the_engines_sentence() -> None:
    old = {"game": "matrio", "method": "every legal move, 4 plies", "moves": [], "summary": {}}
    assert review_method(old) == "every legal move, 4 plies"


@pytest.mark.parametrize("language", ["cs", "it"])
def test_the_method_follows_the_readers_language(language: str) -> None:
    found = matrio_review()
    with translation.override("en"):
        english = review_method(found)
    with translation.override(language):
        assert review_method(found) != english


def test_a_solver_note_is_translated_on_the_move_rows() -> None:
    found = {
        "game": "matrix-overload",
        "players": {},
        "summary": {},
        "moves": [
            {"player": "P1", "grade": "good", "note": "unknown: the solver's limit was reached"}
        ],
    }
    with translation.override("en"):
        _, moves = review_rows(found)
    assert moves[0]["note"] == "unknown: the search's limit was reached"
