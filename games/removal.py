"""Removing games: the one path by which a service deletes games (the admin and a club's
deletion take Django's own). Every path is heard the same way: ``post_delete`` of ``Game``
tells analytics (``analytics.listeners.game_deleted``), so ratings and counters follow."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from games.models import Game


@transaction.atomic
def games_delete(*, game_ids: Iterable[int]) -> int:
    """Delete the games (their seats, moves and reviews with them); returns how many."""
    deleted = 0
    for game in Game.objects.filter(pk__in=list(game_ids)):
        game.delete()  # one by one: each sends its post_delete
        deleted += 1
    return deleted
