"""``manage.py recompute [--game KIND]``: recompute ratings from scratch, with a progress bar."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from analytics.services import ratings_recompute_job
from tournaments.models import GameKind


class Command(BaseCommand):
    help = "Recompute the ratings of one game kind (default: all) from every finished game."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", choices=GameKind.values, help="one kind (default: all)")
        parser.add_argument("--quiet", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        kinds = [options["game"]] if options["game"] else list(GameKind.values)
        for kind in kinds:
            started = time.perf_counter()

            def bar(done: int, total: int, message: str, kind: str = kind) -> None:
                if options["quiet"]:
                    return
                filled = 30 * done // total if total else 30
                self.stderr.write(
                    f"\r{kind:<16} [{'#' * filled}{'.' * (30 - filled)}] "
                    f"{done}/{total} {message:<16}",
                    ending="",
                )
                self.stderr.flush()

            rated = ratings_recompute_job(kind=kind, progress=bar)
            if not options["quiet"]:
                self.stderr.write("")
            self.stdout.write(
                f"{kind}: {rated} games rated in {time.perf_counter() - started:.1f} s"
            )
