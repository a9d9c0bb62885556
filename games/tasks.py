"""Celery tasks of games: the imports and exports that run in the worker (thin: an id in,
``games.import_jobs.run_file_job`` does the work)."""

from __future__ import annotations

from celery import Task, shared_task

from games.import_jobs import run_file_job
from games.jobs import RUN_TASK


@shared_task(bind=True, name=RUN_TASK, acks_late=True)
def file_job(self: Task[..., str], *, job_id: int) -> str:
    """Run an import or export job (claimed by this worker; safe to deliver twice)."""
    return run_file_job(job_id=job_id, hostname=self.request.hostname or "worker")
