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
from games.reviews import game_review_store, games_to_review


@shared_task(bind=True, name=wakeups.ANSWER_PING)
def answer_ping(self: Task[..., bool], *, ping_id: int) -> bool:
    """Answer a ``TaskPing`` with this worker's hostname."""
    return worker.task_ping_answer(ping_id=ping_id, answered_by=self.request.hostname or "")


@shared_task(name=wakeups.GAMES_FINISHED, acks_late=True)
def games_finished(*, game_ids: list[int]) -> list[str]:
    """Games finished, changed or were deleted (the wake-up: they are already marked dirty, in
    the transaction that changed them): queue one job per kind unless one is pending."""
    return services.games_mark_dirty(game_ids=game_ids)


@shared_task(name=wakeups.PROCESS_DIRTY, acks_late=True)
def process_dirty(*, kind: str) -> int:
    """Rate a kind's dirty games (a no-op when there are none); returns the games looked at."""
    return services.ratings_process_dirty(kind=kind).games


@shared_task(bind=True, name=wakeups.RECOMPUTE, acks_late=True)
def recompute(self: Task[..., int], *, kind: str, job_id: int | None = None) -> int:
    """Recompute a kind's ratings from scratch, reporting progress in ``JobProgress`` (the job
    claimed by this worker: a job already done, delivered again, is left alone)."""
    worker = self.request.hostname or ""
    return services.ratings_recompute_job(kind=kind, job_id=job_id, worker=worker)


@shared_task(name=wakeups.CARD_IMPACT_REFRESH, acks_late=True)
def card_impact_refresh() -> int:
    """Recompute the stored MatriO card-impact report; returns the games it covers."""
    return matrio.card_impact_refresh().games


@shared_task(name=wakeups.REVIEW_GAMES, acks_late=True)
def review_games(*, game_ids: list[int]) -> int:
    """Work out (or drop) the post-game review of each game; returns the reviews kept."""
    due = games_to_review(game_ids)
    return sum(game_review_store(game_id=game_id) is not None for game_id in due)


@shared_task(name=wakeups.MATHEMATICO_REFRESH, acks_late=True)
def mathematico_refresh() -> int:
    """Recompute the stored Mathematico values by position and the changed draws' decisions;
    returns the max-mode games the values cover."""
    return mathematico.mathematico_refresh().games
