"""Reads for games: querysets for lists, the live game behind a stored one, exports.

Terms: ``game_live`` rebuilds the ``games.engine.live.LiveGame`` of a stored game (tags, seat
names, tokens); its view, summary and MGN come from the engine. Exports stream: MGN records
separated by a blank line (each byte-identical to the engine's canonical writer), and CSV
with one row per seat.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

from django.db import connection
from django.db.models import Prefetch, QuerySet

from clubs.models import Membership, Player
from clubs.roles import AnyUser, remember_club_roles, signed_in
from games.engine import live
from games.engine.core import JsonDict
from games.events import events_by_id
from games.models import Game, Move, Seat
from games.permissions import readable_games
from games.visibility import NOTHING, Hidden, hidden_for, redact_live, redact_view

EXPORT_CHUNK = 200
LIVE_STATE = "_matrio_live_state"  # (seat names, tokens) read along with a locked game
CSV_COLUMNS = (
    "game_id",
    "club",
    "kind",
    "source",
    "status",
    "played_on",
    "event",
    "round",
    "table",
    "plies",
    "seat",
    "role",
    "name",
    "player_id",
    "score",
    "rank",
    "winner",
    "withdrawn",
)


def game_list(*, user: AnyUser | None) -> QuerySet[Game]:
    """The games ``user`` may read, newest first, with club, event and seats loaded."""
    games = Game.objects.select_related("club", "recorder").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    )
    return readable_games(user, games).order_by("-played_on", "-id")


def _seat_names(game: Game) -> list[str]:
    cache = getattr(game, "_prefetched_objects_cache", {})
    if "seats" in cache:
        return [seat.name for seat in sorted(cache["seats"], key=lambda s: s.position)]
    return list(game.seats.order_by("position").values_list("name", flat=True))


def game_tokens(*, game: Game) -> list[str]:
    cache = getattr(game, "_prefetched_objects_cache", {})
    if "moves" in cache:
        return [move.token for move in sorted(cache["moves"], key=lambda m: m.ply)]
    return list(game.moves.order_by("ply").values_list("token", flat=True))


def game_to_move(*, game_id: int, user: AnyUser | None) -> Game | None:
    """The game locked for a move (``None`` when there is no such game). On PostgreSQL the same
    round trip reads its seat names and tokens (for ``game_live``, once) and the roles ``user``
    holds in its club (for the permission check): the move path's one read, in plain SQL (the
    ORM would spend longer writing this query than the database answering it)."""
    if connection.vendor != "postgresql":
        return Game.objects.select_for_update().filter(pk=game_id).first()
    found = list(Game.objects.raw(_LOCK_FOR_MOVE, [user.pk if signed_in(user) else None, game_id]))
    if not found:
        return None
    game = found[0]
    read = game.__dict__
    read[LIVE_STATE] = (list(read.pop("_seat_names")), list(read.pop("_tokens")))
    roles = read.pop("_roles")
    if signed_in(user):
        remember_club_roles(user, game.club_id, set(roles))
    return game


def _lock_for_move_sql() -> str:
    game, seat, move = Game._meta.db_table, Seat._meta.db_table, Move._meta.db_table
    membership, player = Membership._meta.db_table, Player._meta.db_table
    return (
        f"SELECT g.*, "
        f"ARRAY(SELECT s.name FROM {seat} s WHERE s.game_id = g.id ORDER BY s.position) "
        f"AS _seat_names, "
        f"ARRAY(SELECT m.token FROM {move} m WHERE m.game_id = g.id ORDER BY m.ply) AS _tokens, "
        f"ARRAY(SELECT ms.role FROM {membership} ms JOIN {player} p ON p.id = ms.player_id "
        f"WHERE ms.club_id = g.club_id AND p.user_id = %s) AS _roles "
        f"FROM {game} g WHERE g.id = %s FOR UPDATE OF g"
    )


_LOCK_FOR_MOVE = _lock_for_move_sql()


def _names_and_tokens(game: Game) -> tuple[list[str], list[str]]:
    """Seat names and move tokens in order: read with the game by ``game_to_move`` (used once),
    else one round trip on PostgreSQL."""
    state: tuple[list[str], list[str]] | None = game.__dict__.pop(LIVE_STATE, None)
    if state is not None:
        return state
    cache = getattr(game, "_prefetched_objects_cache", {})
    if connection.vendor != "postgresql" or "seats" in cache or "moves" in cache:
        return _seat_names(game), game_tokens(game=game)
    seats, moves = Seat._meta.db_table, Move._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT ARRAY(SELECT name FROM {seats} WHERE game_id = %s ORDER BY position), "
            f"ARRAY(SELECT token FROM {moves} WHERE game_id = %s ORDER BY ply)",
            [game.pk, game.pk],
        )
        names, tokens = cursor.fetchone()
    return list(names), list(tokens)


def game_live(*, game: Game) -> live.LiveGame:
    """The stored game as the live engine sees it."""
    names, tokens = _names_and_tokens(game)
    return live.resume(
        game.kind,
        [(str(name), str(value)) for name, value in game.tags],
        names,
        tokens,
        result_only=game.source == Game.Source.RESULT_ONLY,
    )


def game_view(*, game: Game, ply: int | None = None, hidden: Hidden = NOTHING) -> JsonDict:
    """The JSON snapshot of the game after ``ply`` plies (``live.view``), without what
    ``hidden`` hides (``games.visibility``: give ``hidden_for(game, viewer)`` for a viewer)."""
    return redact_view(live.view(game_live(game=game), ply), hidden)


def game_moves(*, game: Game) -> QuerySet[Move]:
    return game.moves.select_related("by").order_by("ply")


def game_export_mgn(*, game: Game, hidden: Hidden = NOTHING) -> str:
    """The game's MGN record (canonical once the engine can write it; see ``live.to_mgn``),
    without the tags ``hidden`` hides (give ``hidden_for(game, viewer)`` for a viewer)."""
    return live.to_mgn(redact_live(game_live(game=game), hidden))


def _chunks(games: QuerySet[Game]) -> Iterator[list[Game]]:
    ids = list(games.values_list("pk", flat=True))
    for start in range(0, len(ids), EXPORT_CHUNK):
        chunk = ids[start : start + EXPORT_CHUNK]
        loaded = Game.objects.filter(pk__in=chunk).prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player")),
            Prefetch("moves", queryset=Move.objects.only("game_id", "ply", "token")),
        )
        by_id = {game.pk: game for game in loaded.select_related("club")}
        yield [by_id[pk] for pk in chunk if pk in by_id]


def games_export_mgn(*, games: QuerySet[Game], user: AnyUser | None) -> Iterator[str]:
    """Every game's record as ``user`` may see it, separated by a blank line (stream it)."""
    first = True
    for chunk in _chunks(games):
        for game in chunk:
            hidden = hidden_for(game, user)
            yield ("" if first else "\n") + game_export_mgn(game=game, hidden=hidden)
            first = False


def games_export_csv(*, games: QuerySet[Game]) -> Iterator[str]:
    """CSV of results, one row per seat (``CSV_COLUMNS``); stream it."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)

    def flush() -> str:
        text = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        return text

    writer.writerow(CSV_COLUMNS)
    yield flush()
    for chunk in _chunks(games):
        events = events_by_id(game.event_id for game in chunk if game.event_id is not None)
        for game in chunk:
            event = events.get(game.event_id) if game.event_id is not None else None
            for seat in sorted(game.seats.all(), key=lambda s: s.position):
                writer.writerow(
                    (
                        game.pk,
                        game.club.slug,
                        game.kind,
                        game.source,
                        game.status,
                        game.played_on.isoformat(),
                        event.slug if event is not None else "",
                        game.round_number or "",
                        game.table_number or "",
                        game.ply,
                        seat.position,
                        seat.role,
                        seat.name,
                        seat.player_id or "",
                        "" if seat.score is None else seat.score,
                        "" if seat.rank is None else seat.rank,
                        int(seat.winner),
                        int(seat.withdrawn),
                    )
                )
            yield flush()
