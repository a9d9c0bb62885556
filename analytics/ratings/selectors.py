"""Reads of the stored ratings for the pages and the API: a pool's leaderboard, a player's
rating history, ratings and record (seats, opponents). Never computed on request: the worker
stored every row (``analytics.ratings.services``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from analytics.compute.ratings import PROVISIONAL_GAMES, pool_label
from analytics.compute.results import DEAL_PREFIX, MATRIO
from analytics.models import Rating, RatingHistory
from clubs.models import Player
from games.models import Game, Seat


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


class RatingRows:
    """The ratings tournaments seat round 1 by (``tournaments.seeding``): each player's
    displayed rating in the kind's all-club pool, for those who have one."""

    def ratings(self, kind: str, player_ids: Iterable[int]) -> dict[int, float]:
        rows = Rating.objects.filter(pool=kind, player_id__in=list(player_ids))
        return {pk: float(display) for pk, display in rows.values_list("player_id", "display")}
