"""Reads for analytics: heartbeats, finished games as the ratings read them, and the stored
ratings, history and progress the dashboards and the API show (never computed on request)."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from django.core.cache import cache
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
from games.models import Game, Seat
from tournaments.models import Player


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


def deal_id(game: Game) -> str:
    deck = game.tag("Deck") or f"game-{game.pk}"
    return hashlib.sha256(deck.encode()).hexdigest()[:12]


RATED_STATUSES = (Game.Status.FINISHED,)


def games_loaded(*, game_ids: Iterable[int], chunk: int = 5000) -> Iterator[LoadedGame]:
    """The finished games among ``game_ids`` (others are skipped), in no particular order."""
    ids = sorted(set(game_ids))
    for start in range(0, len(ids), chunk):
        part = ids[start : start + chunk]
        games = {
            g.pk: g
            for g in Game.objects.filter(pk__in=part, status__in=RATED_STATUSES)
            .select_related("club")
            .only("pk", "kind", "tags", "club__slug", "played_on", "finished_at", "club_id")
        }
        seats: dict[int, list[tuple[int, int | None, str, int | None, int | None, bool, bool]]]
        seats = defaultdict(list)
        rows = Seat.objects.filter(game_id__in=list(games)).order_by("game_id", "position")
        for row in rows.values_list(
            "game_id", "position", "player_id", "name", "score", "rank", "winner", "withdrawn"
        ):
            seats[row[0]].append(row[1:])
        for game_id, game in games.items():
            loaded = _loaded(game, seats.get(game_id, []))
            if loaded is not None:
                yield loaded


def _loaded(game: Game, seats: list[tuple[Any, ...]]) -> LoadedGame | None:
    if not seats:
        return None
    order = game_order(played_on=game.played_on, finished_at=game.finished_at, game_id=game.pk)
    names: dict[str, str] = {}
    players: dict[str, int] = {}
    keys = []
    for _position, player_id, name, _score, _rank, _winner, _withdrawn in seats:
        key = player_key(player_id=player_id, club_id=game.club_id, name=name)
        names[key] = name or key
        if player_id is not None:
            players[key] = player_id
        keys.append(key)
    club = game.club.slug
    if game.kind == OVERLOAD:
        deal = deal_id(game)
        result = overload_result(
            game_id=str(game.pk),
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
        fallback = competition_ranks([None if s[6] else s[3] for s in seats])
        result = GameResult(
            game_id=str(game.pk),
            kind=game.kind,
            order=order,
            seats=tuple(
                SeatResult(key, s[4] if s[4] is not None else fallback[i], s[3], s[6])
                for i, (key, s) in enumerate(zip(keys, seats, strict=True))
            ),
            club=club,
        )
    return LoadedGame(game.pk, game.club_id, result, names, players)


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
