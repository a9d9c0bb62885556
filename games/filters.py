"""The games list's filters, shared by the API (ids) and the pages (choosers)."""

from __future__ import annotations

from decimal import Decimal

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from games.kinds import GameKind
from games.models import Game, Seat

MAX_ID = 2**63 - 1


# django-filter ships no type hints: mypy sees FilterSet as untyped (misc: subclassing it).
class GameFilter(django_filters.FilterSet):  # type: ignore[misc]
    club = django_filters.CharFilter(field_name="club__slug", label=_("Club slug"))
    kind = django_filters.ChoiceFilter(choices=GameKind.choices, label=_("Game"))
    status = django_filters.ChoiceFilter(choices=Game.Status.choices, label=_("Status"))
    source = django_filters.ChoiceFilter(choices=Game.Source.choices, label=_("Source"))
    # Bounded like the database's integers: a larger number is a 400, never an overflow (500).
    event = django_filters.NumberFilter(
        field_name="event_id", label=_("Event id"), min_value=0, max_value=MAX_ID
    )
    round = django_filters.NumberFilter(
        field_name="round_number", label=_("Round"), min_value=0, max_value=MAX_ID
    )
    player = django_filters.NumberFilter(
        method="seated", label=_("Player id (any seat)"), min_value=0, max_value=MAX_ID
    )
    date_from = django_filters.DateFilter(
        field_name="played_on", lookup_expr="gte", label=_("Played on or after")
    )
    date_to = django_filters.DateFilter(
        field_name="played_on", lookup_expr="lte", label=_("Played on or before")
    )

    class Meta:
        model = Game
        fields = ["club", "kind", "status", "source", "event", "round", "player"]

    def seated(
        self, games: QuerySet[Game], name: str, value: Decimal | int | None
    ) -> QuerySet[Game]:
        # NumberFilter gives a Decimal, which Django takes for an integer column (the stubs do not)
        seats = Seat.objects.filter(player_id=value)  # type: ignore[misc]
        return games.filter(pk__in=seats.values("game_id"))
