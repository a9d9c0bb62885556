"""Waking the worker: the names of the analytics Celery tasks, and queueing them after commit.

The task names are the contract between the web process and the worker (``analytics.tasks``
declares each task under the constant here), so a write never imports the tasks: it calls
``queue`` with a name, and the message leaves once the transaction commits (a worker never
sees a row that is not committed). A message is only a wake-up: what the work is stays in the
database (dirty games, queued results, jobs), written in the same transaction as the change.
``robust=True``: a broker that is down is logged by Django, never raised into the request that
wrote the rows, and the worker's sweep (``analytics.recovery``) queues the work again. The
broker's timeouts (``matrio_site.celery``) keep a hung broker from holding a send longer than
about a second, and after a failed send the process sends no wake-up for
``pause_after_failure_s`` (the sweep catches up), so a request pays that second once, whatever
it queued.
"""

from __future__ import annotations

import logging
import time
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

log = logging.getLogger(__name__)


def send(name: str, **kwargs: object) -> None:
    """Send the task ``name`` with keyword arguments to the broker now."""
    current_app.send_task(name, kwargs=kwargs)


#: After a failed send, the wake-ups of the next seconds are not tried (logged, left to the
#: sweep): a hung broker costs a request one timeout, however many wake-ups it queued.
pause_after_failure_s = 10.0
_paused_until = 0.0


def _wake(name: str, **kwargs: object) -> None:
    """Send a wake-up after a commit, unless a send failed a moment ago."""
    global _paused_until
    if time.monotonic() < _paused_until:
        log.warning("%s not sent (the broker failed a moment ago); the sweep queues it", name)
        return
    try:
        send(name, **kwargs)
    except Exception:
        _paused_until = time.monotonic() + pause_after_failure_s
        raise


def resume_sending() -> None:
    """Forget a failed send (tests that break the broker on purpose call it afterwards)."""
    global _paused_until
    _paused_until = 0.0


def queue(name: str, **kwargs: object) -> None:
    """Send the task ``name`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: _wake(name, **kwargs), robust=True)


class _GameBatch:
    """One message for every game id a transaction queued under a task name."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.game_ids: set[int] = set()
        self.__qualname__ = f"queue_games({name!r})"  # Django logs a failed call by it

        self.sent = False

    def __call__(self) -> None:
        self.sent = True
        _wake(self.name, game_ids=sorted(self.game_ids))


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
