"""Imports and exports that run in the worker (``FileJob``): the row the site shows while the
worker reads or writes the file, and the job's life.

Terms: a job is *queued* (its row and input written, a message sent after the commit),
*running* (claimed by a worker: ``worker`` names its host and process, ``updated_at`` is its
heartbeat, written with every batch), then *done* or *failed*. An import commits each batch of
games in the same transaction as the job's ``position`` (where the next batch starts in the
file) and its ``report``, so a job run again after a crash goes on where the last batch ended
and its report stays exact. A running job whose heartbeat is older than ``stale_after()`` (its
worker died) is *lost*: reading it marks it failed, and staff may run it again (``rerun``).

This module only holds the model and the job's life; ``games.import_jobs`` and
``games.exports`` do the work. It is imported by ``games.models`` (so that Django registers the
model) and imports no other module of ``games``.
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

from celery import current_app
from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import Club

#: The Celery task that runs a job (declared in ``games.tasks``; queued by name).
RUN_TASK = "games.run_file_job"


class FileJob(models.Model):
    """An import or an export of games run by the worker."""

    class Kind(models.TextChoices):
        IMPORT = "import", _("Import")
        EXPORT = "export", _("Export")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting for the worker")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    kind = models.CharField(max_length=10, choices=Kind.choices)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.CASCADE)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    #: the file as people know it: the upload's name, or the export's download name
    name = models.CharField(max_length=200)
    #: what was asked: an import's dry_run, create_players, players, source; an export's filters
    options = models.JSONField(default=dict, blank=True)
    #: where an import goes on (offset in the file, index and line of the next record)
    position = models.JSONField(default=dict, blank=True)
    #: the import's report (see ``games.import_jobs``); an export's figures
    report = models.JSONField(default=dict, blank=True)
    size = models.BigIntegerField(default=0)  # bytes of the input (imports)
    done = models.BigIntegerField(default=0)  # bytes read (imports), games written (exports)
    total = models.BigIntegerField(default=0)  # bytes of the file (imports), games (exports)
    message = models.CharField(max_length=300, blank=True)
    worker = models.CharField(max_length=255, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.pk}: {self.name}"

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return 0 if not self.total else min(100, round(100 * self.done / self.total))

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)

    def path(self, what: str) -> Path:
        """The job's file ``what`` (``input``, ``output``) under ``VAR_DIR/jobs``."""
        return jobs_dir() / f"{self.kind}-{self.pk}.{what}"


def jobs_dir() -> Path:
    folder = Path(settings.VAR_DIR) / "jobs"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def stale_after() -> timedelta:
    """How long a running job may go without a heartbeat before it counts as lost: a batch
    takes a few seconds; this is twice the worker heartbeat's own limit, at least 2 minutes."""
    return timedelta(seconds=max(120, 2 * int(settings.WORKER_HEARTBEAT_MAX_AGE)))


def worker_name(hostname: str) -> str:
    """The claiming worker: its host and process (a restarted process is another worker)."""
    return f"{hostname}#{os.getpid()}"


def _dead_here(worker: str, hostname: str) -> bool:
    """Is ``worker`` a process of this host (``hostname``) that no longer runs (a worker
    process killed and restarted: its message is delivered again at once)?"""
    host, _, pid = worker.rpartition("#")
    if host != hostname or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # it runs, under another user
        return False
    return False


def job_lost(job: FileJob, *, now: datetime | None = None) -> bool:
    """Is ``job`` running for a worker that died (no heartbeat for ``stale_after()``)?"""
    if job.status != FileJob.Status.RUNNING:
        return False
    return (now or timezone.now()) - job.updated_at > stale_after()


@transaction.atomic
def job_claim(*, job_id: int, hostname: str) -> FileJob | None:
    """Take the job for this worker process; None when there is nothing to do (done, or run
    by a live worker: a message delivered twice)."""
    job = FileJob.objects.select_for_update().filter(pk=job_id).first()
    if job is None or job.status == FileJob.Status.DONE:
        return None
    me = worker_name(hostname)
    if (
        job.status == FileJob.Status.RUNNING
        and job.worker != me
        and not job_lost(job)
        and not _dead_here(job.worker, hostname)
    ):
        return None
    job.status, job.worker, job.message = FileJob.Status.RUNNING, me, ""
    job.save(update_fields=["status", "worker", "message", "updated_at"])
    return job


def job_fail(*, job_id: int, message: str) -> None:
    FileJob.objects.filter(pk=job_id).update(
        status=FileJob.Status.FAILED,
        message=message[:300],
        updated_at=timezone.now(),
        finished_at=timezone.now(),
    )


def job_refresh(job: FileJob) -> FileJob:
    """The job as it is now: a lost one is marked failed (its worker died)."""
    if job_lost(job):
        updated = FileJob.objects.filter(
            pk=job.pk, status=FileJob.Status.RUNNING, updated_at=job.updated_at
        ).update(
            status=FileJob.Status.FAILED,
            message=gettext("The worker stopped while running this job; it can be run again."),
            finished_at=timezone.now(),
        )
        if updated:
            job.refresh_from_db()
    return job


def queue_job(job: FileJob) -> None:
    """Send the job to the worker once the transaction commits (a broker that is down is
    logged; the job waits, and staff may run it again)."""
    transaction.on_commit(
        lambda: current_app.send_task(RUN_TASK, kwargs={"job_id": job.pk}), robust=True
    )


def jobs_to_resume(*, now: datetime | None = None) -> list[FileJob]:
    """For the worker's sweep: running jobs whose worker died, and jobs still waiting for the
    worker ``stale_after()`` after they were queued (their message was lost)."""
    since = (now or timezone.now()) - stale_after()
    waiting = Q(status=FileJob.Status.RUNNING) | Q(status=FileJob.Status.QUEUED)
    return list(FileJob.objects.filter(waiting, updated_at__lt=since))


@transaction.atomic
def job_resume(*, job_id: int, now: datetime | None = None) -> FileJob | None:
    """Queue again, from the sweep, a job ``jobs_to_resume`` found (an import goes on where
    it stopped), unless it moved on meanwhile; its ``updated_at`` starts its wait anew."""
    since = (now or timezone.now()) - stale_after()
    job = FileJob.objects.select_for_update(skip_locked=True).filter(pk=job_id).first()
    if job is None or job.updated_at >= since or job.status not in ("running", "queued"):
        return None
    job.status, job.worker = FileJob.Status.QUEUED, ""
    job.save(update_fields=["status", "worker", "updated_at"])
    queue_job(job)
    return job


@transaction.atomic
def job_rerun(*, job: FileJob) -> FileJob:
    """Queue again a job that failed or waits (an import goes on where it stopped)."""
    FileJob.objects.filter(pk=job.pk).update(
        status=FileJob.Status.QUEUED, message="", worker="", finished_at=None
    )
    job.refresh_from_db()
    queue_job(job)
    return job
