"""The same schemathesis run on SQLite, the embedded default (``make run``): integers past
SQLite's range and its looser typing must give 4xx there too. When the suite itself runs on
PostgreSQL (CI), this starts the run once more in a pytest of its own on a SQLite file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
SCHEMATHESIS = Path(__file__).with_name("test_schemathesis.py")


@pytest.mark.skipif(
    connection.vendor == "sqlite", reason="the suite runs on SQLite: test_schemathesis is this run"
)
def test_the_api_answers_as_documented_on_sqlite(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "CELERY_BROKER_URL": "filesystem://localhost/",
        "MATRIO_VAR_DIR": str(tmp_path),
        "MATRIO_TEST_SERVICES": "off",
        # Half the examples: this run looks for what SQLite alone gets wrong (CI time).
        "MATRIO_SCHEMATHESIS_EXAMPLES": os.environ.get("MATRIO_SCHEMATHESIS_EXAMPLES", "6"),
    }
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(SCHEMATHESIS)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )

    assert run.returncode == 0, run.stdout[-20_000:] + run.stderr[-5_000:]
    assert "2 passed" in run.stdout  # the anonymous and the director's runs, not skipped
