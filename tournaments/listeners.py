"""What tournaments do when games change (``games.signals``) or an event is deleted."""

from __future__ import annotations

import logging

from django.db import transaction

from games.models import Game
from tournaments.models import Event
from tournaments.results import table_result_from_game

log = logging.getLogger(__name__)


def games_changed(sender: object, *, game_ids: list[int], **kwargs: object) -> None:
    """After the commit, let each event game's table take its result from it (or drop it)."""
    ids = list(game_ids)

    def update() -> None:
        in_events = Game.objects.filter(pk__in=ids, event_id__isnull=False)
        for game_id in in_events.values_list("pk", flat=True):
            try:
                table_result_from_game(game_id=game_id)
            except Exception:  # the game is stored; a tournament problem must not undo that
                log.exception("the table result of game %s could not be updated", game_id)

    transaction.on_commit(update)


def event_deleted(sender: type[Event], *, instance: Event, **kwargs: object) -> None:
    """The event's games stay, without an event (as a foreign key set to null would)."""
    Game.objects.filter(event_id=instance.pk).update(event_id=None)
