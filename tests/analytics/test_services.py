"""Task pings are queued only on commit and answered once; heartbeats are upserted."""

from __future__ import annotations

import socket
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from analytics import tasks, wakeups, worker
from analytics.models import TaskPing, WorkerHeartbeat
from analytics.worker import worker_heartbeats

pytestmark = pytest.mark.django_db


def test_a_ping_is_queued_only_when_the_transaction_commits(
    django_capture_on_commit_callbacks: Callable[..., Any],
    wakeups_sent: dict[str, list[dict[str, Any]]],
) -> None:
    sent = wakeups_sent[wakeups.ANSWER_PING]

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        ping = worker.task_ping_request(token="t1")
    assert sent == []  # nothing leaves before the commit

    callbacks[0]()

    assert sent == [{"ping_id": ping.pk}]


def test_answering_a_ping_twice_keeps_the_first_answer() -> None:
    ping = TaskPing.objects.create(token="t2")

    assert worker.task_ping_answer(ping_id=ping.pk, answered_by="w1") is True
    assert worker.task_ping_answer(ping_id=ping.pk, answered_by="w2") is False

    ping.refresh_from_db()
    assert ping.answered_by == "w1"


def test_the_task_answers_with_its_worker_hostname() -> None:
    ping = TaskPing.objects.create(token="t3")

    result = tasks.answer_ping.apply(kwargs={"ping_id": ping.pk})  # eager: this host

    assert result.get() is True
    ping.refresh_from_db()
    assert ping.answered_by == socket.gethostname()


def test_a_heartbeat_keeps_its_start_time_until_the_worker_restarts() -> None:
    start = timezone.now() - timedelta(minutes=5)
    worker.worker_heartbeat_record(hostname="w@a", starting=True, now=start)
    worker.worker_heartbeat_record(hostname="w@a")

    beat = WorkerHeartbeat.objects.get()
    assert beat.started_at == start
    assert beat.beat_at > start

    worker.worker_heartbeat_record(hostname="w@a", starting=True)
    assert WorkerHeartbeat.objects.get().started_at > start


def test_heartbeats_are_listed_freshest_first_with_their_age() -> None:
    now = timezone.now()
    worker.worker_heartbeat_record(hostname="old@a", now=now - timedelta(seconds=50))
    worker.worker_heartbeat_record(hostname="new@b", now=now - timedelta(seconds=5))

    beats = worker_heartbeats(now=now)

    assert [(b.hostname, round(b.age_seconds)) for b in beats] == [("new@b", 5), ("old@a", 50)]
