"""WSGI entry point (gunicorn matrio_site.wsgi)."""

from __future__ import annotations

from django.core.wsgi import get_wsgi_application

from matrio_site.startup import load_settings_or_exit

load_settings_or_exit()
application = get_wsgi_application()
