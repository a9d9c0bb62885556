"""The Celery app: configured from Django settings (``CELERY_*``), tasks from every app."""

from __future__ import annotations

from celery import Celery

from matrio_site.startup import load_settings_or_exit

load_settings_or_exit()

app = Celery("matrio_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
