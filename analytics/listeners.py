"""What analytics does when the games layer announces changed games (``games.signals``) or a
game is deleted (``post_delete`` of ``games.Game``, by any path: the admin, a club's deletion
cascading, a service).

The durable half of the hand-off is written here, inside the transaction that changed the
games: their ``DirtyGame`` marks (a plain insert, no lock on the kind's ``RatingStream``, so the
move that finishes a game never waits for a running job). The Celery message queued after the
commit is only the wake-up: when it is lost (broker down or hung, logged, never raised into the
request), the worker's sweep (``analytics.recovery``) queues the work again.
"""

from __future__ import annotations

from analytics import wakeups
from analytics.ratings.services import games_dirty_record
from games.models import Game


def games_changed(sender: object, *, game_ids: list[int], **kwargs: object) -> None:
    """Mark the games dirty now; wake the worker after the commit (to rate them, and to
    review their moves: a review lost with its message is found again by the sweep)."""
    if games_dirty_record(game_ids=game_ids):
        wakeups.queue_games(wakeups.GAMES_FINISHED, game_ids)
    wakeups.queue_games(wakeups.REVIEW_GAMES, game_ids)


def game_deleted(sender: object, *, instance: Game, **kwargs: object) -> None:
    """A game is gone: mark its id dirty for its kind (its ratings and counters are undone)."""
    games_dirty_record(game_ids=[instance.pk], kinds={instance.pk: instance.kind})
    wakeups.queue_games(wakeups.GAMES_FINISHED, [instance.pk])
