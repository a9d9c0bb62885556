"""Production defaults: the web server's settings follow the environment; pages go compressed."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_defaults_are_threaded_workers_with_a_request_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("WEB_BIND", "WEB_WORKERS", "WEB_THREADS", "WEB_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    config = importlib.reload(importlib.import_module("matrio_site.gunicorn"))
    assert config.worker_class == "gthread"
    assert config.workers >= 2 and config.threads >= 2
    assert config.timeout == 30


def test_the_environment_changes_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEB_WORKERS", "5")
    monkeypatch.setenv("WEB_TIMEOUT", "45")
    config = importlib.reload(importlib.import_module("matrio_site.gunicorn"))
    assert (config.workers, config.timeout) == (5, 45)


def test_gunicorn_reads_the_file() -> None:
    gunicorn = Path(sys.executable).parent / "gunicorn"
    done = subprocess.run(
        [str(gunicorn), "-c", "python:matrio_site.gunicorn", "--print-config", "matrio_site.wsgi"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "WEB_THREADS": "3", "DEBUG": "true"},
    )
    assert done.returncode == 0, done.stderr
    assert any(line.split() == ["threads", "=", "3"] for line in done.stdout.splitlines())


@pytest.mark.django_db
def test_pages_are_sent_compressed_to_a_browser_that_accepts_it(client: Any) -> None:
    page = client.get("/games/", HTTP_ACCEPT_ENCODING="gzip, br")
    assert page.status_code == 200
    assert page["Content-Encoding"] == "gzip"
    assert client.get("/games/").get("Content-Encoding") is None
