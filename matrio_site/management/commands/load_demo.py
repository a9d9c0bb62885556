"""``manage.py load_demo``: create the demo club (safe to run again)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from matrio_site.demo import demo_load


class Command(BaseCommand):
    help = "Create the demo club, its users, players, events and games (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        summary = demo_load()
        what = f"{summary.created} rows created" if summary.created else "nothing new to create"
        self.stdout.write(
            f"Demo club {summary.club.name!r} (slug {summary.club.slug}): "
            f"{summary.players} players, {summary.events} events, {summary.games} games; {what}."
        )
