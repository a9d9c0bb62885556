"""Card-impact refresh: seconds and peak memory at 1k, 10k and 100k MatriO games.

    .venv/bin/python bench/card_impact.py [--sizes 1000,10000,100000] [--pool 2000]
                                          [--database-upto 100000] [--resamples 1000]
                                          [--database-url postgres://...]

The games are ``--pool`` distinct random legal MatriO games (judged by the engine), reused
under new ids beyond the pool. For each size it prints:

* *pure*: ``analytics.compute.card_impact.card_impact_of`` on the packed games (numpy
  bootstrap, ``--resamples`` resamples), its seconds and the peak of memory allocated while it
  ran (``tracemalloc``, which sees numpy's arrays), the packed games themselves included;
* *database* (sizes up to ``--database-upto``): a scratch PostgreSQL database
  ``matrio_bench_cards_<pid>`` is grown to the size through the statistics' additive path
  (``analytics.statistics.counters``: contributions, counters, compact rows; packed records,
  ``analytics.statistics.matrio``), then it prints the seconds to load the packed records (one
  query), the seconds the previous way of loading took (every compact JSON row read back into
  games and packed), and the whole worker refresh ``card_impact_refresh`` (load, bootstrap,
  store the report) with its peak.

Timings are printed, never asserted. The database is dropped at the end.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scratch import DEFAULT_ADMIN_URL, count_matrio_games, scratch_site


def measured(action: Callable[[], Any]) -> tuple[Any, float, float]:
    """Run twice: once timed, once under tracemalloc; the result, seconds and peak MB."""
    started = time.perf_counter()
    result = action()
    seconds = time.perf_counter() - started
    tracemalloc.start()
    action()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return result, seconds, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--pool", type=int, default=2000)
    parser.add_argument("--database-upto", type=int, default=100_000)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--database-url", default=DEFAULT_ADMIN_URL)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    pool = pure(args, sizes)
    if any(size <= args.database_upto for size in sizes):
        with scratch_site(args.database_url, "cards", CELERY_BROKER_URL="memory://"):
            database(args, [s for s in sizes if s <= args.database_upto], pool)
    print(f"process peak resident memory: {peak_rss_mb():.0f} MB")


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def pure(args: argparse.Namespace, sizes: list[int]) -> list[Any]:
    import numpy as np

    from analytics.compute.card_impact import card_impact_of
    from analytics.compute.card_sample import sample_of
    from analytics.compute.matrio_games import read_matrio
    from games.engine.matrio import random_game

    started = time.perf_counter()
    pool = [read_matrio(random_game(seed), game_id=str(seed)) for seed in range(args.pool)]
    print(f"{len(pool)} distinct games judged in {time.perf_counter() - started:.1f} s")
    records = sample_of(pool)
    print(f"\n== pure computation ({args.resamples} resamples) ==")
    for size in sizes:
        report, seconds, peak = measured(
            lambda size=size: card_impact_of(np.resize(records, size), resamples=args.resamples)
        )
        ks = report.card("KS").score_diff
        print(
            f"{size:>7} games: {seconds:6.2f} s, peak {peak:5.0f} MB allocated "
            f"(KS score held minus not: {ks.value:.1f} [{ks.low:.1f}, {ks.high:.1f}], n={ks.n})"
        )
    return pool


def database(args: argparse.Namespace, sizes: list[int], pool: list[Any]) -> None:
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections

    from analytics.compute.card_sample import pack, unpack
    from analytics.models import StatGame
    from analytics.statistics import counters
    from analytics.statistics import matrio as matrio_statistics

    settings.ANALYTICS_RESAMPLES = args.resamples
    call_command("migrate", verbosity=0)
    contributions = [counters._contribution(game, None) for game in pool]
    matrio = StatGame.objects.filter(kind="matrio").order_by("game_id")
    stored = 0
    print(f"\n== through PostgreSQL ({args.resamples} resamples) ==")
    for size in sizes:
        started = time.perf_counter()
        stored = count_matrio_games(contributions, stored, size)
        print(f"{size:>7} games stored in {time.perf_counter() - started:.1f} s")

        def load_records() -> int:
            return len(matrio_statistics.stored_matrio_sample())

        def load_rows() -> int:
            rows = matrio.values_list("row", flat=True).iterator(chunk_size=2000)
            return len(unpack(b"".join(pack(matrio_statistics.matrio_from_row(r)) for r in rows)))

        def refresh() -> int:
            return int(matrio_statistics.card_impact_refresh().games)

        _, records_s, records_mb = measured(load_records)
        _, rows_s, rows_mb = measured(load_rows)
        games, refresh_s, refresh_mb = measured(refresh)
        assert games == size, (games, size)
        print(
            f"        load packed records {records_s:6.2f} s (peak {records_mb:4.0f} MB); "
            f"JSON rows read back and packed {rows_s:6.2f} s (peak {rows_mb:4.0f} MB)"
        )
        print(f"        worker refresh, all in: {refresh_s:6.2f} s, peak {refresh_mb:5.0f} MB")
    connections.close_all()


if __name__ == "__main__":
    main()
