"""A real Celery worker process, a real broker and a shared database, end to end.

The test starts ``celery -A matrio_site worker --pool=solo`` against the test database (the
``test_`` database that pytest-django created) and the configured broker. It needs PostgreSQL
(a second process cannot share an in-memory SQLite test database) and Redis; without them it
skips locally and fails under CI=true.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection, transaction

from analytics import tasks
from analytics.models import TaskPing, WorkerHeartbeat
from analytics.worker import task_ping_request
from matrio_site.celery import app
from tests.support import BASE_DIR, skip_or_fail, wait_until

pytestmark = pytest.mark.celery

DEADLINE_S = 120.0  # generous: this checks behaviour, never speed


@dataclass
class WorkerProcess:
    process: subprocess.Popen[bytes]
    hostname: str
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def tail(self) -> str:
        return "\n".join(self.log_text().splitlines()[-40:])


def worker_database_url() -> str:
    db = connection.settings_dict
    auth = quote(db["USER"] or "", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    return (
        f"postgres://{auth}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/"
        f"{quote(db['NAME'], safe='')}"
    )


@pytest.fixture
def celery_worker_process(transactional_db: None, tmp_path: Path) -> Iterator[WorkerProcess]:
    if connection.vendor != "postgresql":
        skip_or_fail(
            "the Celery round trip needs PostgreSQL (DATABASE_URL) so that a worker process "
            "can share the test database"
        )
    if settings.BROKER_SCHEME not in ("redis", "rediss"):
        skip_or_fail("the Celery round trip needs a Redis broker (CELERY_BROKER_URL=redis://…)")

    app.control.purge()  # leftovers of earlier runs must not reach this worker
    hostname = f"roundtrip-{uuid.uuid4().hex[:8]}@test"
    log = tmp_path / "worker.log"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "matrio_site.settings_test",
        "DATABASE_URL": worker_database_url(),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        "WORKER_HEARTBEAT_INTERVAL": "1",
    }
    command = [
        sys.executable, "-m", "celery", "-A", "matrio_site", "worker", "--pool=solo",
        "--loglevel=INFO", "--without-gossip", "--without-mingle", "-n", hostname,
    ]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    worker = WorkerProcess(process=process, hostname=hostname, log=log)
    try:
        yield worker
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)  # warm shutdown
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def wait_for_worker(worker: WorkerProcess, what: str, condition: Callable[[], bool]) -> None:
    def check() -> bool:
        if worker.process.poll() is not None:
            pytest.fail(f"the worker exited ({worker.process.returncode}):\n{worker.tail()}")
        return condition()

    wait_until(check, deadline_s=DEADLINE_S, what=what, details=worker.tail)


def task_result_logged(worker: WorkerProcess, task_id: str) -> str | None:
    match = re.search(rf"\[{task_id}\] succeeded in \S+s: (\w+)", worker.log_text())
    return match.group(1) if match else None


def test_a_task_queued_on_commit_runs_after_the_commit_and_its_effect_is_visible(
    celery_worker_process: WorkerProcess,
) -> None:
    worker = celery_worker_process
    # The worker announces itself through the database heartbeat that /healthz reads.
    wait_for_worker(
        worker,
        "the worker's first heartbeat",
        lambda: WorkerHeartbeat.objects.filter(hostname=worker.hostname).exists(),
    )

    with transaction.atomic():
        ping = task_ping_request(token=uuid.uuid4().hex)  # queued with on_commit
        # Control: a task sent *before* the commit runs now and cannot see the new row.
        early = TaskPing.objects.create(token=uuid.uuid4().hex)
        sent_early = tasks.answer_ping.delay(ping_id=early.pk)
        wait_for_worker(
            worker,
            "the task sent before the commit",
            lambda: task_result_logged(worker, sent_early.id) is not None,
        )
        assert task_result_logged(worker, sent_early.id) == "False"
        assert not TaskPing.objects.filter(answered_at__isnull=False).exists()

    wait_for_worker(
        worker,
        "the on-commit task's answer",
        lambda: TaskPing.objects.filter(pk=ping.pk, answered_at__isnull=False).exists(),
    )
    ping.refresh_from_db()
    early.refresh_from_db()
    assert ping.answered_by == worker.hostname
    assert early.answered_at is None  # the early task found nothing to answer

    # The heartbeat keeps beating while the worker runs.
    first_beat = WorkerHeartbeat.objects.get(hostname=worker.hostname).beat_at
    wait_for_worker(
        worker,
        "a later heartbeat",
        lambda: WorkerHeartbeat.objects.get(hostname=worker.hostname).beat_at > first_beat,
    )

    # A clean shutdown removes the worker's heartbeat.
    worker.process.send_signal(signal.SIGTERM)
    worker.process.wait(timeout=DEADLINE_S)
    assert not WorkerHeartbeat.objects.filter(hostname=worker.hostname).exists(), worker.tail()
