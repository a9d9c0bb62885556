"""Reading settings from environment variables.

Every reader takes the variable's name and a default used when the variable is unset or empty.
A malformed value raises ``ImproperlyConfigured`` with one sentence that names the variable, so
start-up stops with a message an operator can act on (see ``matrio_site.startup``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})

DATABASE_SCHEMES = ("sqlite", "postgres", "postgresql")
BROKER_SCHEMES = ("filesystem", "redis", "rediss", "amqp", "memory")

# Django's own rule for a strong key (security.W009): long and varied.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_UNIQUE = 5


def _raw(name: str, environ: Mapping[str, str] | None = None) -> str | None:
    value = (os.environ if environ is None else environ).get(name, "").strip()
    return value or None


def env_str(name: str, default: str, *, environ: Mapping[str, str] | None = None) -> str:
    value = _raw(name, environ)
    return default if value is None else value


def env_bool(name: str, default: bool, *, environ: Mapping[str, str] | None = None) -> bool:
    value = _raw(name, environ)
    if value is None:
        return default
    word = value.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name} must be true or false (or 1/0, yes/no, on/off), not {value!r}."
    )


def env_int(
    name: str, default: int, *, minimum: int = 0, environ: Mapping[str, str] | None = None
) -> int:
    value = _raw(name, environ)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        number = minimum - 1
    if number < minimum:
        raise ImproperlyConfigured(
            f"{name} must be a whole number of at least {minimum}, not {value!r}."
        )
    return number


def env_list(
    name: str, default: list[str], *, environ: Mapping[str, str] | None = None
) -> list[str]:
    value = _raw(name, environ)
    if value is None:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


def secret_key(*, debug: bool, environ: Mapping[str, str] | None = None) -> str:
    """The SECRET_KEY; a development key is allowed only while DEBUG is on."""
    value = _raw("SECRET_KEY", environ)
    if value is None:
        if debug:
            return "dev-only-insecure-key-for-local-use-with-debug-on-0123456789abcdefghij"
        raise ImproperlyConfigured(
            "SECRET_KEY must be set to a random string of at least "
            f"{SECRET_KEY_MIN_LENGTH} characters when DEBUG is off "
            "(for local development set DEBUG=true instead)."
        )
    if not debug and (
        len(value) < SECRET_KEY_MIN_LENGTH or len(set(value)) < SECRET_KEY_MIN_UNIQUE
    ):
        raise ImproperlyConfigured(
            f"SECRET_KEY is too weak: with DEBUG off it needs at least {SECRET_KEY_MIN_LENGTH} "
            f"characters, {SECRET_KEY_MIN_UNIQUE} of them different (it has {len(value)})."
        )
    return value


def _scheme(url: str) -> str:
    return urlsplit(url).scheme.lower() if "://" in url else ""


def database_config(url: str, *, conn_max_age: int) -> dict[str, Any]:
    """Django's DATABASES["default"] for DATABASE_URL (SQLite or PostgreSQL)."""
    import dj_database_url

    scheme = _scheme(url)
    if scheme not in DATABASE_SCHEMES:
        shown = f"{scheme}://" if scheme else "a value without a scheme"
        raise ImproperlyConfigured(
            "DATABASE_URL must start with sqlite:// or postgres:// "
            f"(postgresql:// works too), not {shown}."
        )
    config: dict[str, Any] = dict(
        dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=conn_max_age > 0)
    )
    if scheme == "sqlite":
        name = str(config.get("NAME") or "")
        if name and name != ":memory:":
            Path(name).parent.mkdir(parents=True, exist_ok=True)
        # WAL and IMMEDIATE transactions let the web process and the worker share the file.
        config["OPTIONS"] = {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    else:
        if not config.get("NAME"):
            raise ImproperlyConfigured(
                "DATABASE_URL must name a database after the host, e.g. "
                "postgres://user@host:5432/matrio."
            )
        config["CONN_HEALTH_CHECKS"] = conn_max_age > 0
    return config


def broker_scheme(url: str) -> str:
    """The transport scheme of CELERY_BROKER_URL, checked against the supported ones."""
    scheme = _scheme(url)
    if scheme not in BROKER_SCHEMES:
        shown = f"{scheme}://" if scheme else "a value without a scheme"
        raise ImproperlyConfigured(
            "CELERY_BROKER_URL must start with filesystem://, redis://, rediss:// or amqp://, "
            f"not {shown}."
        )
    return scheme


def filesystem_broker_options(root: Path) -> dict[str, Any]:
    """kombu filesystem transport options; creates the folders, which must exist first.

    One folder serves as both in and out (the producer writes where the worker reads); all
    paths are absolute so the web process and the worker agree whatever their cwd.
    """
    queue = (root / "queue").resolve()
    processed = (root / "processed").resolve()
    control = (root / "control").resolve()
    for folder in (queue, processed, control):
        folder.mkdir(parents=True, exist_ok=True)
    return {
        "data_folder_in": str(queue),
        "data_folder_out": str(queue),
        "processed_folder": str(processed),
        "control_folder": str(control),
        "store_processed": False,
        "polling_interval": 0.1,
    }
