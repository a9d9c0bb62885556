"""Disputes in the open (issue #13): who reported and when, the note and the answers are shown
to the table and the director; a player answers a read-only summary; a director settles; a
player sees the tables that wait for them."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.helpers import Cast, cast, pairs_round_locked
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def reported_table(c: Cast) -> tuple[Table, str]:
    event, round_ = pairs_round_locked(c)
    table = round_.tables.get()
    first, second = (s.player_id for s in table.seats.order_by("position"))
    services.result_report(table=table, scores={first: 7, second: 3}, by=c.users[0])
    return table, f"/events/{c.club.slug}/{event.slug}/tables/{table.pk}/"


def client_of(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def test_the_other_player_answers_a_read_only_summary_and_sees_who_reported() -> None:
    c = cast(2)
    _, url = reported_table(c)
    other = client_of(c.users[1])

    page = other.get(url).content.decode()
    waiting = other.get("/events/my-tables/").content.decode()

    assert "Reported by Player 00" in page and "Confirm these scores" in page
    assert "Dispute (why?)" in page and 'name="score-' not in page  # no editable boxes
    assert "round 1, table 1" in waiting and "confirm it or say why not" in waiting


def test_a_dispute_note_reaches_the_table_and_the_director_who_settles_it() -> None:
    c = cast(2)
    table, url = reported_table(c)
    client_of(c.users[1]).post(url, {"action": "dispute", "note": "I scored 9, not 3"})

    table_page = client_of(c.users[0]).get(url).content.decode()
    console = client_of(c.director).get(url.split("tables/")[0] + "console/").content.decode()
    client_of(c.director).post(url, {"action": "confirm"})

    assert "I scored 9, not 3" in table_page and "disputed on" in table_page
    assert "disputes: “I scored 9, not 3”" in console
    assert table.results.get(status="confirmed").scores == table.results.first().scores
    assert client_of(c.users[1]).get("/events/my-tables/").content.decode().count("table 1") == 0
