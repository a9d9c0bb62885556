"""A director's setup of an event before it is played: change it, or delete it while empty.

(``running.event_create`` creates it.) Every function is one transaction, keyword-only,
checks the policy and writes an audit entry; a refusal is a ``DomainError`` sentence.
Invariants: the game and the format change only while no round exists; an event is deleted
only while it has no entries and no rounds (a played event keeps its history).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.players import NAME_LENGTH
from clubs.roles import AnyUser
from games.engine.errors import DomainError
from tournaments import permissions as policy
from tournaments.models import Event
from tournaments.options import check_options
from tournaments.running import audit, require


@transaction.atomic
def event_update(
    *,
    event: Event,
    name: str,
    game: str,
    format: str,
    starts_on: date,
    options: Mapping[str, Any],
    by: AnyUser | None,
) -> Event:
    """Change an event's name, date, game, format and options (game and format: only before
    its first round)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    require(policy.can_manage_event(by, event), _("change this event"))
    name = " ".join(name.split())
    if not name:
        raise DomainError(_("an event needs a name"))
    if len(name) > NAME_LENGTH:
        raise DomainError(_("an event's name is at most %(n)s characters") % {"n": NAME_LENGTH})
    played = event.rounds.exists()
    if played and (game != event.game or format != event.format):
        raise DomainError(_("the game and the format cannot change once a round was seated"))
    merged = check_options(game=game, format=format, options=dict(options))
    before = {"name": event.name, "game": event.game, "format": event.format}
    event.name, event.game, event.format, event.starts_on = name, game, format, starts_on
    event.options = merged
    event.save(update_fields=["name", "game", "format", "starts_on", "options"])
    after = {"name": name, "game": game, "format": format, "options": merged}
    audit(event, by, "event changed", event.name, before, after)
    return event


@transaction.atomic
def event_delete(*, event: Event, by: AnyUser | None) -> None:
    """Delete an event that nobody has entered yet (a mistake, a duplicate)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    require(policy.can_manage_event(by, event), _("delete this event"))
    if event.entries.exists() or event.rounds.exists():
        raise DomainError(
            _("%(event)s has entries or rounds: only an empty event can be deleted")
            % {"event": event.name}
        )
    event.delete()
