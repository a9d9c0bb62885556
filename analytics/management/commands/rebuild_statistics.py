"""``manage.py rebuild_statistics [--game KIND] [--quiet]``: count the statistics again.

Forgets one kind's statistics (default: every kind) and counts every finished game again
through ``analytics.statistics.statistics_rebuild`` (for MatriO the card impact is refreshed
too), e.g. after an upgrade that counts something new or after the explorer's depth
changed. The progress bar goes to standard error, what was counted to standard output.
Running it twice gives the same counters.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from analytics.statistics import statistics_rebuild
from analytics.statistics_selectors import counted_statistics
from matrio_site.progress import progress_bar, progress_step
from tournaments.models import GameKind


class Command(BaseCommand):
    help = "Count the statistics of one game kind (default: all) again from every finished game."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", choices=GameKind.values, help="one kind (default: all)")
        parser.add_argument("--quiet", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        kinds = [options["game"]] if options["game"] else list(GameKind.values)
        with progress_bar(quiet=options["quiet"]) as progress:
            for kind in kinds:
                started = time.perf_counter()
                with progress_step(progress, kind) as advance:
                    games = statistics_rebuild(kind=kind, progress=advance)
                self.stdout.write(self._summary(kind, games, time.perf_counter() - started))

    def _summary(self, kind: str, games: int, seconds: float) -> str:
        counted = counted_statistics(kind=kind)
        rows = ", ".join(f"{name} {count}" for name, count in counted.items() if count)
        return (
            f"{kind}: {games} game{'' if games == 1 else 's'} counted, "
            f"{sum(counted.values())} counter rows"
            f"{f' ({rows})' if rows else ''} in {seconds:.1f} s"
        )
