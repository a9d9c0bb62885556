"""Finished games as the ratings read them: each game a pure ``GameResult`` (seats keyed by
``player_key``, in the ``game_order`` text key), loaded with its seats in streamed queries.

The statistics read the same keys and statuses (``player_key``, ``RATED_STATUSES``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

from django.db.models import Case, F, JSONField, QuerySet, When

from analytics.compute.results import (
    OVERLOAD,
    GameResult,
    SeatResult,
    competition_ranks,
    deal_player,
    overload_result,
)
from games.models import Game, Seat


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


def deal_name(tags: Iterable[Sequence[str]], played_on: date, deal: str) -> str:
    """An Overload deal as people tell it apart: its event (when the game had one), the day it
    was played and the start of its id, e.g. ``Spring Cup, 2026-03-03 · 4f1c9a``."""
    event = next((value for tag, value in tags if tag.lower() == "event"), "").strip()
    day = f"{played_on.isoformat()} · {deal[:6]}"
    return f"{event}, {day}" if event and event != "?" else day


RATED_STATUSES = (Game.Status.FINISHED,)

GAME_COLUMNS = ("pk", "kind", "club_id", "club__slug", "played_on", "finished_at")
SEAT_COLUMNS = ("game_id", "player_id", "name", "score", "rank", "winner", "withdrawn")
# the value rows of GAME_COLUMNS and SEAT_COLUMNS
GameRow = tuple[int, str, int, str, date, datetime | None]
SeatRow = tuple[int, int | None, str, int | None, int | None, bool, bool]


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
    game: GameRow, seats: Sequence[SeatRow], tags: Iterable[Sequence[str]]
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
        # won or not is the seat's winner flag: a finished game not won is a loss against the
        # deal, whatever its record says of why — a table result typed by the staff knows no
        # reason and is stored as "unfinished; royals killed: N" (``tournaments.result_games``)
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
        names[deal_player(deal)] = deal_name(tags, played_on, deal)
    else:
        given = [s[4] for s in seats]
        if None in given:
            fallback = competition_ranks([None if s[6] else s[3] for s in seats])
            ranks = [f if r is None else r for r, f in zip(given, fallback, strict=True)]
        else:
            ranks = [r for r in given if r is not None]  # every rank given
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
