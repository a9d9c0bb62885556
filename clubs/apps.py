from __future__ import annotations

from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs"
