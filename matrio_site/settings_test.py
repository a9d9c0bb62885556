"""Settings for the test suite: the real settings with test-only conveniences.

Database and broker still come from DATABASE_URL and CELERY_BROKER_URL (``make test`` points
them at PostgreSQL and Redis when those answer), so the suite exercises the real wiring.
"""

from __future__ import annotations

import os

os.environ.setdefault(
    "SECRET_KEY", "test-only-secret-key-" + "0123456789abcdefghijklmnopqrstuvwxyz"
)

from matrio_site.settings import *  # noqa: F403
from matrio_site.settings import STORAGES

# Hashed whitenoise names would 404 under the live server; plain names need no collectstatic.
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STATIC_ROOT = VAR_DIR / "test-static"  # noqa: F405
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
