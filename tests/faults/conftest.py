"""Fixtures of the fault tests: a private Redis that a test may stop, hang or start again, and
real Celery worker processes on it that a test may kill.

The Redis is this suite's own (``redis-server`` on a free port, no persistence), never the
shared one other test runs use; the worker shares the test database (PostgreSQL). Without
``redis-server`` or PostgreSQL the tests skip locally and fail under CI=true.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import pytest
from celery import Celery
from django.db import connection

from analytics import wakeups
from matrio_site import celery as site_celery
from tests.support import BASE_DIR, skip_or_fail, wait_until

DEADLINE_S = 60.0


@pytest.fixture(autouse=True)
def sending_wakeups() -> Iterator[None]:
    """A test that breaks the broker leaves no pause on sending behind it."""
    wakeups.resume_sending()
    yield
    wakeups.resume_sending()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PrivateRedis:
    """A ``redis-server`` of the test's own, stopped and started again on the same port."""

    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary is not None
        command = [
            binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "no", "--dir", str(self.folder),
        ]  # fmt: skip
        log = (self.folder / "redis.log").open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        wait_until(self.answers, deadline_s=10, what="the private Redis to answer")

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """Stop it at once (SIGKILL: the broker vanishes; it kept nothing on disk)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    if shutil.which("redis-server") is None:
        skip_or_fail("the fault tests start their own redis-server (apt-get install redis-server)")
    redis = PrivateRedis(folder=tmp_path)
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


def celery_app_for(url: str) -> Celery:
    """A Celery app configured as the site's (timeouts and retries included) on ``url``."""
    app = Celery("faults", set_as_current=False)
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.update(site_celery.broker_settings("redis", {}))
    # CELERY_BROKER_URL in the environment wins over ``broker_url``: name the write URL
    app.conf.update(broker_url=url, broker_write_url=url, broker_read_url=url)
    assert app.connection_for_write().as_uri().endswith(url.rsplit("@", 1)[-1].split("//")[-1])
    return app


class HungBroker:
    """A TCP server that accepts connections and never answers (a hung Redis)."""

    def __init__(self) -> None:
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = int(self.server.getsockname()[1])
        self.held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            self.held.append(client)

    def close(self) -> None:
        self.server.close()
        for client in self.held:
            client.close()


@pytest.fixture
def hung_broker() -> Iterator[HungBroker]:
    hung = HungBroker()
    try:
        yield hung
    finally:
        hung.close()


# --- worker processes ----------------------------------------------------------------------------


def worker_database_url() -> str:
    db = connection.settings_dict
    auth = quote(db["USER"] or "", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    return (
        f"postgres://{auth}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/"
        f"{quote(db['NAME'], safe='')}"
    )


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    hostname: str
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def tail(self) -> str:
        return "\n".join(self.log_text().splitlines()[-40:])

    def kill(self) -> None:
        """SIGKILL: a hard crash (no shutdown signal, no acknowledgement, no cleanup)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # warm shutdown
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Workers:
    """Starts worker processes on the private Redis; stops every one at the end."""

    folder: Path
    broker_url: str
    started: list[Worker] = field(default_factory=list)

    def start(self, hostname: str | None = None) -> Worker:
        hostname = hostname or f"faults-{uuid.uuid4().hex[:8]}@test"
        log = self.folder / f"worker-{len(self.started)}.log"
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "matrio_site.settings_test",
            "DATABASE_URL": worker_database_url(),
            "CELERY_BROKER_URL": self.broker_url,
            "REDIS_URL": self.broker_url,
            "WORKER_HEARTBEAT_INTERVAL": "1",
            "LOG_LEVEL": "INFO",
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
        worker = Worker(process=process, hostname=hostname, log=log)
        self.started.append(worker)
        return worker

    def stop_all(self) -> None:
        for worker in self.started:
            worker.stop()


@pytest.fixture
def workers(
    transactional_db: None, private_redis: PrivateRedis, tmp_path: Path
) -> Iterator[Workers]:
    if connection.vendor != "postgresql":
        skip_or_fail("the fault tests need PostgreSQL (DATABASE_URL) to share with a worker")
    started = Workers(folder=tmp_path, broker_url=private_redis.url)
    try:
        yield started
    finally:
        started.stop_all()


def wait_for(
    what: str,
    condition: Callable[[], bool],
    *,
    worker: Worker | None = None,
    deadline_s: float = DEADLINE_S,
) -> float:
    """Poll until ``condition`` holds; returns the seconds it took (fails past the deadline,
    or at once if the worker died)."""
    started = time.monotonic()

    def check() -> bool:
        if worker is not None and worker.process.poll() is not None:
            pytest.fail(f"the worker exited ({worker.process.returncode}):\n{worker.tail()}")
        return condition()

    details = worker.tail if worker is not None else None
    wait_until(check, deadline_s=deadline_s, what=what, every_s=0.1, details=details)
    return time.monotonic() - started
