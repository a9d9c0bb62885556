"""Form pieces every games form shares: the club the user may write to, and its events."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from clubs.roles import AnyUser
from games import permissions
from games.events import EventRef, events_of_clubs


def writable_clubs(user: AnyUser | None) -> list[Club]:
    """The clubs in which ``user`` may create or import games (a short list: clubs are few)."""
    return [
        club for club in Club.objects.order_by("name") if permissions.can_create_in_club(user, club)
    ]


class EventChoiceField(forms.ChoiceField):
    """One of the clubs' events (through ``games.events``), cleaned to an ``EventRef``."""

    def __init__(self) -> None:
        super().__init__(choices=[("", "---------")], required=False, label=_("Event"))
        self.refs: dict[str, EventRef] = {}

    def offer(self, club_ids: Iterable[int], kind: str | None = None) -> None:
        found = events_of_clubs(club_ids, kind)
        self.refs = {str(event.id): event for event in found}
        self.choices = [("", "---------"), *((str(e.id), e.name) for e in found)]

    def clean(self, value: object) -> EventRef | None:
        chosen = super().clean(value)
        return self.refs.get(chosen) if chosen else None


class ClubForm(forms.Form):
    """A form whose first field is one of the clubs the user may write to."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), empty_label=None, label=_("Club"))

    def __init__(self, *args: Any, user: AnyUser | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        clubs = writable_clubs(user)
        field = self.fields["club"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Club.objects.filter(pk__in=[club.pk for club in clubs]).order_by("name")
        self.has_clubs = bool(clubs)


class WhereAndWhenForm(ClubForm):
    """A game's club, event, round, table, date and visibility (events of ``kind`` only)."""

    kind: ClassVar[str | None] = None

    event = EventChoiceField()
    round_number = forms.IntegerField(
        min_value=1, max_value=100_000, required=False, label=_("Round")
    )
    table_number = forms.IntegerField(
        min_value=1, max_value=100_000, required=False, label=_("Table")
    )
    played_on = forms.DateField(
        required=False, label=_("Played on"), widget=forms.DateInput(attrs={"type": "date"})
    )
    public = forms.BooleanField(
        required=False, initial=True, label=_("Public (anyone may read it)")
    )

    def __init__(self, *args: Any, user: AnyUser | None, **kwargs: Any) -> None:
        super().__init__(*args, user=user, **kwargs)
        club, event = self.fields["club"], self.fields["event"]
        assert isinstance(club, forms.ModelChoiceField) and club.queryset is not None
        assert isinstance(event, EventChoiceField)
        self.clubs: QuerySet[Club] = club.queryset
        event.offer(self.clubs.values_list("pk", flat=True), self.kind)


def club_member_choices(club: Club) -> list[tuple[int, str]]:
    """The club's members as (id, name), by name: what an unknown name may be matched to."""
    members = Player.objects.filter(memberships__club=club).order_by("name", "pk")
    return list(members.values_list("pk", "name").distinct())
