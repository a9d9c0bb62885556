"""Tournament models: clubs, players, memberships and events.

Terms: a *club* runs *events*; a *player* may belong to several clubs, each *membership*
giving one role (director, scorekeeper or player); an event plays one of the four games.
Invariants kept by the database: club slugs and player slugs are unique; an event's slug is
unique within its club; a player holds each role in a club at most once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class GameKind(models.TextChoices):
    """The four games; values are the MGN ``Game`` tags (spec/records.md)."""

    MATRIO = "matrio", "MatriO"
    MATHEMATICO = "mathematico", "Mathematico"
    MATRIX_OVERLOAD = "matrix-overload", "Matrix Overload"
    INTEGER_MATRIX = "integer-matrix", "Integer Matrix"


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
        DIRECTOR = "director", "Director"
        SCOREKEEPER = "scorekeeper", "Scorekeeper"
        PLAYER = "player", "Player"

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


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80)
    game = models.CharField(max_length=20, choices=GameKind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    starts_on = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="event_slug_unique_in_club")
        ]
        ordering = ["-starts_on", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})"
