"""A scratch site for the benchmarks that need a database: its own PostgreSQL database,
created for the run and dropped after it, production-like settings (DEBUG off, a random
SECRET_KEY) and a temporary var/ folder.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"


def admin_sql(base: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(base, autocommit=True) as connection:
        connection.execute(sql)


@contextmanager
def scratch_site(admin_url: str, label: str, **settings: str) -> Iterator[dict[str, str]]:
    """Create ``matrio_bench_<label>_<pid>``, point this process's settings at it (plus
    ``settings``) and yield the variables set; the database is dropped on the way out."""
    name = f"matrio_bench_{label}_{os.getpid()}"
    admin_sql(admin_url, f'CREATE DATABASE "{name}"')
    try:
        with tempfile.TemporaryDirectory() as var:
            env = {
                "DJANGO_SETTINGS_MODULE": "matrio_site.settings",
                "DATABASE_URL": urlunsplit(urlsplit(admin_url)._replace(path=f"/{name}")),
                "DEBUG": "false",
                "SECRET_KEY": secrets.token_urlsafe(60),
                "MATRIO_VAR_DIR": var,
                "LOG_LEVEL": "WARNING",
                **settings,
            }
            os.environ.update(env)
            yield env
    finally:
        from django.db import connections

        connections.close_all()
        admin_sql(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def count_matrio_games(contributions: list[Any], stored: int, size: int) -> int:
    """Count synthetic MatriO games ``stored + 1 .. size`` into the statistics of the scratch
    site, each a copy of one of the ``contributions`` of judged games
    (``analytics.statistics.counters._contribution``), by the additive path, 5,000 games a
    transaction; returns ``size``."""
    from django.db import transaction

    from analytics.statistics import counters as statistics_counters

    while stored < size:
        chunk = range(stored + 1, min(size, stored + 5000) + 1)
        fresh = {}
        for game_id in chunk:
            counters, row = contributions[game_id % len(contributions)]
            row = {**(row or {}), "id": str(game_id)}
            fresh[game_id] = (counters, row, statistics_counters._fingerprint(counters, row))
        with transaction.atomic():
            statistics_counters._replace("matrio", list(chunk), fresh, queue_refresh=False)
        stored = chunk[-1]
    return size
