"""Results of an event's tables: reported, confirmed, disputed, corrected, or filled in
from a recorded game (re-exported by ``services``).

See ``tournaments.services`` for the terms and invariants. Every public function is one
transaction, keyword-only, checks the permission policy and writes an audit entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext

from clubs.roles import AnyUser
from games.engine.errors import DomainError
from games.kinds import GameKind
from games.models import Game
from tournaments import permissions as policy
from tournaments.kinds import event_kind
from tournaments.models import Result, ResultConfirmation, Round, Table
from tournaments.result_games import (
    is_result_game,
    result_games_drop,
    result_games_drop_player,
    result_games_make,
)
from tournaments.running import acting_user, audit, require

# Scores or counts given by player id (a string or a number, as the form or the API gives it).
_ByPlayer: TypeAlias = Mapping[str, object] | Mapping[int, object]


def _clean_scores(
    table: Table, scores: _ByPlayer, details: _ByPlayer | None
) -> tuple[dict[str, int | None], dict[str, dict[str, int | bool]]]:
    names = {
        str(pk): name
        for pk, name in table.seats.order_by("position").values_list("player_id", "player__name")
    }
    players = list(names)
    given = {str(k): v for k, v in scores.items()}
    if sorted(given) != sorted(players):
        raise DomainError(gettext("give a score for every player of the table, and no one else"))
    clean: dict[str, int | None] = {}
    for player in players:
        value = given[player]
        if value in (None, ""):
            clean[player] = None
            continue
        try:
            clean[player] = int(str(value).strip())
        except ValueError:
            raise DomainError(
                gettext("%(player)s's score “%(value)s” is not a whole number")
                % {"player": names[player], "value": value},
                field=f"score-{player}",
            ) from None
    extra: dict[str, dict[str, int | bool]] = {}
    for key, counts in (details or {}).items():
        if str(key) not in players or not isinstance(counts, Mapping):
            raise DomainError(gettext("details must map players of the table to their counts"))
        try:
            extra[str(key)] = {
                name: (bool(counts[name]) if name == "solved" else int(counts[name]))
                for name in ("cells_won", "solved", "cards_left", "royals_killed")
                if name in counts
            }
        except (TypeError, ValueError):
            raise DomainError(
                gettext("%(player)s's counts (cards left, royals killed) must be whole numbers")
                % {"player": names[str(key)]},
                field=f"cards-{key}",
            ) from None
    return clean, extra


def _lock_table(table: Table) -> Table:
    return Table.objects.select_for_update().select_related("round__event__club").get(pk=table.pk)


def _playable(table: Table) -> None:
    if table.round.status == Round.Status.DRAFT:
        raise DomainError(
            gettext("round %(round)s has not started") % {"round": table.round.number}
        )


def _snapshot(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"status": result.status, "scores": result.scores, "details": result.details}


def _confirmed(table: Table) -> Result | None:
    return table.results.filter(status=Result.Status.CONFIRMED).first()


@transaction.atomic
def result_report(
    *, table: Table, scores: _ByPlayer, details: _ByPlayer | None = None, by: AnyUser | None
) -> Result:
    """Report a table's scores: staff's entry is confirmed at once, a player's awaits."""
    table = _lock_table(table)
    event = table.round.event
    require(
        policy.can_report(by, table),
        gettext("report the result of table %(table)s") % {"table": table.number},
    )
    _playable(table)
    clean, extra = _clean_scores(table, scores, details)
    if _confirmed(table) is not None:
        raise DomainError(
            gettext("table %(table)s already has a confirmed result; a director may correct it")
            % {"table": table.number}
        )
    open_ = list(table.results.filter(status__in=[Result.Status.REPORTED, Result.Status.DISPUTED]))
    staff = policy.can_enter_results(by, event)
    if not staff and any(old.status == Result.Status.DISPUTED for old in open_):
        raise DomainError(
            gettext("the result of table %(table)s is disputed: a director settles it")
            % {"table": table.number}
        )
    for old in open_:
        old.status = Result.Status.SUPERSEDED
        old.save(update_fields=["status", "updated"])
    result = Result.objects.create(
        table=table,
        status=Result.Status.CONFIRMED if staff else Result.Status.REPORTED,
        source=Result.Source.STAFF if staff else Result.Source.REPORTED,
        scores=clean,
        details=extra,
        reported_by=acting_user(by),
    )
    before = _snapshot(open_[0]) if open_ else None
    audit(event, by, "result reported", _where(table), before, _snapshot(result))
    result_games_make(result)
    return result


def _where(table: Table) -> str:
    return gettext("round %(round)s, table %(table)s") % {
        "round": table.round.number,
        "table": table.number,
    }


@transaction.atomic
def result_confirm(
    *, result: Result, agrees: bool = True, note: str = "", by: AnyUser | None
) -> Result:
    """Another player of the table (or a director) agrees with a report, or disputes it."""
    table = _lock_table(result.table)
    result = Result.objects.select_related("table").get(pk=result.pk)
    result.table = table
    require(
        policy.can_confirm(by, result),
        gettext("confirm the result of table %(table)s") % {"table": table.number},
    )
    if result.status not in (Result.Status.REPORTED, Result.Status.DISPUTED):
        raise DomainError(
            gettext("this result is %(status)s: there is nothing to confirm")
            % {"status": str(result.get_status_display()).lower()}
        )
    director = policy.can_manage_event(by, table.round.event)
    if result.status == Result.Status.DISPUTED and not director:
        raise DomainError(gettext("a disputed result is settled by a director"))
    if agrees and _confirmed(table) is not None:
        raise DomainError(
            gettext(
                "table %(table)s already has a confirmed result (from its recorded game or "
                "the staff); a director may correct it"
            )
            % {"table": table.number}
        )
    try:
        with transaction.atomic():
            ResultConfirmation.objects.update_or_create(
                result=result, user=acting_user(by), defaults={"agrees": agrees, "note": note[:500]}
            )
    except IntegrityError:  # pragma: no cover - the row lock makes this unlikely
        raise DomainError(gettext("you already answered for this result")) from None
    before = _snapshot(result)
    result.status = Result.Status.CONFIRMED if agrees else Result.Status.DISPUTED
    result.save(update_fields=["status", "updated"])
    action = "result confirmed" if agrees else "result disputed"
    audit(table.round.event, by, action, _where(table), before, _snapshot(result))
    result_games_make(result)
    return result


@transaction.atomic
def result_correct(
    *,
    table: Table,
    scores: _ByPlayer,
    details: _ByPlayer | None = None,
    by: AnyUser | None,
) -> Result:
    """A director replaces the table's result (the old one is kept, superseded)."""
    table = _lock_table(table)
    require(policy.can_manage_event(by, table.round.event), gettext("correct results"))
    _playable(table)
    clean, extra = _clean_scores(table, scores, details)
    in_force = table.results.exclude(status=Result.Status.SUPERSEDED)
    current = in_force.order_by("-created").first()
    result_games_drop(in_force)
    in_force.update(status=Result.Status.SUPERSEDED)
    result = Result.objects.create(
        table=table,
        status=Result.Status.CONFIRMED,
        source=Result.Source.STAFF,
        scores=clean,
        details=extra,
        reported_by=acting_user(by),
    )
    before = _snapshot(current)
    audit(table.round.event, by, "result corrected", _where(table), before, _snapshot(result))
    result_games_make(result)
    return result


@transaction.atomic
def table_result_from_game(*, game_id: int) -> Result | None:
    """Give the table of a recorded game its result (or withdraw it when the game reopens).

    The table is the game's ``table``, or the one of its event, round and table number; the
    game's seated players must be the table's. Returns the confirmed result, if any.
    """
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.event_id is None or game.round_number is None:
        return None
    if is_result_game(game_id):  # it stands for a typed result: that result is its source
        return None
    tables = (
        Table.objects.select_for_update()
        .select_related("round__event")
        .filter(round__event_id=game.event_id, round__number=game.round_number)
    )
    if game.table_number is not None:
        table = tables.filter(number=game.table_number).first()
    else:  # a game without a table number belongs to a round of one table only
        only = list(tables[:2])
        table = only[0] if len(only) == 1 else None
    if table is None or table.round.status == Round.Status.DRAFT:
        return None
    if table.game_id != game.pk:
        table.game = game
        table.save(update_fields=["game"])
    event = table.round.event
    current = _confirmed(table)
    if event_kind(event.game).result_is_outcome:
        return _overload_result(table, game, current)
    if game.status != Game.Status.FINISHED:
        if current is not None and current.source == Result.Source.GAME:
            current.status = Result.Status.SUPERSEDED
            current.save(update_fields=["status", "updated"])
            audit(event, None, "game reopened", _where(table), _snapshot(current), None)
        return None
    seats = list(game.seats.order_by("position"))
    players = sorted(table.seats.values_list("player_id", flat=True))
    if sorted(seat.player_id or 0 for seat in seats) != players:
        audit(event, None, "game ignored", _where(table), None, {"game": game.pk})
        return current
    scores = {str(s.player_id): (None if s.withdrawn else s.score) for s in seats}
    if current is not None and (current.scores == scores or current.source == Result.Source.STAFF):
        # the recorded game now counts in the ratings: the typed result's game goes
        result_games_drop([current])
        if current.scores != scores:  # a staff entry or correction stands, never replaced
            audit(event, None, "game differs", _where(table), _snapshot(current), {"game": game.pk})
        return current
    _supersede_open_reports(table)
    if current is not None:
        result_games_drop([current])
        current.status = Result.Status.SUPERSEDED
        current.save(update_fields=["status", "updated"])
    result = Result.objects.create(
        table=table, status=Result.Status.CONFIRMED, source=Result.Source.GAME, scores=scores
    )
    audit(event, None, "result from game", _where(table), _snapshot(current), _snapshot(result))
    return result


def _supersede_open_reports(table: Table) -> None:
    """A result the table's game gives replaces the players' reports still waiting."""
    table.results.filter(status__in=[Result.Status.REPORTED, Result.Status.DISPUTED]).update(
        status=Result.Status.SUPERSEDED
    )


def overload_counts(summary: Mapping[str, Any]) -> dict[str, int | bool]:
    """A finished Matrix Overload game's counts (from ``Game.result``) as a table result's."""
    details = summary.get("details") or {}
    killed = details.get("royals_killed")
    left = details.get("cards_left")
    return {
        "solved": details.get("result") == "win",
        "cards_left": int(left) if isinstance(left, int) else 0,
        "royals_killed": int(killed) if isinstance(killed, int) else 0,
    }


def _overload_result(table: Table, game: Game, current: Result | None) -> Result | None:
    """A duplicate round's table: one solitaire game per player; the result waits for all."""
    event = table.round.event
    players = set(table.seats.values_list("player_id", flat=True))
    seat = game.seats.first()
    if seat is None or seat.player_id not in players:
        audit(event, None, "game ignored", _where(table), None, {"game": game.pk})
        return current
    if game.status != Game.Status.FINISHED:
        if current is not None and current.source == Result.Source.GAME:
            current.status = Result.Status.SUPERSEDED
            current.save(update_fields=["status", "updated"])
            audit(event, None, "game reopened", _where(table), _snapshot(current), None)
        return None
    if current is not None:  # the player's recorded game counts in the ratings, not the typed one
        result_games_drop_player(current, seat.player_id)
    finished = (
        Game.objects.filter(
            event_id=event.pk,
            round_number=table.round.number,
            kind=GameKind.MATRIX_OVERLOAD,
            status=Game.Status.FINISHED,
        )
        .filter(models.Q(table_number=table.number) | models.Q(table_number__isnull=True))
        .prefetch_related("seats")
        .order_by("finished_at", "pk")
    )
    counts: dict[str, dict[str, int | bool]] = {}
    for played in finished:  # a player's latest finished game counts
        for played_seat in played.seats.all():
            if played_seat.player_id in players:
                counts[str(played_seat.player_id)] = overload_counts(played.result or {})
    if len(counts) < len(players):
        return current  # some players are still playing
    scores: dict[str, int | None] = {
        key: int(value["royals_killed"]) for key, value in counts.items()
    }
    if current is not None and current.scores == scores and current.details == counts:
        return current
    if current is not None and current.source == Result.Source.STAFF:
        audit(event, None, "games differ", _where(table), _snapshot(current), None)
        return current
    _supersede_open_reports(table)
    if current is not None:
        result_games_drop([current])
        current.status = Result.Status.SUPERSEDED
        current.save(update_fields=["status", "updated"])
    result = Result.objects.create(
        table=table,
        status=Result.Status.CONFIRMED,
        source=Result.Source.GAME,
        scores=scores,
        details=counts,
    )
    audit(event, None, "result from games", _where(table), _snapshot(current), _snapshot(result))
    return result
