from __future__ import annotations

from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs"

    def ready(self) -> None:
        from clubs import tokens  # noqa: F401  (a password change revokes the user's tokens)
