"""Fault tests: nothing lost, nothing frozen, with a real worker on a Redis of the test's own.

Each test starts its own ``redis-server`` and Celery worker processes (``conftest.py``), breaks
something for real (stops the broker, hangs it, SIGKILLs the worker in the middle of a job,
deletes games through the admin) and measures how long analytics takes to be right again; the
figures are printed (``pytest -s`` or the terminal report) and bounded by generous deadlines
(this checks behaviour, not speed). Every test stays under a minute.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest
from django.db import connection, connections, transaction
from django.test import Client

from analytics import wakeups
from analytics.models import (
    DirtyGame,
    JobProgress,
    RatedGame,
    Rating,
    RatingHistory,
    RatingStream,
    StatCounter,
    StatGame,
    WorkerHeartbeat,
)
from analytics.ratings import services
from analytics.statistics.rebuild import statistics_rebuild
from clubs.models import Club, Player
from games import services as games
from games.engine.matrio import random_game
from games.models import Game
from matrio_site import celery as site_celery
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.faults.conftest import (
    HungBroker,
    PrivateRedis,
    Worker,
    Workers,
    celery_app_for,
    wait_for,
)
from tests.games.helpers import NAMES, live_matrio, make_cast, matrio_tokens

pytestmark = pytest.mark.faults


def figure(capsys: pytest.CaptureFixture[str], text: str) -> None:
    """Print a measured figure past pytest's capture."""
    with capsys.disabled():
        print(f"\n[faults] {text}")


def ratings_state() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    ratings = sorted(
        Rating.objects.values_list("pool", "player_key", "mu", "sigma", "display", "games")
    )
    history = sorted(
        RatingHistory.objects.values_list(
            "pool", "player_key", "game_id", "order", "rank", "mu_before", "mu", "sigma", "games"
        )
    )
    return ratings, history


def counters_state() -> list[tuple[Any, ...]]:
    return sorted(
        StatCounter.objects.values_list(
            "statistic", "group", "key", "games", "wins", "rank_sum", "score_sum", "extra_sum"
        )
    )


def started(worker: Worker) -> Worker:
    wait_for(
        "the worker's first heartbeat",
        lambda: WorkerHeartbeat.objects.filter(hostname=worker.hostname).exists(),
        worker=worker,
    )
    return worker


def settled(kind: str, rated: int) -> bool:
    """The kind's ratings are up to date: nothing dirty, no job pending, ``rated`` games."""
    return (
        not DirtyGame.objects.filter(kind=kind).exists()
        and not RatingStream.objects.filter(kind=kind, queued=True).exists()
        and RatedGame.objects.filter(kind=kind).count() == rated
    )


def almost_finished_game(cast: Any) -> tuple[Game, str]:
    """A live MatriO game with every move recorded but the last; returns it and that move."""
    game = live_matrio(cast)
    tokens = matrio_tokens(7)
    for ply, token in enumerate(tokens[:-1]):
        games.game_record_move(game_id=game.pk, token=token, expected_ply=ply)
    return game, tokens[-1]


def post_last_move(client: Client, game: Game, token: str) -> tuple[Any, float]:
    begun = time.monotonic()
    response = client.post(
        f"/api/games/{game.pk}/moves/",
        {"token": token, "expected_ply": len(matrio_tokens(7)) - 1},
        content_type="application/json",
    )
    return response, time.monotonic() - begun


# --- (1) the broker down when the last move commits --------------------------------------------


def test_with_the_broker_down_at_commit_the_move_answers_201_and_the_game_is_rated_soon_after(
    workers: Workers,
    private_redis: PrivateRedis,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(wakeups, "current_app", celery_app_for(private_redis.url))
    worker = started(workers.start())
    cast = make_cast()
    game, last = almost_finished_game(cast)
    client = Client()
    client.force_login(cast.user("scorekeeper"))

    private_redis.stop()
    response, took = post_last_move(client, game, last)
    assert response.status_code == 201, response.content
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert DirtyGame.objects.filter(game_id=game.pk).exists()  # recorded with the move
    committed = time.monotonic()

    time.sleep(3)  # the outage
    private_redis.start()
    back = time.monotonic()
    wait_for("the game rated after the broker came back", lambda: settled("matrio", 1))
    rated = time.monotonic()
    assert sorted(Rating.objects.filter(pool="matrio").values_list("name", flat=True)) == sorted(
        NAMES
    )
    assert rated - back < 60, worker.tail()
    figure(
        capsys,
        f"broker down at commit: move POST answered 201 in {took:.2f} s; game rated "
        f"{rated - back:.1f} s after the broker came back ({rated - committed:.1f} s after "
        "the commit)",
    )


def test_a_hung_broker_holds_neither_the_move_nor_healthz(
    transactional_db: None,
    hung_broker: HungBroker,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    cast = make_cast()
    game, last = almost_finished_game(cast)
    client = Client()
    client.force_login(cast.user("scorekeeper"))
    monkeypatch.setattr(wakeups, "current_app", celery_app_for(hung_broker.url))
    monkeypatch.setitem(site_celery.app.conf, "broker_write_url", hung_broker.url)  # /healthz

    response, took = post_last_move(client, game, last)
    assert response.status_code == 201, response.content
    begun = time.monotonic()
    health = Client().get("/healthz")
    health_took = time.monotonic() - begun
    assert health.status_code == 503 and not health.json()["broker"]["ok"]
    assert took < 3 and health_took < 3
    figure(
        capsys,
        f"hung broker: move POST answered 201 in {took:.2f} s, /healthz 503 in {health_took:.2f} s",
    )

    assert DirtyGame.objects.filter(game_id=game.pk).exists()  # the sweep takes it from here


# --- (2) a worker SIGKILLed in the middle of a full recompute ---------------------------------


def members(club: Club, n: int) -> list[Player]:
    return [MembershipFactory(club=club).player for _ in range(n)]


def test_a_worker_killed_in_a_full_recompute_leaves_a_failed_job_that_the_rerun_completes(
    workers: Workers,
    private_redis: PrivateRedis,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(wakeups, "current_app", celery_app_for(private_redis.url))
    hostname = "faults-killed@test"
    worker = started(workers.start(hostname))
    club = ClubFactory()
    people = members(club, 8)
    rng = random.Random(5)
    for _ in range(120):
        seated = rng.sample(people, 4)
        games.game_result_only_create(
            club=club,
            kind="matrio",
            players=[games.SeatInput(player=p) for p in seated],
            result={f"P{i + 1}": s for i, s in enumerate(rng.sample(range(-60, 300), 4))},
        )
    wait_for("the games rated", lambda: settled("matrio", 120), worker=worker)
    before = ratings_state()

    # Hold the snapshot table: the recompute stops there, in its open transaction, after
    # deleting and rewriting the rated games.
    holding, release = threading.Event(), threading.Event()

    def hold_the_snapshots() -> None:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("LOCK TABLE analytics_ratingsnapshot IN SHARE MODE")
                holding.set()
                release.wait(30)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold_the_snapshots)
    holder.start()
    try:
        assert holding.wait(10)
        job = services.ratings_recompute_request(kind="matrio")
        wait_for("the recompute in the middle", recompute_waiting, worker=worker)
        job.refresh_from_db()
        assert (job.status, job.worker) == (JobProgress.Status.RUNNING, hostname)
        worker.kill()
        killed = time.monotonic()
    finally:
        release.set()
        holder.join()

    again = workers.start(hostname)  # the same name, as a supervisor would restart it
    failed_s = wait_for(
        "the killed worker's job marked failed",
        lambda: f"jobs=[{job.pk}]" in again.log_text(),
        worker=again,
    )
    wait_for(
        "the job completed by the re-run",
        lambda: JobProgress.objects.filter(pk=job.pk, status=JobProgress.Status.DONE).exists(),
        worker=again,
    )
    done = time.monotonic()
    job.refresh_from_db()
    assert (job.worker, job.done, job.message) == (hostname, 120, "120 games rated")
    rerun = ratings_state()
    assert rerun == before
    services.ratings_recompute(kind="matrio")  # a clean recompute, here
    assert ratings_state() == rerun
    figure(
        capsys,
        f"worker SIGKILLed in a recompute: restarted, job marked failed {failed_s:.1f} s after "
        f"the restart began, re-run done {done - killed:.1f} s after the kill",
    )


def recompute_waiting() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND query ILIKE 'DELETE%analytics_ratingsnapshot%'"
        )
        row = cursor.fetchone()
    return bool(row and row[0])


# --- (3) games deleted through the admin and by a club's cascade -------------------------------


def test_games_deleted_through_the_admin_or_a_clubs_cascade_leave_ratings_and_counters(
    workers: Workers,
    private_redis: PrivateRedis,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(wakeups, "current_app", celery_app_for(private_redis.url))
    worker = started(workers.start())
    kept_club, gone_club = ClubFactory(), ClubFactory()
    for club, seeds in ((kept_club, range(8)), (gone_club, range(8, 12))):
        games.games_import_mgn(club=club, text="\n\n".join(random_game(s) for s in seeds))
    kept = list(Game.objects.filter(club=kept_club).values_list("pk", flat=True))
    wait_for("the games rated and counted", lambda: counted(12), worker=worker)

    admin = UserFactory()
    admin.is_staff = admin.is_superuser = True
    admin.save()
    client = Client()
    client.force_login(admin)
    begun = time.monotonic()
    deleted = client.post(f"/admin/games/game/{kept[0]}/delete/", {"post": "yes"})
    assert deleted.status_code == 302, deleted.content
    cascaded = client.post(f"/admin/clubs/club/{gone_club.pk}/delete/", {"post": "yes"})
    assert cascaded.status_code == 302, cascaded.content
    assert not Game.objects.filter(club_id=gone_club.pk).exists()

    took = wait_for(
        "the deletions reflected",
        lambda: (
            counted(7) and set(RatedGame.objects.values_list("game_id", flat=True)) == set(kept[1:])
        ),
        worker=worker,
    )
    figure(capsys, f"games deleted through the admin: analytics right again in {took:.2f} s")
    assert time.monotonic() - begun < 60
    incremental, counters = ratings_state(), counters_state()
    assert {row[2] for row in incremental[1]} == set(kept[1:])  # the history's game ids
    services.ratings_recompute(kind="matrio")
    statistics_rebuild(kind="matrio")
    assert ratings_state() == incremental
    assert counters_state() == counters


def counted(n: int) -> bool:
    return (
        settled("matrio", n)
        and StatGame.objects.filter(kind="matrio").count() == n
        and not DirtyGame.objects.exists()
    )
