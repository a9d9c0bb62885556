"""The shape of the analytics commands that work one game kind at a time (``recompute``,
``rebuild_statistics``): ``--game KIND`` (default: every kind) and ``--quiet``; a progress
bar per kind on standard error, one line per kind on standard output."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.kinds import GameKind
from infra.progress import Advance, progress_bar, progress_step


class PerKindCommand(BaseCommand):
    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", choices=GameKind.values, help="one kind (default: all)")
        parser.add_argument("--quiet", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        kinds = [options["game"]] if options["game"] else list(GameKind.values)
        with progress_bar(quiet=options["quiet"]) as progress:
            for kind in kinds:
                started = time.perf_counter()
                with progress_step(progress, kind) as advance:
                    done = self.run_kind(kind, advance)
                self.stdout.write(f"{kind}: {done} in {time.perf_counter() - started:.1f} s")

    def run_kind(self, kind: str, advance: Advance) -> str:
        """Do the work for one kind and say what was done (``"12 games rated"``)."""
        raise NotImplementedError
