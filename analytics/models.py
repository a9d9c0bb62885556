"""Analytics models.

``WorkerHeartbeat``: one row per running Celery worker (keyed by its hostname), refreshed every
``WORKER_HEARTBEAT_INTERVAL`` seconds by the worker itself and removed on a clean shutdown.
``/healthz`` calls the workers healthy while the newest row is younger than
``WORKER_HEARTBEAT_MAX_AGE``.

``TaskPing``: a request answered by a worker through the broker, proving the whole path
web → broker → worker → database works. Answering is idempotent: the first answer stays.
"""

from __future__ import annotations

from django.db import models


class WorkerHeartbeat(models.Model):
    hostname = models.CharField(max_length=255, unique=True)
    started_at = models.DateTimeField()
    beat_at = models.DateTimeField()

    class Meta:
        ordering = ["-beat_at"]

    def __str__(self) -> str:
        return f"{self.hostname} @ {self.beat_at:%Y-%m-%d %H:%M:%S}"


class TaskPing(models.Model):
    token = models.CharField(max_length=64, unique=True)
    requested_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.CharField(max_length=255, blank=True)

    def __str__(self) -> str:
        state = f"answered by {self.answered_by}" if self.answered_at else "waiting"
        return f"ping {self.token} ({state})"
