"""The opening explorer and card-impact pages and API read stored counters and results only."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from analytics.models import StatCounter, StatResult
from analytics.ratings import services
from analytics.statistics import counters, matrio
from games import services as games
from games.engine.matrio import random_game
from games.models import Game
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db


def counted_games(seeds: range) -> list[int]:
    club = ClubFactory()
    games.games_import_mgn(club=club, text="\n\n".join(random_game(s) for s in seeds))
    ids = list(Game.objects.filter(club=club).values_list("pk", flat=True))
    for kind in services.games_mark_dirty(game_ids=ids):
        services.ratings_process_dirty(kind=kind)
    return ids


@pytest.fixture
def counted(settings: Any) -> list[int]:
    settings.ANALYTICS_RESAMPLES = 40
    settings.ANALYTICS_CARD_MIN_GAMES = 3
    ids = counted_games(range(6))
    matrio.card_impact_refresh()
    return ids


def first_move() -> StatCounter:
    return StatCounter.objects.filter(statistic=counters.OPENINGS, group="").order_by(
        "-games", "key"
    )[0]


def test_the_explorer_starts_at_the_first_moves_and_links_to_deeper_lines(
    client: Client, counted: list[int]
) -> None:
    top = first_move()
    page = client.get("/analytics/openings/").content.decode()
    assert top.key.replace(">", "&gt;") in page
    assert 'data-figure="figure-openings"' in page and "<table>" in page
    assert f"?line={top.key.replace('>', '%3E')}" in page  # a link one move deeper

    deeper = client.get("/analytics/openings/", {"line": top.key})
    assert deeper.status_code == 200
    assert 'aria-current="location"' in deeper.content.decode()
    rows = StatCounter.objects.filter(statistic=counters.OPENINGS, group=top.key)
    assert sum(r.games for r in rows) == top.games
    for row in rows:
        assert row.key.replace(">", "&gt;") in deeper.content.decode()


def test_a_malformed_or_too_deep_line_is_a_readable_400_not_a_500(
    client: Client, counted: list[int]
) -> None:
    bad = client.get("/analytics/openings/", {"line": "nonsense"})
    assert bad.status_code == 400 and "a line is moves like" in bad.content.decode()
    too_deep = client.get("/analytics/openings/", {"line": " ".join(["2C>R1C"] * 4)})
    assert too_deep.status_code == 400 and "first 4 moves" in too_deep.content.decode()
    api = client.get("/api/analytics/openings/", {"line": "nonsense"})
    assert api.status_code == 400 and "line" in api.json()["errors"]


def test_the_api_serves_the_explorer_and_the_card_impact(
    client: Client, counted: list[int]
) -> None:
    top = first_move()
    root = client.get("/api/analytics/openings/").json()
    assert root["line"] == "" and root["games"] == 6 and root["depth"] == 4
    assert root["moves"][0]["move"] == top.key and root["moves"][0]["games"] == top.games
    assert root["moves"][0]["next_line"] == top.key

    report = client.get("/api/analytics/card-impact/").json()
    assert report["games"] == 6 and len(report["cards"]) == 52
    card = report["cards"][0]
    assert set(card["score_diff"]) == {"value", "low", "high", "n"}
    assert [s["seat"] for s in report["seats"]] == ["P1", "P2", "P3", "P4"]


def test_the_card_impact_page_shows_whiskers_sample_sizes_and_too_few_games(
    client: Client, counted: list[int]
) -> None:
    page = client.get("/analytics/cards/").content.decode()
    assert 'data-figure="figure-cards"' in page and 'data-figure="figure-seats"' in page
    assert "error_y" in page and "n=" in page
    stored = StatResult.objects.get(name=matrio.CARD_IMPACT).data
    if any(not c["enough"] for c in stored["cards"]):
        assert "too few games" in page
    assert "Seat effects" in page


def test_before_any_game_the_pages_say_so(client: Client) -> None:
    assert "No finished MatriO games" in client.get("/analytics/openings/").content.decode()
    assert "No card statistics yet" in client.get("/analytics/cards/").content.decode()
    assert client.get("/api/analytics/card-impact/").json()["cards"] == []


def test_the_explorer_and_card_impact_read_a_constant_number_of_queries(
    client: Client, counted: list[int], settings: Any
) -> None:
    top = first_move()
    pages = ["/analytics/openings/", f"/analytics/openings/?line={top.key}", "/analytics/cards/"]
    apis = ["/api/analytics/openings/", "/api/analytics/card-impact/"]

    def queries() -> list[int]:
        found = []
        for url in pages + apis:
            with CaptureQueriesContext(connection) as captured:
                assert client.get(url).status_code == 200
            found.append(len(captured))
        return found

    few = queries()
    counted_games(range(100, 118))  # four times the games
    matrio.card_impact_refresh()
    assert StatResult.objects.get(name=matrio.CARD_IMPACT).games == 24
    assert queries() == few
