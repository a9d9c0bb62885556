"""Celery tasks for analytics: thin wrappers that take ids and call a service.

Each task is declared under its name in ``analytics.wakeups`` (where the writes queue them
from) and is idempotent (safe to run twice, safe after a crash) because tasks are
acknowledged late and may be delivered again.
"""

from __future__ import annotations

from celery import Task, shared_task

from analytics import wakeups, worker
from analytics.ratings import services
from analytics.statistics import mathematico, matrio


@shared_task(bind=True, name=wakeups.ANSWER_PING)
def answer_ping(self: Task[..., bool], *, ping_id: int) -> bool:
    """Answer a ``TaskPing`` with this worker's hostname."""
    return worker.task_ping_answer(ping_id=ping_id, answered_by=self.request.hostname or "")


@shared_task(name=wakeups.GAMES_FINISHED, acks_late=True)
def games_finished(*, game_ids: list[int]) -> list[str]:
    """Games finished, changed or were deleted: mark them dirty and queue one job per kind."""
    return services.games_mark_dirty(game_ids=game_ids)


@shared_task(name=wakeups.PROCESS_DIRTY, acks_late=True)
def process_dirty(*, kind: str) -> int:
    """Rate a kind's dirty games (a no-op when there are none); returns the games looked at."""
    return services.ratings_process_dirty(kind=kind).games


@shared_task(name=wakeups.RECOMPUTE, acks_late=True)
def recompute(*, kind: str, job_id: int | None = None) -> int:
    """Recompute a kind's ratings from scratch, reporting progress in ``JobProgress``."""
    return services.ratings_recompute_job(kind=kind, job_id=job_id)


@shared_task(name=wakeups.CARD_IMPACT_REFRESH, acks_late=True)
def card_impact_refresh() -> int:
    """Recompute the stored MatriO card-impact report; returns the games it covers."""
    return matrio.card_impact_refresh().games


@shared_task(name=wakeups.MATHEMATICO_REFRESH, acks_late=True)
def mathematico_refresh() -> int:
    """Recompute the stored Mathematico values by position and the changed draws' decisions;
    returns the max-mode games the values cover."""
    return mathematico.mathematico_refresh().games
