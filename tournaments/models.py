"""Tournament models: events and what happens in them.

Terms: a club (``clubs.models.Club``) runs *events*; an event plays one of the four games in
one *format* with declared *options* (ranking criteria from the standings registry, bye rule,
place points, final size; see ``tournaments.options``). An *entry* is a player of the event
(checked in, late, dropped after a round); a *round* is seated at *tables* (``TableSeat``:
seat order, P1 first for MatriO) and has *byes*; a table's *result* comes from its recorded
game or is reported (scores only) and confirmed; every change is an *audit entry*.

Invariants kept by the database: an event's slug is unique within its club; a player enters
an event once; round numbers are unique per event, table numbers per round, a player sits once
per table; **at most one confirmed result per table** (partial unique constraint).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from games.kinds import GameKind


class EventFormat(models.TextChoices):
    SWISS_TABLES = "swiss-tables", _("Swiss tables of four")
    SWISS_PAIRS = "swiss-pairs", _("Swiss pairs")
    ROUND_ROBIN = "round-robin", _("Round robin")
    SIMULTANEOUS = "simultaneous", _("Simultaneous rounds (one draw per round)")
    DUPLICATE = "duplicate", _("Duplicate rounds (one deck per round)")


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80)
    game = models.CharField(max_length=20, choices=GameKind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    starts_on = models.DateField()
    format = models.CharField(
        max_length=20, choices=EventFormat.choices, default=EventFormat.SWISS_TABLES
    )
    options = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="event_slug_unique_in_club")
        ]
        ordering = ["-starts_on", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})"

    @property
    def kind(self) -> str:
        """The game kind it plays (as ``games.events`` names it)."""
        return self.game


class Entry(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    checked_in = models.BooleanField(default=False)
    late = models.BooleanField(default=False)
    dropped_after_round = models.PositiveIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="entry_once_per_event")
        ]
        ordering = ["event", "player__name"]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft (seating may change)")
        LOCKED = "locked", _("Locked (being played)")
        FINISHED = "finished", _("Finished")

    class Kind(models.TextChoices):
        REGULAR = "regular", _("Regular round")
        FINAL = "final", _("Final")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.REGULAR)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.CharField(max_length=200, blank=True)
    cards = models.JSONField(default=list, blank=True)  # Mathematico draw / Overload deck
    byes = models.JSONField(default=list, blank=True)  # player ids sitting out
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_once")
        ]
        ordering = ["event", "number"]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.event}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once")
        ]
        ordering = ["round", "number"]

    def __str__(self) -> str:
        return f"Table {self.number}, {self.round}"


class TableSeat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="table_seats")
    position = models.PositiveSmallIntegerField()  # 1-based seat order

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="table_seat_once"),
            models.UniqueConstraint(fields=["table", "player"], name="table_player_once"),
        ]
        ordering = ["table", "position"]


class Result(models.Model):
    class Status(models.TextChoices):
        REPORTED = "reported", _("Reported, awaiting confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")
        SUPERSEDED = "superseded", _("Superseded")

    class Source(models.TextChoices):
        GAME = "game", _("Recorded game")
        REPORTED = "reported", _("Reported scores")
        STAFF = "staff", _("Entered or corrected by the club's staff")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    status = models.CharField(max_length=12, choices=Status.choices)
    source = models.CharField(max_length=10, choices=Source.choices)
    #: player id (text) -> score, or null for a withdrawn / unscored seat
    scores = models.JSONField(default=dict)
    #: player id (text) -> game-specific counts (cells_won, solved, cards_left, royals_killed)
    details = models.JSONField(default=dict, blank=True)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=models.Q(status="confirmed"),
                name="result_one_confirmed_per_table",
            )
        ]
        ordering = ["table", "-created"]


class ResultGame(models.Model):
    """A result-only game that stands for a typed or confirmed table result in the ratings and
    statistics (a table whose result came from its recorded game needs none)."""

    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="result_games")
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="+")

    def __str__(self) -> str:
        return f"Game {self.game_id} for result {self.result_id}"


class ResultConfirmation(models.Model):
    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="confirmations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    agrees = models.BooleanField()
    note = models.CharField(max_length=500, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["result", "user"], name="confirmation_once_per_user")
        ]
        ordering = ["result", "at"]


# What each audit ``action`` (stored in English, a code) reads as in the console.
AUDIT_ACTIONS = {
    "event created": _("event created"),
    "event changed": _("event changed"),
    "event finished": _("event finished"),
    "entry added": _("entry added"),
    "check-in": _("check-in"),
    "dropped": _("dropped"),
    "drop undone": _("drop undone"),
    "round generated": _("round generated"),
    "round regenerated": _("round regenerated"),
    "seats swapped": _("seats swapped"),
    "round locked": _("round locked"),
    "round finished": _("round finished"),
    "result reported": _("result reported"),
    "result confirmed": _("result confirmed"),
    "result disputed": _("result disputed"),
    "result corrected": _("result corrected"),
    "result from game": _("result from the recorded game"),
    "result from games": _("result from the recorded games"),
    "game reopened": _("game reopened"),
    "game ignored": _("game ignored"),
    "game differs": _("recorded game differs from the result"),
    "games differ": _("recorded games differ from each other"),
    "grid entry opened": _("grid entry opened to the players"),
    "grid entered": _("finished grid entered"),
}


class AuditEntry(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)
    what = models.CharField(max_length=200)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"

    @property
    def action_label(self) -> str:
        return str(AUDIT_ACTIONS.get(self.action, self.action))


from tournaments.paper_grid_models import GridEntry, PaperGrid  # noqa: E402, F401  (registered here)
