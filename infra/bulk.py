"""Inserting many rows at once: PostgreSQL's COPY, or ``bulk_create`` on other databases.

Imports (moves, seats) and rating recomputes (history) write hundreds of thousands of rows;
COPY is several times faster than INSERT there. psycopg converts the values itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection, models
from psycopg.types.json import Jsonb


def insert_rows(
    model: type[models.Model], columns: Sequence[str], rows: Iterable[Sequence[object]]
) -> None:
    """Insert ``rows`` (values in ``columns`` order; foreign keys as ``<name>_id``)."""
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create(
            (model(**dict(zip(columns, row, strict=True))) for row in rows), batch_size=2000
        )
        return
    names = ", ".join(f'"{c}"' for c in columns)
    fields = [model._meta.get_field(c) for c in columns]
    json = [i for i, field in enumerate(fields) if isinstance(field, models.JSONField)]
    with connection.cursor() as cursor:
        raw = cursor.cursor  # psycopg's own cursor
        with raw.copy(f"COPY {model._meta.db_table} ({names}) FROM STDIN") as copy:
            for row in rows:
                if json:  # psycopg needs to be told a value is JSON
                    row = [Jsonb(v) if i in json else v for i, v in enumerate(row)]
                copy.write_row(row)


def _column(field: object) -> str:
    """The column of a concrete field (a reverse relation has none: the caller's mistake)."""
    column = getattr(field, "column", None)
    if not isinstance(column, str):
        raise ValueError(f"{field!r} is not a column of its table")
    return column


def update_rows(
    model: type[models.Model], columns: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """Set ``columns`` of existing rows; each row is ``(primary key, *values)``.

    On PostgreSQL one ``UPDATE ... FROM (VALUES ...)`` per thousand rows (``bulk_update``'s
    ``CASE`` expressions cost Django ~20 ms for eight rows of four fields); elsewhere
    ``bulk_update``.
    """
    if not rows:
        return
    if connection.vendor != "postgresql":
        objects = [model(pk=pk, **dict(zip(columns, values, strict=True))) for pk, *values in rows]
        model._default_manager.bulk_update(objects, list(columns), batch_size=1000)
        return
    quote = connection.ops.quote_name
    meta = model._meta
    fields = [meta.pk, *(meta.get_field(c) for c in columns)]
    names = [quote(_column(f)) for f in fields]
    table, key = quote(meta.db_table), names[0]
    assignments = ", ".join(f"{name} = v.{name}" for name in names[1:])
    # each value cast to its column's type: a column of nulls would otherwise be text
    types = [f.db_type(connection) for f in fields]
    placeholders = "(" + ", ".join(f"%s::{t}" for t in types) + ")"
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 1000):
            chunk = rows[start : start + 1000]
            cursor.execute(
                f"UPDATE {table} AS t SET {assignments} "
                f"FROM (VALUES {', '.join([placeholders] * len(chunk))}) "
                f"AS v({', '.join(names)}) WHERE t.{key} = v.{key}",
                [value for row in chunk for value in row],
            )


def analyze(*tables: type[models.Model]) -> None:
    """Refresh PostgreSQL's planner statistics of tables just rewritten in bulk.

    Until autovacuum gets to them (a minute or more), the planner believes the old row
    counts: after a recompute wrote 800,000 history rows into an empty table, it scanned
    them all for every single game rated next. A no-op on other databases.
    """
    if connection.vendor != "postgresql":
        return
    names = ", ".join(connection.ops.quote_name(m._meta.db_table) for m in tables)
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {names}")
