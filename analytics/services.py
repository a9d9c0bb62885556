"""Writes for analytics: worker heartbeats and task pings.

Every function takes keyword-only arguments and is one transaction. Tasks that a write needs
are queued with ``transaction.on_commit``, so a worker never sees a row that is not committed.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from analytics.models import TaskPing, WorkerHeartbeat


@transaction.atomic
def worker_heartbeat_record(
    *, hostname: str, starting: bool = False, now: datetime | None = None
) -> WorkerHeartbeat:
    """Refresh ``hostname``'s heartbeat; ``starting`` also resets its start time."""
    now = now or timezone.now()
    defaults = {"beat_at": now, "started_at": now} if starting else {"beat_at": now}
    beat, _ = WorkerHeartbeat.objects.update_or_create(
        hostname=hostname, defaults=defaults, create_defaults={"beat_at": now, "started_at": now}
    )
    return beat


@transaction.atomic
def worker_heartbeat_clear(*, hostname: str) -> None:
    """Forget a worker that shut down cleanly."""
    WorkerHeartbeat.objects.filter(hostname=hostname).delete()


@transaction.atomic
def task_ping_request(*, token: str) -> TaskPing:
    """Create a ping and ask a worker, once this transaction commits, to answer it."""
    from analytics.tasks import answer_ping

    ping = TaskPing.objects.create(token=token)
    transaction.on_commit(lambda: answer_ping.delay(ping_id=ping.pk))
    return ping


@transaction.atomic
def task_ping_answer(*, ping_id: int, answered_by: str) -> bool:
    """Mark the ping answered; a second answer changes nothing. True if this call answered."""
    updated = TaskPing.objects.filter(pk=ping_id, answered_at__isnull=True).update(
        answered_at=timezone.now(), answered_by=answered_by
    )
    return updated == 1
