"""A real worker rates games finished through the games services (PostgreSQL + Redis).

Skips locally without them and fails under CI=true (the worker fixture decides).
"""

from __future__ import annotations

import pytest

from analytics.models import Rating, RatingStream
from games import services as games
from tests.analytics.test_celery_roundtrip import (
    WorkerProcess,
    celery_worker_process,
    wait_for_worker,
)
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.celery

__all__ = ["celery_worker_process"]


def test_a_finished_game_changes_its_players_ratings_through_the_worker(
    celery_worker_process: WorkerProcess,
) -> None:
    worker = celery_worker_process
    club = ClubFactory()
    people = [MembershipFactory(club=club).player for _ in range(4)]

    def finish(scores: list[int]) -> int:
        return games.game_result_only_create(
            club=club,
            kind="matrio",
            players=[games.SeatInput(player=p) for p in people],
            result={f"P{i + 1}": s for i, s in enumerate(scores)},
        ).pk  # committed: the hook is queued on commit

    finish([300, 200, 100, 0])
    wait_for_worker(
        worker,
        "the first game's ratings",
        lambda: Rating.objects.filter(pool="matrio", games=1).count() == 4,
    )
    winner = Rating.objects.get(pool="matrio", player=people[0])
    assert winner.mu > 25 > Rating.objects.get(pool="matrio", player=people[3]).mu

    finish([0, 100, 200, 300])
    wait_for_worker(
        worker,
        "the second game's ratings",
        lambda: Rating.objects.filter(pool=f"matrio@{club.slug}", games=2).count() == 4,
    )
    assert Rating.objects.get(pool="matrio", player=people[0]).mu < winner.mu
    stream = RatingStream.objects.get(kind="matrio")
    assert (stream.games, stream.queued) == (2, False)
