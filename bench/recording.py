"""Recording speed: move POSTs over HTTP and MGN imports, against a scratch PostgreSQL database.

    python bench/recording.py [--part all|moves|import|inprocess] [--scorekeepers 20]
                              [--games 1] [--pause 2] [--visitors 50] [--import-games 10000]
                              [--workers 2] [--threads 8] [--database-url postgres://...]

It creates a scratch database ``matrio_bench_<pid>`` on the PostgreSQL server of
``--database-url`` (default: ``postgres://postgres@127.0.0.1:5432/postgres``, the one the
tests use), migrates it, and drops it at the end. Then:

* **Move POSTs**: a real HTTP server (gunicorn, ``--workers`` processes x ``--threads``
  threads, DEBUG off) serves the site; ``--scorekeepers`` threads, each signed in with its
  own API token, record ``--games`` complete MatriO games each with
  ``POST /api/games/{id}/moves/`` and the expected ply — first *paced* (``--pause`` seconds,
  +-50%, between one scorekeeper's moves: a very fast scorekeeper; at a table a move takes
  seconds), then *back to back* (no pause at all: a stress test, bound by the CPUs, which the
  client threads share with the server), while ``--visitors`` threads poll the games
  (``GET /api/games/{id}/poll/`` about once a second each, as an open game page does) and read
  pages (game list, events, a game page). It prints the round-trip p50 / p95 / p99 / max in
  milliseconds and the moves per second of each phase, the visitors' figures and errors, and
  then replays every stored game through the engine to check it gives its stored scores.
* **In-process**: one MatriO game recorded through ``games.services.game_record_move`` with
  no HTTP: milliseconds and SQL queries per move (the server's own cost).
* **Import**: ``--import-games`` seeded random MatriO games as one MGN text, imported the way
  ``manage.py import_games`` does (500 games per transaction: judge, match players, write
  games, seats and moves), printing games per second; then the same text again (every game
  a duplicate).

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.scratch import DEFAULT_ADMIN_URL, scratch_site  # noqa: E402
from games.engine import matrio  # noqa: E402

NAMES = ("Ann", "Ben", "Cat", "Dan")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


Plan = list[tuple[int, list[str]]]  # (game id, its moves) for one scorekeeper


def prepare(
    scorekeepers: int, games_each: int, club_slug: str = "bench"
) -> tuple[list[str], list[Plan]]:
    """Users with tokens, one live game per scorekeeper and game, and each game's moves."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from clubs.models import Club, Membership, Player
    from games import services

    club = Club.objects.create(name=f"Bench Club {club_slug}", slug=club_slug)
    keys: list[str] = []
    plans: list[list[tuple[int, list[str]]]] = []
    for number in range(scorekeepers):
        user = get_user_model().objects.create(username=f"{club_slug}-keeper{number}")
        player = Player.objects.create(
            name=f"Keeper {number}", slug=f"{club_slug}-keeper-{number}", user=user
        )
        Membership.objects.create(club=club, player=player, role=Membership.Role.SCOREKEEPER)
        keys.append(Token.objects.create(user=user).key)
        plan = []
        for game_number in range(games_each):
            seed = 1000 * number + game_number
            tokens = matrio.random_game(seed).split("\n\n", 1)[1].split()
            started = services.game_create(
                club=club,
                kind="matrio",
                players=[services.SeatInput(name=name) for name in NAMES],
                by=user,
            )
            plan.append((started.game.pk, tokens))
        plans.append(plan)
    return keys, plans


def scorekeeper(
    port: int,
    key: str,
    plan: list[tuple[int, list[str]]],
    out: list[float],
    errors: list[str],
    pause: float,
) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Authorization": f"Token {key}", "Content-Type": "application/json"}
    rng = random.Random(key)
    for game_id, tokens in plan:
        for ply, token in enumerate(tokens):
            if pause:
                time.sleep(rng.uniform(0.5 * pause, 1.5 * pause))
            body = json.dumps({"token": token, "expected_ply": ply})
            start = time.perf_counter()
            for attempt in (1, 2):
                try:
                    connection.request("POST", f"/api/games/{game_id}/moves/", body, headers)
                    response = connection.getresponse()
                    payload = response.read()
                    break
                except OSError as error:
                    # an idle keep-alive connection the server closed (as a phone's after a
                    # pause): the move was not received; send it again on a new connection
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                    if attempt == 2:
                        errors.append(f"{game_id}@{ply}: {error!r}")
            else:
                continue
            out.append((time.perf_counter() - start) * 1000)
            if response.status != 201:
                errors.append(f"{response.status} {payload[:200]!r}")
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.close()


def wait_for(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("the server stopped while starting")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start within 60 s")


def run_phase(
    port: int,
    keys: list[str],
    plans: list[list[tuple[int, list[str]]]],
    pause: float,
    visitors: int = 0,
) -> tuple[list[float], float, list[str]]:
    times: list[list[float]] = [[] for _ in keys]
    errors: list[str] = []
    threads = [
        threading.Thread(target=scorekeeper, args=(port, key, plan, times[i], errors, pause))
        for i, (key, plan) in enumerate(zip(keys, plans, strict=True))
    ]
    game_ids = [game_id for plan in plans for game_id, _ in plan]
    stop = threading.Event()
    seen: list[float] = []
    refused: list[str] = []
    readers = [
        threading.Thread(target=visitor, args=(port, game_ids, stop, seen, refused))
        for _ in range(visitors)
    ]
    for reader in readers:
        reader.start()
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    stop.set()
    for reader in readers:
        reader.join()
    if readers:
        print(
            f"  {visitors} visitors meanwhile: {len(seen)} reads ({len(seen) / elapsed:.0f}/s), "
            f"ms p50 {statistics.median(seen):.1f}  p95 {percentile(seen, 0.95):.1f}  "
            f"p99 {percentile(seen, 0.99):.1f}; {len(refused)} errors"
            + (f", e.g. {refused[0]}" if refused else "")
        )
    return [t for per in times for t in per], elapsed, errors


def report(label: str, latencies: list[float], elapsed: float, errors: list[str]) -> None:
    print(
        f"  {label}: {len(latencies)} moves in {elapsed:.1f} s "
        f"({len(latencies) / elapsed:.0f} moves/s); round trip ms: "
        f"p50 {statistics.median(latencies):.1f}  p95 {percentile(latencies, 0.95):.1f}  "
        f"p99 {percentile(latencies, 0.99):.1f}  max {max(latencies):.1f}"
    )
    if errors:
        print(f"    {len(errors)} POSTs did not answer 201, e.g. {errors[0]}")


def visitor(
    port: int, game_ids: list[int], stop: threading.Event, out: list[float], errors: list[str]
) -> None:
    """Poll a game about once a second and read a page every fifth time, until ``stop``."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    rng = random.Random(threading.get_ident())
    count = 0
    while not stop.is_set():
        game_id = rng.choice(game_ids)
        count += 1
        pages = (f"/games/{game_id}/", "/games/", "/events/", "/")
        path = pages[count // 5 % 4] if count % 5 == 0 else f"/api/games/{game_id}/poll/"
        start = time.perf_counter()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
        except OSError as error:
            errors.append(f"{path}: {error}")
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        out.append((time.perf_counter() - start) * 1000)
        if response.status >= 400:
            errors.append(f"{response.status} {path}")
        stop.wait(rng.uniform(0.5, 1.5))
    connection.close()


def check_replays() -> tuple[int, list[str]]:
    """Replay every stored game from its record: (games checked, those whose scores differ)."""
    from games.engine import live
    from games.models import Game
    from games.selectors import game_live

    wrong: list[str] = []
    games = Game.objects.prefetch_related("seats", "moves")
    for game in games:
        summary = live.summary(game_live(game=game))
        stored = {seat.role: seat.score for seat in game.seats.all()}
        if game.status == Game.Status.FINISHED and summary.scores != stored:
            wrong.append(f"game {game.pk}: {summary.scores} != {stored}")
    return games.count(), wrong


def bench_moves(args: argparse.Namespace, env: dict[str, str]) -> None:
    keys, plans = prepare(args.scorekeepers, 2 * args.games)
    port = free_port()
    command = [
        str(Path(sys.executable).parent / "gunicorn"),
        "matrio_site.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(args.workers),
        "--worker-class",
        "gthread",
        "--threads",
        str(args.threads),
        "--log-level",
        "warning",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    print(
        f"move POST over HTTP (gunicorn {args.workers} workers x {args.threads} threads, "
        f"{os.cpu_count()} CPUs shared with the clients): {len(keys)} concurrent scorekeepers "
        f"x {args.games} MatriO games each — target p95 < 50 ms"
    )
    try:
        wait_for(port, server)
        for _ in range(4 * args.workers):  # warm every worker up (imports, connections)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("GET", f"/api/games/{plans[0][0][0]}/state/")
            connection.getresponse().read()
            connection.close()
        first = [plan[: args.games] for plan in plans]
        second = [plan[args.games :] for plan in plans]
        label = f"paced, {args.pause * 1000:.0f} ms (+-50%) between a scorekeeper's moves"
        report(label, *run_phase(port, keys, first, args.pause, args.visitors))
        report("back to back, no pause (stress)", *run_phase(port, keys, second, 0.0, 0))
        checked, wrong = check_replays()
        print(f"  replayed {checked} stored games: {len(wrong)} differ from their stored scores")
        for line in wrong[:5]:
            print(f"    {line}")
    finally:
        server.terminate()
        server.wait(timeout=30)


def bench_import(args: argparse.Namespace) -> None:
    from django.db import connection

    from clubs.models import Club
    from games.engine.record import read_records
    from games.models import Game, Move
    from games.services import games_import_records

    club = Club.objects.create(name="Import Club", slug="import")
    start = time.perf_counter()
    text = "\n".join(matrio.random_game(seed) for seed in range(args.import_games))
    made = time.perf_counter() - start
    for label in ("first import", "same file again"):
        start = time.perf_counter()
        records = read_records(text)
        outcomes: dict[str, int] = {}
        for first in range(0, len(records), 500):
            report = games_import_records(club=club, records=records[first : first + 500])
            for game in report.games:
                outcomes[game.outcome] = outcomes.get(game.outcome, 0) + 1
        elapsed = time.perf_counter() - start
        print(
            f"import ({label}): {len(records)} MatriO games in {elapsed:.1f} s = "
            f"{len(records) / elapsed:.0f} games/s  {outcomes}  (target >= 500 games/s)"
        )
    moves = Move.objects.filter(game__club=club).count()
    print(
        f"  stored {Game.objects.filter(club=club).count()} games, {moves} moves "
        f"({connection.vendor}); generating the MGN took {made:.1f} s (not counted)"
    )


def _queries(captured: list[dict[str, str]]) -> int:
    """SQL statements, not counting the transaction's BEGIN and COMMIT."""
    return sum(1 for query in captured if query["sql"] not in ("BEGIN", "COMMIT"))


def bench_inprocess(games: int = 5) -> None:
    """Moves of MatriO games, no HTTP: through the service alone, then the whole API request
    in-process (token, DRF, permission, service, answer) — ms and queries per move (the last
    move of a game, which finishes it and tells analytics, is counted apart)."""
    import json

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games import services

    keys, plans = prepare(1, 2 * games + 1, club_slug="inprocess")
    client = Client(SERVER_NAME="localhost", HTTP_AUTHORIZATION=f"Token {keys[0]}")

    def by_service(game_id: int, ply: int, token: str) -> None:
        services.game_record_move(game_id=game_id, token=token, expected_ply=ply, by=None)

    def by_api(game_id: int, ply: int, token: str) -> None:
        body = json.dumps({"token": token, "expected_ply": ply})
        answer = client.post(
            f"/api/games/{game_id}/moves/", data=body, content_type="application/json"
        )
        assert answer.status_code == 201, answer.content

    warm_id, warm_tokens = plans[0][0]
    by_api(warm_id, 0, warm_tokens[0])  # warm up (imports, the first connection)
    for label, move, chosen in (
        ("service", by_service, plans[0][1 : 1 + games]),
        ("API request", by_api, plans[0][1 + games :]),
    ):
        times: list[float] = []
        counts: list[int] = []
        last: list[int] = []
        for game_id, tokens in chosen:
            for ply, token in enumerate(tokens):
                with CaptureQueriesContext(connection) as captured:
                    start = time.perf_counter()
                    move(game_id, ply, token)
                    elapsed = (time.perf_counter() - start) * 1000
                if ply == len(tokens) - 1:
                    last.append(_queries(captured.captured_queries))
                    continue
                times.append(elapsed)
                counts.append(_queries(captured.captured_queries))
        print(
            f"in-process move, {label} ({len(times)} moves of {len(chosen)} MatriO games, no "
            f"HTTP): p50 {statistics.median(times):.2f} ms, p95 "
            f"{statistics.quantiles(times, n=20)[-1]:.2f} ms, {max(counts)} queries a move "
            f"(the finishing move: {max(last)}) — target <= 5 ms, <= 4 queries"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=("all", "moves", "import", "inprocess"), default="all")
    parser.add_argument("--scorekeepers", type=int, default=20)
    parser.add_argument("--games", type=int, default=1, help="games per scorekeeper and phase")
    parser.add_argument("--visitors", type=int, default=50, help="readers polling meanwhile")
    parser.add_argument("--import-games", type=int, default=10_000)
    parser.add_argument(
        "--pause", type=float, default=2.0, help="seconds between a scorekeeper's moves"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--database-url", default=DEFAULT_ADMIN_URL)
    args = parser.parse_args()

    static = tempfile.mkdtemp(prefix="matrio-bench-static-")
    with scratch_site(
        args.database_url, "recording", DATABASE_CONN_MAX_AGE="60", STATIC_ROOT=static
    ) as settings:
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)  # pages need the manifest
        if args.part in ("all", "moves"):
            bench_moves(args, {**os.environ, **settings})
        if args.part in ("all", "inprocess"):
            bench_inprocess()
        if args.part in ("all", "import"):
            bench_import(args)


if __name__ == "__main__":
    main()
