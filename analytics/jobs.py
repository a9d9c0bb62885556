"""Long jobs the site shows (``JobProgress``): starting, claiming, reporting, finishing, reading
them, and failing the jobs of a worker that died.

A job's row is written outside the job's transaction; its running count goes to the cache
(Redis in production, shared by web and workers), which no transaction hides. The ratings
recompute (``analytics.ratings.services.ratings_recompute_job``) is one such job.

The cache is a nicety: a cache that is down (Redis stopped or hung) is logged and the row's
own figures are shown instead, so neither the pages nor the API answer 500 for it.

Terms: a job queued for the worker records its task and arguments (``job_start``); the worker
that runs it *claims* it (``job_claim``: its hostname and when). A running job whose worker has
no fresh heartbeat, or restarted since it claimed the job, is *dead*: ``jobs_of_lost_workers``
marks it failed (the sweep, ``analytics.recovery``, then queues it again under the same id).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from analytics.models import JobProgress, WorkerHeartbeat

ProgressCallback = Callable[[int, int, str], None]  # done, total, what is being done

log = logging.getLogger(__name__)


def _progress_key(job_id: int) -> str:
    return f"analytics:job:{job_id}"


def job_start(*, name: str, task: str = "", arguments: dict[str, Any] | None = None) -> JobProgress:
    return JobProgress.objects.create(name=name, task=task, arguments=arguments or {})


@transaction.atomic
def job_claim(*, job_id: int, worker: str) -> JobProgress | None:
    """Take the job for ``worker`` (running again if it had failed). None when there is
    nothing to do: the job is done (a message delivered again), or another live worker runs it."""
    job = JobProgress.objects.select_for_update().filter(pk=job_id).first()
    if job is None or job.status == JobProgress.Status.DONE:
        return None
    if (
        job.status == JobProgress.Status.RUNNING
        and job.worker
        and job.worker != worker
        and not _lost(job, _heartbeats([job.worker]), timezone.now())
    ):
        return None
    job.status, job.worker, job.claimed_at = JobProgress.Status.RUNNING, worker, timezone.now()
    job.save(update_fields=["status", "worker", "claimed_at", "updated_at"])
    return job


def job_progress_report(*, job_id: int, done: int, total: int, message: str) -> None:
    try:
        cache.set(_progress_key(job_id), (done, total, message), timeout=24 * 3600)
    except Exception:
        log.warning("job %s: progress not written to the cache", job_id, exc_info=True)


def job_finish(*, job_id: int, done: int, total: int, message: str, failed: bool = False) -> None:
    status = JobProgress.Status.FAILED if failed else JobProgress.Status.DONE
    JobProgress.objects.filter(pk=job_id).update(
        status=status, done=done, total=total, message=message[:300], updated_at=timezone.now()
    )
    _forget_progress(job_id)


def _forget_progress(job_id: int) -> None:
    try:
        cache.delete(_progress_key(job_id))
    except Exception:
        log.warning("job %s: progress not removed from the cache", job_id, exc_info=True)


# --- jobs of workers that died ----------------------------------------------------------------


def _heartbeats(hostnames: list[str]) -> dict[str, tuple[datetime, datetime]]:
    """Each worker's (started_at, beat_at), for those with a heartbeat row."""
    rows = WorkerHeartbeat.objects.filter(hostname__in=hostnames)
    return {
        h: (started, beat)
        for h, started, beat in rows.values_list("hostname", "started_at", "beat_at")
    }


def _lost(job: JobProgress, beats: dict[str, tuple[datetime, datetime]], now: datetime) -> bool:
    """Is the worker that claimed ``job`` gone (no fresh heartbeat, or started again since)?"""
    found = beats.get(job.worker)
    if found is None:
        return True
    started, beat = found
    stale = now - beat > timedelta(seconds=settings.WORKER_HEARTBEAT_MAX_AGE)
    restarted = job.claimed_at is not None and started > job.claimed_at
    return stale or restarted


#: A running job no worker claimed (run by a command, or from before jobs were claimed) is
#: given up after this long without news (a full recompute of 100,000 games takes ~33 s).
ORPHAN_AFTER = timedelta(hours=6)


def jobs_lost(*, now: datetime | None = None) -> list[JobProgress]:
    """The running jobs whose worker died (no fresh heartbeat, or started again since it
    claimed the job), and those no worker claimed that had no news for ``ORPHAN_AFTER``."""
    now = now or timezone.now()
    running = JobProgress.objects.filter(status=JobProgress.Status.RUNNING)
    claimed = list(running.exclude(worker=""))
    beats = _heartbeats(sorted({job.worker for job in claimed}))
    orphans = running.filter(worker="", updated_at__lt=now - ORPHAN_AFTER)
    return [job for job in claimed if _lost(job, beats, now)] + list(orphans)


def job_fail_lost(*, job: JobProgress) -> JobProgress | None:
    """Mark failed, in the caller's transaction, a job ``jobs_lost`` found, unless it moved on
    meanwhile (another sweep failed it, or a worker claimed it again). The failed job may be
    run again: ``job_claim`` takes it."""
    found = (
        JobProgress.objects.select_for_update(skip_locked=True)
        .filter(
            pk=job.pk,
            status=JobProgress.Status.RUNNING,
            worker=job.worker,
            claimed_at=job.claimed_at,
        )
        .first()
    )
    if found is None:
        return None
    found.status = JobProgress.Status.FAILED
    found.message = (
        f"the worker {job.worker} stopped while running it (no heartbeat)"
        if job.worker
        else "stopped: no news for hours and no worker running it"
    )[:300]
    found.save(update_fields=["status", "message", "updated_at"])
    transaction.on_commit(lambda: _forget_progress(found.pk))
    return found


# --- reading ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class JobView:
    id: int
    name: str
    status: str
    done: int
    total: int
    message: str
    percent: int
    started_at: datetime


def _live_progress(job_ids: list[int]) -> dict[int, Any]:
    """The running counts in the cache, in one round trip (none when the cache is down)."""
    if not job_ids:
        return {}
    keys = {_progress_key(pk): pk for pk in job_ids}
    try:
        found = cache.get_many(list(keys))
    except Exception:  # the cache is down or hung: show the rows' own figures
        log.warning("jobs %s: progress not read from the cache", job_ids, exc_info=True)
        return {}
    return {keys[key]: value for key, value in found.items()}


def jobs(*, limit: int = 10) -> list[JobView]:
    """Recent long jobs; a running job's count comes from the cache when it answers."""
    rows = list(JobProgress.objects.all()[:limit])
    live = _live_progress([j.pk for j in rows if j.status == JobProgress.Status.RUNNING])
    out = []
    for job in rows:
        done, total, message = job.done, job.total, job.message
        if live.get(job.pk):
            done, total, message = live[job.pk]
        percent = 100 if not total else min(100, round(100 * done / total))
        out.append(
            JobView(job.pk, job.name, job.status, done, total, message, percent, job.started_at)
        )
    return out
