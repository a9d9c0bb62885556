"""Reads for analytics."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from analytics.models import WorkerHeartbeat


@dataclass(frozen=True)
class HeartbeatView:
    hostname: str
    started_at: datetime
    beat_at: datetime
    age_seconds: float


def worker_heartbeats(*, now: datetime | None = None) -> list[HeartbeatView]:
    """Every worker's last heartbeat, freshest first."""
    now = now or timezone.now()
    return [
        HeartbeatView(
            hostname=beat.hostname,
            started_at=beat.started_at,
            beat_at=beat.beat_at,
            age_seconds=max(0.0, (now - beat.beat_at).total_seconds()),
        )
        for beat in WorkerHeartbeat.objects.order_by("-beat_at")
    ]
