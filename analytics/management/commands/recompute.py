"""``manage.py recompute [--game KIND] [--quiet]``: recompute ratings from scratch.

The progress bar goes to standard error; what was rated, and how long it took, to standard
output. The job is recorded like the worker's (``JobProgress``), so the site shows it too.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from analytics.services import ratings_recompute_job
from matrio_site.progress import progress_bar, progress_step
from tournaments.models import GameKind


class Command(BaseCommand):
    help = "Recompute the ratings of one game kind (default: all) from every finished game."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", choices=GameKind.values, help="one kind (default: all)")
        parser.add_argument("--quiet", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        kinds = [options["game"]] if options["game"] else list(GameKind.values)
        with progress_bar(quiet=options["quiet"]) as progress:
            for kind in kinds:
                started = time.perf_counter()
                with progress_step(progress, kind) as advance:
                    rated = ratings_recompute_job(kind=kind, progress=advance)
                self.stdout.write(
                    f"{kind}: {rated} games rated in {time.perf_counter() - started:.1f} s"
                )
