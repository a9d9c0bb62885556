"""A scorekeeper's move latency while others flood the token sign-in with wrong passwords.

    python bench/login_flood.py [--moves 60] [--pause 0.2] [--guessers 6] [--workers 2]
                                [--threads 4] [--database-url postgres://...]

On a scratch PostgreSQL database (``bench.scratch``) and a real gunicorn (DEBUG off, the
production password hasher), one scorekeeper records ``--moves`` MatriO moves with
``--pause`` seconds between them, three times: alone; while ``--guessers`` threads post wrong
passwords for one username to ``POST /api/auth/token/`` as fast as they can; and while they
post them for a new username each time. Twice: with the login throttling as configured, and
with the lockout out of reach (``MATRIO_LOGIN_FAILURES`` and ``..._PER_ADDRESS`` at a billion:
the site before the throttling). Prints the move's p50 / p95 in milliseconds and the guesses
answered by status; asserts nothing.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.recording import free_port, percentile, prepare, wait_for  # noqa: E402
from bench.scratch import DEFAULT_ADMIN_URL, scratch_site  # noqa: E402

VICTIM = "victim"


def guesser(port: int, rotate: bool, stop: threading.Event, answers: Counter[int]) -> None:
    names = (f"guess-{threading.get_ident()}-{n}" for n in itertools.count())
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while not stop.is_set():
        body = json.dumps({"username": next(names) if rotate else VICTIM, "password": "nope"})
        try:
            connection.request(
                "POST", "/api/auth/token/", body, {"Content-Type": "application/json"}
            )
            response = connection.getresponse()
            response.read()
            answers[response.status] += 1
        except OSError:
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.close()


def moves(port: int, key: str, game_id: int, tokens: list[str], pause: float) -> list[float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": f"Token {key}", "Content-Type": "application/json"}
    times = []
    for ply, token in enumerate(tokens):
        time.sleep(pause)
        start = time.perf_counter()
        body = json.dumps({"token": token, "expected_ply": ply})
        connection.request("POST", f"/api/games/{game_id}/moves/", body, headers)
        response = connection.getresponse()
        response.read()
        times.append((time.perf_counter() - start) * 1000)
        if response.status != 201:
            raise SystemExit(f"move {ply} answered {response.status}")
    connection.close()
    return times


def phase(
    label: str, port: int, key: str, game: tuple[int, list[str]], args: argparse.Namespace,
    rotate: bool | None,
) -> None:  # fmt: skip
    from axes.models import AccessAttempt

    AccessAttempt.objects.all().delete()  # each phase starts with no lockout
    stop = threading.Event()
    answers: Counter[int] = Counter()
    threads = [
        threading.Thread(target=guesser, args=(port, rotate, stop, answers))
        for _ in range(args.guessers if rotate is not None else 0)
    ]
    for thread in threads:
        thread.start()
    time.sleep(1 if threads else 0)
    game_id, tokens = game
    times = moves(port, key, game_id, tokens[: args.moves], args.pause)
    stop.set()
    for thread in threads:
        thread.join()
    guesses = ", ".join(f"{count} x {status}" for status, count in sorted(answers.items()))
    print(
        f"  {label}: move ms p50 {percentile(times, 0.5):.0f}  p95 {percentile(times, 0.95):.0f}"
        f"  max {max(times):.0f}" + (f"; guesses answered: {guesses}" if guesses else "")
    )


def run(args: argparse.Namespace, env: dict[str, str], throttled: bool) -> None:
    from django.contrib.auth import get_user_model

    keys, plans = prepare(1, 3, club_slug=f"flood{int(throttled)}")
    get_user_model().objects.get_or_create(username=VICTIM)
    port = free_port()
    server_env = {**env, "LOG_LEVEL": "ERROR"}  # not a line per refused guess
    if not throttled:
        server_env.update(
            MATRIO_LOGIN_FAILURES="1000000000", MATRIO_LOGIN_FAILURES_PER_ADDRESS="1000000000"
        )
    command = [
        str(Path(sys.executable).parent / "gunicorn"), "matrio_site.wsgi",
        "--bind", f"127.0.0.1:{port}", "--workers", str(args.workers),
        "--worker-class", "gthread", "--threads", str(args.threads), "--log-level", "warning",
    ]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=server_env)
    print("throttled (as configured)" if throttled else "no lockout (the site before)")
    try:
        wait_for(port, server)
        plan = plans[0]
        phase("alone", port, keys[0], plan[0], args, None)
        phase(f"{args.guessers} guessers, one username", port, keys[0], plan[1], args, False)
        phase(f"{args.guessers} guessers, a new username each", port, keys[0], plan[2], args, True)
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--pause", type=float, default=0.2)
    parser.add_argument("--guessers", type=int, default=6)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--database-url", default=DEFAULT_ADMIN_URL)
    args = parser.parse_args()
    with scratch_site(args.database_url, "flood") as env:
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        print(f"{os.cpu_count()} CPUs shared by server and clients")
        run(args, env, throttled=True)
        run(args, env, throttled=False)


if __name__ == "__main__":
    main()
