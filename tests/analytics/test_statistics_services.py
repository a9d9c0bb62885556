"""Statistics counters: updated additively by the ratings worker, each game counted once.

Games are imported as MGN records (random legal MatriO games), the worker hook is run as the
worker runs it (mark dirty, then process the kind), and the stored counters are compared with
a recount from scratch (``statistics_rebuild``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from analytics import tasks, wakeups
from analytics.compute.openings import explore
from analytics.compute.tally import Counters, Tally
from analytics.models import TALLY_FIELDS, StatCounter, StatGame, StatResult
from analytics.ratings import services
from analytics.statistics import matrio
from analytics.statistics.counters import OPENINGS, statistics_games_update
from analytics.statistics.rebuild import statistics_rebuild
from clubs.models import Club
from games import services as games
from games.engine.matrio import random_game
from games.models import Game
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db


def import_games(club: Club, seeds: range) -> list[int]:
    text = "\n\n".join(random_game(seed) for seed in seeds)
    games.games_import_mgn(club=club, text=text)
    return list(Game.objects.filter(club=club).order_by("pk").values_list("pk", flat=True))


def run_hook(game_ids: list[int]) -> None:
    """What the worker does: mark the games, then process every kind that was queued."""
    for kind in services.games_mark_dirty(game_ids=game_ids):
        services.ratings_process_dirty(kind=kind)


def counters() -> list[tuple[Any, ...]]:
    return sorted(StatCounter.objects.values_list("statistic", "group", "key", *TALLY_FIELDS))


def stored_explorer() -> Counters:
    rows = StatCounter.objects.filter(statistic=OPENINGS)
    return Counters({(r.group, r.key): Tally(*(getattr(r, f) for f in TALLY_FIELDS)) for r in rows})


@pytest.fixture
def club() -> Club:
    return ClubFactory()


def test_games_counted_one_by_one_equal_a_recount_from_scratch(club: Club) -> None:
    ids = import_games(club, range(12))
    for game_id in ids:
        run_hook([game_id])

    incremental = counters()
    assert StatGame.objects.count() == 12
    explorer = stored_explorer()
    first = explore(explorer, "")
    assert sum(m.games for m in first) == 12  # one first move per game
    for move in first:  # the games under a line add up to the games of the line
        assert sum(m.games for m in explore(explorer, move.next_line)) == move.games

    assert statistics_rebuild() == 12
    assert counters() == incremental


def test_processing_a_game_again_does_not_count_it_twice(club: Club) -> None:
    ids = import_games(club, range(5))
    run_hook(ids)
    before = counters()

    run_hook(ids)  # a redelivered or repeated job
    statistics_games_update(kind="matrio", game_ids=ids)

    assert counters() == before
    assert StatGame.objects.count() == 5


def test_a_deleted_or_reopened_game_is_subtracted_exactly(club: Club) -> None:
    ids = import_games(club, range(8))
    run_hook(ids)

    Game.objects.filter(pk=ids[0]).delete()
    Game.objects.filter(pk=ids[1]).update(status=Game.Status.LIVE)
    run_hook([ids[0], ids[1]])

    assert sum(m.games for m in explore(stored_explorer(), "")) == 6
    after = counters()
    statistics_rebuild()
    assert counters() == after
    assert not StatGame.objects.filter(game_id__in=ids[:2]).exists()


def test_other_game_kinds_and_result_only_games_add_no_opening_counters(club: Club) -> None:
    game = games.game_result_only_create(
        club=club,
        kind="matrio",
        players=[games.SeatInput(name=f"Guest {i}") for i in range(4)],
        result={"P1": 10, "P2": 20, "P3": 30, "P4": 40},
    )
    run_hook([game.pk])

    assert StatGame.objects.get(game_id=game.pk).counters == []
    assert not StatCounter.objects.exists()
    assert statistics_games_update(kind="mathematico", game_ids=[game.pk]) == 0


def test_a_burst_of_games_queues_one_card_impact_refresh_which_stores_the_report(
    club: Club,
    django_capture_on_commit_callbacks: Callable[..., Any],
    wakeups_sent: dict[str, list[dict[str, Any]]],
    settings: Any,
) -> None:
    settings.ANALYTICS_RESAMPLES = 50
    settings.ANALYTICS_CARD_MIN_GAMES = 5
    refreshes = wakeups_sent[wakeups.CARD_IMPACT_REFRESH]  # process_dirty: run by hand here
    ids = import_games(club, range(6))

    with django_capture_on_commit_callbacks(execute=True):
        for game_id in ids[:3]:
            run_hook([game_id])
        run_hook(ids[3:])

    assert refreshes == [{}]  # one refresh for the whole burst
    assert StatResult.objects.get(name=matrio.CARD_IMPACT).queued
    assert tasks.card_impact_refresh.apply().get() == 6

    stored = StatResult.objects.get(name=matrio.CARD_IMPACT)
    assert not stored.queued and stored.games == 6
    report = stored.data
    assert len(report["cards"]) == 52 and len(report["seats"]) == 4
    for card in report["cards"]:
        assert card["score_diff"]["n"] <= card["games"] <= 6
        if not card["enough"]:
            assert card["rank"] is None  # too few games: shown, never ranked
    two_of_clubs = next(c for c in report["cards"] if c["card"] == "2C")
    assert two_of_clubs["rank"] is None and two_of_clubs["note"]
