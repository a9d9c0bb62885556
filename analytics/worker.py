"""The worker's health: its heartbeat (written by each worker, read by ``/healthz``) and task
pings (web -> broker -> worker -> database, answered once).

Each Celery worker proves it is alive by writing to the database. On ``worker_ready`` the
worker writes its ``WorkerHeartbeat`` row at once and starts a daemon thread that refreshes it
every ``WORKER_HEARTBEAT_INTERVAL`` seconds and runs the analytics sweep
(``analytics.recovery``: work whose wake-up was lost is queued again, jobs of dead workers
failed and re-run); on ``worker_shutdown`` the thread stops and the row is removed. A database
heartbeat works on every transport (broadcasts such as ``control.ping`` do not work on the
filesystem broker) and with any number of workers on any number of machines, each under its
own hostname.

A *task ping* (``TaskPing``) is queued after its row commits and answered by whichever worker
takes it (task ``analytics.answer_ping``); the first answer stays.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from datetime import datetime

from celery.signals import worker_ready, worker_shutdown
from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone

from analytics import wakeups
from analytics.models import TaskPing, WorkerHeartbeat

logger = logging.getLogger(__name__)


# --- heartbeat rows ----------------------------------------------------------------------------


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


# --- task pings ----------------------------------------------------------------------------------


@transaction.atomic
def task_ping_request(*, token: str) -> TaskPing:
    """Create a ping and ask a worker, once this transaction commits, to answer it."""
    ping = TaskPing.objects.create(token=token)
    wakeups.queue(wakeups.ANSWER_PING, ping_id=ping.pk)
    return ping


@transaction.atomic
def task_ping_answer(*, ping_id: int, answered_by: str) -> bool:
    """Mark the ping answered; a second answer changes nothing. True if this call answered."""
    updated = TaskPing.objects.filter(pk=ping_id, answered_at__isnull=True).update(
        answered_at=timezone.now(), answered_by=answered_by
    )
    return updated == 1


# --- the heartbeat thread in the worker process -------------------------------------------

_stop = threading.Event()
_thread: threading.Thread | None = None


def _beat(hostname: str, *, starting: bool = False) -> None:
    try:
        worker_heartbeat_record(hostname=hostname, starting=starting)
    except Exception:
        logger.exception("worker heartbeat for %s could not be written", hostname)
    finally:
        connections.close_all()  # this thread's connections only


def _sweep() -> None:
    from analytics.recovery import analytics_sweep  # the sweep reads analytics' models

    try:
        analytics_sweep()
    except Exception:
        logger.exception("the analytics sweep failed")
    finally:
        connections.close_all()  # this thread's connections only


def _beat_until_stopped(hostname: str, interval: float) -> None:
    """Sweep (``analytics.recovery``: re-queue work whose wake-up was lost), then beat, every
    ``interval`` seconds until the worker shuts down."""
    _sweep()
    while not _stop.wait(interval):
        _beat(hostname)
        _sweep()


@worker_ready.connect
def start_heartbeat(sender: object = None, **_: object) -> None:
    global _thread
    hostname = str(getattr(sender, "hostname", None) or "unknown")
    running = _thread is not None and _thread.is_alive()
    # started_at is the process's start: a job claimed before it was claimed by a worker that
    # died (``analytics.jobs``), so a consumer restart (a lost broker connection) keeps it
    _beat(hostname, starting=not running)
    if running:
        return  # the consumer restarted (e.g. after a lost broker connection): keep one thread
    _stop.clear()
    _thread = threading.Thread(
        target=_beat_until_stopped,
        args=(hostname, float(settings.WORKER_HEARTBEAT_INTERVAL)),
        name="matrio-heartbeat",
        daemon=True,
    )
    _thread.start()
    logger.info("worker heartbeat started for %s", hostname)


@worker_shutdown.connect
def stop_heartbeat(sender: object = None, **_: object) -> None:
    _stop.set()
    if _thread is not None:
        _thread.join(timeout=5)
    hostname = getattr(sender, "hostname", None)
    if hostname:
        try:
            worker_heartbeat_clear(hostname=str(hostname))
        except Exception:
            logger.exception("worker heartbeat for %s could not be cleared", hostname)
        finally:
            connections.close_all()
