from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_delete


class AnalyticsConfig(AppConfig):
    name = "analytics"
    verbose_name = "Analytics"

    def ready(self) -> None:
        from analytics import (
            listeners,
            worker,  # noqa: F401  (connects the worker heartbeat and the sweep to Celery)
        )
        from analytics.ratings.selectors import RatingRows
        from games.models import Game
        from games.signals import games_changed
        from tournaments import seeding

        seeding.install(RatingRows())  # round 1 of an event is seated by these ratings

        games_changed.connect(listeners.games_changed, dispatch_uid="analytics.games_changed")
        post_delete.connect(
            listeners.game_deleted, sender=Game, dispatch_uid="analytics.game_deleted"
        )
