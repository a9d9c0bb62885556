"""Long jobs the site shows (``JobProgress``): starting, reporting, finishing, and reading them.

A job's row is written outside the job's transaction; its running count goes to the cache
(Redis in production, shared by web and workers), which no transaction hides. The ratings
recompute (``analytics.ratings.services.ratings_recompute_job``) is one such job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.core.cache import cache
from django.utils import timezone

from analytics.models import JobProgress

ProgressCallback = Callable[[int, int, str], None]  # done, total, what is being done


def _progress_key(job_id: int) -> str:
    return f"analytics:job:{job_id}"


def job_start(*, name: str) -> JobProgress:
    return JobProgress.objects.create(name=name)


def job_progress_report(*, job_id: int, done: int, total: int, message: str) -> None:
    cache.set(_progress_key(job_id), (done, total, message), timeout=24 * 3600)


def job_finish(*, job_id: int, done: int, total: int, message: str, failed: bool = False) -> None:
    status = JobProgress.Status.FAILED if failed else JobProgress.Status.DONE
    JobProgress.objects.filter(pk=job_id).update(
        status=status, done=done, total=total, message=message[:300], updated_at=timezone.now()
    )
    cache.delete(_progress_key(job_id))


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


def jobs(*, limit: int = 10) -> list[JobView]:
    """Recent long jobs; a running job's count comes from the cache."""
    out = []
    for job in JobProgress.objects.all()[:limit]:
        done, total, message = job.done, job.total, job.message
        if job.status == JobProgress.Status.RUNNING:
            live = cache.get(_progress_key(job.pk))
            if live:
                done, total, message = live
        percent = 100 if not total else min(100, round(100 * done / total))
        out.append(
            JobView(job.pk, job.name, job.status, done, total, message, percent, job.started_at)
        )
    return out
