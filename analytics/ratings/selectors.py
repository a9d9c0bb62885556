"""Reads for analytics: heartbeats, finished games as the ratings read them, and the stored
ratings, history and progress the dashboards and the API show (never computed on request)."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from django.core.cache import cache
from django.db.models import Case, F, JSONField, QuerySet, When
from django.utils import timezone

from analytics.compute.ratings import PROVISIONAL_GAMES, pool_label
from analytics.compute.results import (
    DEAL_PREFIX,
    MATRIO,
    OVERLOAD,
    GameResult,
    SeatResult,
    competition_ranks,
    deal_player,
    overload_result,
)
from analytics.models import JobProgress, Rating, RatingHistory, WorkerHeartbeat
from clubs.models import Player
from games.models import Game, Seat


@dataclass(frozen=True)
class HeartbeatView:
    hostname: str
    started_at: datetime
    beat_at: datetime
    age_seconds: float


def worker_heartbeats(*, now: datetime | None = None) -> list[HeartbeatView]:
    """Every worker's last heartbeat, freshest first."""
    now = now or timezone.now()
    return [
        HeartbeatView(
            hostname=beat.hostname,
            started_at=beat.started_at,
            beat_at=beat.beat_at,
            age_seconds=max(0.0, (now - beat.beat_at).total_seconds()),
        )
        for beat in WorkerHeartbeat.objects.order_by("-beat_at")
    ]


# --- games as the ratings read them ---------------------------------------------------------


@dataclass(frozen=True)
class LoadedGame:
    """A finished game as a pure ``GameResult``, with the names behind its player keys."""

    game_id: int
    club_id: int
    result: GameResult
    names: dict[str, str]
    players: dict[str, int]

    @property
    def fingerprint(self) -> str:
        return hashlib.sha256(repr(self.result).encode()).hexdigest()


def game_order(*, played_on: date, finished_at: datetime | None, game_id: int) -> str:
    """The text key games are rated in: the day played, the moment finished, the id."""
    moment = finished_at.astimezone(UTC).strftime("%H%M%S%f") if finished_at else "000000000000"
    return f"{played_on.isoformat()}T{moment}#{game_id:012d}"


def player_key(*, player_id: int | None, club_id: int, name: str) -> str:
    """A seat's id in the ratings: the club member, else the name as typed within the club."""
    if player_id is not None:
        return str(player_id)
    return f"name:{club_id}:{' '.join(name.lower().split())}"


def deal_id(tags: Iterable[Sequence[str]], game_id: int) -> str:
    """An Overload deal's id: a hash of the ``Deck`` tag (the game's own id without one)."""
    deck = next((value for tag, value in tags if tag.lower() == "deck"), None)
    return hashlib.sha256((deck or f"game-{game_id}").encode()).hexdigest()[:12]


RATED_STATUSES = (Game.Status.FINISHED,)

GAME_COLUMNS = ("pk", "kind", "club_id", "club__slug", "played_on", "finished_at")
SEAT_COLUMNS = ("game_id", "player_id", "name", "score", "rank", "winner", "withdrawn")


def games_loaded(
    *, game_ids: Iterable[int] | None = None, kind: str | None = None, chunk: int = 5000
) -> Iterator[LoadedGame]:
    """The finished games among ``game_ids``, or all finished games of ``kind`` (a recompute
    reads them all: then one streamed pass, without id lists), by game id."""
    if kind is not None:
        finished = Game.objects.filter(kind=kind, status__in=RATED_STATUSES)
        yield from _load(finished, Seat.objects.filter(game__in=finished))
        return
    ids = sorted(set(game_ids or ()))
    for start in range(0, len(ids), chunk):
        part = Game.objects.filter(pk__in=ids[start : start + chunk], status__in=RATED_STATUSES)
        yield from _load(part, Seat.objects.filter(game__in=part))


def _load(games: QuerySet[Game], seats: QuerySet[Seat]) -> Iterator[LoadedGame]:
    """Merge the games (by id) with their seats (by game id, then position): value rows."""
    rows = seats.order_by("game_id", "position").values_list(*SEAT_COLUMNS).iterator(10000)
    row = next(rows, None)
    # the tags only of Overload games (their deal), in the same query
    deal_tags = Case(When(kind=OVERLOAD, then=F("tags")), output_field=JSONField(null=True))
    found = games.order_by("pk").annotate(deal_tags=deal_tags)
    for *game, tags in found.values_list(*GAME_COLUMNS, "deal_tags").iterator(10000):
        pk = game[0]
        mine = []
        while row is not None and row[0] <= pk:
            if row[0] == pk:
                mine.append(row)
            row = next(rows, None)
        loaded = _loaded(tuple(game), mine, tags or ())
        if loaded is not None:
            yield loaded


def _loaded(
    game: tuple[Any, ...], seats: Sequence[tuple[Any, ...]], tags: Iterable[Sequence[str]]
) -> LoadedGame | None:
    if not seats:
        return None
    pk, kind, club_id, club, played_on, finished_at = game
    order = game_order(played_on=played_on, finished_at=finished_at, game_id=pk)
    names: dict[str, str] = {}
    players: dict[str, int] = {}
    keys = []
    for _game, player_id, name, _score, _rank, _winner, _withdrawn in seats:
        key = player_key(player_id=player_id, club_id=club_id, name=name)
        names[key] = name or key
        if player_id is not None:
            players[key] = player_id
        keys.append(key)
    if kind == OVERLOAD:
        deal = deal_id(tags, pk)
        result = overload_result(
            game_id=str(pk),
            order=order,
            player_id=keys[0],
            deal_id=deal,
            result="win" if seats[0][5] else "loss",
            club=club,
        )
        if result is None:  # pragma: no cover - finished games have a result
            return None
        names[deal_player(deal)] = f"Deal {deal}"
    else:
        ranks = [s[4] for s in seats]
        if None in ranks:
            fallback = competition_ranks([None if s[6] else s[3] for s in seats])
            ranks = [f if r is None else r for r, f in zip(ranks, fallback, strict=True)]
        result = GameResult(
            game_id=str(pk),
            kind=kind,
            order=order,
            seats=tuple(
                SeatResult(key, rank, s[3], s[6])
                for key, rank, s in zip(keys, ranks, seats, strict=True)
            ),
            club=club,
        )
    return LoadedGame(pk, club_id, result, names, players)


# --- stored ratings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LeaderRow:
    place: int
    name: str
    player_key: str
    player_slug: str | None
    mu: float
    sigma: float
    display: int
    games: int

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def pool_name(*, kind: str, club_slug: str | None = None) -> str:
    return pool_label(kind, club_slug or None)


def leaderboard(*, kind: str, club_slug: str | None = None, limit: int = 500) -> list[LeaderRow]:
    """The pool's current ratings, best display rating first (one query)."""
    rows = (
        Rating.objects.filter(pool=pool_name(kind=kind, club_slug=club_slug))
        .exclude(player_key__startswith=DEAL_PREFIX)
        .select_related("player")
        .order_by("-display", "-mu", "player_key")[:limit]
    )
    return [
        LeaderRow(
            place=i,
            name=r.name,
            player_key=r.player_key,
            player_slug=r.player.slug if r.player else None,
            mu=r.mu,
            sigma=r.sigma,
            display=r.display,
            games=r.games,
        )
        for i, r in enumerate(rows, start=1)
    ]


@dataclass(frozen=True)
class HistoryPoint:
    game_id: int
    order: str
    played_on: str
    rank: int
    mu: float
    sigma: float
    display: int
    games: int


def rating_history(
    *, player: Player, kind: str, club_slug: str | None = None
) -> list[HistoryPoint]:
    rows = RatingHistory.objects.filter(
        pool=pool_name(kind=kind, club_slug=club_slug), player_key=str(player.pk)
    ).order_by("order")
    return [
        HistoryPoint(
            game_id=r.game_id,
            order=r.order,
            played_on=r.order[:10],
            rank=r.rank,
            mu=r.mu,
            sigma=r.sigma,
            display=r.display,
            games=r.games,
        )
        for r in rows
    ]


def player_ratings(*, player: Player) -> list[Rating]:
    return list(Rating.objects.filter(player=player).order_by("kind", "club_slug"))


@dataclass(frozen=True)
class SeatLine:
    label: str
    games: int
    wins: int
    mean_rank: float


@dataclass(frozen=True)
class Opponent:
    name: str
    games: int
    ahead: int
    behind: int
    level: int


@dataclass(frozen=True)
class PlayerRecord:
    kind: str
    scores: list[int]
    seats: list[SeatLine]
    opponents: list[Opponent]


def player_record(*, player: Player, kind: str, limit: int = 2000) -> PlayerRecord:
    """Scores, results by seat and head-to-head over the player's latest finished games."""
    mine = list(
        Seat.objects.filter(player=player, game__kind=kind, game__status=Game.Status.FINISHED)
        .order_by("-game__played_on", "-game_id")
        .values_list("game_id", "position", "score", "rank", "winner")[:limit]
    )
    scores = [s[2] for s in mine if s[2] is not None]
    by_seat: dict[int, list[tuple[int | None, bool]]] = defaultdict(list)
    for _g, position, _score, rank, winner in mine:
        by_seat[position].append((rank, winner))
    seats = [
        SeatLine(
            label=f"P{position}" if kind == MATRIO else f"Seat {position}",
            games=len(results),
            wins=sum(1 for _r, w in results if w),
            mean_rank=sum(r or 0 for r, _w in results) / len(results),
        )
        for position, results in sorted(by_seat.items())
    ]
    my_rank = {g: rank for g, _p, _s, rank, _w in mine}
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    others = (
        Seat.objects.filter(game_id__in=list(my_rank))
        .exclude(player=player)
        .values_list("game_id", "name", "rank")
    )
    for game_id, name, rank in others:
        line = tally[name]
        line[0] += 1
        mine_rank = my_rank[game_id]
        if mine_rank is None or rank is None:
            continue
        if mine_rank < rank:
            line[1] += 1
        elif mine_rank > rank:
            line[2] += 1
        else:
            line[3] += 1
    opponents = sorted(
        (Opponent(name, g, a, b, lvl) for name, (g, a, b, lvl) in tally.items()),
        key=lambda o: (-o.games, o.name),
    )[:20]
    return PlayerRecord(kind=kind, scores=scores, seats=seats, opponents=opponents)


@dataclass(frozen=True)
class JobView:
    id: int
    name: str
    status: str
    done: int
    total: int
    message: str
    percent: int
    started_at: datetime


def jobs(*, limit: int = 10) -> list[JobView]:
    """Recent long jobs; a running job's count comes from the cache (see services)."""
    out = []
    for job in JobProgress.objects.all()[:limit]:
        done, total, message = job.done, job.total, job.message
        if job.status == JobProgress.Status.RUNNING:
            live = cache.get(f"analytics:job:{job.pk}")
            if live:
                done, total, message = live
        percent = 100 if not total else min(100, round(100 * done / total))
        out.append(
            JobView(job.pk, job.name, job.status, done, total, message, percent, job.started_at)
        )
    return out
