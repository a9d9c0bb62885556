"""Clubs and the people in them: the ground every other app stands on.

Terms: a *club* runs events and records games; a *player* is a person who plays (a profile,
linked to a site account through ``Player.user`` when they have one) and may belong to several
clubs, each *membership* giving one role (director, scorekeeper or player); an *invitation* is
a link a director sends so that whoever opens it takes a role in the club (and, when it names
one, a player profile).

Invariants kept by the database: club slugs and player slugs are unique; a player holds each
role in a club at most once; an invitation's token is unique.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        SCOREKEEPER = "scorekeeper", _("Scorekeeper")
        PLAYER = "player", _("Player")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.PLAYER)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player", "role"], name="membership_one_role_once"
            )
        ]
        ordering = ["club", "player", "role"]

    def __str__(self) -> str:
        return f"{self.player} — {self.get_role_display()} of {self.club}"


class Invitation(models.Model):
    """A link a director sends: whoever opens it (signed in, or signing up) takes ``role`` in
    the club and, when ``player`` is set, that player profile (if it has no account yet)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.CASCADE, related_name="invitations"
    )
    role = models.CharField(
        max_length=20, choices=Membership.Role.choices, default=Membership.Role.PLAYER
    )
    token = models.CharField(max_length=64, unique=True)
    expires = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"Invitation to {self.club} as {self.role}"
