"""Game models: games, their seats and their moves — only what the engine has validated.

Terms: a *game* belongs to a club and is of one *kind* (the MGN ``Game`` tag); its *tags* are
the record's tags as ``[name, value]`` pairs in order (without ``Game``; ``Result`` only for a
result-only game), its *seats* hold the players in seat order with their role (``P1``..,
the player's name in Mathematico, ``player``, ``negative``/``positive``), and its *moves*
are the canonical tokens of ``games.engine.live``, one per ply. ``ply`` counts the moves
stored; a client recording a move states the ply it has seen (optimistic concurrency).

Invariants kept by the database: one move per ``(game, ply)``; one seat per
``(game, position)``; ``mgn_hash`` (SHA-256 of the canonical MGN, set for imported games and
for live games once finished) is unique within a club, so importing a file twice stores
nothing twice. The canonical MGN is regenerated from ``kind``, ``tags``, the seats' names and
the moves by ``games.engine.live.to_mgn``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from games.kinds import GameKind

NAME_LENGTH = 200  # as Player.name
TOKEN_LENGTH = 64  # canonical tokens are at most ~40 characters


class Game(models.Model):
    class Status(models.TextChoices):
        LIVE = "live", _("Live")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")

    class Source(models.TextChoices):
        LIVE = "live", _("Recorded live")
        TYPED = "typed", _("Typed-in record")
        IMPORTED = "imported", _("Imported record")
        RESULT_ONLY = "result-only", _("Result only")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="games")
    kind = models.CharField(max_length=20, choices=GameKind.choices)
    tags = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LIVE)
    source = models.CharField(max_length=12, choices=Source.choices, default=Source.LIVE)
    #: the event it was played in (``games.events``: events live in the tournaments layer)
    event_id = models.PositiveBigIntegerField(null=True, blank=True)
    round_number = models.PositiveIntegerField(null=True, blank=True)
    table_number = models.PositiveIntegerField(null=True, blank=True)
    recorder = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="recorded_games",
    )
    public = models.BooleanField(default=True)
    #: show the move advisor's choice to the scorekeeper (casual Mathematico games only)
    hints = models.BooleanField(default=False)
    played_on = models.DateField()
    ply = models.PositiveIntegerField(default=0)
    result = models.JSONField(default=dict, blank=True)  # live.Summary.json() once over
    mgn_hash = models.CharField(max_length=64, null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "mgn_hash"],
                condition=Q(mgn_hash__isnull=False),
                name="game_mgn_once_per_club",
            )
        ]
        indexes = [
            models.Index(fields=["club", "kind", "status"], name="game_club_kind_status"),
            models.Index(fields=["played_on", "id"], name="game_played_on"),
            models.Index(fields=["event_id", "round_number", "table_number"], name="game_event"),
            models.Index(fields=["status", "updated"], name="game_status_updated"),
        ]
        ordering = ["-played_on", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} game {self.pk} ({self.get_status_display()})"

    def tag(self, name: str) -> str | None:
        key = name.lower()
        return next((value for tag, value in self.tags if tag.lower() == key), None)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()  # 1-based seat order
    role = models.CharField(max_length=NAME_LENGTH)
    name = models.CharField(max_length=NAME_LENGTH, blank=True)  # as in the record
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    score = models.BigIntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    winner = models.BooleanField(default=False)
    withdrawn = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_once_per_game")
        ]
        indexes = [models.Index(fields=["player", "game"], name="seat_player_game")]
        ordering = ["game", "position"]

    def __str__(self) -> str:
        return f"{self.role}: {self.name or '(unnamed)'}"


class Move(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()
    token = models.CharField(max_length=TOKEN_LENGTH)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="recorded_moves",
    )
    at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "ply"], name="move_once_per_ply")]
        ordering = ["game", "ply"]

    def __str__(self) -> str:
        return f"{self.ply}. {self.token}"


class GameReview(models.Model):
    """The engine's review of a finished game's every move (``games.engine.review``), worked
    out by the analytics worker after the game finished and kept until its record changes."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="review"
    )
    #: SHA-256 of the record reviewed: a review of another record (an undo, an edit) is stale
    fingerprint = models.CharField(max_length=64)
    review = models.JSONField()  # GameReview.json(): moves, summary per player, method
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Review of game {self.game_id}"


from games.jobs import FileJob  # noqa: E402, F401  (the import/export jobs: registered here)
