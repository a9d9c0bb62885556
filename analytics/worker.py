"""The worker heartbeat: each Celery worker proves it is alive by writing to the database.

On ``worker_ready`` the worker writes its ``WorkerHeartbeat`` row at once and starts a daemon
thread that refreshes it every ``WORKER_HEARTBEAT_INTERVAL`` seconds; on ``worker_shutdown``
the thread stops and the row is removed. A database heartbeat works on every transport
(broadcasts such as ``control.ping`` do not work on the filesystem broker) and with any number
of workers on any number of machines, each under its own hostname.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from celery.signals import worker_ready, worker_shutdown
from django.conf import settings
from django.db import connections

from analytics import services

logger = logging.getLogger(__name__)

_stop = threading.Event()
_thread: threading.Thread | None = None


def _beat(hostname: str, *, starting: bool = False) -> None:
    try:
        services.worker_heartbeat_record(hostname=hostname, starting=starting)
    except Exception:
        logger.exception("worker heartbeat for %s could not be written", hostname)
    finally:
        connections.close_all()  # this thread's connections only


def _beat_until_stopped(hostname: str, interval: float) -> None:
    while not _stop.wait(interval):
        _beat(hostname)


@worker_ready.connect
def start_heartbeat(sender: Any = None, **_: Any) -> None:
    global _thread
    hostname = str(getattr(sender, "hostname", None) or "unknown")
    _beat(hostname, starting=True)
    if _thread is not None and _thread.is_alive():
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
def stop_heartbeat(sender: Any = None, **_: Any) -> None:
    _stop.set()
    if _thread is not None:
        _thread.join(timeout=5)
    hostname = getattr(sender, "hostname", None)
    if hostname:
        try:
            services.worker_heartbeat_clear(hostname=str(hostname))
        except Exception:
            logger.exception("worker heartbeat for %s could not be cleared", hostname)
        finally:
            connections.close_all()
