"""The tournaments' REST API: a director creates and runs an event; everyone reads it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.helpers import cast

pytestmark = pytest.mark.django_db


def test_a_director_runs_a_round_through_the_api(client: Any) -> None:
    c = cast(8)
    client.force_login(c.director)
    made = client.post(
        "/api/events/",
        {"club": c.club.slug, "name": "API Swiss", "game": "matrio", "starts_on": "2026-11-01"},
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    event = made.json()
    assert event["format"] == "swiss-tables" and event["options"]["criteria"][0] == "match_points"
    for person in c.players:
        entered = client.post(
            f"/api/events/{event['id']}/entries/",
            {"player": person.pk, "checked_in": True},
            content_type="application/json",
        )
        assert entered.status_code == 201, entered.content

    round_ = client.post(f"/api/events/{event['id']}/rounds/").json()
    assert client.post(f"/api/rounds/{round_['id']}/lock/").json()["status"] == "locked"
    for table in round_["tables"]:
        scores = {str(seat["player"]): 10 * seat["position"] for seat in table["seats"]}
        reported = client.post(
            f"/api/tables/{table['id']}/report/",
            {"scores": scores},
            content_type="application/json",
        )
        assert reported.json()["status"] == "confirmed"
    assert client.post(f"/api/rounds/{round_['id']}/finish/").json()["status"] == "finished"

    client.logout()
    standings = client.get(f"/api/events/{event['id']}/standings/").json()
    assert [row["values"][0] for row in standings["rows"]][:2] == ["4", "4"]
    assert len(client.get(f"/api/events/{event['id']}/rounds/").json()) == 1
    assert client.get("/api/players/").json()["count"] >= 8


def test_bad_input_is_a_readable_400(client: Any) -> None:
    c = cast(4)
    client.force_login(c.director)

    bad = client.post(
        "/api/events/",
        {
            "club": c.club.slug,
            "name": "X",
            "game": "matrio",
            "starts_on": "2026-11-01",
            "options": {"criteria": ["luck"]},
        },
        content_type="application/json",
    )

    assert bad.status_code == 400
    assert "unknown ranking criterion" in bad.json()["message"]
