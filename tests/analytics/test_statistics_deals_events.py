"""Overload deal difficulty and event analytics, read from stored ratings and counters."""

from __future__ import annotations

import pytest
from django.test import Client

from analytics.models import Rating, StatCounter
from analytics.ratings import services
from analytics.statistics import counters, rebuild
from games.models import Game
from matrio_site.demo import DemoSummary

pytestmark = pytest.mark.django_db


@pytest.fixture
def processed(demo: DemoSummary) -> DemoSummary:
    ids = list(Game.objects.values_list("pk", flat=True))
    for kind in services.games_mark_dirty(game_ids=ids):
        services.ratings_process_dirty(kind=kind)
    return demo


def test_overload_deals_are_listed_hardest_first_with_page_and_api(
    client: Client, processed: DemoSummary
) -> None:
    deals = Rating.objects.filter(pool="matrix-overload", player_key__startswith="deal:")
    assert deals.exists()
    hardest = deals.order_by("-mu")[0]

    page = client.get("/analytics/deals/").content.decode()
    assert 'data-figure="figure-deals"' in page and "<table>" in page
    assert hardest.player_key.removeprefix("deal:") in page

    data = client.get("/api/analytics/deals/").json()
    assert data[0]["deal"] == hardest.player_key.removeprefix("deal:")
    assert [d["mu"] for d in data] == sorted((d["mu"] for d in data), reverse=True)


def test_event_games_are_counted_per_seat_and_shown_per_event(
    client: Client, processed: DemoSummary
) -> None:
    in_events = Game.objects.filter(event_id__isnull=False, status=Game.Status.FINISHED)
    assert in_events.exists()
    rows = StatCounter.objects.filter(statistic=counters.EVENTS)
    first_seats = rows.filter(key="P1")
    assert sum(r.games for r in first_seats) == in_events.count()

    data = client.get("/api/analytics/events/").json()
    assert data and all(e["games"] == e["seats"][0]["games"] for e in data)
    page = client.get("/analytics/events/").content.decode()
    assert 'data-figure="figure-events"' in page and data[0]["name"] in page

    before = sorted(rows.values_list("group", "key", "games", "wins"))
    for kind in ("matrio", "mathematico", "integer-matrix", "matrix-overload"):
        rebuild.statistics_rebuild(kind=kind)
    assert sorted(rows.values_list("group", "key", "games", "wins")) == before


def test_without_data_the_pages_say_so(client: Client, db: None) -> None:
    assert "No rated Overload games yet" in client.get("/analytics/deals/").content.decode()
    assert "No finished event games yet" in client.get("/analytics/events/").content.decode()
