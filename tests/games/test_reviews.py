"""Post-game reviews: worked out by the worker when a game finishes, kept per record, shown on
the game page and in the API (issue #16)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from django.test import Client

from analytics import wakeups
from games import services
from games.models import Game, GameReview
from games.reviews import game_review_store, games_awaiting_review, games_to_review
from tests.games.helpers import Cast, live_matrio, record

pytestmark = pytest.mark.django_db


def finished_game(cast: Cast, capture: Any) -> Game:
    """A finished Integer Matrix game with its moves (quick to review), typed in (pasted)."""
    with capture(execute=True):
        report = services.games_import_mgn(club=cast.club, text=record("integer-matrix", 2))
    return Game.objects.get(pk=report.games[0].game_id)


def test_a_finished_game_queues_its_review_and_the_worker_keeps_it(
    cast: Cast, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    monkeypatch.setattr(wakeups, "send", lambda name, **kwargs: sent[name].append(kwargs))

    game = finished_game(cast, django_capture_on_commit_callbacks)

    assert game.status == Game.Status.FINISHED and game.ply > 0
    assert sent[wakeups.REVIEW_GAMES] == [{"game_ids": [game.pk]}]
    assert games_awaiting_review() == [game.pk]
    kept = game_review_store(game_id=game.pk)
    assert kept is not None and games_awaiting_review() == []
    moves = kept.review["moves"]
    assert len(moves) == game.ply
    assert {move["grade"] for move in moves} <= {"good", "inaccuracy", "mistake", "blunder"}
    assert all(move["loss"] is None or move["loss"] >= 0 for move in moves)
    assert set(kept.review["summary"]) == set(game.seats.values_list("role", flat=True))
    assert game_review_store(game_id=game.pk) == kept  # current: not worked out again


def test_a_game_that_is_no_longer_finished_loses_its_review(
    cast: Cast, django_capture_on_commit_callbacks: Any
) -> None:
    game = finished_game(cast, django_capture_on_commit_callbacks)
    game_review_store(game_id=game.pk)

    Game.objects.filter(pk=game.pk).update(status=Game.Status.LIVE)  # as an undo reopens it
    game_review_store(game_id=game.pk)

    assert not GameReview.objects.filter(game=game).exists()


def test_the_page_and_the_api_show_the_review_once_worked_out(
    cast: Cast, django_capture_on_commit_callbacks: Any
) -> None:
    game = finished_game(cast, django_capture_on_commit_callbacks)
    client = Client()

    waiting_page = client.get(f"/games/{game.pk}/").content.decode()
    waiting_api = client.get(f"/api/games/{game.pk}/review/")
    game_review_store(game_id=game.pk)
    page = client.get(f"/games/{game.pk}/").content.decode()
    api = client.get(f"/api/games/{game.pk}/review/")

    assert "is being worked out" in waiting_page
    assert waiting_api.status_code == 404 and "no review yet" in waiting_api.json()["message"]
    assert api.status_code == 200 and len(api.json()["moves"]) == game.ply
    assert 'id="review-heading"' in page and "Average loss a move" in page
    assert all(seat.name in page for seat in game.seats.all())
    assert api.json()["players"] == {seat.role: seat.name for seat in game.seats.all()}


def test_a_live_game_has_no_review(cast: Cast) -> None:
    live = live_matrio(cast)

    assert game_review_store(game_id=live.pk) is None
    assert Client().get(f"/api/games/{live.pk}/review/").status_code == 404
    assert 'id="review-heading"' not in Client().get(f"/games/{live.pk}/").content.decode()


def test_a_sweep_finds_a_finished_game_whose_review_was_lost_and_imports_are_left_alone(
    cast: Cast, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from analytics.recovery import analytics_sweep

    sent: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    monkeypatch.setattr(wakeups, "send", lambda name, **kwargs: sent[name].append(kwargs))
    typed = finished_game(cast, django_capture_on_commit_callbacks)
    imported = services.games_import_mgn(
        club=cast.club, text=record("integer-matrix", 3), source=Game.Source.IMPORTED
    ).games[0]
    sent.clear()

    report = analytics_sweep(now=timezone.now() + timedelta(minutes=5))

    assert sent[wakeups.REVIEW_GAMES] == [{"game_ids": [typed.pk]}]
    assert report.reviews == 1 and imported.game_id not in games_awaiting_review()
    assert games_to_review([typed.pk, imported.game_id]) == [typed.pk]  # the task's filter
    assert game_review_store(game_id=imported.game_id) is None
