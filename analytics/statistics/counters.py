"""Writes for the statistics: each game's additive contribution to the counters, and rebuilds.

Terms:

* A game's *contribution* (``StatGame``) is what it added: its counter rows (the MatriO
  opening explorer's ``(line, move)`` tallies, ``analytics.compute.openings``; the MatriO
  trays played to, with the mover's outcome and gain; Mathematico's early placements by
  value and folded cell, ``analytics.compute.mathematico_stats``; Integer Matrix first
  placements and Overload setup choices, ``analytics.compute.first_moves``; for a game of an
  event, of any kind, each seat's outcome under the event; for MatriO also its nine cells:
  the owner's outcome with the final cell score or the ply the cell was won at,
  ``analytics.compute.matrio_games.cells_delta``) and, for MatriO, its compact row and
  packed record (``analytics.statistics.matrio``). A fingerprint of the counters and the
  row says whether a changed game changed its contribution, so a new version that counts
  something new recounts each game the next time the worker sees it; ``statistics_rebuild``
  (``analytics.statistics.rebuild``, the ``rebuild_statistics`` command) recounts them all
  at once.
* ``statistics_games_update`` runs in the ratings worker
  (``analytics.ratings.services.ratings_process_dirty``) for the dirty games of a kind: for
  each game it subtracts the stored contribution and adds the new one (``UPDATE ... SET
  games = games + n``), so the counters are always the sum over the finished games and no
  request ever rescans games. It is idempotent: an unchanged game is
  skipped, a deleted or reopened one is subtracted once.
* The card-impact report (95% bootstrap intervals over games) cannot be updated additively:
  when a MatriO game's row changed, one ``card_impact_refresh`` job is queued after commit
  (``analytics.statistics.matrio``: coalesced, outside the ratings lock, the report stored
  as ``StatResult`` ``matrio-card-impact``, which the pages read as it is). Mathematico
  games keep a compact row too, and a changed row queues ``mathematico_refresh`` for its
  draw the same way (``analytics.statistics.mathematico``).

Every function takes keyword-only arguments and runs in one transaction.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection, transaction

from analytics.compute.card_sample import pack
from analytics.compute.first_moves import (
    first_placements_delta,
    read_integer_matrix,
    read_overload,
    setup_choices_delta,
)
from analytics.compute.matrio_games import MatrioGame, cells_delta, read_matrio
from analytics.compute.openings import DEFAULT_DEPTH, opening_delta
from analytics.compute.ratings import display_rating
from analytics.compute.tally import ZERO, Tally, one
from analytics.models import (
    TALLY_FIELDS,
    RatedGame,
    RatingHistory,
    StatCounter,
    StatGame,
    StatResult,
)
from analytics.ratings.games import RATED_STATUSES, player_key
from analytics.statistics import mathematico
from analytics.statistics.matrio import (
    CARD_IMPACT,
    card_impact_refresh,
    matrio_from_row,
    matrio_row,
    queue_card_impact,
)
from games.engine import live
from games.engine.core import JsonDict
from games.kinds import GameKind
from games.models import Game, Move, Seat

OPENINGS = "matrio-opening"
TRAYS_PLAYED = "matrio-tray"  # group "all", key a tray: placements there, extra = mover's gain
MATRIO_CELLS = "matrio-cell"  # group "score"/"ply", key a cell "11".."33": its owner's outcome
INTEGER_MATRIX_FIRST = "integer-matrix-first"  # group "ply N", key "<colour> <square>"
OVERLOAD_SETUP = "overload-setup"  # group a royal (J, Q, K), key the slot chosen
EVENTS = "event-seats"  # group an event id, key a seat P1..: outcomes of its games
CounterKey = tuple[str, str, str]  # statistic, group, key
UPDATE_CHUNK = 500  # games read (with seats and moves) and counted at a time by an update

log = logging.getLogger(__name__)


def opening_depth() -> int:
    """How many plies the explorer counts (``ANALYTICS_OPENING_DEPTH``, default 4)."""
    return int(getattr(settings, "ANALYTICS_OPENING_DEPTH", DEFAULT_DEPTH))


# --- contributions -------------------------------------------------------------------------------


def _ratings_before(ids: Sequence[int]) -> dict[int, list[int | None]]:
    """Display ratings (all-club pool) of each MatriO seat before the game, where rated."""
    seats = _seats_before(ids, kind=GameKind.MATRIO)
    return {game_id: [rating for _, rating in found] for game_id, found in seats.items()}


def _seats_before(ids: Sequence[int], *, kind: str) -> dict[int, list[tuple[str, int | None]]]:
    """Each seat's player key and display rating (the kind's all-club pool) before the
    game, where rated, in seat order."""
    club = dict(Game.objects.filter(pk__in=ids).values_list("pk", "club_id"))
    before: dict[tuple[int, str], int] = {
        (game_id, key): display_rating(mu, sigma)
        for game_id, key, mu, sigma in RatingHistory.objects.filter(
            game_id__in=ids, pool=kind
        ).values_list("game_id", "player_key", "mu_before", "sigma_before")
    }
    out: dict[int, list[tuple[str, int | None]]] = defaultdict(list)
    seats = Seat.objects.filter(game_id__in=ids).order_by("game_id", "position")
    for game_id, player_id, name in seats.values_list("game_id", "player_id", "name"):
        key = player_key(player_id=player_id, club_id=club[game_id], name=name)
        out[game_id].append((key, before.get((game_id, key))))
    return out


def _read(game: Game, text: str | None) -> MatrioGame | None:
    """The finished MatriO game as the statistics read it (None: unreadable, left out)."""
    try:
        if text is None:
            raise ValueError("no record")
        return read_matrio(text, game_id=str(game.pk))
    except Exception:  # a record the engine rejects adds nothing
        log.warning("MatriO game %s left out of the statistics", game.pk, exc_info=True)
        return None


def _contribution(
    game: MatrioGame, ratings: Sequence[int | None] | None
) -> tuple[list[list[Any]], dict[str, Any] | None]:
    if ratings is not None and len(ratings) != 4:
        ratings = None
    delta = opening_delta(game, depth=opening_depth(), ratings=ratings) if game.placements else {}
    counters = [
        [OPENINGS, group, key, *(getattr(tally, f) for f in TALLY_FIELDS)]
        for (group, key), tally in sorted(delta.items())
    ]
    trays: dict[str, Tally] = {}
    ranks = game.ranks
    for p in game.placements:
        played = one(rank=ranks[p.seat], score=game.scores[p.seat], extra=p.mover_delta)
        trays[p.tray] = trays.get(p.tray, ZERO) + played
    counters += [
        [TRAYS_PLAYED, "all", tray, *(getattr(tally, f) for f in TALLY_FIELDS)]
        for tray, tally in sorted(trays.items())
    ]
    counters += [
        [MATRIO_CELLS, group, cell, *(getattr(tally, f) for f in TALLY_FIELDS)]
        for (group, cell), tally in sorted(cells_delta(game, ratings=ratings).items())
    ]
    return counters, matrio_row(game)


def _fingerprint(counters: list[list[Any]], row: dict[str, Any] | None) -> str:
    text = json.dumps([counters, row], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _add(net: dict[CounterKey, Tally], rows: Iterable[Sequence[Any]], sign: int) -> None:
    for statistic, group, key, *values in rows:
        tally = Tally(*values)
        current = net.get((statistic, group, key), ZERO)
        net[(statistic, group, key)] = current + tally if sign > 0 else current - tally


def _apply(net: Mapping[CounterKey, Tally]) -> None:
    """Add the net deltas to the stored counters; drop rows that fall to zero."""
    rows = [(*key, *(getattr(t, f) for f in TALLY_FIELDS)) for key, t in net.items() if not t.empty]
    if not rows:
        return
    table = StatCounter._meta.db_table
    columns = ", ".join(f'"{c}"' for c in ("statistic", "group", "key", *TALLY_FIELDS))
    updates = ", ".join(f'"{f}" = {table}."{f}" + EXCLUDED."{f}"' for f in TALLY_FIELDS)
    marks = ", ".join(["%s"] * (3 + len(TALLY_FIELDS)))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO {table} ({columns}) VALUES ({marks}) "
            f'ON CONFLICT ("statistic", "group", "key") DO UPDATE SET {updates}',
            rows,
        )
    for statistic in {k[0] for k in net}:
        groups = {k[1] for k in net if k[0] == statistic}
        StatCounter.objects.filter(
            statistic=statistic, group__in=groups, **dict.fromkeys(TALLY_FIELDS, 0)
        ).delete()


Fresh = dict[int, tuple[list[list[Any]], dict[str, Any] | None, str]]


@transaction.atomic
def statistics_games_update(
    *, kind: str, game_ids: Iterable[int], queue_refresh: bool = True
) -> int:
    """Bring the statistics up to date for these games (finished, edited, reopened or
    deleted): subtract each changed game's recorded contribution and add its new one.

    Works ``UPDATE_CHUNK`` games at a time, each chunk's games read with their seats and moves
    in three queries (``_records``; never a query per game: a bulk import marks tens of
    thousands at once).
    Returns how many games' contributions changed. Idempotent."""
    ids = sorted({int(i) for i in game_ids})
    changed = 0
    for start in range(0, len(ids), UPDATE_CHUNK):
        part = ids[start : start + UPDATE_CHUNK]
        changed += _update_chunk(kind, part, queue_refresh=queue_refresh)
    return changed


def _finished_games(ids: Sequence[int], kind: str) -> list[Game]:
    return list(
        Game.objects.filter(pk__in=ids, kind=kind, status__in=RATED_STATUSES).order_by("pk")
    )


def _records(games: Sequence[Game]) -> dict[int, str]:
    """Each game's MGN record as ``games.selectors.game_export_mgn`` writes it (nothing
    hidden), its seat names and moves read for all the games in two queries of plain values
    (never a query, or a model instance, per seat or move). A game the engine cannot write
    is left out (and so out of the statistics, logged)."""
    ids = [game.pk for game in games]
    names: dict[int, list[str]] = defaultdict(list)
    seats = Seat.objects.filter(game_id__in=ids).order_by("game_id", "position")
    for game_id, name in seats.values_list("game_id", "name"):
        names[game_id].append(name)
    tokens: dict[int, list[str]] = defaultdict(list)
    moves = Move.objects.filter(game_id__in=ids).order_by("game_id", "ply")
    for game_id, token in moves.values_list("game_id", "token").iterator(chunk_size=20_000):
        tokens[game_id].append(token)
    records: dict[int, str] = {}
    for game in games:
        try:
            played = live.resume(
                game.kind,
                [(str(name), str(value)) for name, value in game.tags],
                names[game.pk],
                tokens[game.pk],
                result_only=game.source == Game.Source.RESULT_ONLY,
            )
            records[game.pk] = live.to_mgn(played)
        except Exception:  # a record the engine rejects adds nothing
            log.warning("%s game %s left out of the statistics", game.kind, game.pk, exc_info=True)
    return records


def _update_chunk(kind: str, ids: list[int], *, queue_refresh: bool) -> int:
    other_kinds = set(
        Game.objects.filter(pk__in=ids).exclude(kind=kind).values_list("pk", flat=True)
    )
    ids = [i for i in ids if i not in other_kinds]  # never touch another kind's games
    games = _finished_games(ids, kind)
    records = _records(games)
    events = _event_counters(games)
    own = STATISTICS[kind].contribute(games, records)
    fresh: Fresh = {}
    for game in games:
        counters, row = own.get(game.pk, ([], None))
        counters = counters + events.get(game.pk, [])
        if counters or row is not None:
            fresh[game.pk] = (counters, row, _fingerprint(counters, row))
    return _replace(kind, ids, fresh, queue_refresh=queue_refresh)


Contribution = tuple[list[list[Any]], JsonDict | None]  # a game's counter rows and row
Contributions = dict[int, Contribution]  # by game id


def _matrio_contributions(games: Sequence[Game], records: Mapping[int, str]) -> Contributions:
    ratings = _ratings_before([g.pk for g in games])
    out: Contributions = {}
    for game in games:
        read = _read(game, records.get(game.pk))
        if read is not None:
            out[game.pk] = _contribution(read, ratings.get(game.pk))
    return out


def _mathematico_contributions(games: Sequence[Game], records: Mapping[int, str]) -> Contributions:
    seats = _seats_before([g.pk for g in games], kind=GameKind.MATHEMATICO)
    out: Contributions = {}
    for game in games:
        found = seats.get(game.pk, [])
        keys = [key for key, _ in found]
        read = mathematico.read_game(game, keys=keys, text=records.get(game.pk))
        if read is not None:
            out[game.pk] = mathematico.contribution(read, [r for _, r in found])
    return out


def _event_counters(games: Sequence[Game]) -> dict[int, list[list[Any]]]:
    """Event analytics: per event game, one tally per seat (``P1``..) with its outcome."""
    in_events = {g.pk: g.event_id for g in games if g.event_id is not None}
    out: dict[int, list[list[Any]]] = defaultdict(list)
    seats = Seat.objects.filter(game_id__in=list(in_events)).order_by("game_id", "position")
    for game_id, position, score, rank, winner, withdrawn in seats.values_list(
        "game_id", "position", "score", "rank", "winner", "withdrawn"
    ):
        place = rank if rank is not None else (1 if winner else 2)
        tally = one(rank=place, score=None if withdrawn else score)
        out[game_id].append(
            [EVENTS, str(in_events[game_id]), f"P{position}"]
            + [getattr(tally, f) for f in TALLY_FIELDS]
        )
    return out


def _first_moves(
    statistic: str, delta_of: Callable[[str], Mapping[tuple[str, str], Tally]]
) -> Callable[[Sequence[Game], Mapping[int, str]], Contributions]:
    """The contributions of a kind whose games feed one counter from their record (Integer
    Matrix first placements, Overload setup choices); none for a record the engine rejects."""

    def contribute(games: Sequence[Game], records: Mapping[int, str]) -> Contributions:
        out: Contributions = {}
        for game in games:
            text = records.get(game.pk)
            try:
                if text is None:
                    raise ValueError("no record")
                delta = delta_of(text)
            except Exception:  # a record the engine rejects adds nothing
                log.warning(
                    "%s game %s left out of the statistics", game.kind, game.pk, exc_info=True
                )
                continue
            counters = [
                [statistic, group, key, *(getattr(tally, f) for f in TALLY_FIELDS)]
                for (group, key), tally in sorted(delta.items())
            ]
            out[game.pk] = (counters, None)
        return out

    return contribute


@transaction.atomic
def statistics_ratings_replayed(*, kind: str, since: str) -> int:
    """The ratings of the kind's games from order key ``since`` on were replayed: their
    players' ratings before the game may have changed, so recount those games' contributions
    from their stored compact rows (no record is read again). Returns the games changed."""
    from_row = STATISTICS[kind].from_row
    if from_row is None:
        return 0  # the kind's counters do not depend on the players' ratings
    found = StatGame.objects.filter(
        kind=kind,
        row__isnull=False,
        game_id__in=RatedGame.objects.filter(kind=kind, order__gte=since).values("game_id"),
    ).values_list("game_id", "row")
    # row__isnull=False: the check only narrows the type
    stored: dict[int, JsonDict] = {game_id: row for game_id, row in found if row is not None}
    seats = _seats_before(list(stored), kind=kind)
    events = _event_counters(list(Game.objects.filter(pk__in=list(stored)).only("pk", "event_id")))
    fresh: Fresh = {}
    for game_id, row in stored.items():
        ratings = [rating for _, rating in seats.get(game_id, [])]
        counters, new_row = from_row(row, ratings)
        counters += events.get(game_id, [])
        fresh[game_id] = (counters, new_row, _fingerprint(counters, new_row))
    return _replace(kind, sorted(stored), fresh, queue_refresh=True)


def _replace(kind: str, ids: Sequence[int], fresh: Fresh, *, queue_refresh: bool) -> int:
    """Swap the stored contributions of ``ids`` for ``fresh`` ones (absent: the game no
    longer counts), applying the net difference to the counters."""
    entry = STATISTICS[kind]
    stored = {s.game_id: s for s in StatGame.objects.filter(kind=kind, game_id__in=ids)}
    net: dict[CounterKey, Tally] = {}
    rows_changed = False
    draws: set[str] = set()  # Mathematico draws whose games' rows changed
    drop: list[int] = []
    create: list[StatGame] = []
    for game_id in ids:
        old = stored.get(game_id)
        new = fresh.get(game_id)
        if old is not None and new is not None and old.fingerprint == new[2]:
            continue
        if old is not None:
            _add(net, old.counters, -1)
            drop.append(game_id)
        if new is not None:
            counters, row, fingerprint = new
            _add(net, counters, 1)
            create.append(
                StatGame(
                    game_id=game_id,
                    kind=kind,
                    fingerprint=fingerprint,
                    counters=counters,
                    row=row,
                    sample=entry.sample(row) if row and entry.sample else None,
                    deal=entry.deal(row) if entry.deal else "",
                )
            )
        if (old.row if old else None) != (new[1] if new else None):
            rows_changed = True
            draws |= {old.deal if old else "", mathematico.row_draw(new[1] if new else None)}
    StatGame.objects.filter(game_id__in=drop).delete()
    StatGame.objects.bulk_create(create, batch_size=2000)
    _apply(net)
    if rows_changed and queue_refresh and entry.queue_refresh is not None:
        entry.queue_refresh(draws)
    return len(drop) + len(create) - len(set(drop) & {c.game_id for c in create})


@dataclass(frozen=True)
class KindStatistics:
    """What one game kind's games give the statistics (besides the event seats of its events).

    ``contribute`` reads a chunk of finished games (with their records) into their counter
    rows and compact row; ``from_row`` recounts a game from its stored compact row when the
    ratings before it changed (``None``: its counters do not depend on ratings); ``sample``
    and ``deal`` derive the stored packed record and draw from the row; ``queue_refresh``
    asks for the kind's stored report after rows changed (given the draws changed);
    ``forget`` and ``refresh`` drop and rebuild that report around a rebuild.
    """

    statistics: tuple[str, ...]  # the counters the kind's games feed
    contribute: Callable[[Sequence[Game], Mapping[int, str]], Contributions]
    from_row: Callable[[JsonDict, list[int | None]], Contribution] | None = None
    sample: Callable[[JsonDict], bytes] | None = None
    deal: Callable[[JsonDict | None], str] | None = None
    queue_refresh: Callable[[set[str]], None] | None = None
    forget: Callable[[], object] | None = None
    refresh: Callable[[], object] | None = None
    refreshed: str = ""  # what ``refresh`` makes, as the rebuild's progress says it


def _matrio_from_row(row: JsonDict, ratings: list[int | None]) -> Contribution:
    return _contribution(matrio_from_row(row), ratings)


def _mathematico_from_row(row: JsonDict, ratings: list[int | None]) -> Contribution:
    return mathematico.contribution(mathematico.mathematico_from_row(row), ratings)


def _forget_card_impact() -> None:
    StatResult.objects.filter(name=CARD_IMPACT).delete()


#: One entry per game kind: adding a game adds one entry here.
STATISTICS: dict[str, KindStatistics] = {
    GameKind.MATRIO: KindStatistics(
        statistics=(OPENINGS, TRAYS_PLAYED, MATRIO_CELLS),
        contribute=_matrio_contributions,
        from_row=_matrio_from_row,
        sample=lambda row: pack(matrio_from_row(row)),
        queue_refresh=lambda draws: queue_card_impact(),
        forget=_forget_card_impact,
        refresh=card_impact_refresh,
        refreshed="card impact",
    ),
    GameKind.MATHEMATICO: KindStatistics(
        statistics=(mathematico.MATHEMATICO_EARLY,),
        contribute=_mathematico_contributions,
        from_row=_mathematico_from_row,
        deal=mathematico.row_draw,
        queue_refresh=lambda draws: mathematico.queue_refresh(draws=draws),
        forget=mathematico.forget,
        refresh=lambda: mathematico.mathematico_refresh(every_draw=True),
        refreshed="values by position and draws",
    ),
    GameKind.INTEGER_MATRIX: KindStatistics(
        statistics=(INTEGER_MATRIX_FIRST,),
        contribute=_first_moves(
            INTEGER_MATRIX_FIRST,
            lambda text: first_placements_delta(read_integer_matrix(text, game_id="g")),
        ),
    ),
    GameKind.MATRIX_OVERLOAD: KindStatistics(
        statistics=(OVERLOAD_SETUP,),
        contribute=_first_moves(
            OVERLOAD_SETUP, lambda text: setup_choices_delta(read_overload(text, game_id="g"))
        ),
    ),
}
assert set(STATISTICS) == set(GameKind.values), "every game kind needs its statistics entry"
#: The counters each kind's games feed (besides the event seats of its events).
KIND_STATISTICS: dict[str, tuple[str, ...]] = {k: e.statistics for k, e in STATISTICS.items()}
