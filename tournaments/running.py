"""Running an event: entries, rounds, seatings and results (re-exported by ``services``).

See ``tournaments.services`` for the terms and invariants. Every public function is one
transaction, keyword-only, checks the permission policy and writes an audit entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.text import slugify
from django.utils.translation import gettext

from clubs.models import Club, Membership, Player
from clubs.players import NAME_LENGTH, SLUG_LENGTH, clean_name, free_slug
from clubs.roles import AnyUser, signed_in
from games.engine.errors import DomainError, NotAllowed
from tournaments import pairing
from tournaments import permissions as policy
from tournaments.kinds import EVENT_KINDS, event_kind
from tournaments.models import (
    AuditEntry,
    Entry,
    Event,
    EventFormat,
    Result,
    Round,
    Table,
    TableSeat,
)
from tournaments.options import check_options, event_options
from tournaments.seeding import seeded
from tournaments.selectors import pairing_inputs
from tournaments.standings import StandingsError


def require(allowed: bool, what: str) -> None:
    """Refuse unless ``allowed``; ``what`` (translated) is what the user may not do."""
    if not allowed:
        raise NotAllowed(gettext("you may not %(what)s") % {"what": what})


def acting_user(by: AnyUser | None) -> User | None:
    return by if signed_in(by) else None


def audit(
    event: Event, by: AnyUser | None, action: str, what: str, before: object, after: object
) -> None:
    AuditEntry.objects.create(
        event=event, user=acting_user(by), action=action, what=what, before=before, after=after
    )


def _round_words(number: int) -> str:
    """A round as the audit log names it (in the language of the one who acted)."""
    return gettext("round %(round)s") % {"round": number}


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
    by: AnyUser | None,
) -> Event:
    require(
        policy.can_create_event(by, club),
        gettext("create events of %(club)s") % {"club": club.name},
    )
    if game not in EVENT_KINDS:
        raise DomainError(gettext("unknown game “%(game)s”") % {"game": game})
    format = format or EVENT_KINDS[game].formats[0]
    name = " ".join(name.split())
    slug = slug or slugify(name)[:SLUG_LENGTH].strip("-")
    if not name or not slug:
        raise DomainError(gettext("an event needs a name"))
    if len(name) > NAME_LENGTH:
        raise DomainError(
            gettext("an event's name is at most %(n)s characters") % {"n": NAME_LENGTH}
        )
    if len(slug) > SLUG_LENGTH:
        raise DomainError(
            gettext("an event's address is at most %(n)s characters") % {"n": SLUG_LENGTH}
        )
    merged = check_options(game=game, format=format, options=dict(options or {}))
    if Event.objects.filter(club=club, slug=slug).exists():
        raise DomainError(
            gettext("%(club)s already has an event with the address “%(slug)s”")
            % {"club": club.name, "slug": slug}
        )
    event = Event.objects.create(
        club=club, name=name, slug=slug, game=game, format=format, starts_on=starts_on
    )
    event.options = merged
    event.save(update_fields=["options"])
    audit(event, by, "event created", event.name, None, {"format": format, "options": merged})
    return event


@transaction.atomic
def event_finish(*, event: Event, by: AnyUser | None) -> Event:
    require(policy.can_manage_event(by, event), gettext("run this event"))
    event = _lock_event(event)
    if event.rounds.exclude(status=Round.Status.FINISHED).exists():
        raise DomainError(gettext("finish every round before finishing the event"))
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    audit(event, by, "event finished", event.name, None, None)
    return event


def _last_started(event: Event) -> int:
    last = event.rounds.exclude(status=Round.Status.DRAFT).aggregate(n=Max("number"))["n"]
    return int(last or 0)


@transaction.atomic
def entry_add(
    *, event: Event, player: Player, checked_in: bool = False, by: AnyUser | None
) -> Entry:
    require(policy.can_manage_event(by, event), gettext("run this event"))
    event = _lock_event(event)
    if event.status == Event.Status.FINISHED:
        raise DomainError(gettext("the event is finished"))
    if not Membership.objects.filter(club_id=event.club_id, player=player).exists():
        raise DomainError(
            gettext("%(player)s is not a member of %(club)s")
            % {"player": player.name, "club": event.club.name}
        )
    late = _last_started(event) > 0
    entry, made = Entry.objects.get_or_create(
        event=event, player=player, defaults={"late": late, "checked_in": checked_in}
    )
    if not made:
        raise DomainError(gettext("%(player)s is already entered") % {"player": player.name})
    audit(event, by, "entry added", player.name, None, {"late": late, "checked_in": checked_in})
    return entry


@transaction.atomic
def player_enter_new(*, event: Event, name: str, by: AnyUser | None) -> Entry:
    """Create a player (a director-created profile, member of the club) and enter them."""
    require(policy.can_manage_event(by, event), gettext("run this event"))
    name = clean_name(name)
    player = Player.objects.create(name=name, slug=free_slug(name))
    Membership.objects.get_or_create(club_id=event.club_id, player=player, role="player")
    return entry_add(event=event, player=player, checked_in=True, by=by)


@transaction.atomic
def entry_check_in(*, entry: Entry, checked_in: bool = True, by: AnyUser | None) -> Entry:
    require(policy.can_manage_event(by, entry.event), gettext("run this event"))
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    before = entry.checked_in
    entry.checked_in = checked_in
    entry.save(update_fields=["checked_in"])
    audit(entry.event, by, "check-in", entry.player.name, before, checked_in)
    return entry


@transaction.atomic
def entry_drop(*, entry: Entry, by: AnyUser | None) -> Entry:
    """The player leaves after the last started round (never seated again)."""
    require(policy.can_manage_event(by, entry.event), gettext("run this event"))
    entry = Entry.objects.select_for_update().select_related("player", "event").get(pk=entry.pk)
    if entry.dropped_after_round is not None:
        raise DomainError(gettext("%(player)s has already dropped") % {"player": entry.player.name})
    draft = entry.event.rounds.filter(status=Round.Status.DRAFT).first()
    if draft and (
        TableSeat.objects.filter(table__round=draft, player=entry.player).exists()
        or entry.player_id in draft.byes
    ):
        raise DomainError(
            gettext(
                "the draft round %(round)s seats %(player)s: drop them, then "
                "regenerate the round — or drop them before generating it"
            )
            % {"round": draft.number, "player": entry.player.name}
        )
    entry.dropped_after_round = _last_started(entry.event)
    entry.save(update_fields=["dropped_after_round"])
    audit(entry.event, by, "dropped", entry.player.name, None, entry.dropped_after_round)
    return entry


# --- rounds and seatings ---------------------------------------------------------------------


def _seat(
    event: Event, number: int, final: bool
) -> tuple[list[list[int]], list[int], str, list[int | str]]:
    """Tables (player ids in seat order), byes, seed and cards of round ``number``."""
    entrants, history, ranked = pairing_inputs(event=event)
    options = event_options(event)
    entrants = seeded(entrants, kind=event.game, seeding=str(options["seeding"]))
    kind = event_kind(event.game)
    size = kind.table_size
    seed = ""
    cards: list[int | str] = []
    if kind.deal is not None:
        seed = pairing.round_seed()
        cards = list(kind.deal(seed))
    if final:
        final_size = int(options["final_size"])
        if not final_size:
            raise DomainError(gettext("the event declares no final (final_size is 0)"))
        present = {e.id for e in entrants}
        ranked = [player for player in ranked if player in present]
        tables = pairing.final_tables(ranked, size=final_size, table_size=size or final_size)
        return [list(t.seats) for t in tables], [], seed, cards
    if not entrants:
        raise DomainError(gettext("nobody is checked in"))
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
            raise DomainError(
                gettext("the round robin has only %(n)s rounds") % {"n": len(schedule.rounds)}
            )
        planned = schedule.rounds[number - 1]
        return [list(t) for t in planned.tables], list(planned.byes), seed, cards
    return [sorted(e.id for e in entrants)], [], seed, cards


def _write_seating(round: Round, final: bool) -> None:
    try:
        tables, byes, seed, cards = _seat(round.event, round.number, final)
    except (pairing.PairingError, StandingsError) as error:
        raise DomainError(str(error)) from None
    round.byes, round.seed, round.cards = byes, seed, cards
    round.save(update_fields=["byes", "seed", "cards"])
    for number, players in enumerate(tables, start=1):
        table = Table.objects.create(round=round, number=number)
        TableSeat.objects.bulk_create(
            TableSeat(table=table, player_id=player, position=position)
            for position, player in enumerate(players, start=1)
        )


def round_seating(round: Round) -> dict[str, Any]:
    """A round's seating as stored in the audit: players by table (in seat order) and byes."""
    return {
        "tables": {
            str(t.number): list(t.seats.order_by("position").values_list("player_id", flat=True))
            for t in round.tables.order_by("number")
        },
        "byes": list(round.byes),
    }


@transaction.atomic
def round_generate(*, event: Event, final: bool = False, by: AnyUser | None) -> Round:
    """Seat the next round (a draft) from the standings and the rounds played so far."""
    require(policy.can_manage_event(by, event), gettext("run this event"))
    event = _lock_event(event)
    if event.status == Event.Status.FINISHED:
        raise DomainError(gettext("the event is finished"))
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.FINISHED:
        raise DomainError(gettext("round %(round)s is not finished yet") % {"round": last.number})
    number = last.number + 1 if last else 1
    round = Round.objects.create(
        event=event, number=number, kind=Round.Kind.FINAL if final else Round.Kind.REGULAR
    )
    _write_seating(round, final)
    audit(event, by, "round generated", _round_words(number), None, round_seating(round))
    return round


def _lock_round(round: Round, by: AnyUser | None) -> Round:
    require(policy.can_manage_event(by, round.event), gettext("run this event"))
    return Round.objects.select_for_update().select_related("event__club").get(pk=round.pk)


@transaction.atomic
def round_regenerate(*, round: Round, by: AnyUser | None) -> Round:
    round = _lock_round(round, by)
    if round.status != Round.Status.DRAFT:
        raise DomainError(
            gettext("round %(round)s is locked: its seating cannot change")
            % {"round": round.number}
        )
    before = round_seating(round)
    round.tables.all().delete()
    _write_seating(round, round.kind == Round.Kind.FINAL)
    audit(
        round.event,
        by,
        "round regenerated",
        _round_words(round.number),
        before,
        round_seating(round),
    )
    return round


@transaction.atomic
def round_swap(*, round: Round, first: int, second: int, by: AnyUser | None) -> Round:
    """Swap two players' places (seats or byes) in a draft round."""
    round = _lock_round(round, by)
    if round.status != Round.Status.DRAFT:
        raise DomainError(
            gettext("round %(round)s is locked: its seating cannot change")
            % {"round": round.number}
        )
    if first == second:
        raise DomainError(gettext("choose two different players to swap"))
    before = round_seating(round)
    seats = {s.player_id: s for s in TableSeat.objects.filter(table__round=round)}
    places: dict[int, tuple[int, int] | None] = {}
    for player in (first, second):
        if player in seats:
            places[player] = (seats[player].table_id, seats[player].position)
        elif player in round.byes:
            places[player] = None
        else:
            raise DomainError(
                gettext("player %(player)s is not in round %(round)s")
                % {"player": player, "round": round.number}
            )
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
    audit(
        round.event, by, "seats swapped", _round_words(round.number), before, round_seating(round)
    )
    return round


@transaction.atomic
def round_lock(*, round: Round, by: AnyUser | None) -> Round:
    """The round starts: its seating is fixed and its tables may report results."""
    round = _lock_round(round, by)
    if round.status != Round.Status.DRAFT:
        raise DomainError(
            gettext("round %(round)s is already %(status)s")
            % {"round": round.number, "status": round.status}
        )
    round.status = Round.Status.LOCKED
    round.save(update_fields=["status"])
    Event.objects.filter(pk=round.event_id, status=Event.Status.DRAFT).update(
        status=Event.Status.RUNNING
    )
    audit(round.event, by, "round locked", _round_words(round.number), None, None)
    return round


@transaction.atomic
def round_finish(*, round: Round, by: AnyUser | None) -> Round:
    round = _lock_round(round, by)
    if round.status != Round.Status.LOCKED:
        raise DomainError(
            gettext("round %(round)s is %(status)s, not being played")
            % {"round": round.number, "status": round.status}
        )
    missing = round.tables.exclude(results__status=Result.Status.CONFIRMED).order_by("number")
    if missing.exists():
        numbers = ", ".join(str(t.number) for t in missing)
        raise DomainError(
            gettext("tables without a confirmed result: %(tables)s") % {"tables": numbers}
        )
    round.status = Round.Status.FINISHED
    round.save(update_fields=["status"])
    audit(round.event, by, "round finished", _round_words(round.number), None, None)
    return round
