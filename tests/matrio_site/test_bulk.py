"""Many rows at once: COPY and UPDATE ... FROM VALUES on PostgreSQL, the ORM elsewhere."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from analytics.models import RatedGame, RatingSnapshot
from infra.bulk import analyze, insert_rows, update_rows

pytestmark = pytest.mark.django_db

COLUMNS = ("game_id", "kind", "club_id", "order", "fingerprint")


def test_inserted_rows_keep_every_value_even_awkward_text_and_nulls() -> None:
    awkward = 'tab\there, "quotes", back\\slash, new\nline, ünïcödé'
    insert_rows(
        RatedGame,
        COLUMNS,
        [(1, "matrio", None, awkward, "f1"), (2, "mathematico", 7, "2026-01-01", "f2")],
    )

    assert sorted(RatedGame.objects.values_list(*COLUMNS)) == [
        (1, "matrio", None, awkward, "f1"),
        (2, "mathematico", 7, "2026-01-01", "f2"),
    ]


def test_updated_rows_change_only_the_named_columns_of_the_named_rows() -> None:
    insert_rows(RatedGame, COLUMNS, [(g, "matrio", 1, f"o{g}", f"f{g}") for g in range(1, 2502)])
    pks = dict(RatedGame.objects.values_list("game_id", "pk"))

    # more than one statement's worth of rows; "order" is a reserved word in SQL
    update_rows(
        RatedGame,
        ("order", "club_id"),
        [(pks[g], f"new {g}", None) for g in range(1, 2502) if g % 2],
    )

    rows = {
        g: (order, club, f)
        for g, order, club, f in RatedGame.objects.values_list(
            "game_id", "order", "club_id", "fingerprint"
        )
    }
    assert rows[1] == ("new 1", None, "f1")
    assert rows[2501] == ("new 2501", None, "f2501")
    assert rows[2] == ("o2", 1, "f2")
    assert sum(1 for order, _, _ in rows.values() if order.startswith("new")) == 1251


def test_updating_nothing_runs_nothing(django_assert_num_queries: Any) -> None:
    with django_assert_num_queries(0):
        update_rows(RatedGame, ("order",), [])


def test_analyze_tells_the_planner_how_many_rows_a_table_now_has() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("planner statistics are PostgreSQL's")
    insert_rows(RatedGame, COLUMNS, [(g, "matrio", 1, f"o{g}", f"f{g}") for g in range(1, 501)])

    analyze(RatedGame)

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT reltuples FROM pg_class WHERE relname = %s", [RatedGame._meta.db_table]
        )
        assert cursor.fetchone()[0] == 500


def test_json_values_go_in_as_json() -> None:
    data = {"after": ["2026-01-01T08", "7"], "pools": {"matrio": {"12": [25.5, 8.1, 3]}}}
    insert_rows(
        RatingSnapshot,
        ("kind", "games", "after_order", "after_game", "data"),
        [("matrio", 2000, "2026-01-01T08", "7", data)],
    )

    assert RatingSnapshot.objects.get().data == data
