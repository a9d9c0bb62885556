"""Ratings through the database: full recompute and incremental latency (prints figures only).

    .venv/bin/python bench/analytics.py [--games 100000] [--players 2000] [--clubs 20]
                                        [--incremental 50] [--database-url postgres://...]

Creates a scratch PostgreSQL database ``matrio_bench_analytics_<pid>``, migrates it, stores
``--games`` synthetic finished MatriO games (seats with places and scores) and then prints:

* openskill alone (``PlackettLuce.rate`` per game and pool, ratings in a dict) over the same
  games as read from the database;
* the whole pipeline: ``analytics.ratings.services.ratings_recompute`` (read games and seats,
  rate, write ratings, history (COPY) and snapshots in one transaction) and its ratio to the
  above;
* incremental: ``--incremental`` games finished one by one after that, each committed with
  the ``games_finished`` task queued on commit, as the games services do; a real Celery
  worker (a subprocess, Redis broker ``--broker-url``) marks it dirty and rates it; p50/p95
  from commit to the new rating readable by the site, both broker hops included.

The database is dropped at the end.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scratch import DEFAULT_ADMIN_URL, scratch_site


def store_games(count: int, players: int, clubs: int, start: int = 0) -> list[int]:
    import datetime

    from django.utils import timezone

    from clubs.models import Club, Player
    from games.imports import insert_seats
    from games.models import Game, Seat

    rng = random.Random(2026 + start)
    club_rows = list(Club.objects.order_by("pk"))
    people = list(Player.objects.order_by("pk").values_list("pk", "name"))
    members = [people[c::clubs] for c in range(clubs)]
    ids: list[int] = []
    # a thousand games a day, in order: games finished later are rated later (the order key
    # is the day played, then the time finished)
    first_day = datetime.date(2020, 1, 1)
    morning = timezone.now().replace(hour=8, minute=0, second=0, microsecond=0)
    for chunk in range(0, count, 5000):
        games = []
        plan = []
        for number in range(chunk, min(count, chunk + 5000)):
            c = rng.randrange(clubs)
            day, second = divmod(start + number, 1000)
            games.append(
                Game(
                    club=club_rows[c], kind="matrio", status="finished", source="result-only",
                    played_on=first_day + datetime.timedelta(days=day), ply=0,
                    finished_at=morning + datetime.timedelta(seconds=second),
                )
            )  # fmt: skip
            plan.append((rng.sample(members[c], 4), rng.sample(range(-300, 900), 4)))
        Game.objects.bulk_create(games, batch_size=5000)
        seats = []
        for game, (seated, scores) in zip(games, plan, strict=True):
            order = sorted(scores, reverse=True)
            for position, ((pid, name), score) in enumerate(zip(seated, scores, strict=True)):
                seats.append(
                    Seat(
                        game_id=game.pk, position=position + 1, role=f"P{position + 1}",
                        name=name, player_id=pid, score=score, rank=order.index(score) + 1,
                        winner=score == order[0], withdrawn=False,
                    )
                )  # fmt: skip
        insert_seats(seats)
        ids.extend(g.pk for g in games)
    return ids


def bare_openskill(results: list) -> float:  # type: ignore[type-arg]
    from openskill.models import PlackettLuce

    from analytics.compute.ratings import pools_of

    started = time.perf_counter()
    model = PlackettLuce()
    ratings: dict[tuple[str, str], object] = {}
    for game in sorted(results, key=lambda g: (g.order, g.game_id)):
        ranks = [float(s.rank) for s in game.seats]
        for pool in pools_of(game):
            keys = [(pool, s.player_id) for s in game.seats]
            teams = [[ratings.get(k) or model.rating()] for k in keys]
            new = model.rate(teams, ranks=ranks)
            for key, team in zip(keys, new, strict=True):
                ratings[key] = team[0]
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--incremental", type=int, default=50)
    parser.add_argument("--database-url", default=DEFAULT_ADMIN_URL)
    parser.add_argument("--broker-url", default="redis://127.0.0.1:6379/14")
    args = parser.parse_args()
    with scratch_site(args.database_url, "analytics", CELERY_BROKER_URL=args.broker_url):
        run(args)


@contextmanager
def celery_worker() -> Iterator[None]:
    """A real worker on the scratch database and the broker, until the block ends."""
    from analytics.models import WorkerHeartbeat
    from matrio_site.celery import app

    app.control.purge()
    command = [
        sys.executable, "-m", "celery", "-A", "matrio_site", "worker", "--pool=solo",
        "--loglevel=WARNING", "--without-gossip", "--without-mingle", "-n", "bench@analytics",
    ]  # fmt: skip
    env = {**os.environ, "WORKER_HEARTBEAT_INTERVAL": "1"}
    root = Path(__file__).resolve().parent.parent
    worker = subprocess.Popen(
        command, cwd=root, env=env, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not WorkerHeartbeat.objects.filter(hostname="bench@analytics").exists():
            if worker.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the Celery worker did not start")
            time.sleep(0.2)
        yield
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=60)


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections, transaction

    from analytics.models import RatingHistory
    from analytics.ratings import services
    from analytics.ratings.games import games_loaded
    from analytics.tasks import games_finished
    from clubs.models import Club, Player
    from games.models import Game, Seat
    from infra.bulk import analyze

    call_command("migrate", verbosity=0)
    Club.objects.bulk_create([Club(name=f"Club {c}", slug=f"club-{c}") for c in range(args.clubs)])
    Player.objects.bulk_create(
        [Player(name=f"Player {p}", slug=f"player-{p}") for p in range(args.players)]
    )
    started = time.perf_counter()
    ids = store_games(args.games, args.players, args.clubs)
    analyze(Game, Seat)  # as autovacuum would have by now on a site that stored them over time
    print(f"stored {len(ids)} games in {time.perf_counter() - started:.1f} s")

    results = [g.result for g in games_loaded(game_ids=ids)]
    bare = bare_openskill(results)
    del results
    started = time.perf_counter()
    services.ratings_recompute(kind="matrio")
    full = time.perf_counter() - started
    print(f"openskill alone, MatriO + club pools: {bare:.2f} s")
    print(f"full recompute through the database:  {full:.2f} s = {full / bare:.2f}x openskill")

    latencies = []
    with celery_worker():
        for number in range(args.incremental):
            with transaction.atomic():
                (game_id,) = store_games(1, args.players, args.clubs, start=args.games + number)
                transaction.on_commit(partial(games_finished.delay, game_ids=[game_id]))
            committed = time.perf_counter()
            rated = RatingHistory.objects.filter(game_id=game_id, pool="matrio")
            while not rated.exists():
                if time.perf_counter() - committed > 30:
                    raise SystemExit(f"game {game_id} was not rated within 30 s")
                time.sleep(0.001)
            latencies.append(time.perf_counter() - committed)
    latencies.sort()
    p50 = latencies[len(latencies) // 2] * 1000
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))] * 1000
    print(
        f"incremental through a Celery worker, commit to new rating visible: "
        f"p50 {p50:.1f} ms, p95 {p95:.1f} ms ({len(latencies)} games)"
    )
    connections.close_all()


if __name__ == "__main__":
    main()
