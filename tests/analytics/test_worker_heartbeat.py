"""Worker signals start and stop the heartbeat that /healthz reads."""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest
from pytest_django import Settings

from analytics import worker
from analytics.models import WorkerHeartbeat


@pytest.mark.django_db(transaction=True)
def test_a_ready_worker_beats_at_once_and_is_forgotten_on_shutdown(
    settings: Settings,
) -> None:
    settings.WORKER_HEARTBEAT_INTERVAL = 3600  # only the immediate beat during this test
    sender = SimpleNamespace(hostname="w1@club")

    worker.start_heartbeat(sender=sender)
    try:
        assert WorkerHeartbeat.objects.filter(hostname="w1@club").exists()
        thread = worker._thread
        assert thread is not None and thread.is_alive()
        worker.start_heartbeat(sender=sender)  # a restarted consumer announces itself again
        assert worker._thread is thread
    finally:
        worker.stop_heartbeat(sender=sender)

    assert not worker._thread.is_alive()
    assert not WorkerHeartbeat.objects.exists()


def test_the_beat_thread_beats_every_interval_until_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    beats: list[str] = []
    three = threading.Event()

    def beat(hostname: str, *, starting: bool = False) -> None:
        beats.append(hostname)
        if len(beats) == 3:
            three.set()

    monkeypatch.setattr(worker, "_beat", beat)
    worker._stop.clear()
    thread = threading.Thread(target=worker._beat_until_stopped, args=("w@x", 0.01))
    thread.start()
    try:
        assert three.wait(timeout=30)
    finally:
        worker._stop.set()
        thread.join(timeout=30)

    assert not thread.is_alive()
    assert set(beats) == {"w@x"}
