"""Start-up guard shared by manage.py, WSGI and the Celery app.

Settings raise ``ImproperlyConfigured`` with one sentence naming the faulty variable; the
entry points print just that sentence (no traceback) and exit with status 2.
"""

from __future__ import annotations

import os
import sys

EXIT_CONFIG_ERROR = 2


def load_settings_or_exit() -> None:
    """Import the settings now, so a configuration error stops start-up with its sentence."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "matrio_site.settings")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured

    try:
        settings.INSTALLED_APPS  # noqa: B018 - the attribute access imports the settings
    except ImproperlyConfigured as error:
        sys.stderr.write(f"Configuration error: {error}\n")
        raise SystemExit(EXIT_CONFIG_ERROR) from None
