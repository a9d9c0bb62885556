"""Waking the worker: the names of the analytics Celery tasks, and queueing them after commit.

The task names are the contract between the web process and the worker (``analytics.tasks``
declares each task under the constant here), so a write never imports the tasks: it calls
``queue`` with a name, and the message leaves once the transaction commits (a worker never
sees a row that is not committed). ``robust=True``: a broker that is down is logged by Django,
never raised into the request that wrote the rows; the data stays marked (dirty games, queued
results), so the next wake-up or a rebuild catches up.
"""

from __future__ import annotations

from celery import current_app
from django.db import transaction

ANSWER_PING = "analytics.answer_ping"
GAMES_FINISHED = "analytics.games_finished"
PROCESS_DIRTY = "analytics.process_dirty"
RECOMPUTE = "analytics.recompute"
CARD_IMPACT_REFRESH = "analytics.card_impact_refresh"
MATHEMATICO_REFRESH = "analytics.mathematico_refresh"


def send(name: str, **kwargs: object) -> None:
    """Send the task ``name`` with keyword arguments to the broker now."""
    current_app.send_task(name, kwargs=kwargs)


def queue(name: str, **kwargs: object) -> None:
    """Send the task ``name`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: send(name, **kwargs), robust=True)
