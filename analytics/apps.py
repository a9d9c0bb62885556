from __future__ import annotations

from django.apps import AppConfig


class AnalyticsConfig(AppConfig):
    name = "analytics"
    verbose_name = "Analytics"

    def ready(self) -> None:
        # Connects the worker heartbeat to Celery's worker signals (inert in the web process).
        from analytics import worker  # noqa: F401
