"""What analytics does when the games layer announces changed games (``games.signals``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction


def games_changed(sender: Any, *, game_ids: list[int], **kwargs: Any) -> None:
    """After the commit, queue the rating and statistics work for the games (a lost message is
    logged, never raised into the request that changed the games)."""
    from analytics.tasks import games_finished

    ids = list(game_ids)
    transaction.on_commit(lambda: games_finished.delay(game_ids=ids), robust=True)
