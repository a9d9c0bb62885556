"""Mathematico values by position and draws: kept by the worker from each game's compact
row, recomputed for the changed draws only, the same after a rebuild; pages and API read
them (anonymous, a constant number of queries)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from analytics import tasks, wakeups
from analytics.compute.mathematico_stats import read_mathematico, value_by_position
from analytics.compute.ratings import display_rating
from analytics.models import RatingHistory, StatGame, StatResult
from analytics.ratings import services
from analytics.statistics import mathematico, rebuild
from games import services as games
from games.engine.mathematico.board import CELLS
from games.engine.mathematico.records import write_record
from games.engine.record import read_records
from games.models import Game
from games.selectors import game_export_mgn
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def deal_of(seed: int) -> list[int]:
    return random.Random(seed).sample([v for v in range(1, 14) for _ in range(4)], 25)


def record(deal: list[int], names: list[str], *, seed: int, day: int, mode: str = "") -> str:
    """One table's game on ``deal``: each board a random order of the cells."""
    rng = random.Random(seed)
    lines = [f"{name}: {' '.join(rng.sample(CELLS, 25))}" for name in names]
    tags = f'[Game "mathematico"]\n[Date "2026.01.{day:02d}"]\n'
    tags += f'[Mode "{mode}"]\n' if mode else ""
    tags += f'[Deal "{" ".join(map(str, deal))}"]\n\n'
    return write_record(read_records(tags + "\n".join(lines) + "\n")[0])


def rounds(count: int, *, first_day: int = 1) -> str:
    """``count`` rounds of a tournament: each round one deal, three tables of two."""
    texts = []
    for r in range(count):
        deal = deal_of(r + 100 * first_day)
        order = NAMES[r % 6 :] + NAMES[: r % 6]
        for t in range(3):
            names = [order[t], order[t + 3]]
            texts.append(record(deal, names, seed=100 * first_day + 10 * r + t, day=first_day + r))
    return "\n\n".join(texts)


def worker(ids: list[int], capture: Callable[..., Any], refreshes: list[Any]) -> None:
    """What the worker does: rate and count the games, then run the queued refresh."""
    with capture(execute=True):
        for kind in services.games_mark_dirty(game_ids=ids):
            services.ratings_process_dirty(kind=kind)
    if refreshes:
        refreshes.clear()
        assert tasks.mathematico_refresh.apply().get() >= 0


@pytest.fixture
def refreshes(wakeups_sent: dict[str, list[dict[str, Any]]], settings: Any) -> list[Any]:
    settings.ANALYTICS_RESAMPLES = 40
    return wakeups_sent[wakeups.MATHEMATICO_REFRESH]


def imported(text: str) -> list[int]:
    club = ClubFactory()
    assert games.games_import_mgn(club=club, text=text).ok
    return list(Game.objects.filter(club=club).order_by("pk").values_list("pk", flat=True))


def stored(name: str) -> Any:
    return StatResult.objects.get(name=name)


def draw_results() -> dict[str, Any]:
    return {
        r.name: r.data
        for r in StatResult.objects.filter(name__startswith=mathematico.DRAW_PREFIX, games__gt=0)
    }


def test_finished_games_update_the_values_and_their_draws_through_the_worker(
    refreshes: list[Any], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    text = rounds(3)
    with django_capture_on_commit_callbacks(execute=True):
        ids = imported(text)
        for kind in services.games_mark_dirty(game_ids=ids):
            services.ratings_process_dirty(kind=kind)
    assert len(refreshes) == 1  # nine games, one refresh
    assert stored(mathematico.VALUES).queued
    assert tasks.mathematico_refresh.apply().get() == 9

    values = stored(mathematico.VALUES)
    assert not values.queued and values.data["games"] == 9 and values.data["boards"] == 18
    read = [
        read_mathematico(game_export_mgn(game=g), game_id=str(g.pk))
        for g in Game.objects.filter(pk__in=ids)
    ]
    expected = value_by_position(read, resamples=40)
    cells = {(c["value"], c["cell_class"]): c for c in values.data["cells"]}
    for row in expected:
        got = cells[(row.value, row.cell_class)]
        assert got["placements"] == row.placements
        assert got["mean_score"]["value"] == row.mean_score.value

    draws = draw_results()
    assert len(draws) == 3  # three deals, six boards each
    for data in draws.values():
        assert data["games"] == 3 and data["boards"] == 6
        assert [d["draw"] for d in data["draws"]] == list(range(1, 26))
        assert all(d["placed"] == 6 for d in data["draws"])
        assert all(sum(x["everyone"] for x in d["decisions"]) == 6 for d in data["draws"])


def test_each_board_keeps_its_rating_before_the_game(
    refreshes: list[Any], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    ids = imported(rounds(3))
    worker(ids, django_capture_on_commit_callbacks, refreshes)
    history = {
        (h.game_id, h.player_key): display_rating(h.mu_before, h.sigma_before)
        for h in RatingHistory.objects.filter(pool="mathematico")
    }
    boards = [
        (s.game_id, b) for s in StatGame.objects.filter(kind="mathematico") for b in s.row["boards"]
    ]
    assert len(boards) == 18
    assert all(rating == history[(game_id, key)] for game_id, (key, *_, rating) in boards)
    assert len({rating for _, (*_, rating) in boards}) > 1  # later rounds: ratings differ


def test_editing_or_deleting_a_game_recomputes_its_draw_only(
    refreshes: list[Any], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    ids = imported(rounds(3))
    worker(ids, django_capture_on_commit_callbacks, refreshes)
    # the last round's draw changes; the first round's (rated before it) does not
    last, first = (StatGame.objects.get(game_id=i).deal for i in (ids[6], ids[0]))
    untouched = stored(mathematico.draw_name(first)).computed_at

    Game.objects.filter(pk=ids[6]).delete()
    worker([ids[6]], django_capture_on_commit_callbacks, refreshes)
    assert stored(mathematico.draw_name(last)).data["games"] == 2
    assert stored(mathematico.draw_name(first)).computed_at == untouched
    assert stored(mathematico.VALUES).data["games"] == 8

    Game.objects.filter(pk__in=ids[7:]).delete()
    worker(ids[7:], django_capture_on_commit_callbacks, refreshes)
    assert not StatResult.objects.filter(name=mathematico.draw_name(last)).exists()
    assert len(draw_results()) == 2


def test_min_mode_games_are_a_draw_of_their_own_and_stay_out_of_the_values(
    refreshes: list[Any], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    deal = deal_of(7)
    text = "\n\n".join(
        [
            record(deal, ["Ann", "Bob"], seed=1, day=1),
            record(deal, ["Cid", "Dee"], seed=2, day=1, mode="min"),
            record(deal, ["Eve"], seed=3, day=1, mode="min"),
        ]
    )
    worker(imported(text), django_capture_on_commit_callbacks, refreshes)
    assert stored(mathematico.VALUES).data["games"] == 1
    assert sorted((d["mode"], d["boards"]) for d in draw_results().values()) == [
        ("max", 2),
        ("min", 3),
    ]


def test_a_rebuild_gives_the_reports_the_worker_kept(
    refreshes: list[Any], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    later = imported(rounds(2, first_day=10))
    worker(later, django_capture_on_commit_callbacks, refreshes)
    earlier = imported(rounds(2, first_day=1))  # played before: the ratings are replayed
    worker(earlier, django_capture_on_commit_callbacks, refreshes)
    values, draws = stored(mathematico.VALUES).data, draw_results()
    rows = dict(StatGame.objects.filter(kind="mathematico").values_list("game_id", "row"))

    rebuild.statistics_rebuild(kind="mathematico")

    assert dict(StatGame.objects.filter(kind="mathematico").values_list("game_id", "row")) == rows
    assert stored(mathematico.VALUES).data == values
    assert draw_results() == draws and len(draws) == 4


def test_the_pages_and_api_read_the_stored_reports_in_a_constant_number_of_queries(
    refreshes: list[Any],
    django_capture_on_commit_callbacks: Callable[..., Any],
    client: Client,
    django_assert_num_queries: Any,
) -> None:
    empty = client.get("/analytics/mathematico/values/")
    assert empty.status_code == 200 and b"No values by position yet" in empty.content
    worker(imported(rounds(2)), django_capture_on_commit_callbacks, refreshes)
    key = next(iter(draw_results().values()))["key"]

    with django_assert_num_queries(1):
        page = client.get("/analytics/mathematico/values/").content.decode()
    assert "Not enough boards yet for this chart" in page and page.count("<tbody>") == 1
    assert "too few placements" in page
    with django_assert_num_queries(2):
        listing = client.get("/analytics/mathematico/draws/").content.decode()
    assert listing.count(f"/analytics/mathematico/draws/{key}/") == 1
    with django_assert_num_queries(1):
        one = client.get(f"/analytics/mathematico/draws/{key}/", {"card": "5"})
    assert (
        one.status_code == 200 and 'data-figure="figure-mathematico_draw"' in one.content.decode()
    )
    assert client.get(f"/analytics/mathematico/draws/{key}/", {"card": "26"}).status_code == 400
    assert client.get("/analytics/mathematico/draws/0000/").status_code == 404

    with django_assert_num_queries(1):
        data = client.get("/api/analytics/mathematico/values/").json()
    assert data["games"] == 6 and len(data["cells"]) == 13 * 6
    assert {"value", "low", "high", "n"} <= set(data["cells"][0]["advantage"])
    with django_assert_num_queries(2):
        listed = client.get("/api/analytics/mathematico/draws/").json()
    assert listed["count"] == 2 and listed["draws"][0]["boards"] == 6
    with django_assert_num_queries(1):
        draw = client.get(f"/api/analytics/mathematico/draws/{key}/", {"card": "3"}).json()
    assert [d["draw"] for d in draw["draws"]] == [3]
    assert len(client.get(f"/api/analytics/mathematico/draws/{key}/").json()["draws"]) == 25
    assert client.get(f"/api/analytics/mathematico/draws/{key}/", {"card": "0"}).status_code == 400
    assert client.get("/api/analytics/mathematico/draws/", {"page": "x"}).status_code == 400
    assert client.get("/api/analytics/mathematico/draws/abc/").status_code == 404


def test_reopening_a_finished_game_takes_it_out_of_its_draw(
    refreshes: list[Any], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    ids = imported(rounds(1))
    worker(ids, django_capture_on_commit_callbacks, refreshes)
    draw = mathematico.draw_name(StatGame.objects.get(game_id=ids[0]).deal)
    game = Game.objects.get(pk=ids[0])

    Game.objects.filter(pk=game.pk).update(status=Game.Status.LIVE)
    worker([game.pk], django_capture_on_commit_callbacks, refreshes)

    assert not StatGame.objects.filter(game_id=game.pk).exists()
    assert stored(draw).data["games"] == 2 and stored(draw).data["boards"] == 4
    assert stored(mathematico.VALUES).data["games"] == 2
