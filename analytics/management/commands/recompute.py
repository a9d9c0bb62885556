"""``manage.py recompute [--game KIND] [--quiet]``: recompute ratings from scratch.

The progress bar goes to standard error; what was rated, and how long it took, to standard
output. The job is recorded like the worker's (``JobProgress``), so the site shows it too.
"""

from __future__ import annotations

from analytics.management.per_kind import PerKindCommand
from analytics.ratings.services import ratings_recompute_job
from infra.progress import Advance


class Command(PerKindCommand):
    help = "Recompute the ratings of one game kind (default: all) from every finished game."

    def run_kind(self, kind: str, advance: Advance) -> str:
        return f"{ratings_recompute_job(kind=kind, progress=advance)} games rated"
