"""Check-in at the door: the club's members entered by choice (many at once), a new member
created only on purpose, and a drop undone while it changes nothing yet.

Terms: names match as the imports match them (case and spacing aside:
``clubs.players.name_key``); a *near* name is one ``difflib`` finds close. Every function is
one transaction, keyword-only, checks the policy and writes an audit entry through the running
services; a refusal is a ``DomainError`` sentence.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Membership, Player
from clubs.players import clean_name, free_slug, name_key
from clubs.roles import AnyUser
from games.engine.errors import DomainError
from tournaments import permissions as policy
from tournaments.models import Entry, Event
from tournaments.running import audit, entry_add, require


def club_members(event: Event) -> list[Player]:
    """The members of the event's club, by name."""
    return list(
        Player.objects.filter(memberships__club_id=event.club_id).distinct().order_by("name")
    )


@transaction.atomic
def members_enter(*, event: Event, player_ids: Sequence[int], by: AnyUser | None) -> list[Entry]:
    """Enter (and check in) the chosen members; those already entered are left as they are."""
    require(policy.can_manage_event(by, event), _("run this event"))
    members = {p.pk: p for p in club_members(event)}
    entered = set(event.entries.values_list("player_id", flat=True))
    chosen = [members[pk] for pk in dict.fromkeys(player_ids) if pk in members]
    if len(chosen) < len(set(player_ids)):
        raise DomainError(_("choose members of the club only"))
    return [
        entry_add(event=event, player=player, checked_in=True, by=by)
        for player in chosen
        if player.pk not in entered
    ]


@transaction.atomic
def player_enter_by_name(
    *, event: Event, name: str, create: bool = False, by: AnyUser | None
) -> tuple[Entry, bool]:
    """Enter the member of that name (case and spacing aside), or, with ``create``, a new
    member; without it, a new name near a member's is refused with the near names. Returns
    the entry and whether a member was created."""
    require(policy.can_manage_event(by, event), _("run this event"))
    name = clean_name(name)
    members = club_members(event)
    same = next((p for p in members if name_key(p.name) == name_key(name)), None)
    if same is not None:
        if event.entries.filter(player=same).exists():
            raise DomainError(_("%(player)s is already entered") % {"player": same.name})
        return entry_add(event=event, player=same, checked_in=True, by=by), False
    near = difflib.get_close_matches(name_key(name), [name_key(p.name) for p in members], 3, 0.75)
    if near and not create:
        names = ", ".join(p.name for p in members if name_key(p.name) in near)
        raise DomainError(
            _(
                "%(name)s is not a member; members with a near name: %(near)s. Choose from the "
                "list, or tick “a new member” to create %(name)s"
            )
            % {"name": name, "near": names}
        )
    player = Player.objects.create(name=name, slug=free_slug(name))
    Membership.objects.create(club_id=event.club_id, player=player, role=Membership.Role.PLAYER)
    return entry_add(event=event, player=player, checked_in=True, by=by), True


@transaction.atomic
def entry_undrop(*, entry: Entry, by: AnyUser | None) -> Entry:
    """Take a drop back while no round has been seated since (the player plays on)."""
    require(policy.can_manage_event(by, entry.event), _("run this event"))
    entry = Entry.objects.select_for_update().select_related("player", "event").get(pk=entry.pk)
    if entry.dropped_after_round is None:
        raise DomainError(_("%(player)s has not dropped") % {"player": entry.player.name})
    if entry.event.rounds.filter(number__gt=entry.dropped_after_round).exists():
        raise DomainError(
            _("a round was seated since %(player)s dropped: enter them again as a late entry")
            % {"player": entry.player.name}
        )
    before = entry.dropped_after_round
    entry.dropped_after_round = None
    entry.save(update_fields=["dropped_after_round"])
    audit(entry.event, by, "drop undone", entry.player.name, before, None)
    return entry
