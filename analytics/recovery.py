"""The sweep: what the worker does on its own timer so that a lost wake-up never freezes the
analytics (run every heartbeat by ``analytics.worker``'s thread, in every worker, also the one
``make run`` starts).

Terms: the durable half of every hand-off is in the database, written with the change (dirty
games, ``DirtyGame``; refreshes asked for, ``StatResult.queued``; jobs, ``JobProgress``); a
Celery message is only the *wake-up*. A wake-up is *lost* when the broker was down or hung at
the commit, or when a worker died holding it (Redis gives it back only after the visibility
timeout). ``analytics_sweep`` then, for work older than ``sweep_after()`` seconds
(``ANALYTICS_SWEEP_AFTER``, default 15):

* queues ``process_dirty`` for a kind with dirty games and no job asked for lately, and for a
  kind whose ``RatingStream.queued`` flag is older than that with no progress (the stream's
  row lock is what a running job holds: a locked row is a job at work, left alone); a stale
  flag with nothing dirty is cleared;
* queues the card-impact or Mathematico refresh whose ``queued`` flag is older than that (its
  row is locked while a refresh runs);
* marks failed the jobs of a worker that died (``analytics.jobs``) and queues them again under
  the same id (the re-run claims the failed row and completes it).

Each wake-up is sent inside the transaction that sets its flag: a broker still down rolls the
flag back, so the next sweep tries again, and the work is done within a sweep interval (plus
the worker's reconnection) of the broker coming back. Several workers sweep safely (rows are
taken with ``SKIP LOCKED``); a wake-up sent twice costs one job that finds nothing to do.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from analytics import wakeups
from analytics.jobs import job_fail_lost, jobs_lost
from analytics.models import DirtyGame, JobProgress, RatingStream, StatResult
from analytics.statistics.mathematico import VALUES
from analytics.statistics.matrio import CARD_IMPACT
from games.jobs import job_resume, jobs_to_resume
from games.reviews import games_awaiting_review

log = logging.getLogger(__name__)

#: The stored results refreshed by a coalesced task, and that task.
REFRESHES = {CARD_IMPACT: wakeups.CARD_IMPACT_REFRESH, VALUES: wakeups.MATHEMATICO_REFRESH}


def sweep_after() -> float:
    """Seconds after which waiting work counts as lost (``ANALYTICS_SWEEP_AFTER``, default 15:
    a wake-up normally runs within a second; while a worker is busy with a long job, at most
    one extra wake-up per kind goes out every 15 s, and it finds its work done)."""
    return float(getattr(settings, "ANALYTICS_SWEEP_AFTER", 15))


@dataclass
class SweepReport:
    streams: list[str] = field(default_factory=list)  # kinds whose process_dirty was queued
    cleared: list[str] = field(default_factory=list)  # kinds whose stale flag was cleared
    results: list[str] = field(default_factory=list)  # results whose refresh was queued
    jobs: list[int] = field(default_factory=list)  # jobs of lost workers failed and re-queued
    file_jobs: list[int] = field(default_factory=list)  # imports/exports queued again
    reviews: int = 0  # finished games whose review was asked for again
    errors: list[str] = field(default_factory=list)  # what could not be done (broker down...)

    def __bool__(self) -> bool:
        return bool(
            self.streams
            or self.cleared
            or self.results
            or self.jobs
            or self.file_jobs
            or self.reviews
            or self.errors
        )


def analytics_sweep(*, now: datetime | None = None, after: float | None = None) -> SweepReport:
    """Queue again the work whose wake-up was lost (see the module); returns what it did.
    Never raises for one item: a failure (the broker still down) is reported and logged."""
    now = now or timezone.now()
    age = timedelta(seconds=sweep_after() if after is None else after)
    report = SweepReport()
    for kind in _kinds_waiting(now - age):
        _attempt(report, f"stream {kind}", lambda k=kind: _wake_stream(report, k, now - age))
    for name, task in REFRESHES.items():
        _attempt(
            report, f"result {name}", lambda n=name, t=task: _wake_result(report, n, t, now - age)
        )
    for job in jobs_lost(now=now):
        _attempt(report, f"job {job.pk}", lambda j=job: _rerun_job(report, j))
    for file_job in jobs_to_resume(now=now):
        _attempt(report, f"file job {file_job.pk}", lambda j=file_job: _resume(report, j.pk, now))
    _attempt(report, "reviews", lambda: _wake_reviews(report, now - age))
    if report:
        log.info("analytics sweep: %s", report)
    return report


def _resume(report: SweepReport, job_id: int, now: datetime) -> None:
    if job_resume(job_id=job_id, now=now) is not None:
        report.file_jobs.append(job_id)


def _attempt(report: SweepReport, what: str, step: object) -> None:
    assert callable(step)
    try:
        step()
    except Exception as error:
        log.warning("analytics sweep: %s not queued again yet: %s", what, error)
        report.errors.append(f"{what}: {error}")


def _kinds_waiting(before: datetime) -> list[str]:
    dirty = DirtyGame.objects.filter(marked_at__lt=before).values_list("kind", flat=True)
    stale = RatingStream.objects.filter(queued=True, updated__lt=before)
    return sorted(set(dirty.distinct()) | set(stale.values_list("kind", flat=True)))


@transaction.atomic
def _wake_stream(report: SweepReport, kind: str, before: datetime) -> None:
    RatingStream.objects.get_or_create(kind=kind)
    stream = RatingStream.objects.select_for_update(skip_locked=True).filter(kind=kind).first()
    if stream is None:
        return  # a job holds the stream: it is making progress
    if stream.queued and stream.updated >= before:
        return  # a job was asked for lately
    if not DirtyGame.objects.filter(kind=kind).exists():
        if stream.queued:  # nothing waits: the flag alone is stale
            stream.queued = False
            stream.save(update_fields=["queued", "updated"])
            report.cleared.append(kind)
        return
    stream.queued = True
    stream.save(update_fields=["queued", "updated"])
    wakeups.send(wakeups.PROCESS_DIRTY, kind=kind)  # raises: the flag is rolled back
    report.streams.append(kind)


@transaction.atomic
def _wake_result(report: SweepReport, name: str, task: str, before: datetime) -> None:
    stale = StatResult.objects.filter(name=name, queued=True).filter(
        Q(queued_at__isnull=True) | Q(queued_at__lt=before)
    )
    found = stale.select_for_update(skip_locked=True).first()
    if found is None:
        return  # nothing asked for, asked for lately, or a refresh holds the row
    StatResult.objects.filter(pk=found.pk).update(queued_at=timezone.now())
    wakeups.send(task)
    report.results.append(name)


def _wake_reviews(report: SweepReport, before: datetime) -> None:
    """Finished games still without their review (its wake-up was lost): ask again."""
    waiting = games_awaiting_review(finished_before=before)
    if waiting:
        wakeups.send(wakeups.REVIEW_GAMES, game_ids=waiting)
        report.reviews = len(waiting)


@transaction.atomic
def _rerun_job(report: SweepReport, job: JobProgress) -> None:
    failed = job_fail_lost(job=job)
    if failed is None:
        return
    if failed.task:
        wakeups.send(failed.task, **failed.arguments, job_id=failed.pk)
    report.jobs.append(failed.pk)
