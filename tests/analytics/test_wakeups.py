"""Worker tasks are queued by name after commit; a broker that is down is logged, never raised."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest
from kombu.exceptions import OperationalError

from analytics import tasks, wakeups

pytestmark = pytest.mark.django_db


class FakeApp:
    """Stands in for the Celery app: records what is sent, or fails like a broker that is down."""

    def __init__(self, *, down: bool = False) -> None:
        self.down = down
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def send_task(self, name: str, kwargs: dict[str, Any]) -> None:
        if self.down:
            raise OperationalError("Error 111 connecting to the broker. Connection refused.")
        self.sent.append((name, kwargs))


def test_every_task_is_declared_under_the_name_the_writes_queue() -> None:
    assert {
        tasks.answer_ping.name: wakeups.ANSWER_PING,
        tasks.games_finished.name: wakeups.GAMES_FINISHED,
        tasks.process_dirty.name: wakeups.PROCESS_DIRTY,
        tasks.recompute.name: wakeups.RECOMPUTE,
        tasks.card_impact_refresh.name: wakeups.CARD_IMPACT_REFRESH,
        tasks.mathematico_refresh.name: wakeups.MATHEMATICO_REFRESH,
        tasks.review_games.name: wakeups.REVIEW_GAMES,
    } == {name: name for key, name in vars(wakeups).items() if key.isupper()}


def test_a_task_leaves_only_when_the_transaction_commits(
    django_capture_on_commit_callbacks: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = FakeApp()
    monkeypatch.setattr(wakeups, "current_app", app)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        wakeups.queue(wakeups.PROCESS_DIRTY, kind="matrio")
    assert app.sent == []

    callbacks[0]()

    assert app.sent == [("analytics.process_dirty", {"kind": "matrio"})]


def test_a_broker_that_is_down_is_logged_never_raised_into_the_request(
    django_capture_on_commit_callbacks: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(wakeups, "current_app", FakeApp(down=True))

    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True):
        wakeups.queue(wakeups.GAMES_FINISHED, game_ids=[1, 2])

    assert "Connection refused" in caplog.text


def test_after_a_failed_send_the_next_wakeups_wait_for_the_sweep(
    django_capture_on_commit_callbacks: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    down = FakeApp(down=True)
    monkeypatch.setattr(wakeups, "current_app", down)
    with caplog.at_level(logging.WARNING), django_capture_on_commit_callbacks(execute=True):
        wakeups.queue(wakeups.GAMES_FINISHED, game_ids=[1])
        wakeups.queue_games(wakeups.PROCESS_DIRTY, [2])  # not tried: one timeout per request
    assert "not sent (the broker failed a moment ago)" in caplog.text

    up = FakeApp()
    monkeypatch.setattr(wakeups, "current_app", up)
    wakeups.resume_sending()
    with django_capture_on_commit_callbacks(execute=True):
        wakeups.queue(wakeups.PROCESS_DIRTY, kind="matrio")
    assert up.sent == [("analytics.process_dirty", {"kind": "matrio"})]
