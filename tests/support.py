"""Helpers for tests: the skip-or-fail rule and polling with a deadline.

Tests that need something the machine may lack (PostgreSQL, Redis, Chromium) skip with a
reason locally, but fail under CI=true, where everything must be present.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import NoReturn

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def skip_or_fail(reason: str) -> NoReturn:
    """Skip locally; under CI=true a missing requirement is a failure."""
    if in_ci():
        pytest.fail(f"{reason} (required under CI=true)", pytrace=False)
    pytest.skip(reason)


def wait_until(
    condition: Callable[[], bool],
    *,
    deadline_s: float,
    what: str,
    every_s: float = 0.2,
    details: Callable[[], str] | None = None,
) -> None:
    """Poll ``condition`` until it holds; fail after a generous deadline (not a speed test)."""
    end = time.monotonic() + deadline_s
    while not condition():
        if time.monotonic() > end:
            extra = f"\n{details()}" if details else ""
            pytest.fail(f"gave up after {deadline_s:.0f} s waiting for {what}{extra}")
        time.sleep(every_s)


# Variables the test process sets or inherits that a fresh start-up must not see.
_SITE_VARIABLES = (
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "REDIS_URL",
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "WORKER_HEARTBEAT_INTERVAL",
    "WORKER_HEARTBEAT_MAX_AGE",
)


def run_site(
    args: list[str], *, env: Mapping[str, str], tmp_path: Path, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGS`` in the project with a clean site environment plus ``env``."""
    clean = {k: v for k, v in os.environ.items() if k not in _SITE_VARIABLES}
    clean["MATRIO_VAR_DIR"] = str(tmp_path / "var")
    clean.update(env)
    return subprocess.run(
        [sys.executable, *args],
        cwd=BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
