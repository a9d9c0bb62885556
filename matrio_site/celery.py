"""The Celery app: configured from Django settings (``CELERY_*``), tasks from every app, and
the broker's timeouts and redelivery set here.

A hung broker (accepts, never answers) must never hold a request: every socket operation times
out after ``BROKER_TIMEOUT_S`` and a publish is retried once, so sending a wake-up gives up after
about 1.3 s (``analytics.wakeups`` logs it; the worker's sweep queues the work again) and
``/healthz`` answers 503 within about 2 s.

Redis redelivers a message whose worker died (tasks are acknowledged late) once it has been
unacknowledged for ``VISIBILITY_TIMEOUT_S``: 10 minutes, ten times the longest task (a full
recompute of 100,000 games takes about 33 s, a Mathematico refresh of every draw at 10,000
games 35 s, ``process_dirty`` after importing 10,000 games ~1 min; see the README's
benchmarks). Shorter would deliver a long task again while it still runs (harmless: jobs are
claimed and idempotent, but wasted work); Redis' default of an hour stalled a kind's ratings for
that long. It is only the backstop: the sweep (``analytics.recovery``) requeues lost work and
re-runs a dead worker's jobs within ``ANALYTICS_SWEEP_AFTER`` seconds.
"""

from __future__ import annotations

from typing import Any

from celery import Celery
from django.conf import settings

from matrio_site.startup import load_settings_or_exit

load_settings_or_exit()

BROKER_TIMEOUT_S = 1.0
VISIBILITY_TIMEOUT_S = 600

app = Celery("matrio_site")
app.config_from_object("django.conf:settings", namespace="CELERY")


def broker_transport_options(scheme: str, configured: dict[str, Any]) -> dict[str, Any]:
    """The transport options for ``scheme``: the configured ones, with bounded connection
    retries (a channel is opened at most twice, 0.2 s apart) and, on Redis, the timeouts and
    the visibility timeout above."""
    options: dict[str, Any] = {
        "max_retries": 1,
        "interval_start": 0,
        "interval_step": 0.2,
        "interval_max": 0.2,
    }
    if scheme in ("redis", "rediss"):
        options |= {
            "socket_timeout": BROKER_TIMEOUT_S,
            "socket_connect_timeout": BROKER_TIMEOUT_S,
            "socket_keepalive": True,
            "visibility_timeout": VISIBILITY_TIMEOUT_S,
        }
    return options | configured


def broker_settings(scheme: str, configured: dict[str, Any]) -> dict[str, Any]:
    """The Celery settings this module adds for a broker of ``scheme`` (``configured``: the
    transport options the Django settings give)."""
    return {
        "broker_transport_options": broker_transport_options(scheme, configured),
        "broker_connection_timeout": BROKER_TIMEOUT_S,
        # a publish is tried twice at most, 0.2 s apart, never for long (default: 4 tries)
        "task_publish_retry_policy": {
            "max_retries": 1,
            "interval_start": 0,
            "interval_step": 0.2,
            "interval_max": 0.2,
        },
        # the worker itself reconnects forever (every 2-30 s) when the broker comes back late
        "broker_connection_max_retries": None,
    }


app.conf.update(
    broker_settings(
        settings.BROKER_SCHEME, dict(getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}))
    )
)
app.autodiscover_tasks()
