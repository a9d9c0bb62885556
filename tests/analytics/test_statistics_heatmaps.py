"""The heatmaps: MatriO trays and cells and Mathematico early placements, from additive
counters."""

from __future__ import annotations

import pytest
from django.test import Client

from analytics.compute.matrio_games import CELL_PLY, CELL_SCORE, read_matrio
from analytics.models import StatCounter, StatGame
from analytics.ratings import services
from analytics.statistics import counters, rebuild
from analytics.statistics.mathematico import MATHEMATICO_EARLY
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

    trays = StatCounter.objects.filter(statistic=counters.TRAYS_PLAYED)
    plays = sum(t.games for t in trays)
    placed = sum(len(row["placements"]) for row in StatGame.objects.values_list("row", flat=True))
    assert plays == placed > 0


def test_every_matrio_cell_is_counted_with_its_owner_final_score_and_ply() -> None:
    records = [matrio.random_game(seed) for seed in range(4)]
    count("\n\n".join(records))
    read = [read_matrio(text, game_id=str(i)) for i, text in enumerate(records)]

    cells = {
        (c.group, c.key): c for c in StatCounter.objects.filter(statistic=counters.MATRIO_CELLS)
    }
    assert len(cells) == 18  # nine cells, each with its score and its ply
    for name in ("11", "22", "32"):
        won = [(g, c) for g in read for c in g.cells if c.cell == name]
        score, ply = cells[(CELL_SCORE, name)], cells[(CELL_PLY, name)]
        assert score.games == ply.games == len(won) == 4
        assert score.extra_sum == sum(c.score for _, c in won)
        assert ply.extra_sum == sum(c.ply or 0 for _, c in won)
        assert score.wins == sum(g.ranks[c.owner or 0] == 1 for g, c in won)
        assert score.rank_sum == sum(g.ranks[c.owner or 0] for g, c in won)


def test_games_counted_before_cells_were_recorded_are_recounted_when_seen_again() -> None:
    ids = count("\n\n".join(matrio.random_game(seed) for seed in range(3)))
    cells = StatCounter.objects.filter(statistic=counters.MATRIO_CELLS)
    expected = sorted(cells.values_list("group", "key", "games", "extra_sum"))
    # as stored before this version: no cell counters, rows without cells, no packed record
    for stat in StatGame.objects.all():
        stat.counters = [c for c in stat.counters if c[0] != counters.MATRIO_CELLS]
        stat.row = {k: v for k, v in stat.row.items() if k != "cells"}
        stat.fingerprint, stat.sample = "old", None
        stat.save()
    cells.delete()

    for kind in services.games_mark_dirty(game_ids=ids):
        services.ratings_process_dirty(kind=kind)

    assert sorted(cells.values_list("group", "key", "games", "extra_sum")) == expected
    assert all(s.sample for s in StatGame.objects.all())


def test_mathematico_early_placements_are_folded_and_subtracted_when_a_game_goes() -> None:
    ids = count("\n\n".join(mathematico.random_game(seed, "greedy") for seed in range(4)))
    rows = StatCounter.objects.filter(statistic=MATHEMATICO_EARLY)
    assert rows.exists()
    assert all(r.key != "e5" for r in rows)  # folding puts filled cells top left
    before = sorted(rows.values_list("group", "key", "games"))

    Game.objects.filter(pk=ids[0]).delete()
    for kind in services.games_mark_dirty(game_ids=[ids[0]]):
        services.ratings_process_dirty(kind=kind)
    after = sorted(rows.values_list("group", "key", "games"))
    assert sum(g for *_, g in after) < sum(g for *_, g in before)
    rebuild.statistics_rebuild(kind="mathematico")
    assert sorted(rows.values_list("group", "key", "games")) == after


def test_the_heatmaps_page_and_api_show_both_boards_with_tables(client: Client) -> None:
    count("\n\n".join(matrio.random_game(seed) for seed in range(2)))
    count("\n\n".join(mathematico.random_game(seed, "greedy") for seed in range(2)))

    page = client.get("/analytics/heatmaps/").content.decode()
    for name in ("trays", "matrio_cells", "mathematico"):
        assert f'data-figure="figure-{name}"' in page
    assert page.count("<table>") == 3

    value = StatCounter.objects.filter(statistic=MATHEMATICO_EARLY)[0].group
    one_value = client.get("/analytics/heatmaps/", {"value": value})
    assert one_value.status_code == 200
    assert client.get("/analytics/heatmaps/", {"value": "x"}).status_code == 400

    data = client.get("/api/analytics/heatmaps/", {"value": value}).json()
    assert len(data["matrio_trays"]) > 0 and data["mathematico"]["value"] == int(value)
    centre = next(c for c in data["matrio_cells"] if c["cell"] == "22")
    assert centre["games"] == 2 and 1 <= centre["mean_ply_won"] <= 52
    assert [c["cell"] for c in data["matrio_cells"]] == [f"{r}{c}" for r in "123" for c in "123"]
    assert client.get("/api/analytics/heatmaps/", {"value": "x"}).status_code == 400
