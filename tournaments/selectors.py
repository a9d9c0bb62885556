"""Reads for tournaments: querysets the pages and the API show."""

from __future__ import annotations

from django.db.models import Case, Count, IntegerField, QuerySet, Value, When

from tournaments.models import Club, Event


def club_list() -> QuerySet[Club]:
    """Every club with its number of events and members, by name."""
    return Club.objects.annotate(
        event_count=Count("events", distinct=True),
        member_count=Count("memberships__player", distinct=True),
    ).order_by("name")


def event_list(*, club: Club | None = None) -> QuerySet[Event]:
    """Events: running first, then drafts, then finished; newest first within each."""
    events = Event.objects.select_related("club")
    if club is not None:
        events = events.filter(club=club)
    status_rank = Case(
        When(status=Event.Status.RUNNING, then=Value(0)),
        When(status=Event.Status.DRAFT, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    return events.order_by(status_rank, "-starts_on", "name")
