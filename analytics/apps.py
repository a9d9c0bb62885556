from __future__ import annotations

from django.apps import AppConfig


class AnalyticsConfig(AppConfig):
    name = "analytics"
    verbose_name = "Analytics"

    def ready(self) -> None:
        from analytics import (
            listeners,
            worker,  # noqa: F401  (connects the worker heartbeat to Celery)
        )
        from games.signals import games_changed

        games_changed.connect(listeners.games_changed, dispatch_uid="analytics.games_changed")
