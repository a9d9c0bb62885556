"""Writes for games. Keyword-only arguments; each public function is one transaction.

Terms: ``game_create`` starts a live game; ``game_record_move`` records one token at the ply
the client expects (``StalePly`` when another device moved first); ``game_undo`` takes back
the last move of a live-recorded game; ``game_abandon`` stops a game; ``games_import_mgn``
stores the valid games of an MGN text and reports every game; ``game_result_only_create``
stores a game known by its final scores only.

Invariants: every token is judged by the engine (``games.engine.live``) before anything is
written; recording a move locks the game row (``select_for_update``) and the database refuses
a second move at the same ply; an import never stores part of a game (games are written in
batches inside savepoints, a batch that fails is retried game by game); a game's canonical
MGN is never stored twice in a club (``mgn_hash``). Games that finish, reopen or are stored
are announced (``games.signals.games_changed``) in the same transaction; tournaments and
analytics listen.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club, Player
from clubs.roles import AnyUser, signed_in
from games import reopen
from games.engine import live
from games.engine.core import EngineError, IllegalMoveError, RecordError
from games.engine.errors import NotAllowed
from games.engine.record import RawRecord, read_records
from games.errors import GameClosed, GameError, IllegalMove, NoSuchGame, StalePly
from games.events import EventLike
from games.imports import (
    ImportedGame,
    ImportReport,
    Roster,
    bulk_store,
    storable_problem,
    without_nul,
)
from games.messages.seats import record_names, seat_names
from games.models import NAME_LENGTH, Game, Move, Seat
from games.permissions import WRITERS_ONLY, can_write_game
from games.selectors import game_live, game_to_move
from games.signals import announce_games_changed

log = logging.getLogger(__name__)

#: the fields a move, an undo or an abandon changes
SAVED = ["ply", "status", "finished_at", "result", "mgn_hash", "updated"]


# --- helpers ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatInput:
    """A seat to fill: a club member (``player``) and/or a name as it goes in the record."""

    name: str = ""
    player: Player | None = None


@dataclass
class Recorded:
    game: Game
    live: live.LiveGame
    move: Move | None = None


def mgn_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _date_tag(day: date) -> str:
    return day.strftime("%Y.%m.%d")


def _pairs(tags: Mapping[str, str] | Sequence[Sequence[str]]) -> list[tuple[str, str]]:
    if isinstance(tags, Mapping):
        return [(str(k), str(v)) for k, v in tags.items()]
    return [(str(pair[0]), str(pair[1])) for pair in tags]


def _setup_tags(
    club: Club,
    kind: str,
    tags: Mapping[str, str] | Sequence[Sequence[str]],
    event: EventLike | None,
    day: date,
    round_number: int | None,
    table_number: int | None,
) -> list[tuple[str, str]]:
    """The tags given, plus Event, Date, Round and Table from the game's fields when absent."""
    if event is not None and (event.club_id != club.pk or event.kind != kind):
        raise GameError(
            gettext("the event “%(event)s” is not a %(game)s event of %(club)s")
            % {"event": event.name, "game": kind, "club": club.name}
        )
    pairs = _pairs(tags)
    given = {name.lower() for name, _ in pairs}
    auto = {
        "Event": event.name if event is not None else None,
        "Date": _date_tag(day),
        "Round": str(round_number) if round_number is not None else None,
        "Table": str(table_number) if table_number is not None else None,
    }
    return pairs + [(k, v) for k, v in auto.items() if v is not None and k.lower() not in given]


def _lock(game_id: int) -> Game:
    return Game.objects.select_for_update().get(pk=game_id)


def _apply_summary(game: Game, seats: Sequence[Seat], found: live.Summary) -> None:
    """Copy a summary into the game and its seats (scores, ranks, winners, withdrawals)."""
    roles = [seat.role for seat in seats]
    finished = found.finished
    game.result = found.json() if finished else {}
    for seat, role in zip(seats, roles, strict=True):
        seat.score = found.scores.get(role) if finished else None
        seat.rank = found.ranks.get(role) if finished else None
        seat.winner = finished and role in found.winners
        seat.withdrawn = role in found.withdrawn


def _finish(game: Game, played: live.LiveGame, found: live.Summary, now: datetime) -> None:
    game.status = Game.Status.ABANDONED if found.abandoned else Game.Status.FINISHED
    game.finished_at = now
    seats = list(game.seats.order_by("position"))
    _apply_summary(game, seats, found)
    Seat.objects.bulk_update(seats, ["score", "rank", "winner", "withdrawn"])
    digest = mgn_hash(live.to_mgn(played))
    clash = Game.objects.filter(club_id=game.club_id, mgn_hash=digest).exclude(pk=game.pk)
    game.mgn_hash = None if clash.exists() else digest
    announce_games_changed([game.pk])


# --- live games ------------------------------------------------------------------------------


@transaction.atomic
def game_create(
    *,
    club: Club,
    kind: str,
    players: Sequence[SeatInput],
    tags: Mapping[str, str] | Sequence[Sequence[str]] = (),
    event: EventLike | None = None,
    round_number: int | None = None,
    table_number: int | None = None,
    public: bool = True,
    played_on: date | None = None,
    by: AnyUser | None = None,
) -> Recorded:
    """Start a live game (``GameError`` for a setup the engine or the club refuses)."""
    day = played_on or timezone.localdate()
    pairs = _setup_tags(club, kind, tags, event, day, round_number, table_number)
    members = _seat_players(club, players)
    names = [seat.name or (seat.player.name if seat.player else "") for seat in players]
    if any(len(" ".join(name.split())) > NAME_LENGTH for name in names):
        raise GameError(gettext("a player's name is at most %(n)s characters") % {"n": NAME_LENGTH})
    try:
        started = live.start(kind, pairs, names)
    except EngineError as error:
        raise GameError(error.sentence) from None
    now = timezone.now()
    game = Game.objects.create(
        club=club,
        kind=kind,
        tags=[list(pair) for pair in started.tags],
        status=Game.Status.LIVE,
        source=Game.Source.LIVE,
        event_id=None if event is None else event.id,
        round_number=round_number,
        table_number=table_number,
        recorder=by if signed_in(by) else None,
        public=public,
        played_on=day,
        ply=started.plies,
    )
    roster = Roster(club, create=True)
    roles = live.roles(kind, started.players)
    Seat.objects.bulk_create(
        Seat(
            game=game,
            position=position,
            role=role,
            name=name,
            player_id=members.get(position - 1) or roster.player_id(name),
        )
        for position, (role, name) in enumerate(zip(roles, started.players, strict=True), 1)
    )
    user = game.recorder
    Move.objects.bulk_create(
        Move(game=game, ply=ply, token=token, by=user, at=now)
        for ply, token in enumerate(started.tokens, start=1)
    )
    return Recorded(game=game, live=started)


def _seat_players(club: Club, seats: Sequence[SeatInput]) -> dict[int, int]:
    """Seat index -> player id for the seats given as players (each must be a club member)."""
    given = {index: seat.player for index, seat in enumerate(seats) if seat.player is not None}
    if not given:
        return {}
    members = set(
        Player.objects.filter(
            memberships__club=club, pk__in=[p.pk for p in given.values()]
        ).values_list("pk", flat=True)
    )
    for player in given.values():
        if player.pk not in members:
            raise GameError(
                gettext("%(player)s is not a member of %(club)s")
                % {"player": player.name, "club": club.name}
            )
    return {index: player.pk for index, player in given.items()}


@transaction.atomic
def game_record_move(
    *, game_id: int, token: str, expected_ply: int, by: AnyUser | None = None
) -> Recorded:
    """Record ``token`` as ply ``expected_ply + 1`` (see the module docstring); ``by`` (not the
    system's ``None``) must be a writer of the game (``NotAllowed``)."""
    game = game_to_move(game_id=game_id, user=by)
    if game is None:
        raise NoSuchGame()
    if by is not None and not can_write_game(by, game):
        raise NotAllowed(str(WRITERS_ONLY))
    if game.status != Game.Status.LIVE:
        raise GameClosed(
            gettext("the game is %(status)s: no move can be recorded")
            % {"status": str(game.get_status_display()).lower()},
            ply=game.ply,
        )
    if game.source == Game.Source.RESULT_ONLY:
        raise GameClosed(gettext("a result-only game has no moves"), ply=game.ply)
    if expected_ply != game.ply:
        raise StalePly(current=game.ply, expected=expected_ply)
    current = game_live(game=game)
    try:
        played = live.play(current, token)
    except IllegalMoveError as error:
        raise IllegalMove(error, names=seat_names(game)) from None
    except EngineError as error:
        raise GameError(error.sentence, ply=game.ply + 1) from None
    now = timezone.now()
    move = _store_move(game, played.tokens[-1], by if signed_in(by) else None, now)
    found = live.summary(played)
    if found.finished:
        _finish(game, played, found, now)
        _save_game(game)
    return Recorded(game=game, live=played, move=move)


def _store_move(game: Game, token: str, user: User | None, now: datetime) -> Move:
    """Store the game's next move and its new ply: one statement on PostgreSQL (a move's only
    write), the ORM's two elsewhere."""
    move = Move(game=game, ply=game.ply + 1, token=token, by=user, at=now)
    game.ply, game.updated = move.ply, now
    if connection.vendor != "postgresql":
        move.save(force_insert=True)
        game.save(update_fields=["ply", "updated"])
        return move
    with connection.cursor() as cursor:
        cursor.execute(
            _STORE_MOVE,
            [game.ply, now, game.pk, game.pk, move.ply, token, user.pk if user else None, now],
        )
        (move.pk,) = cursor.fetchone()
    move._state.adding, move._state.db = False, connection.alias
    return move


_STORE_MOVE = (
    f"WITH moved AS (UPDATE {Game._meta.db_table} SET ply = %s, updated = %s WHERE id = %s) "
    f"INSERT INTO {Move._meta.db_table} (game_id, ply, token, by_id, at) "
    "VALUES (%s, %s, %s, %s, %s) RETURNING id"
)


def _save_game(game: Game) -> None:
    """Save a move's changes; the same finished game stored a moment ago by another request
    (the check in ``_finish`` raced it) keeps its record, and this one is kept without it."""
    if game.mgn_hash is None:  # most moves: nothing unique is written, no savepoint needed
        game.save(update_fields=SAVED)
        return
    try:
        with transaction.atomic():
            game.save(update_fields=SAVED)
    except IntegrityError:
        if game.mgn_hash is None:
            raise
        game.mgn_hash = None
        game.save(update_fields=SAVED)


@transaction.atomic
def game_undo(*, game_id: int, expected_ply: int, by: AnyUser | None = None) -> Recorded:
    """Take back the last move of a game recorded live (a finished one opens again; so does
    one ended by its own token, Overload's ABANDON, but not one stopped by ``game_abandon``)."""
    game = _lock(game_id)
    if game.source != Game.Source.LIVE:
        raise GameClosed(gettext("only games recorded live can have moves undone"), ply=game.ply)
    if game.status == Game.Status.ABANDONED and game.result.get("stopped"):
        raise GameClosed(
            gettext("the game was abandoned: its moves cannot be undone"), ply=game.ply
        )
    if expected_ply != game.ply:
        raise StalePly(current=game.ply, expected=expected_ply)
    if game.ply == 0:
        raise GameError(gettext("there is no move to undo"), ply=0)
    was_finished = game.status != Game.Status.LIVE  # finished, or ended by its own token
    if was_finished and by is not None and (refusal := reopen.reopen_refusal(by, game)):
        raise NotAllowed(refusal)  # who may re-open a finished game: games.reopen
    Move.objects.filter(game=game, ply=game.ply).delete()
    game.ply -= 1
    current = game_live(game=game)
    if was_finished:
        game.status = Game.Status.LIVE
        game.finished_at = None
        game.mgn_hash = None
        seats = list(game.seats.order_by("position"))
        _apply_summary(game, seats, live.summary(current))
        Seat.objects.bulk_update(seats, ["score", "rank", "winner", "withdrawn"])
        announce_games_changed([game.pk])
    game.save(update_fields=SAVED)
    return Recorded(game=game, live=current)


@transaction.atomic
def game_abandon(*, game_id: int, by: AnyUser | None = None) -> Game:
    """Stop a live game for good (it keeps its moves; ratings and statistics ignore it)."""
    game = _lock(game_id)
    if game.status != Game.Status.LIVE:
        raise GameClosed(
            gettext("the game is already %(status)s")
            % {"status": str(game.get_status_display()).lower()},
            ply=game.ply,
        )
    game.status = Game.Status.ABANDONED
    game.finished_at = timezone.now()
    found = live.summary(game_live(game=game))
    game.result = {**found.json(), "abandoned": True, "stopped": True}
    game.save(update_fields=SAVED)
    return game


# --- imports and result-only games -----------------------------------------------------------


def games_import_mgn(
    *,
    club: Club,
    text: str,
    dry_run: bool = False,
    by: AnyUser | None = None,
    source: str = Game.Source.TYPED,
    create_players: bool = True,
    chosen_players: Mapping[str, int] | None = None,
) -> ImportReport:
    """Judge every game of an MGN text and store the valid ones (see ``games_import_records``)."""
    return games_import_records(
        club=club,
        records=read_records(without_nul(text)),
        dry_run=dry_run,
        by=by,
        source=source,
        create_players=create_players,
        chosen_players=chosen_players,
    )


@transaction.atomic
def games_import_records(
    *,
    club: Club,
    records: Sequence[RawRecord],
    dry_run: bool = False,
    by: AnyUser | None = None,
    source: str = Game.Source.IMPORTED,
    create_players: bool = True,
    chosen_players: Mapping[str, int] | None = None,
) -> ImportReport:
    """Store the valid games among ``records`` and report on each (index, line, ply, error).

    A game already stored in the club (same canonical MGN) is reported as a duplicate and
    not stored again; a dry run judges everything, stores nothing and lists the players it
    would create. Result-only records are stored with source ``result-only``.

    Players: a name is matched to the club's member of that name (case and spacing aside),
    or to the member ``chosen_players`` names for it. Unknown names become new members only
    with ``create_players``; without it, nothing is stored and ``unknown_players`` lists them
    with the members near each (the people-facing imports ask first; this default is for
    trusted callers such as the demo).
    """
    report = ImportReport(dry_run=dry_run)
    ready = []
    first_index: dict[str, int] = {}
    for record in records:
        entry = ImportedGame(index=record.index, line=record.line, kind=record.game)
        report.games.append(entry)
        try:
            imported = live.from_record(record)
            problem = storable_problem(imported)
            if problem:
                raise RecordError(problem, line=record.line)
        except EngineError as error:
            entry.refuse(error, names=record_names(record))
            continue
        except Exception as error:  # an engine bug must not lose the other games
            log.exception("the engine failed on record %s", record.index)
            problem = gettext("this record could not be judged (%(error)s)")
            entry.refuse(RecordError(problem % {"error": type(error).__name__}))
            continue
        digest = mgn_hash(imported.mgn)
        entry.finished = imported.summary.finished
        if digest in first_index:
            entry.outcome = "duplicate"
            entry.error = gettext("the same game as record %(index)s of this text") % {
                "index": first_index[digest]
            }
            continue
        first_index[digest] = record.index
        ready.append((entry, imported, digest))
    existing = _existing_hashes(club, [digest for _, _, digest in ready])
    fresh = []
    for entry, imported, digest in ready:
        if digest in existing:
            entry.outcome = "duplicate"
            entry.game_id = existing[digest]
            entry.error = gettext("already stored as game %(game)s") % {"game": existing[digest]}
        else:
            fresh.append((entry, imported, digest))
    roster = Roster(club, create=not dry_run, chosen=chosen_players or {})
    if not create_players:
        names = (name for _, imported, _ in fresh for name in imported.game.players)
        report.unknown_players = roster.unknown(names)
        if report.unknown_players:
            for entry, _, _ in fresh:
                entry.outcome = "held"
                entry.error = gettext("not stored: some players are not members yet (see the list)")
            return report
    if dry_run:
        for entry, imported, _ in fresh:
            entry.outcome = "valid"
            for name in imported.game.players:
                roster.player_id(name)
        report.created_players = roster.created
        return report
    user = by if signed_in(by) else None
    stored = bulk_store(club=club, items=fresh, roster=roster, by=user, source=source)
    report.created_players = roster.created
    announce_games_changed(stored)
    return report


def _existing_hashes(club: Club, digests: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for start in range(0, len(digests), 2000):
        chunk = digests[start : start + 2000]
        rows = Game.objects.filter(club=club, mgn_hash__in=chunk).values_list("mgn_hash", "id")
        found.update((digest, pk) for digest, pk in rows if digest is not None)
    return found


@transaction.atomic
def game_result_only_create(
    *,
    club: Club,
    kind: str,
    players: Sequence[SeatInput],
    result: Mapping[str, Any],
    tags: Mapping[str, str] | Sequence[Sequence[str]] = (),
    event: EventLike | None = None,
    round_number: int | None = None,
    table_number: int | None = None,
    played_on: date | None = None,
    public: bool = True,
    by: AnyUser | None = None,
) -> Game:
    """Store a game known only by its players and final result (judged like an MGN record).

    ``result`` maps roles to final scores (see ``games.engine.live.result_only``).
    """
    day = played_on or timezone.localdate()
    pairs = _setup_tags(club, kind, tags, event, day, round_number, table_number)
    members = _seat_players(club, players)
    names = [seat.name or (seat.player.name if seat.player else "") for seat in players]
    try:
        imported = live.result_only(kind, pairs, names, result)
        problem = storable_problem(imported)
        if problem:
            raise RecordError(problem)
    except EngineError as error:
        raise GameError(error.sentence) from None
    entry = ImportedGame(index=0, line=None, kind=kind)
    roster = Roster(club, create=True)
    user = by if signed_in(by) else None
    bulk_store(
        club=club,
        items=[(entry, imported, None)],
        roster=roster,
        by=user,
        source=Game.Source.RESULT_ONLY,
        event=event,
        round_number=round_number,
        table_number=table_number,
        played_on=day,
        public=public,
        seat_players=members,
    )
    assert entry.game_id is not None
    announce_games_changed([entry.game_id])
    return Game.objects.get(pk=entry.game_id)
