"""How a site account is shown to other people: by the name of its player profile, never by the
login name (knowing a staff member's login name is half of guessing their way in).

An account without a player profile (a site administrator, say) is shown as "" and the page
or API says "the staff" or nothing instead.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.models import Player


def player_name(user_id: int | None) -> str:
    """The name of the account's player profile (its first), "" for none."""
    if user_id is None:
        return ""
    name = Player.objects.filter(user_id=user_id).order_by("pk").values_list("name", flat=True)
    return name.first() or ""


def shown_name(user: AbstractBaseUser | AnonymousUser | None) -> str:
    """``player_name`` of ``user``, remembered on the user object for the rest of the request."""
    if user is None or user.pk is None:
        return ""
    remembered: str | None = user.__dict__.get("_matrio_shown_name")
    if remembered is None:
        remembered = user.__dict__["_matrio_shown_name"] = player_name(user.pk)
    return remembered


@extend_schema_field(serializers.CharField(allow_null=True))
class ShownNameField(serializers.Field):  # type: ignore[type-arg]
    """A read-only API field for a user: the player's name, or null. One query per distinct
    user of a response (the names are remembered on the outermost serializer)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["read_only"] = True
        super().__init__(**kwargs)

    def get_attribute(self, instance: Any) -> Any:
        return getattr(instance, f"{self.source}_id", None)

    def to_representation(self, value: int) -> str | None:
        names: dict[int, str] = self.root.__dict__.setdefault("_matrio_shown_names", {})
        if value not in names:
            names[value] = player_name(value)
        return names[value] or None
