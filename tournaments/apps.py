from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_delete


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from games import events
        from games.signals import games_changed
        from tournaments import listeners
        from tournaments.game_events import EventRows
        from tournaments.models import Event

        events.install(EventRows())
        games_changed.connect(listeners.games_changed, dispatch_uid="tournaments.games_changed")
        post_delete.connect(listeners.event_deleted, sender=Event, dispatch_uid="event_deleted")
