"""Stored ratings: incremental updates, late or edited games and a full recompute agree.

Games are stored through the games services (result-only MatriO games), the analytics hook
is run as the worker would run it (``games_finished`` then ``process_dirty``), and the stored
rows are compared with a recompute from scratch: equal floats, not approximately.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from typing import Any

import pytest

from analytics import tasks, wakeups
from analytics.models import (
    DirtyGame,
    RatedGame,
    Rating,
    RatingHistory,
    RatingSnapshot,
    RatingStream,
)
from analytics.ratings import services, stream
from analytics.ratings.games import deal_name
from clubs.models import Club, Player
from games import services as games
from games.models import Game
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def stored_state() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    ratings = sorted(
        Rating.objects.values_list("pool", "player_key", "mu", "sigma", "display", "games")
    )
    history = sorted(
        RatingHistory.objects.values_list(
            "pool", "player_key", "game_id", "order", "rank", "mu_before", "mu", "sigma", "games"
        )
    )
    return ratings, history


def members(club: Club, n: int) -> list[Player]:
    return [MembershipFactory(club=club).player for _ in range(n)]


def play(club: Club, players: list[Player], rng: random.Random, day: int = 1) -> Game:
    seated = rng.sample(players, 4)
    scores = rng.sample(range(-60, 300), 4)
    return games.game_result_only_create(
        club=club,
        kind="matrio",
        players=[games.SeatInput(player=p) for p in seated],
        result={f"P{i + 1}": s for i, s in enumerate(scores)},
        played_on=datetime.date(2026, 1, day),
    )


def run_hook(game_ids: list[int]) -> None:
    """What the worker does: mark the games, then process every kind that was queued."""
    for kind in services.games_mark_dirty(game_ids=game_ids):
        services.ratings_process_dirty(kind=kind)


def test_rating_games_one_by_one_equals_a_full_recompute() -> None:
    rng = random.Random(7)
    club_a, club_b = ClubFactory(), ClubFactory()
    people_a, people_b = members(club_a, 6), members(club_b, 5)
    for _ in range(12):
        club, people = rng.choice([(club_a, people_a), (club_b, people_b)])
        run_hook([play(club, people, rng).pk])

    incremental = stored_state()
    assert RatingStream.objects.get(kind="matrio").games == 12
    assert {r[0] for r in incremental[0]} == {
        "matrio",
        f"matrio@{club_a.slug}",
        f"matrio@{club_b.slug}",
    }
    assert len(incremental[1]) == 12 * 4 * 2  # four players, two pools, one row each

    assert services.ratings_recompute(kind="matrio") == 12
    assert stored_state() == incremental


def test_a_late_game_an_edit_and_a_deletion_replay_to_the_numbers_of_a_full_recompute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stream, "SNAPSHOT_EVERY", 3)  # snapshots inside the suffix too
    rng = random.Random(11)
    club = ClubFactory()
    people = members(club, 7)
    ids = [play(club, people, rng, day=10 + i).pk for i in range(8)]
    run_hook(ids)
    assert RatingSnapshot.objects.count() == 2  # after the 3rd and the 6th game

    late = play(club, people, rng, day=2)  # played before every other game, imported late
    run_hook([late.pk])
    assert RatingHistory.objects.filter(game_id=late.pk).count() == 8

    edited = Game.objects.get(pk=ids[3])  # a result corrected: the first two swap places
    seats = list(edited.seats.order_by("rank"))
    seats[0].rank, seats[1].rank = seats[1].rank, seats[0].rank
    for seat in seats[:2]:
        seat.save(update_fields=["rank"])
    deleted = ids[5]
    Game.objects.filter(pk=deleted).delete()
    run_hook([ids[3], deleted])

    assert not RatingHistory.objects.filter(game_id=deleted).exists()
    assert sorted(RatingSnapshot.objects.values_list("games", flat=True)) == [3, 6]
    replayed = stored_state()
    services.ratings_recompute(kind="matrio")
    assert stored_state() == replayed
    assert RatingStream.objects.get(kind="matrio").games == 8


def test_a_burst_of_finished_games_queues_one_job_per_kind(
    django_capture_on_commit_callbacks: Callable[..., Any],
    wakeups_sent: dict[str, list[dict[str, Any]]],
) -> None:
    sent = wakeups_sent[wakeups.PROCESS_DIRTY]
    rng = random.Random(3)
    club = ClubFactory()
    people = members(club, 5)
    ids = [play(club, people, rng).pk for _ in range(30)]

    with django_capture_on_commit_callbacks(execute=True):
        for game_id in ids:  # thirty hooks, as thirty finished games would send
            tasks.games_finished.apply(kwargs={"game_ids": [game_id]})

    assert sent == [{"kind": "matrio"}]
    assert DirtyGame.objects.count() == 30
    assert tasks.process_dirty.apply(kwargs={"kind": "matrio"}).get() == 30
    assert RatedGame.objects.count() == 30
    before = stored_state()

    # Delivered again (acks_late) or sent for games that did not change: nothing moves.
    assert tasks.process_dirty.apply(kwargs={"kind": "matrio"}).get() == 0
    run_hook(ids[:5])
    assert stored_state() == before


def test_finishing_a_game_through_the_games_service_queues_the_hook_after_commit(
    django_capture_on_commit_callbacks: Callable[..., Any],
    wakeups_sent: dict[str, list[dict[str, Any]]],
) -> None:
    hooked = wakeups_sent[wakeups.GAMES_FINISHED]
    club = ClubFactory()
    people = members(club, 4)

    with django_capture_on_commit_callbacks(execute=True):
        game = play(club, people, random.Random(1))

    assert hooked == [{"game_ids": [game.pk]}]


def test_a_game_reopened_is_no_longer_rated() -> None:
    rng = random.Random(5)
    club = ClubFactory()
    people = members(club, 4)
    first, second = play(club, people, rng), play(club, people, rng)
    run_hook([first.pk, second.pk])
    Game.objects.filter(pk=second.pk).update(status=Game.Status.LIVE)

    run_hook([second.pk])

    assert set(RatingHistory.objects.values_list("game_id", flat=True)) == {first.pk}
    assert (
        Rating.objects.filter(pool="matrio").values_list("games", flat=True).distinct().get() == 1
    )


def test_overload_deals_are_rated_as_opponents_named_by_their_deck() -> None:
    from games.engine.overload import random_game
    from games.engine.record import read_records

    club = ClubFactory()
    first, second = random_game(1), random_game(2)
    # the same deck played twice (by two players), and another deck
    records = read_records(
        "\n".join([first.replace("random bot", "Ada"), first.replace("random bot", "Bo"), second])
    )
    report = games.games_import_records(club=club, records=records)
    stored = [g.game_id for g in report.games if g.game_id is not None]
    assert len(stored) == 3

    run_hook(stored)

    deals = Rating.objects.filter(pool="matrix-overload", player_key__startswith="deal:")
    assert deals.count() == 2
    assert sorted(deals.values_list("games", flat=True)) == [1, 2]
    # named by the day played and the start of the deal's id (no event in these records)
    for deal in deals:
        day, short = deal.name.split(" · ")
        assert deal.player_key.removeprefix("deal:").startswith(short) and len(short) == 6
        assert len(day) == 10 and day[4] == "-"
    players = Rating.objects.filter(pool="matrix-overload").exclude(player_key__startswith="deal:")
    assert sorted(players.values_list("name", flat=True)) == ["Ada", "Bo", "random bot"]
    incremental = stored_state()
    services.ratings_recompute(kind="matrix-overload")
    assert stored_state() == incremental


def test_a_deal_is_named_by_its_event_and_day() -> None:
    day = datetime.date(2026, 3, 3)
    assert (
        deal_name([["Event", "Spring Cup"]], day, "4f1c9a77aa") == "Spring Cup, 2026-03-03 · 4f1c9a"
    )
    assert deal_name([["Event", "?"]], day, "4f1c9a77aa") == "2026-03-03 · 4f1c9a"
    assert deal_name([], day, "4f1c9a77aa") == "2026-03-03 · 4f1c9a"
