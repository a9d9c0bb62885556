"""Waking the worker: the names of the analytics Celery tasks, and queueing them after commit.

The task names are the contract between the web process and the worker (``analytics.tasks``
declares each task under the constant here), so a write never imports the tasks: it calls
``queue`` with a name, and the message leaves once the transaction commits (a worker never
sees a row that is not committed). A message is only a wake-up: what the work is stays in the
database (dirty games, queued results, jobs), written in the same transaction as the change.
``robust=True``: a broker that is down is logged by Django, never raised into the request that
wrote the rows, and the worker's sweep (``analytics.recovery``) queues the work again. The
broker's timeouts (``matrio_site.celery``) keep a hung broker from holding a request longer
than about two seconds.
"""

from __future__ import annotations

from collections.abc import Iterable

from celery import current_app
from django.db import transaction

ANSWER_PING = "analytics.answer_ping"
GAMES_FINISHED = "analytics.games_finished"
PROCESS_DIRTY = "analytics.process_dirty"
RECOMPUTE = "analytics.recompute"
CARD_IMPACT_REFRESH = "analytics.card_impact_refresh"
MATHEMATICO_REFRESH = "analytics.mathematico_refresh"
REVIEW_GAMES = "analytics.review_games"


def send(name: str, **kwargs: object) -> None:
    """Send the task ``name`` with keyword arguments to the broker now."""
    current_app.send_task(name, kwargs=kwargs)


def queue(name: str, **kwargs: object) -> None:
    """Send the task ``name`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: send(name, **kwargs), robust=True)


class _GameBatch:
    """One message for every game id a transaction queued under a task name."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.game_ids: set[int] = set()
        self.__qualname__ = f"queue_games({name!r})"  # Django logs a failed call by it

        self.sent = False

    def __call__(self) -> None:
        self.sent = True
        send(self.name, game_ids=sorted(self.game_ids))


def queue_games(name: str, game_ids: Iterable[int]) -> None:
    """Like ``queue(name, game_ids=...)``, but the ids queued under ``name`` in one transaction
    leave in one message (a club's deletion cascading to a thousand games sends one)."""
    connection = transaction.get_connection()
    batch = next(
        (
            func
            for _, func, _ in reversed(connection.run_on_commit)
            if isinstance(func, _GameBatch) and func.name == name and not func.sent
        ),
        None,
    )
    if batch is None or not connection.in_atomic_block:
        batch = _GameBatch(name)
        batch.game_ids.update(int(i) for i in game_ids)
        transaction.on_commit(batch, robust=True)
    else:
        batch.game_ids.update(int(i) for i in game_ids)
