"""What every start form shares: the club, event, round, table, date and visibility, the seat
fields (a member from the club's list or a new name) and the optional seed of "for me" choices.

Each game's own form (``games.kinds.<game>``) adds its seats and options and turns them into
``players()`` and ``tags()``; forms check shapes only, the engine judges the setup.
"""

from __future__ import annotations

import secrets
from typing import Any, ClassVar

from django import forms
from django.db.models import QuerySet
from django.forms import BoundField
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from clubs.models import Club, Player
from clubs.roles import AnyUser
from games.choosers import WhereAndWhenForm
from games.models import NAME_LENGTH


def club_members(clubs: QuerySet[Club]) -> list[str]:
    """Names of the members of ``clubs``, for the player choosers (a datalist)."""
    return list(
        Player.objects.filter(memberships__club__in=clubs)
        .order_by("name")
        .values_list("name", flat=True)
        .distinct()
    )


def seat_field(
    label: StrOrPromise, *, required: bool = True, help_text: StrOrPromise = ""
) -> forms.CharField:
    """A seat: a club member's name from the list, or a new name (who becomes a member)."""
    return forms.CharField(
        label=label,
        required=required,
        max_length=NAME_LENGTH,
        help_text=help_text,
        widget=forms.TextInput(attrs={"list": "members", "autocomplete": "off"}),
    )


def seed_or_new(value: int | None) -> int:
    """The seed given, or a new one from ``secrets`` (1..2**31, the seed field's range):
    never from names, ids or times, and too many to try them all (README "Security")."""
    return value if value is not None else secrets.randbelow(2**31) + 1


def words(text: str) -> list[str]:
    return text.replace(",", " ").split()


class StartForm(WhereAndWhenForm):
    """What every game start asks: club, event, round, table, date, visibility.

    Subclasses add the seats and the game's own options and turn them into ``players()`` and
    ``tags()``; they check shapes only (a card count, a number): the engine judges the setup
    when ``games.services.game_create`` starts the game, and ``engine_error`` puts its
    sentence next to the field it is about.
    """

    kind: ClassVar[str]
    title: ClassVar[StrOrPromise]
    #: legend and field names of each fieldset, in order (club and the rest come last)
    groups: ClassVar[tuple[tuple[StrOrPromise, tuple[str, ...]], ...]]
    #: (word in an engine sentence, field it is about), first match wins
    engine_fields: ClassVar[tuple[tuple[str, str], ...]] = ()

    def __init__(self, *args: Any, user: AnyUser | None, **kwargs: Any) -> None:
        super().__init__(*args, user=user, **kwargs)
        self.members = club_members(self.clubs)
        self.note = ""  # said after the start (the seed of a shuffle or a draw)

    def fieldsets(self) -> list[tuple[StrOrPromise, list[BoundField]]]:
        named = [name for _legend, names in self.groups for name in names]
        rest = ["club"] + [name for name in self.fields if name not in named and name != "club"]
        return [
            (legend, [self[name] for name in names])
            for legend, names in (*self.groups, (_("Where and when"), tuple(rest)))
        ]

    def players(self) -> list[str]:
        raise NotImplementedError

    def tags(self) -> list[tuple[str, str]]:
        raise NotImplementedError

    def engine_error(self, message: str) -> None:
        """Show the engine's (or the service's) sentence next to the field it is about."""
        lower = message.lower()
        for word, name in self.engine_fields:
            if word.lower() in lower:
                self.add_error(name, message)
                return
        self.add_error(None, message)


def seed_field(help_text: StrOrPromise) -> forms.IntegerField:
    """The optional seed of a "shuffle/draw for me" choice (empty: a new random seed)."""
    return forms.IntegerField(
        required=False, min_value=1, max_value=2**31, label=_("Seed"), help_text=help_text
    )
