"""MatriO Club site: settings, Celery app, URLs, health check and error pages."""

from __future__ import annotations

from matrio_site.celery import app as celery_app

__all__ = ["celery_app"]
