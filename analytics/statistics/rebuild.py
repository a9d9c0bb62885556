"""Counting a game kind's statistics again from scratch (the ``rebuild_statistics`` command):
after the explorer's depth changed, or after an upgrade that counts something new."""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction

from analytics.models import StatCounter, StatGame
from analytics.ratings.games import RATED_STATUSES
from analytics.statistics.counters import EVENTS, STATISTICS, statistics_games_update
from games.kinds import GameKind
from games.models import Game
from tournaments.models import Event

Progress = Callable[[int, int, str], None]  # done, total, what is being done
REBUILD_CHUNK = 500  # games read and counted at a time by a rebuild


@transaction.atomic
def statistics_rebuild(*, kind: str = GameKind.MATRIO, progress: Progress | None = None) -> int:
    """Forget the kind's statistics and count every finished game again (e.g. after the
    explorer's depth changed, or after an upgrade that counts something new), ``REBUILD_CHUNK``
    games at a time, telling ``progress``; then refresh the card impact (MatriO) or the
    values by position and every draw's decisions (Mathematico). Returns the games counted."""
    StatGame.objects.filter(kind=kind).delete()
    events = Event.objects.filter(game=kind).values_list("pk", flat=True)
    StatCounter.objects.filter(statistic=EVENTS, group__in=[str(e) for e in events]).delete()
    entry = STATISTICS[kind]
    StatCounter.objects.filter(statistic__in=entry.statistics).delete()
    if entry.forget is not None:
        entry.forget()
    ids = list(
        Game.objects.filter(kind=kind, status__in=RATED_STATUSES)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    for start in range(0, len(ids), REBUILD_CHUNK):
        chunk = ids[start : start + REBUILD_CHUNK]
        statistics_games_update(kind=kind, game_ids=chunk, queue_refresh=False)
        if progress is not None:
            progress(start + len(chunk), len(ids), "games counted")
    if entry.refresh is not None:
        if progress is not None:
            progress(len(ids), len(ids), entry.refreshed)
        entry.refresh()
    return StatGame.objects.filter(kind=kind).count()
