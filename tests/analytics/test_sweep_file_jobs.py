"""The worker's sweep sends again the imports and exports whose worker died or whose message
was lost (an import then goes on where it stopped)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from analytics.recovery import analytics_sweep
from clubs.models import Club
from games.jobs import FileJob

pytestmark = pytest.mark.django_db


def job(status: str, minutes_ago: float) -> FileJob:
    club, _ = Club.objects.get_or_create(slug="sweep", defaults={"name": "Sweep Club"})
    made = FileJob.objects.create(
        kind="import", club=club, name="history.mgn", status=status, worker="gone@host#1"
    )
    then = timezone.now() - timedelta(minutes=minutes_ago)
    FileJob.objects.filter(pk=made.pk).update(updated_at=then)
    return made


def test_a_lost_running_job_and_a_long_waiting_one_are_queued_again(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    lost, waiting, fresh = job("running", 10), job("queued", 10), job("queued", 0)
    finished = job("done", 10)
    with django_capture_on_commit_callbacks() as sent:
        report = analytics_sweep()
    assert sorted(report.file_jobs) == sorted([lost.pk, waiting.pk])
    assert len(sent) == 2  # one wake-up each, sent once the sweep commits
    for again in (lost, waiting):
        again.refresh_from_db()
        assert (again.status, again.worker) == ("queued", "")
    fresh.refresh_from_db()
    finished.refresh_from_db()
    assert (fresh.status, finished.status) == ("queued", "done")


def test_a_job_queued_again_waits_its_time_before_the_next_sweep_sends_it_again(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    job("running", 10)
    with django_capture_on_commit_callbacks():
        assert analytics_sweep().file_jobs
    with django_capture_on_commit_callbacks() as sent:
        assert not analytics_sweep().file_jobs
    assert not sent
