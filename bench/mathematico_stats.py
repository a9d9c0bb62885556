"""Mathematico statistics refresh: seconds at 1k (and more) Mathematico games.

    .venv/bin/python bench/mathematico_stats.py [--sizes 1000] [--resamples 1000]
                                                [--database-url postgres://...]

A scratch PostgreSQL database is grown to each size through the statistics' additive path
(``analytics.statistics.counters`` and ``analytics.statistics.mathematico``: contributions,
counters, compact rows), as tournaments of random legal games: each draw (one deal) is played
at four tables of 1-4 boards. For each size it prints the seconds of the worker's
``mathematico_refresh`` after a rebuild (every draw), and of an incremental refresh after one
game's draw changed (the values by position and one draw). Timings are printed, never
asserted. The database is dropped at the end.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scratch import DEFAULT_ADMIN_URL, scratch_site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000")
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--database-url", default=DEFAULT_ADMIN_URL)
    args = parser.parse_args()
    with scratch_site(args.database_url, "mathematico", CELERY_BROKER_URL="memory://"):
        run(args, [int(s) for s in args.sizes.split(",")])


def run(args: argparse.Namespace, sizes: list[int]) -> None:
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections, transaction

    from analytics.compute.mathematico_stats import read_mathematico
    from analytics.statistics import counters as statistics_counters
    from analytics.statistics import mathematico
    from games.engine.mathematico.board import CELLS
    from games.engine.mathematico.records import write_record
    from games.engine.record import read_records

    settings.ANALYTICS_RESAMPLES = args.resamples
    call_command("migrate", verbosity=0)
    stored = 0
    for size in sizes:
        started = time.perf_counter()
        while stored < size:
            chunk = range(stored + 1, min(size, stored + 500) + 1)
            fresh = {}
            for game_id in chunk:
                rng = random.Random(game_id // 4)  # four tables per draw
                deal = rng.sample([v for v in range(1, 14) for _ in range(4)], 25)
                players = random.Random(game_id)
                lines = [
                    f"P{game_id}x{b}: {' '.join(players.sample(CELLS, 25))}"
                    for b in range(players.randint(1, 4))
                ]
                text = f'[Game "mathematico"]\n[Deal "{" ".join(map(str, deal))}"]\n\n'
                text = write_record(read_records(text + "\n".join(lines) + "\n")[0])
                game = read_mathematico(text, game_id=str(game_id))
                ratings = [players.randint(800, 1600) for _ in game.boards]
                counters, row = mathematico.contribution(game, ratings)
                fresh[game_id] = (counters, row, statistics_counters._fingerprint(counters, row))
            with transaction.atomic():
                statistics_counters._replace("mathematico", list(chunk), fresh, queue_refresh=False)
            stored = chunk[-1]
        print(f"{size:>7} games stored in {time.perf_counter() - started:.1f} s")
        started = time.perf_counter()
        result = mathematico.mathematico_refresh(every_draw=True)
        every = time.perf_counter() - started
        draws = mathematico.StatResult.objects.filter(name__startswith=mathematico.DRAW_PREFIX)
        with transaction.atomic():
            one = mathematico.StatGame.objects.filter(kind="mathematico").first()
            assert one is not None
            mathematico.queue_refresh(draws=[one.deal])
        started = time.perf_counter()
        mathematico.mathematico_refresh()
        incremental = time.perf_counter() - started
        print(
            f"        {result.games} games, {draws.count()} draws compared, "
            f"{args.resamples} resamples: refresh of every draw {every:.2f} s; "
            f"one draw changed {incremental:.2f} s"
        )
    connections.close_all()


if __name__ == "__main__":
    main()
