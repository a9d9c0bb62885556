"""/healthz: is the database answering, the broker reachable, and a worker alive?

The worker check reads the heartbeat rows that every Celery worker writes (see
``analytics.worker``): a database heartbeat works on every broker, including the filesystem
transport where ``control.ping`` broadcasts do not. 200 when all three are green, else 503.
"""

from __future__ import annotations

import os
import time
from typing import Any

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from analytics.worker import worker_heartbeats

Check = dict[str, Any]


def _timed(check: Check, started: float) -> Check:
    check["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return check


def check_database() -> Check:
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:
        return _timed({"ok": False, "vendor": connection.vendor, "error": str(error)}, started)
    return _timed({"ok": True, "vendor": connection.vendor}, started)


def check_broker() -> Check:
    from matrio_site.celery import app

    started = time.perf_counter()
    transport = settings.BROKER_SCHEME
    try:
        with app.connection_for_write() as conn:
            # one attempt: the transport's socket timeouts (``matrio_site.celery``) bound it,
            # so a hung broker answers 503 in about a second, never the request's 30 s
            conn.ensure_connection(max_retries=0, interval_start=0, interval_step=0, timeout=2)
            conn.default_channel  # noqa: B018 - opening the channel proves the transport works
        if transport == "filesystem":
            folder = settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"]
            if not _writable_folder(folder):
                raise OSError(f"queue folder {folder} is missing or not writable")
    except Exception as error:
        return _timed({"ok": False, "transport": transport, "error": str(error)}, started)
    return _timed({"ok": True, "transport": transport}, started)


def _writable_folder(path: str) -> bool:

    return os.path.isdir(path) and os.access(path, os.W_OK)


def check_worker() -> Check:
    max_age = settings.WORKER_HEARTBEAT_MAX_AGE
    try:
        beats = worker_heartbeats()
    except Exception as error:
        return {"ok": False, "error": str(error), "max_age_s": max_age}
    workers = [{"hostname": beat.hostname, "age_s": round(beat.age_seconds, 1)} for beat in beats]
    freshest = min((beat.age_seconds for beat in beats), default=None)
    check: Check = {
        "ok": freshest is not None and freshest <= max_age,
        "heartbeat_age_s": None if freshest is None else round(freshest, 1),
        "max_age_s": max_age,
        "workers": workers,
    }
    if freshest is None:
        check["error"] = "no worker has written a heartbeat"
    elif not check["ok"]:
        check["error"] = f"newest heartbeat is older than {max_age} s"
    return check


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    body: dict[str, Any] = {
        "database": check_database(),
        "broker": check_broker(),
        "worker": check_worker(),
    }
    healthy = all(part["ok"] for part in body.values())
    body["status"] = "ok" if healthy else "fail"
    return JsonResponse(body, status=200 if healthy else 503)
