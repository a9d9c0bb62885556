"""Inserting many rows at once: PostgreSQL's COPY, or ``bulk_create`` on other databases.

Imports (moves, seats) and rating recomputes (history) write hundreds of thousands of rows;
COPY is several times faster than INSERT there. psycopg converts the values itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection, models


def insert_rows(
    model: type[models.Model], columns: Sequence[str], rows: Iterable[Sequence[Any]]
) -> None:
    """Insert ``rows`` (values in ``columns`` order; foreign keys as ``<name>_id``)."""
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create(
            (model(**dict(zip(columns, row, strict=True))) for row in rows), batch_size=2000
        )
        return
    names = ", ".join(f'"{c}"' for c in columns)
    with connection.cursor() as cursor:
        raw = cursor.cursor  # psycopg's own cursor
        with raw.copy(f"COPY {model._meta.db_table} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
