"""What the games layer announces; the layers above listen (they are never called from here).

``games_changed`` is sent inside the transaction that finished, reopened, stored or deleted
games, with ``game_ids`` (a list of ``Game`` ids). Receivers that act on other data after the
commit register their work with ``transaction.on_commit``; receivers that record something in
the same transaction (so that it is never lost) write it directly. The tournaments app takes
table results from them, the analytics app rates and counts them.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.dispatch import Signal

games_changed = Signal()


def announce_games_changed(game_ids: Iterable[int]) -> None:
    """Tell the listeners that these games changed (no-op for none)."""
    ids = sorted(set(game_ids))
    if ids:
        games_changed.send(sender=announce_games_changed, game_ids=ids)
