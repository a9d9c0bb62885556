"""``process_dirty`` after a bulk import: time and SQL queries (prints figures only).

    .venv/bin/python bench/process_dirty.py [--games 5000] [--database-url postgres://...]

Creates a scratch PostgreSQL database, imports ``--games`` random legal MatriO games as one MGN
import (the import marks them dirty in its own transactions, as a club's bulk import does),
then runs ``analytics.ratings.services.ratings_process_dirty(kind="matrio")`` twice on the same
marks, each rolled back: first with each game's record read by its own query while counting
the statistics (as before), then as it is (seats and moves of 500 games at a time, in plain
values, three queries). Prints the seconds the kind's lock was held and the
queries each took. The database is dropped at the end.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scratch import DEFAULT_ADMIN_URL, scratch_site


def run(games: int) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from analytics.models import DirtyGame
    from analytics.ratings import services
    from analytics.statistics import counters
    from clubs.models import Club
    from games import services as games_services
    from games.engine.matrio import random_game
    from games.models import Game
    from games.selectors import game_export_mgn

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench Club", slug="bench")
    began = time.perf_counter()
    for start in range(0, games, 2000):
        text = "\n\n".join(random_game(s) for s in range(start, min(games, start + 2000)))
        games_services.games_import_mgn(club=club, text=text)
    print(f"imported {Game.objects.count()} games in {time.perf_counter() - began:.1f} s; "
          f"{DirtyGame.objects.count()} marked dirty")  # fmt: skip

    def per_game(games: list[Game]) -> dict[int, str]:  # as before: a query per game
        return {game.pk: game_export_mgn(game=game) for game in games}

    for label, patched in (("one query per game (before)", per_game), ("batched (now)", None)):
        original = counters._records
        if patched is not None:
            counters._records = patched  # type: ignore[assignment]
        try:
            with transaction.atomic(), CaptureQueriesContext(connection) as queries:
                began = time.perf_counter()
                report = services.ratings_process_dirty(kind="matrio")
                took = time.perf_counter() - began
                transaction.set_rollback(True)
        finally:
            counters._records = original  # type: ignore[assignment]
        print(f"{label}: {report.games} games, lock held {took:.1f} s, {len(queries)} queries")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--database-url", default=DEFAULT_ADMIN_URL)
    args = parser.parse_args()
    with scratch_site(args.database_url, "process_dirty"):
        run(args.games)


if __name__ == "__main__":
    main()
