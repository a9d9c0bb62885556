"""Running an event: entries, rounds, seatings and results (re-exported by ``services``).

See ``tournaments.services`` for the terms and invariants. Every public function is one
transaction, keyword-only, checks the permission policy and writes an audit entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from django.db import IntegrityError, models, transaction
from django.db.models import Max
from django.utils.text import slugify

from tournaments import pairing
from tournaments import permissions as policy
from tournaments.models import (
    AuditEntry,
    Club,
    Entry,
    Event,
    EventFormat,
    GameKind,
    Membership,
    Player,
    Result,
    ResultConfirmation,
    Round,
    Table,
    TableSeat,
)
from tournaments.rules import TABLE_SIZE, RulesError, check_options, event_options
from tournaments.selectors import pairing_inputs
from tournaments.standings import StandingsError


class TournamentError(Exception):
    """A write the service refuses, with a sentence a director understands."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAllowed(TournamentError):
    status = 403


def _require(allowed: bool, what: str) -> None:
    if not allowed:
        raise NotAllowed(f"you may not {what}")


def _user(by: Any) -> Any:
    return by if getattr(by, "is_authenticated", False) else None


def _audit(event: Event, by: Any, action: str, what: str, before: Any, after: Any) -> None:
    AuditEntry.objects.create(
        event=event, user=_user(by), action=action, what=what, before=before, after=after
    )


def _lock_event(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


# --- events and entries ----------------------------------------------------------------------


@transaction.atomic
def event_create(
    *,
    club: Club,
    name: str,
    slug: str = "",
    game: str,
    format: str = "",
    starts_on: date,
    options: Mapping[str, Any] | None = None,
    by: Any,
) -> Event:
    _require(policy.can_create_event(by, club), f"create events of {club.name}")
    if game not in GameKind.values:
        raise TournamentError(f"unknown game {game!r}")
    format = (
        format
        or {
            GameKind.MATRIO: EventFormat.SWISS_TABLES,
            GameKind.INTEGER_MATRIX: EventFormat.SWISS_PAIRS,
            GameKind.MATHEMATICO: EventFormat.SIMULTANEOUS,
            GameKind.MATRIX_OVERLOAD: EventFormat.DUPLICATE,
        }[GameKind(game)]
    )
    name = " ".join(name.split())
    slug = slug or slugify(name)
    if not name or not slug:
        raise TournamentError("an event needs a name")
    try:
        merged = check_options(game=game, format=format, options=dict(options or {}))
    except RulesError as error:
        raise TournamentError(str(error)) from None
    if Event.objects.filter(club=club, slug=slug).exists():
        raise TournamentError(f"{club.name} already has an event with the address {slug!r}")
    event = Event.objects.create(
        club=club, name=name, slug=slug, game=game, format=format, starts_on=starts_on
    )
    event.options = merged
    event.save(update_fields=["options"])
    _audit(event, by, "event created", event.name, None, {"format": format, "options": merged})
    return event


@transaction.atomic
def event_finish(*, event: Event, by: Any) -> Event:
    _require(policy.can_manage_event(by, event), "run this event")
    event = _lock_event(event)
    if event.rounds.exclude(status=Round.Status.FINISHED).exists():
        raise TournamentError("finish every round before finishing the event")
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    _audit(event, by, "event finished", event.name, None, None)
    return event


def _last_started(event: Event) -> int:
    last = event.rounds.exclude(status=Round.Status.DRAFT).aggregate(n=Max("number"))["n"]
    return int(last or 0)


@transaction.atomic
def entry_add(*, event: Event, player: Player, checked_in: bool = False, by: Any) -> Entry:
    _require(policy.can_manage_event(by, event), "run this event")
    event = _lock_event(event)
    if event.status == Event.Status.FINISHED:
        raise TournamentError("the event is finished")
    late = _last_started(event) > 0
    entry, made = Entry.objects.get_or_create(
        event=event, player=player, defaults={"late": late, "checked_in": checked_in}
    )
    if not made:
        raise TournamentError(f"{player.name} is already entered")
    _audit(event, by, "entry added", player.name, None, {"late": late, "checked_in": checked_in})
    return entry


@transaction.atomic
def player_enter_new(*, event: Event, name: str, by: Any) -> Entry:
    """Create a player (a director-created profile, member of the club) and enter them."""
    _require(policy.can_manage_event(by, event), "run this event")
    name = " ".join(name.split())
    if not name:
        raise TournamentError("give the player's name")
    base = slugify(name) or "player"
    slug, counter = base, 1
    while Player.objects.filter(slug=slug).exists():
        counter += 1
        slug = f"{base}-{counter}"
    player = Player.objects.create(name=name, slug=slug)
    Membership.objects.get_or_create(club_id=event.club_id, player=player, role="player")
    return entry_add(event=event, player=player, checked_in=True, by=by)


@transaction.atomic
def entry_check_in(*, entry: Entry, checked_in: bool = True, by: Any) -> Entry:
    _require(policy.can_manage_event(by, entry.event), "run this event")
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    before = entry.checked_in
    entry.checked_in = checked_in
    entry.save(update_fields=["checked_in"])
    _audit(entry.event, by, "check-in", entry.player.name, before, checked_in)
    return entry


@transaction.atomic
def entry_drop(*, entry: Entry, by: Any) -> Entry:
    """The player leaves after the last started round (never seated again)."""
    _require(policy.can_manage_event(by, entry.event), "run this event")
    entry = Entry.objects.select_for_update().select_related("player", "event").get(pk=entry.pk)
    if entry.dropped_after_round is not None:
        raise TournamentError(f"{entry.player.name} has already dropped")
    draft = entry.event.rounds.filter(status=Round.Status.DRAFT).first()
    if draft and (
        TableSeat.objects.filter(table__round=draft, player=entry.player).exists()
        or entry.player_id in draft.byes
    ):
        raise TournamentError(
            f"the draft round {draft.number} seats {entry.player.name}: drop them, then "
            "regenerate the round — or drop them before generating it"
        )
    entry.dropped_after_round = _last_started(entry.event)
    entry.save(update_fields=["dropped_after_round"])
    _audit(entry.event, by, "dropped", entry.player.name, None, entry.dropped_after_round)
    return entry


# --- rounds and seatings ---------------------------------------------------------------------


def _seat(event: Event, number: int, final: bool) -> tuple[list[list[int]], list[int], str, list]:
    """Tables (player ids in seat order), byes, seed and cards of round ``number``."""
    entrants, history, ranked = pairing_inputs(event=event)
    options = event_options(event)
    size = TABLE_SIZE[GameKind(event.game)]
    seed, cards = "", []
    if event.game in (GameKind.MATHEMATICO, GameKind.MATRIX_OVERLOAD):
        seed = pairing.round_seed(f"{event.club.slug}/{event.slug}", number)
        if event.game == GameKind.MATHEMATICO:
            cards = list(pairing.mathematico_draw(seed))
        else:
            cards = list(pairing.overload_deck(seed))
    if final:
        final_size = int(options["final_size"])
        if not final_size:
            raise TournamentError("the event declares no final (final_size is 0)")
        present = {e.id for e in entrants}
        ranked = [player for player in ranked if player in present]
        tables = pairing.final_tables(ranked, size=final_size, table_size=size or final_size)
        return [list(t.seats) for t in tables], [], seed, cards
    if not entrants:
        raise TournamentError("nobody is checked in")
    if event.format == EventFormat.SWISS_TABLES:
        seating = pairing.seat_swiss_tables(entrants, history)
        return [list(t.seats) for t in seating.tables], list(seating.byes), seed, cards
    if event.format == EventFormat.SWISS_PAIRS:
        pairs = pairing.pair_swiss(entrants, history)
        return [[p.first, p.second] for p in pairs.pairs], list(pairs.byes), seed, cards
    if event.format == EventFormat.ROUND_ROBIN:
        ids = sorted(e.id for e in entrants)
        if size == 4:
            schedule = pairing.tables_round_robin(ids, int(options["rounds"]) or None)
        else:
            schedule = pairing.pairs_round_robin(ids)
        if number > len(schedule.rounds):
            raise TournamentError(f"the round robin has only {len(schedule.rounds)} rounds")
        planned = schedule.rounds[number - 1]
        return [list(t) for t in planned.tables], list(planned.byes), seed, cards
    return [sorted(e.id for e in entrants)], [], seed, cards


def _write_seating(round: Round, final: bool) -> None:
    try:
        tables, byes, seed, cards = _seat(round.event, round.number, final)
    except (pairing.PairingError, StandingsError, RulesError) as error:
        raise TournamentError(str(error)) from None
    round.byes, round.seed, round.cards = byes, seed, cards
    round.save(update_fields=["byes", "seed", "cards"])
    for number, players in enumerate(tables, start=1):
        table = Table.objects.create(round=round, number=number)
        TableSeat.objects.bulk_create(
            TableSeat(table=table, player_id=player, position=position)
            for position, player in enumerate(players, start=1)
        )


def _seating_json(round: Round) -> dict[str, Any]:
    return {
        "tables": {
            str(t.number): list(t.seats.order_by("position").values_list("player_id", flat=True))
            for t in round.tables.order_by("number")
        },
        "byes": list(round.byes),
    }


@transaction.atomic
def round_generate(*, event: Event, final: bool = False, by: Any) -> Round:
    """Seat the next round (a draft) from the standings and the rounds played so far."""
    _require(policy.can_manage_event(by, event), "run this event")
    event = _lock_event(event)
    if event.status == Event.Status.FINISHED:
        raise TournamentError("the event is finished")
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.FINISHED:
        raise TournamentError(f"round {last.number} is not finished yet")
    number = last.number + 1 if last else 1
    round = Round.objects.create(
        event=event, number=number, kind=Round.Kind.FINAL if final else Round.Kind.REGULAR
    )
    _write_seating(round, final)
    _audit(event, by, "round generated", f"round {number}", None, _seating_json(round))
    return round


def _lock_round(round: Round, by: Any) -> Round:
    _require(policy.can_manage_event(by, round.event), "run this event")
    return Round.objects.select_for_update().select_related("event__club").get(pk=round.pk)


@transaction.atomic
def round_regenerate(*, round: Round, by: Any) -> Round:
    round = _lock_round(round, by)
    if round.status != Round.Status.DRAFT:
        raise TournamentError(f"round {round.number} is locked: its seating cannot change")
    before = _seating_json(round)
    round.tables.all().delete()
    _write_seating(round, round.kind == Round.Kind.FINAL)
    _audit(round.event, by, "round regenerated", str(round), before, _seating_json(round))
    return round


@transaction.atomic
def round_swap(*, round: Round, first: int, second: int, by: Any) -> Round:
    """Swap two players' places (seats or byes) in a draft round."""
    round = _lock_round(round, by)
    if round.status != Round.Status.DRAFT:
        raise TournamentError(f"round {round.number} is locked: its seating cannot change")
    if first == second:
        raise TournamentError("choose two different players to swap")
    before = _seating_json(round)
    seats = {s.player_id: s for s in TableSeat.objects.filter(table__round=round)}
    places: dict[int, tuple[int, int] | None] = {}
    for player in (first, second):
        if player in seats:
            places[player] = (seats[player].table_id, seats[player].position)
        elif player in round.byes:
            places[player] = None
        else:
            raise TournamentError(f"player {player} is not in round {round.number}")
    TableSeat.objects.filter(table__round=round, player_id__in=[first, second]).delete()
    byes = [p for p in round.byes if p not in (first, second)]
    for player, other in ((first, second), (second, first)):
        target = places[other]
        if target is None:
            byes.append(player)
        else:
            TableSeat.objects.create(table_id=target[0], position=target[1], player_id=player)
    round.byes = sorted(byes)
    round.save(update_fields=["byes"])
    _audit(round.event, by, "seats swapped", str(round), before, _seating_json(round))
    return round


@transaction.atomic
def round_lock(*, round: Round, by: Any) -> Round:
    """The round starts: its seating is fixed and its tables may report results."""
    round = _lock_round(round, by)
    if round.status != Round.Status.DRAFT:
        raise TournamentError(f"round {round.number} is already {round.status}")
    round.status = Round.Status.LOCKED
    round.save(update_fields=["status"])
    Event.objects.filter(pk=round.event_id, status=Event.Status.DRAFT).update(
        status=Event.Status.RUNNING
    )
    _audit(round.event, by, "round locked", str(round), None, None)
    return round


@transaction.atomic
def round_finish(*, round: Round, by: Any) -> Round:
    round = _lock_round(round, by)
    if round.status != Round.Status.LOCKED:
        raise TournamentError(f"round {round.number} is {round.status}, not being played")
    missing = round.tables.exclude(results__status=Result.Status.CONFIRMED).order_by("number")
    if missing.exists():
        numbers = ", ".join(str(t.number) for t in missing)
        raise TournamentError(f"tables without a confirmed result: {numbers}")
    round.status = Round.Status.FINISHED
    round.save(update_fields=["status"])
    _audit(round.event, by, "round finished", str(round), None, None)
    return round


# --- results ---------------------------------------------------------------------------------


def _clean_scores(
    table: Table, scores: Mapping[Any, Any], details: Mapping[Any, Any] | None
) -> tuple[dict[str, int | None], dict[str, dict[str, int | bool]]]:
    players = [str(p) for p in table.seats.order_by("position").values_list("player_id", flat=True)]
    given = {str(k): v for k, v in scores.items()}
    if sorted(given) != sorted(players):
        raise TournamentError("give a score for every player of the table, and no one else")
    clean: dict[str, int | None] = {}
    for player in players:
        value = given[player]
        if value in (None, ""):
            clean[player] = None
            continue
        try:
            clean[player] = int(str(value).strip())
        except ValueError:
            raise TournamentError(f"{value!r} is not a whole number") from None
    extra: dict[str, dict[str, int | bool]] = {}
    for key, counts in (details or {}).items():
        if str(key) not in players or not isinstance(counts, Mapping):
            raise TournamentError("details must map players of the table to their counts")
        try:
            extra[str(key)] = {
                name: (bool(counts[name]) if name == "solved" else int(counts[name]))
                for name in ("cells_won", "solved", "cards_left", "royals_killed")
                if name in counts
            }
        except (TypeError, ValueError):
            raise TournamentError("game counts must be whole numbers") from None
    return clean, extra


def _lock_table(table: Table) -> Table:
    return Table.objects.select_for_update().select_related("round__event__club").get(pk=table.pk)


def _playable(table: Table) -> None:
    if table.round.status == Round.Status.DRAFT:
        raise TournamentError(f"round {table.round.number} has not started")


def _snapshot(result: Result | None) -> Any:
    if result is None:
        return None
    return {"status": result.status, "scores": result.scores, "details": result.details}


def _confirmed(table: Table) -> Result | None:
    return table.results.filter(status=Result.Status.CONFIRMED).first()


@transaction.atomic
def result_report(
    *, table: Table, scores: Mapping[Any, Any], details: Mapping[Any, Any] | None = None, by: Any
) -> Result:
    """Report a table's scores: staff's entry is confirmed at once, a player's awaits."""
    table = _lock_table(table)
    event = table.round.event
    _require(policy.can_report(by, table), f"report the result of table {table.number}")
    _playable(table)
    clean, extra = _clean_scores(table, scores, details)
    if _confirmed(table) is not None:
        raise TournamentError(
            f"table {table.number} already has a confirmed result; a director may correct it"
        )
    open_ = list(table.results.filter(status__in=[Result.Status.REPORTED, Result.Status.DISPUTED]))
    for old in open_:
        old.status = Result.Status.SUPERSEDED
        old.save(update_fields=["status", "updated"])
    staff = policy.can_enter_results(by, event)
    result = Result.objects.create(
        table=table,
        status=Result.Status.CONFIRMED if staff else Result.Status.REPORTED,
        source=Result.Source.STAFF if staff else Result.Source.REPORTED,
        scores=clean,
        details=extra,
        reported_by=_user(by),
    )
    before = _snapshot(open_[0]) if open_ else None
    _audit(event, by, "result reported", _where(table), before, _snapshot(result))
    return result


def _where(table: Table) -> str:
    return f"round {table.round.number}, table {table.number}"


@transaction.atomic
def result_confirm(*, result: Result, agrees: bool = True, note: str = "", by: Any) -> Result:
    """Another player of the table (or a director) agrees with a report, or disputes it."""
    table = _lock_table(result.table)
    result = Result.objects.select_related("table").get(pk=result.pk)
    result.table = table
    _require(policy.can_confirm(by, result), f"confirm the result of table {table.number}")
    if result.status not in (Result.Status.REPORTED, Result.Status.DISPUTED):
        raise TournamentError(f"this result is {result.status}: there is nothing to confirm")
    director = policy.can_manage_event(by, table.round.event)
    if result.status == Result.Status.DISPUTED and not director:
        raise TournamentError("a disputed result is settled by a director")
    try:
        with transaction.atomic():
            ResultConfirmation.objects.update_or_create(
                result=result, user=by, defaults={"agrees": agrees, "note": note[:500]}
            )
    except IntegrityError:  # pragma: no cover - the row lock makes this unlikely
        raise TournamentError("you already answered for this result") from None
    before = _snapshot(result)
    result.status = Result.Status.CONFIRMED if agrees else Result.Status.DISPUTED
    result.save(update_fields=["status", "updated"])
    action = "result confirmed" if agrees else "result disputed"
    _audit(table.round.event, by, action, _where(table), before, _snapshot(result))
    return result


@transaction.atomic
def result_correct(
    *,
    table: Table,
    scores: Mapping[Any, Any],
    details: Mapping[Any, Any] | None = None,
    by: Any,
) -> Result:
    """A director replaces the table's result (the old one is kept, superseded)."""
    table = _lock_table(table)
    _require(policy.can_manage_event(by, table.round.event), "correct results")
    _playable(table)
    clean, extra = _clean_scores(table, scores, details)
    current = table.results.exclude(status=Result.Status.SUPERSEDED).order_by("-created").first()
    table.results.exclude(status=Result.Status.SUPERSEDED).update(status=Result.Status.SUPERSEDED)
    result = Result.objects.create(
        table=table,
        status=Result.Status.CONFIRMED,
        source=Result.Source.STAFF,
        scores=clean,
        details=extra,
        reported_by=_user(by),
    )
    before = _snapshot(current)
    _audit(table.round.event, by, "result corrected", _where(table), before, _snapshot(result))
    return result


@transaction.atomic
def table_result_from_game(*, game_id: int) -> Result | None:
    """Give the table of a recorded game its result (or withdraw it when the game reopens).

    The table is the game's ``table``, or the one of its event, round and table number; the
    game's seated players must be the table's. Returns the confirmed result, if any.
    """
    from games.models import Game

    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.event_id is None or game.round_number is None:
        return None
    table = (
        Table.objects.select_for_update()
        .select_related("round__event")
        .filter(round__event_id=game.event_id, round__number=game.round_number)
        .filter(number=game.table_number or 1)
        .first()
    )
    if table is None or table.round.status == Round.Status.DRAFT:
        return None
    if table.game_id != game.pk:
        table.game = game
        table.save(update_fields=["game"])
    event = table.round.event
    current = _confirmed(table)
    if event.game == GameKind.MATRIX_OVERLOAD:
        return _overload_result(table, game, current)
    if game.status != Game.Status.FINISHED:
        if current is not None and current.source == Result.Source.GAME:
            current.status = Result.Status.SUPERSEDED
            current.save(update_fields=["status", "updated"])
            _audit(event, None, "game reopened", _where(table), _snapshot(current), None)
        return None
    seats = list(game.seats.order_by("position"))
    players = sorted(table.seats.values_list("player_id", flat=True))
    if sorted(seat.player_id or 0 for seat in seats) != players:
        _audit(event, None, "game ignored", _where(table), None, {"game": game.pk})
        return current
    scores = {str(s.player_id): (None if s.withdrawn else s.score) for s in seats}
    if current is not None and current.scores == scores:
        return current
    if current is not None:
        current.status = Result.Status.SUPERSEDED
        current.save(update_fields=["status", "updated"])
    result = Result.objects.create(
        table=table, status=Result.Status.CONFIRMED, source=Result.Source.GAME, scores=scores
    )
    _audit(event, None, "result from game", _where(table), _snapshot(current), _snapshot(result))
    return result


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


def _overload_result(table: Table, game: Any, current: Result | None) -> Result | None:
    """A duplicate round's table: one solitaire game per player; the result waits for all."""
    from games.models import Game

    event = table.round.event
    players = set(table.seats.values_list("player_id", flat=True))
    seat = game.seats.first()
    if seat is None or seat.player_id not in players:
        _audit(event, None, "game ignored", _where(table), None, {"game": game.pk})
        return current
    if game.status != Game.Status.FINISHED:
        if current is not None and current.source == Result.Source.GAME:
            current.status = Result.Status.SUPERSEDED
            current.save(update_fields=["status", "updated"])
            _audit(event, None, "game reopened", _where(table), _snapshot(current), None)
        return None
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
    if current is not None:
        current.status = Result.Status.SUPERSEDED
        current.save(update_fields=["status", "updated"])
    result = Result.objects.create(
        table=table,
        status=Result.Status.CONFIRMED,
        source=Result.Source.GAME,
        scores=scores,
        details=counts,
    )
    _audit(event, None, "result from games", _where(table), _snapshot(current), _snapshot(result))
    return result
