"""``manage.py rebuild_statistics [--game KIND] [--quiet]``: count the statistics again.

Forgets one kind's statistics (default: every kind) and counts every finished game again
through ``analytics.statistics.rebuild.statistics_rebuild`` (for MatriO the card impact is
refreshed too), e.g. after an upgrade that counts something new or after the explorer's depth
changed. The progress bar goes to standard error, what was counted to standard output.
Running it twice gives the same counters.
"""

from __future__ import annotations

from analytics.management.per_kind import PerKindCommand
from analytics.statistics.rebuild import statistics_rebuild
from analytics.statistics.selectors import counted_statistics
from infra.progress import Advance


class Command(PerKindCommand):
    help = "Count the statistics of one game kind (default: all) again from every finished game."

    def run_kind(self, kind: str, advance: Advance) -> str:
        games = statistics_rebuild(kind=kind, progress=advance)
        counted = counted_statistics(kind=kind)
        rows = ", ".join(f"{name} {count}" for name, count in counted.items() if count)
        return (
            f"{games} game{'' if games == 1 else 's'} counted, "
            f"{sum(counted.values())} counter rows{f' ({rows})' if rows else ''}"
        )
