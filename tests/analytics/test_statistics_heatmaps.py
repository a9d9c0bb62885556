"""The heatmaps: MatriO trays and Mathematico early placements, from additive counters."""

from __future__ import annotations

import pytest
from django.test import Client

from analytics import services, statistics
from analytics.models import StatCounter
from games import services as games
from games.engine import mathematico, matrio
from games.models import Game
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db


def count(kind_games: str) -> list[int]:
    club = ClubFactory()
    games.games_import_mgn(club=club, text=kind_games)
    ids = list(Game.objects.filter(club=club).values_list("pk", flat=True))
    for kind in services.games_mark_dirty(game_ids=ids):
        services.ratings_process_dirty(kind=kind)
    return ids


def test_every_matrio_placement_is_counted_on_its_tray() -> None:
    count("\n\n".join(matrio.random_game(seed) for seed in range(3)))

    trays = StatCounter.objects.filter(statistic=statistics.TRAYS_PLAYED)
    plays = sum(t.games for t in trays)
    placed = sum(
        len(row["placements"]) for row in statistics.StatGame.objects.values_list("row", flat=True)
    )
    assert plays == placed > 0


def test_mathematico_early_placements_are_folded_and_subtracted_when_a_game_goes() -> None:
    ids = count("\n\n".join(mathematico.random_game(seed, "greedy") for seed in range(4)))
    rows = StatCounter.objects.filter(statistic=statistics.MATHEMATICO_EARLY)
    assert rows.exists()
    assert all(r.key != "e5" for r in rows)  # folding puts filled cells top left
    before = sorted(rows.values_list("group", "key", "games"))

    Game.objects.filter(pk=ids[0]).delete()
    for kind in services.games_mark_dirty(game_ids=[ids[0]]):
        services.ratings_process_dirty(kind=kind)
    after = sorted(rows.values_list("group", "key", "games"))
    assert sum(g for *_, g in after) < sum(g for *_, g in before)
    statistics.statistics_rebuild(kind="mathematico")
    assert sorted(rows.values_list("group", "key", "games")) == after


def test_the_heatmaps_page_and_api_show_both_boards_with_tables(client: Client) -> None:
    count("\n\n".join(matrio.random_game(seed) for seed in range(2)))
    count("\n\n".join(mathematico.random_game(seed, "greedy") for seed in range(2)))

    page = client.get("/analytics/heatmaps/").content.decode()
    assert 'data-figure="figure-trays"' in page and 'data-figure="figure-mathematico"' in page
    assert page.count("<table>") == 2

    value = StatCounter.objects.filter(statistic=statistics.MATHEMATICO_EARLY)[0].group
    one_value = client.get("/analytics/heatmaps/", {"value": value})
    assert one_value.status_code == 200
    assert client.get("/analytics/heatmaps/", {"value": "x"}).status_code == 400

    data = client.get("/api/analytics/heatmaps/", {"value": value}).json()
    assert len(data["matrio_trays"]) > 0 and data["mathematico"]["value"] == int(value)
    assert client.get("/api/analytics/heatmaps/", {"value": "x"}).status_code == 400
