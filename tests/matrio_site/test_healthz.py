"""/healthz reports database, broker and worker; 200 only when all three are green."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from pytest_django import Settings

from analytics.worker import worker_heartbeat_record
from matrio_site.celery import app

pytestmark = pytest.mark.django_db


def test_it_is_green_with_a_fresh_worker_heartbeat(client: Client) -> None:
    worker_heartbeat_record(hostname="worker-1@club", starting=True)

    response = client.get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"]["ok"] is True
    assert body["worker"]["ok"] is True
    assert body["worker"]["workers"][0]["hostname"] == "worker-1@club"
    assert body["worker"]["heartbeat_age_s"] < 5
    assert response["Cache-Control"].startswith("max-age=0")


def test_it_fails_when_the_newest_heartbeat_is_stale(client: Client, settings: Settings) -> None:
    settings.WORKER_HEARTBEAT_MAX_AGE = 30
    worker_heartbeat_record(hostname="w@club", now=timezone.now() - timedelta(seconds=31))

    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "fail"
    assert body["worker"]["ok"] is False
    assert "older than 30 s" in body["worker"]["error"]
    assert body["database"]["ok"] is True


def test_one_fresh_worker_among_stale_ones_is_enough(client: Client) -> None:
    worker_heartbeat_record(hostname="old@a", now=timezone.now() - timedelta(hours=1))
    worker_heartbeat_record(hostname="new@b")

    response = client.get("/healthz")

    assert response.status_code == 200
    assert [w["hostname"] for w in response.json()["worker"]["workers"]] == ["new@b", "old@a"]


def test_it_fails_when_no_worker_ever_beat(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["worker"]["error"] == "no worker has written a heartbeat"


def test_it_fails_when_the_broker_cannot_be_reached(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker_heartbeat_record(hostname="w@club")
    # Port 9 (discard) has no Redis: the connection is refused at once.
    monkeypatch.setitem(app.conf, "broker_write_url", "redis://127.0.0.1:9/0")

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["broker"]["ok"] is False
    assert response.json()["worker"]["ok"] is True
