"""Opening explorer and card-impact pages: response time and queries at 1k, 10k, 100k games.

    .venv/bin/python bench/analytics_pages.py [--sizes 1000,10000,100000] [--pool 2000]
                                              [--card-impact-upto 10000] [--requests 30]
                                              [--database-url postgres://...]

Creates a scratch PostgreSQL database ``matrio_bench_pages_<pid>``, migrates it, and grows the
stored statistics to each size in turn through the service's additive path
(``analytics.statistics``: per-game contributions, ``UPDATE ... + n`` on the counters). The
games are ``--pool`` distinct random legal MatriO games (engine-judged), reused under new ids
beyond the pool. At each size it prints:

* the worker's card-impact refresh (bootstrap over every stored game, 1000 resamples) for
  sizes up to ``--card-impact-upto`` (above it the stored report of the last size is kept:
  the page reads one stored row of the same size whatever the games);
* for each page and API call: the median and p95 response time over ``--requests`` requests
  (Django test client, no network) and the number of SQL queries.

Timings are printed, never asserted. The database is dropped at the end.
"""

from __future__ import annotations

import argparse
import os
import statistics as stats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scratch import DEFAULT_ADMIN_URL, count_matrio_games, scratch_site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--pool", type=int, default=2000)
    parser.add_argument("--card-impact-upto", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--database-url", default=DEFAULT_ADMIN_URL)
    args = parser.parse_args()
    with scratch_site(
        args.database_url,
        "pages",
        ALLOWED_HOSTS="testserver,localhost",
        CELERY_BROKER_URL="memory://",
    ) as env:
        os.environ["STATIC_ROOT"] = str(Path(env["MATRIO_VAR_DIR"]) / "static")
        run(args)


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, connections
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from analytics.compute.matrio_games import read_matrio
    from analytics.models import StatCounter
    from analytics.statistics import counters, matrio
    from games.engine.matrio import random_game

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    started = time.perf_counter()
    pool = [read_matrio(random_game(seed), game_id=str(seed)) for seed in range(args.pool)]
    print(f"{len(pool)} distinct games judged in {time.perf_counter() - started:.1f} s")
    contributions = [counters._contribution(game, None) for game in pool]

    stored = 0
    client = Client()
    for size in [int(s) for s in args.sizes.split(",")]:
        started = time.perf_counter()
        stored = count_matrio_games(contributions, stored, size)
        added = time.perf_counter() - started
        print(f"\n== {size} games stored (counted additively in {added:.1f} s) ==")
        if size <= args.card_impact_upto:
            started = time.perf_counter()
            matrio.card_impact_refresh()
            print(f"worker: card-impact refresh {time.perf_counter() - started:.1f} s")
        top = StatCounter.objects.filter(statistic=counters.OPENINGS, group="").order_by("-games")[
            0
        ]
        deeper = (
            StatCounter.objects.filter(statistic=counters.OPENINGS, group=top.key)
            .order_by("-games")[0]
            .key
        )
        line = f"{top.key} {deeper}"
        for url in [
            "/analytics/openings/",
            f"/analytics/openings/?line={line}",
            "/analytics/cards/",
            "/api/analytics/openings/",
            f"/api/analytics/openings/?line={line}",
            "/api/analytics/card-impact/",
        ]:
            client.get(url)  # warm
            times = []
            for _ in range(args.requests):
                with CaptureQueriesContext(connection) as queries:
                    began = time.perf_counter()
                    response = client.get(url)
                    times.append(time.perf_counter() - began)
                assert response.status_code == 200, (url, response.status_code)
            times.sort()
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            print(
                f"{url:<45} median {stats.median(times) * 1000:6.1f} ms, "
                f"p95 {p95 * 1000:6.1f} ms, {len(queries)} queries"
            )
    connections.close_all()


if __name__ == "__main__":
    main()
