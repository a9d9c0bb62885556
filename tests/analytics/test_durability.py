"""Nothing lost, nothing frozen: the durable hand-off from games to analytics.

The dirty mark is written in the transaction that changes the games (the Celery message is
only a wake-up); a deleted game, by any path, is marked the same way; the sweep queues again
the work whose wake-up was lost, clears stale flags and fails and re-runs the jobs of a worker
that died; the pages never fail for a cache that is down; ``process_dirty`` reads an import's
games in batched queries.
"""

from __future__ import annotations

import datetime
import random
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection, connections, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from analytics import jobs, recovery, wakeups
from analytics.models import (
    DirtyGame,
    JobProgress,
    RatedGame,
    Rating,
    RatingHistory,
    RatingStream,
    StatCounter,
    StatGame,
    StatResult,
    WorkerHeartbeat,
)
from analytics.ratings import services
from analytics.statistics import mathematico, matrio
from analytics.statistics.rebuild import statistics_rebuild
from analytics.worker import worker_heartbeat_record
from clubs.models import Club, Player
from games import services as games
from games.engine.matrio import random_game
from games.models import Game
from tests.factories import ClubFactory, MembershipFactory, UserFactory

Sent = dict[str, list[dict[str, Any]]]


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


def import_games(club: Club, seeds: range) -> list[int]:
    games.games_import_mgn(club=club, text="\n\n".join(random_game(seed) for seed in seeds))
    return list(Game.objects.filter(club=club).order_by("pk").values_list("pk", flat=True))


def process_all() -> None:
    """What the worker does once woken: process every kind with dirty games."""
    for kind in sorted(set(DirtyGame.objects.values_list("kind", flat=True))):
        services.ratings_process_dirty(kind=kind)


def ratings_state() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    ratings = sorted(Rating.objects.values_list("pool", "player_key", "mu", "sigma", "games"))
    history = sorted(
        RatingHistory.objects.values_list("pool", "player_key", "game_id", "order", "mu")
    )
    return ratings, history


def counters_state() -> list[tuple[Any, ...]]:
    return sorted(StatCounter.objects.values_list("statistic", "group", "key", "games", "wins"))


def later(seconds: float) -> datetime.datetime:
    return timezone.now() + datetime.timedelta(seconds=seconds)


# --- the mark is written with the change ---------------------------------------------------------


@pytest.mark.django_db
def test_a_finished_game_is_marked_dirty_in_its_own_transaction_and_woken_after_commit(
    django_capture_on_commit_callbacks: Callable[..., Any], wakeups_sent: Sent
) -> None:
    club = ClubFactory()
    people = members(club, 4)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game = play(club, people, random.Random(1))
        # before the commit: the mark is there, nothing was sent, no stream row was touched
        assert list(DirtyGame.objects.values_list("game_id", "kind")) == [(game.pk, "matrio")]
        assert wakeups_sent == {}
        assert not RatingStream.objects.exists()
    for callback in callbacks:
        callback()
    assert wakeups_sent[wakeups.GAMES_FINISHED] == [{"game_ids": [game.pk]}]


@pytest.mark.django_db
def test_with_the_broker_down_the_move_stands_and_the_sweep_rates_the_game(
    django_capture_on_commit_callbacks: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    wakeups_sent: Sent,
) -> None:
    club = ClubFactory()
    people = members(club, 4)

    def down(name: str, **kwargs: object) -> None:
        raise ConnectionError("Error 111 connecting to the broker. Connection refused.")

    monkeypatch.setattr(wakeups, "send", down)
    with django_capture_on_commit_callbacks(execute=True):
        game = play(club, people, random.Random(2))  # logged, never raised
    assert Game.objects.filter(pk=game.pk, status=Game.Status.FINISHED).exists()

    # still down: the sweep keeps nothing marked as asked for, and says why
    report = recovery.analytics_sweep(now=later(60))
    assert report.streams == [] and report.errors
    assert not RatingStream.objects.filter(kind="matrio", queued=True).exists()

    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(wakeups, "send", lambda name, **kw: sent.append({"task": name, **kw}))
    assert recovery.analytics_sweep(now=timezone.now()).streams == []  # too young yet
    assert recovery.analytics_sweep(now=later(60)).streams == ["matrio"]
    assert sent == [{"task": wakeups.PROCESS_DIRTY, "kind": "matrio"}]
    assert recovery.analytics_sweep().streams == []  # asked for just now

    services.ratings_process_dirty(kind="matrio")
    assert Rating.objects.filter(pool="matrio", games=1).count() == 4


@pytest.mark.django_db(transaction=True)
def test_finishing_a_game_never_waits_for_the_kinds_stream_lock() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks are PostgreSQL's")
    club = ClubFactory()
    people = members(club, 4)
    RatingStream.objects.create(kind="matrio")
    locked, release = threading.Event(), threading.Event()

    def hold_the_stream() -> None:  # a process_dirty at work
        try:
            with transaction.atomic():
                RatingStream.objects.select_for_update().get(kind="matrio")
                locked.set()
                release.wait(10)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold_the_stream)
    holder.start()
    try:
        assert locked.wait(10)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '1s'")
        game = play(club, people, random.Random(3))  # would fail after 1 s if it waited
        assert DirtyGame.objects.filter(game_id=game.pk).exists()
    finally:
        release.set()
        holder.join()
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")


# --- deletions, by any path -----------------------------------------------------------------------


@pytest.mark.django_db
def test_games_deleted_one_by_one_or_by_a_clubs_cascade_leave_ratings_and_counters(
    wakeups_sent: Sent, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    kept_club, gone_club = ClubFactory(), ClubFactory()
    with django_capture_on_commit_callbacks(execute=True):  # their own wake-ups leave
        kept = import_games(kept_club, range(6))
        gone = import_games(gone_club, range(6, 10))
    wakeups_sent.clear()
    services.games_mark_dirty(game_ids=kept + gone)
    process_all()
    assert RatedGame.objects.count() == 10 and StatGame.objects.count() == 10

    with django_capture_on_commit_callbacks(execute=True):
        Game.objects.get(pk=kept[2]).delete()  # as the admin does
        gone_club.delete()  # cascades to its games
    marked = sorted([kept[2], *gone])
    assert sorted(DirtyGame.objects.values_list("game_id", flat=True)) == marked
    # one wake-up for the whole transaction
    assert wakeups_sent[wakeups.GAMES_FINISHED] == [{"game_ids": marked}]
    process_all()

    assert set(RatedGame.objects.values_list("game_id", flat=True)) == set(kept) - {kept[2]}
    assert set(StatGame.objects.values_list("game_id", flat=True)) == set(kept) - {kept[2]}
    incremental, counted = ratings_state(), counters_state()
    services.ratings_recompute(kind="matrio")
    statistics_rebuild(kind="matrio")
    assert ratings_state() == incremental
    assert counters_state() == counted


# --- the sweep: stale flags and lost refreshes ---------------------------------------------------


@pytest.mark.django_db
def test_the_sweep_clears_a_stale_flag_and_requeues_a_stale_one_with_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[tuple[str, dict[str, object]]] = []
    monkeypatch.setattr(wakeups, "send", lambda name, **kw: sent.append((name, kw)))
    RatingStream.objects.create(kind="matrio", queued=True)  # its message was lost
    RatingStream.objects.create(kind="mathematico", queued=True)
    DirtyGame.objects.create(game_id=12345, kind="mathematico")

    assert not recovery.analytics_sweep()  # young flags: a job may be on its way
    report = recovery.analytics_sweep(now=later(60))

    assert report.cleared == ["matrio"] and report.streams == ["mathematico"]
    assert sent == [(wakeups.PROCESS_DIRTY, {"kind": "mathematico"})]
    assert not RatingStream.objects.get(kind="matrio").queued
    assert RatingStream.objects.get(kind="mathematico").queued


@pytest.mark.django_db
def test_a_lost_card_impact_or_mathematico_refresh_is_queued_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[str] = []
    monkeypatch.setattr(wakeups, "send", lambda name, **kw: sent.append(name))
    with transaction.atomic():  # the refreshes are asked for; their messages never leave
        matrio.queue_card_impact()
        mathematico.queue_refresh(draws={"abc"})
    sent.clear()
    assert StatResult.objects.get(name=matrio.CARD_IMPACT).queued

    assert recovery.analytics_sweep().results == []
    assert recovery.analytics_sweep(now=later(60)).results == [
        matrio.CARD_IMPACT,
        mathematico.VALUES,
    ]
    assert sent == [wakeups.CARD_IMPACT_REFRESH, wakeups.MATHEMATICO_REFRESH]
    assert recovery.analytics_sweep().results == []  # asked for again just now

    matrio.card_impact_refresh()
    mathematico.mathematico_refresh()
    assert not StatResult.objects.filter(queued=True).exists()
    assert recovery.analytics_sweep(now=later(3600)).results == []


# --- jobs of a worker that died ---------------------------------------------------------------


@pytest.mark.django_db
def test_a_dead_workers_job_is_failed_queued_again_and_completed_by_the_rerun(
    monkeypatch: pytest.MonkeyPatch, wakeups_sent: Sent
) -> None:
    club = ClubFactory()
    people = members(club, 5)
    rng = random.Random(4)
    ids = [play(club, people, rng).pk for _ in range(5)]
    services.games_mark_dirty(game_ids=ids)
    process_all()
    clean = ratings_state()

    worker_heartbeat_record(hostname="w1@test", starting=True)
    job = services.ratings_recompute_request(kind="matrio")
    assert jobs.job_claim(job_id=job.pk, worker="w1@test") is not None
    # another worker gets the message again while w1 is alive: left alone
    assert services.ratings_recompute_job(kind="matrio", job_id=job.pk, worker="w2@test") == 0
    assert not recovery.analytics_sweep().jobs

    # w1 is killed: its heartbeat goes stale (or it starts again, below)
    WorkerHeartbeat.objects.filter(hostname="w1@test").update(
        beat_at=timezone.now() - datetime.timedelta(hours=1)
    )
    wakeups_sent.clear()
    assert recovery.analytics_sweep().jobs == [job.pk]
    job.refresh_from_db()
    assert job.status == JobProgress.Status.FAILED and "w1@test" in job.message
    assert wakeups_sent[wakeups.RECOMPUTE] == [{"kind": "matrio", "job_id": job.pk}]

    assert services.ratings_recompute_job(kind="matrio", job_id=job.pk, worker="w2@test") == 5
    job.refresh_from_db()
    assert (job.status, job.worker, job.done) == (JobProgress.Status.DONE, "w2@test", 5)
    assert ratings_state() == clean
    # Redis delivers the killed worker's message again after the visibility timeout: no-op
    assert services.ratings_recompute_job(kind="matrio", job_id=job.pk, worker="w1@test") == 0


@pytest.mark.django_db
def test_a_worker_started_again_under_the_same_name_does_not_own_its_old_jobs() -> None:
    worker_heartbeat_record(hostname="w1@test", starting=True)
    job = jobs.job_start(name="Recompute matrio ratings")
    jobs.job_claim(job_id=job.pk, worker="w1@test")
    assert jobs.jobs_lost() == []
    worker_heartbeat_record(hostname="w1@test", starting=True, now=later(5))
    assert [j.pk for j in jobs.jobs_lost()] == [job.pk]


@pytest.mark.django_db
def test_a_job_no_worker_claimed_is_failed_after_hours_without_news() -> None:
    job = jobs.job_start(name="Recompute matrio ratings")  # as manage.py recompute starts one
    assert jobs.jobs_lost(now=later(3600)) == []
    assert recovery.analytics_sweep(now=later(7 * 3600)).jobs == [job.pk]
    job.refresh_from_db()
    assert job.status == JobProgress.Status.FAILED


# --- the cache down -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_pages_and_the_api_show_jobs_with_the_cache_down(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    job = jobs.job_start(name="Recompute matrio ratings")
    jobs.job_progress_report(job_id=job.pk, done=3, total=9, message="rating games")

    def down(*args: object, **kwargs: object) -> None:
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    for method in ("get", "get_many", "set", "delete"):
        monkeypatch.setattr(cache, method, down)
    jobs.job_progress_report(job_id=job.pk, done=4, total=9, message="rating games")  # logged
    client = Client()
    client.force_login(UserFactory())
    assert client.get("/analytics/").status_code == 200
    answer = client.get("/api/analytics/jobs/")
    assert answer.status_code == 200
    assert answer.json()[0]["status"] == "running"
    jobs.job_finish(job_id=job.pk, done=9, total=9, message="9 games rated")
    assert "progress not" in caplog.text


# --- process_dirty after a bulk import --------------------------------------------------------


@pytest.mark.django_db
def test_process_dirty_reads_an_imports_games_in_batched_queries() -> None:
    def queries_for(seeds: range) -> int:
        club = ClubFactory()
        ids = import_games(club, seeds)
        services.games_mark_dirty(game_ids=ids)
        with CaptureQueriesContext(connection) as captured:
            services.ratings_process_dirty(kind="matrio")
        assert StatGame.objects.filter(game_id__in=ids).count() == len(ids)
        return len(captured)

    few = queries_for(range(100, 105))
    many = queries_for(range(200, 240))
    assert many <= few + 2, (few, many)  # not one query (or more) per game


@pytest.mark.django_db
def test_the_pages_and_the_api_answer_with_redis_down_for_real(
    settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.CACHES = {  # a Redis cache nothing answers for
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_timeout": 1.0, "socket_connect_timeout": 1.0},
        }
    }
    job = jobs.job_start(name="Recompute matrio ratings")
    jobs.job_progress_report(job_id=job.pk, done=1, total=2, message="rating games")
    client = Client()
    client.force_login(UserFactory())
    assert client.get("/analytics/").status_code == 200
    assert client.get("/api/analytics/jobs/").json()[0]["name"] == "Recompute matrio ratings"
    assert "Connection refused" in caplog.text or "Error" in caplog.text
