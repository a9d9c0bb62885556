"""Celery tasks for analytics: thin wrappers that take ids and call a service.

Each task is idempotent (safe to run twice, safe after a crash) because tasks are
acknowledged late and may be delivered again.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task

from analytics import services


@shared_task(bind=True, name="analytics.answer_ping")
def answer_ping(self: Any, *, ping_id: int) -> bool:
    """Answer a ``TaskPing`` with this worker's hostname."""
    return services.task_ping_answer(ping_id=ping_id, answered_by=self.request.hostname or "")
