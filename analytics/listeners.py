"""What analytics does when the games layer announces changed games (``games.signals``)."""

from __future__ import annotations

from analytics import wakeups


def games_changed(sender: object, *, game_ids: list[int], **kwargs: object) -> None:
    """After the commit, queue the rating and statistics work for the games (a lost message is
    logged, never raised into the request that changed the games)."""
    wakeups.queue(wakeups.GAMES_FINISHED, game_ids=list(game_ids))
