"""Analytics models.

``WorkerHeartbeat``: one row per running Celery worker (keyed by its hostname), refreshed every
``WORKER_HEARTBEAT_INTERVAL`` seconds by the worker itself and removed on a clean shutdown.
``/healthz`` calls the workers healthy while the newest row is younger than
``WORKER_HEARTBEAT_MAX_AGE``.

``TaskPing``: a request answered by a worker through the broker, proving the whole path
web → broker → worker → database works. Answering is idempotent: the first answer stays.

Ratings (see ``analytics.ratings``): ``RatingStream`` (one per game kind: the lock and the
head), ``DirtyGame`` (games to (re)rate), ``RatedGame`` (what was rated, in which order),
``Rating`` (current), ``RatingHistory`` (one row per player, pool and game),
``RatingSnapshot`` (every pool of a kind after every ``SNAPSHOT_EVERY``-th game) and
``JobProgress`` (long jobs, shown on the site).
"""

from __future__ import annotations

from django.db import models

from clubs.models import Player


class WorkerHeartbeat(models.Model):
    hostname = models.CharField(max_length=255, unique=True)
    started_at = models.DateTimeField()
    beat_at = models.DateTimeField()

    class Meta:
        ordering = ["-beat_at"]

    def __str__(self) -> str:
        return f"{self.hostname} @ {self.beat_at:%Y-%m-%d %H:%M:%S}"


class TaskPing(models.Model):
    token = models.CharField(max_length=64, unique=True)
    requested_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.CharField(max_length=255, blank=True)

    def __str__(self) -> str:
        state = f"answered by {self.answered_by}" if self.answered_at else "waiting"
        return f"ping {self.token} ({state})"


# --- ratings -------------------------------------------------------------------------------
#
# A *stream* is one game kind: its games feed the kind's pool (all clubs) and one pool per
# club (``analytics.compute.ratings``). Games are rated in the order of ``RatedGame.order``
# (``<played_on>T<finished_at>#<zero-padded id>``), which sorts as text. ``game_id`` columns
# are plain integers, not foreign keys, so that a deleted game's rows can be found and undone.


class RatingStream(models.Model):
    """The head of one kind's ratings: how many games are rated and the last one's key.

    Its row is the lock that serialises every change to the kind's ratings (marking games
    dirty and processing them), and ``queued`` says a ``process_dirty`` job is pending, so a
    burst of finished games coalesces into one job."""

    kind = models.CharField(max_length=20, unique=True)
    games = models.PositiveIntegerField(default=0)
    head_order = models.CharField(max_length=80, blank=True)
    head_game = models.CharField(max_length=20, blank=True)
    queued = models.BooleanField(default=False)
    version = models.PositiveBigIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.kind}: {self.games} games rated"


class DirtyGame(models.Model):
    """A game whose rating input may have changed (finished, edited, reopened, deleted)."""

    game_id = models.BigIntegerField(unique=True)
    kind = models.CharField(max_length=20)
    marked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["kind", "game_id"], name="dirty_kind_game")]


class RatedGame(models.Model):
    """A game as it was last rated: its order key and a fingerprint of its result."""

    game_id = models.BigIntegerField(unique=True)
    kind = models.CharField(max_length=20)
    club_id = models.BigIntegerField(null=True)
    order = models.CharField(max_length=80)
    fingerprint = models.CharField(max_length=64)

    class Meta:
        indexes = [models.Index(fields=["kind", "order"], name="ratedgame_kind_order")]


class Rating(models.Model):
    """A player's current rating in one pool (``kind`` or ``kind@club-slug``)."""

    pool = models.CharField(max_length=120)
    kind = models.CharField(max_length=20)
    club_slug = models.CharField(max_length=80, blank=True)
    player_key = models.CharField(max_length=240)
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="ratings"
    )
    name = models.CharField(max_length=200)
    mu = models.FloatField()
    sigma = models.FloatField()
    display = models.IntegerField()
    games = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pool", "player_key"], name="rating_once_per_pool")
        ]
        indexes = [models.Index(fields=["pool", "-display"], name="rating_pool_display")]
        ordering = ["pool", "-display", "-mu", "player_key"]

    def __str__(self) -> str:
        return f"{self.name} {self.display} ({self.pool})"


class RatingHistory(models.Model):
    """One player's rating change from one game in one pool."""

    pool = models.CharField(max_length=120)
    kind = models.CharField(max_length=20)
    player_key = models.CharField(max_length=240)  # as in Rating: a member's id, or a name
    game_id = models.BigIntegerField()
    order = models.CharField(max_length=80)
    rank = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField()
    display = models.IntegerField()

    class Meta:
        indexes = [
            models.Index(fields=["pool", "player_key", "order"], name="history_player"),
            models.Index(fields=["kind", "order"], name="history_kind_order"),
            models.Index(fields=["game_id"], name="history_game"),
        ]
        ordering = ["pool", "player_key", "order"]


class RatingSnapshot(models.Model):
    """Every pool of a kind after its ``games``-th game (``analytics.compute.ratings.Snapshot``)."""

    kind = models.CharField(max_length=20)
    games = models.PositiveIntegerField()
    after_order = models.CharField(max_length=80)
    after_game = models.CharField(max_length=20)
    data = models.JSONField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "games"], name="snapshot_once_per_count")
        ]
        indexes = [models.Index(fields=["kind", "after_order"], name="snapshot_kind_order")]


class JobProgress(models.Model):
    """A long job the site shows: what it is, how far it got, and how it ended."""

    class Status(models.TextChoices):
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    name = models.CharField(max_length=120)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    message = models.CharField(max_length=300, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The task that runs the job (a name of ``analytics.wakeups``) and its keyword arguments
    # besides ``job_id``: a job whose worker died is queued again with them. Blank for a job
    # run by a command.
    task = models.CharField(max_length=80, blank=True)
    arguments = models.JSONField(default=dict, blank=True)
    # The worker running it (its heartbeat hostname) and when that worker took it: the job is
    # dead once that worker has no fresh heartbeat, or restarted since.
    worker = models.CharField(max_length=255, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]

    @property
    def percent(self) -> int:
        return 100 if not self.total else min(100, round(100 * self.done / self.total))

    def __str__(self) -> str:
        return f"{self.name}: {self.done}/{self.total} ({self.status})"


# --- statistics (see ``analytics.statistics``) -----------------------------------------------
#
# ``StatCounter``: additive outcome sums (``analytics.compute.tally.Tally``) keyed by
# ``(statistic, group, key)``, e.g. the MatriO explorer's ``(line, move)``. ``StatGame``: one
# game's recorded contribution (its counter delta and its compact per-game row for the
# bootstrap), so a game is never counted twice and its contribution can be subtracted exactly.
# ``StatResult``: a worker-computed result (e.g. card impact with bootstrap intervals) that the
# pages read as it is.

#: The tally columns of ``StatCounter``, in the order of ``Tally``'s fields; each row of
#: ``StatGame.counters`` is ``[statistic, group, key, *TALLY_FIELDS]``.
TALLY_FIELDS = (
    "games",
    "wins",
    "rank_sum",
    "scored",
    "score_sum",
    "rated",
    "rating_sum",
    "extra_sum",
)


class StatCounter(models.Model):
    statistic = models.CharField(max_length=40)
    group = models.CharField(max_length=400)
    key = models.CharField(max_length=80)
    games = models.BigIntegerField(default=0)
    wins = models.BigIntegerField(default=0)
    rank_sum = models.BigIntegerField(default=0)
    scored = models.BigIntegerField(default=0)
    score_sum = models.BigIntegerField(default=0)
    rated = models.BigIntegerField(default=0)
    rating_sum = models.BigIntegerField(default=0)
    extra_sum = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["statistic", "group", "key"], name="statcounter_once_per_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.statistic} [{self.group}] {self.key}: {self.games}"


class StatGame(models.Model):
    """What one game contributed to the statistics (``counters``: rows of
    ``[statistic, group, key, games, wins, rank_sum, scored, score_sum, rated, rating_sum,
    extra_sum]``; ``row``: the compact MatriO or Mathematico game, or null; ``sample``: a
    MatriO game packed as the card-impact bootstrap reads it, ``analytics.compute.card_sample``,
    or null; ``deal``: a Mathematico game's draw key, ``analytics.statistics.mathematico``)."""

    game_id = models.BigIntegerField(unique=True)
    kind = models.CharField(max_length=20)
    fingerprint = models.CharField(max_length=64)
    counters = models.JSONField(default=list)
    row = models.JSONField(null=True, blank=True)
    sample = models.BinaryField(null=True, blank=True)
    deal = models.CharField(max_length=40, blank=True, default="")  # Mathematico: its draw's key

    class Meta:
        indexes = [
            models.Index(fields=["kind", "game_id"], name="statgame_kind_game"),
            models.Index(fields=["kind", "deal"], name="statgame_kind_deal"),
        ]


class StatResult(models.Model):
    """A stored result the pages read (``data``: JSON), computed by the worker."""

    name = models.CharField(max_length=60, unique=True)
    games = models.PositiveIntegerField(default=0)
    queued = models.BooleanField(default=False)  # a refresh is pending (its games changed)
    queued_at = models.DateTimeField(null=True, blank=True)  # when that refresh was asked for
    data = models.JSONField(default=dict)
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.name} over {self.games} games"
