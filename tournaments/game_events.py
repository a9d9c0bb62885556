"""The events directory the games layer reads (``games.events``), served from ``Event`` rows."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Exists, OuterRef, Q

from games.events import EventRef
from tournaments.models import Event, Round

_FIELDS = ("id", "club_id", "game", "name", "slug")


def _ref(row: tuple[int, int, str, str, str]) -> EventRef:
    pk, club_id, kind, name, slug = row
    return EventRef(id=pk, club_id=club_id, kind=kind, name=name, slug=slug)


class EventRows:
    def get(self, event_id: int) -> EventRef | None:
        if not 0 < event_id < 2**63:
            return None
        row = Event.objects.filter(pk=event_id).values_list(*_FIELDS).first()
        return None if row is None else _ref(row)

    def of_clubs(self, club_ids: Iterable[int] | None, kind: str | None = None) -> list[EventRef]:
        events = Event.objects.all()
        if club_ids is not None:
            events = events.filter(club_id__in=list(club_ids))
        if kind is not None:
            events = events.filter(game=kind)
        return [_ref(row) for row in events.order_by("name").values_list(*_FIELDS)]

    def open_deal_rounds(self) -> Q:
        rounds = Round.objects.filter(
            event_id=OuterRef("event_id"), number=OuterRef("round_number")
        ).exclude(status=Round.Status.FINISHED)
        return Q(Exists(rounds.exclude(cards=[])))

    def many(self, event_ids: Iterable[int]) -> dict[int, EventRef]:
        rows = Event.objects.filter(pk__in=list(event_ids)).values_list(*_FIELDS)
        return {row[0]: _ref(row) for row in rows}
