"""Who may read and change events: one policy for the pages and the API.

Terms: *staff* of a club are its directors and scorekeepers (through the players linked to the
user); site admins (``is_superuser``) act as directors everywhere. Everyone, anonymous visitors
too, reads events, rounds, seatings, results and standings.

* creating events and running them (entries, check-in, rounds, seatings, corrections) takes a
  director of the event's club;
* entering a table's result directly (confirmed at once) takes staff of the club;
* reporting a table's scores takes staff or a player seated at that table;
* confirming or disputing a reported result takes a director, or another player seated at the
  table than the one who reported it.
"""

from __future__ import annotations

from clubs.models import Club
from clubs.roles import AnyUser, is_director, is_staff, signed_in
from tournaments.models import Event, Result, Table


def can_create_event(user: AnyUser | None, club: Club) -> bool:
    return is_director(user, club)


def can_manage_event(user: AnyUser | None, event: Event) -> bool:
    return is_director(user, event.club_id)


def can_enter_results(user: AnyUser | None, event: Event) -> bool:
    return is_staff(user, event.club_id)


def seated_at(user: AnyUser | None, table: Table) -> bool:
    return signed_in(user) and table.seats.filter(player__user=user).exists()


def can_report(user: AnyUser | None, table: Table) -> bool:
    return can_enter_results(user, table.round.event) or seated_at(user, table)


def can_confirm(user: AnyUser | None, result: Result) -> bool:
    if not signed_in(user):
        return False
    if can_manage_event(user, result.table.round.event):
        return True
    return result.reported_by_id != user.pk and seated_at(user, result.table)
