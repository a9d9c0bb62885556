"""Reads for tournaments: querysets the pages and the API show, and the standings.

Standings are computed here from stored, confirmed results through the pure
``tournaments.standings`` package (never in views): :func:`event_standings`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Case, Count, IntegerField, Prefetch, Q, QuerySet, Value, When
from django.shortcuts import get_object_or_404

from clubs.models import Club, Player
from clubs.roles import AnyUser
from games.models import Game
from games.permissions import readable_games
from tournaments import pairing
from tournaments import standings as pure
from tournaments.kinds import event_kind
from tournaments.models import Entry, Event, Result, Round, Table, TableSeat
from tournaments.options import event_options, standings_rules

#: round statuses whose results count (a draft round has not been played)
PLAYED = (Round.Status.LOCKED, Round.Status.FINISHED)


def club_list() -> QuerySet[Club]:
    """Every club with its number of events and members, by name."""
    return Club.objects.annotate(
        event_count=Count("events", distinct=True),
        member_count=Count("memberships__player", distinct=True),
    ).order_by("name")


def player_list() -> QuerySet[Player]:
    return Player.objects.order_by("name")


def event_at(*, club: str, slug: str) -> Event:
    """The event of a page's address (``/events/<club>/<slug>/``); 404 when there is none."""
    return get_object_or_404(Event.objects.select_related("club"), club__slug=club, slug=slug)


def event_list(*, club: Club | None = None) -> QuerySet[Event]:
    """Events: running first, then drafts, then finished; newest first within each."""
    events = Event.objects.select_related("club")
    if club is not None:
        events = events.filter(club=club)
    status_rank = Case(
        When(status=Event.Status.RUNNING, then=Value(0)),
        When(status=Event.Status.DRAFT, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    return events.order_by(status_rank, "-starts_on", "name")


def event_entries(*, event: Event) -> QuerySet[Entry]:
    return event.entries.select_related("player").order_by("player__name", "player_id")


def event_rounds(*, event: Event) -> QuerySet[Round]:
    """Rounds with their tables, seats (players) and results, in order."""
    tables = Table.objects.order_by("number").prefetch_related(
        Prefetch("seats", TableSeat.objects.select_related("player").order_by("position")),
        Prefetch("results", Result.objects.order_by("-created", "-id")),
    )
    return event.rounds.order_by("number").prefetch_related(Prefetch("tables", tables))


def table_result(table: Table) -> Result | None:
    """The confirmed result of a table, else its latest open report (prefetch-friendly)."""
    results = [r for r in table.results.all() if r.status != Result.Status.SUPERSEDED]
    confirmed = [r for r in results if r.status == Result.Status.CONFIRMED]
    return confirmed[0] if confirmed else (results[0] if results else None)


def round_missing(*, round: Round) -> list[Table]:
    """Tables of the round without a confirmed result."""
    return [
        table
        for table in round.tables.all()
        if not any(r.status == Result.Status.CONFIRMED for r in table.results.all())
    ]


def event_disputes(*, event: Event) -> QuerySet[Result]:
    return (
        Result.objects.filter(table__round__event=event, status=Result.Status.DISPUTED)
        .select_related("table__round", "reported_by")
        .prefetch_related("confirmations__user")
    )


# --- standings -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player_id: int
    name: str
    values: tuple[str, ...]
    games: int
    byes: int
    dropped: bool


@dataclass(frozen=True)
class EventStandings:
    criteria: tuple[pure.DeclaredCriterion, ...]
    rules: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    computed: pure.Standings

    def json(self) -> dict[str, Any]:
        return {
            "criteria": [{"name": c.name, "description": c.description} for c in self.criteria],
            "rules": list(self.rules),
            "rows": [
                {
                    "rank": row.rank,
                    "player": row.player_id,
                    "name": row.name,
                    "values": list(row.values),
                    "games": row.games,
                    "byes": row.byes,
                    "dropped": row.dropped,
                }
                for row in self.rows
            ],
        }


def _number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _seat_result(player: int, result: Result) -> pure.SeatResult:
    key = str(player)
    score = result.scores.get(key)
    detail = result.details.get(key) or {}
    return pure.SeatResult(
        player=player,
        place=1,
        score=None if score is None else float(score),
        withdrawn=score is None,
        cells_won=int(detail.get("cells_won", 0)),
        solved=bool(detail.get("solved", False)),
        cards_left=int(detail.get("cards_left", 0)),
        royals_killed=int(detail.get("royals_killed", 0)),
    )


def played_rounds(*, event: Event) -> list[pure.RoundResult]:
    """Every played round with its tables that have a confirmed result, ranked by the rules."""
    mode = str(event_options(event)["mode"])
    rounds = []
    for played in event_rounds(event=event).filter(status__in=PLAYED):
        tables = []
        for table in played.tables.all():
            result = next(
                (r for r in table.results.all() if r.status == Result.Status.CONFIRMED), None
            )
            if result is None:
                continue
            seats = [_seat_result(seat.player_id, result) for seat in table.seats.all()]
            if event_kind(event.game).result_is_outcome:
                tables.append(pure.rank_solitaire(seats))
            else:
                tables.append(pure.rank_by_score(seats, mode))
        rounds.append(pure.RoundResult(played.number, tuple(tables), tuple(played.byes)))
    return rounds


def event_standings(*, event: Event) -> EventStandings:
    """The live standings of the event (confirmed results only), by its declared rules."""
    entries = list(event_entries(event=event))
    rules = standings_rules(event_options(event))
    computed = pure.compute_standings(
        [pure.Entry(e.player_id, e.dropped_after_round) for e in entries],
        played_rounds(event=event),
        rules,
    )
    names = {e.player_id: e.player.name for e in entries}
    rows = tuple(
        StandingRow(
            rank=row.rank,
            player_id=row.player,
            name=names[row.player],
            values=tuple(_number(v) for v in row.values),
            games=row.games,
            byes=row.byes,
            dropped=row.dropped,
        )
        for row in computed.rows
    )
    return EventStandings(computed.criteria, computed.rules, rows, computed)


def pairing_inputs(
    *, event: Event
) -> tuple[list[pairing.Entrant], list[pairing.PlayedRound], list[int]]:
    """Entrants present for the next round (checked in, not dropped) with their match points,
    the seatings of the rounds played so far, and the standings order of everyone."""
    standings = event_standings(event=event).computed
    points = {row.player: float(row.values[0]) if row.values else 0.0 for row in standings.rows}
    entrants = [
        pairing.Entrant(id=e.player_id, points=points.get(e.player_id, 0.0))
        for e in event_entries(event=event)
        if e.checked_in and e.dropped_after_round is None
    ]
    history = [
        pairing.PlayedRound(
            tuple(
                pairing.PlayedTable(tuple(seat.player_id for seat in table.seats.all()))
                for table in played.tables.all()
            ),
            tuple(played.byes),
        )
        for played in event_rounds(event=event).filter(status__in=PLAYED)
    ]
    return entrants, history, [row.player for row in standings.rows if not row.dropped]


def table_games(*, table: Table, user: AnyUser | None) -> QuerySet[Game]:
    """The games played at a table that ``user`` may read, oldest first: its recorded game
    (live or finished), and the result-only games that stand for its typed result.

    A game names its table by event, round and table number (``Table.game`` holds the one
    whose result the table took); a game without a table number belongs to a round of one
    table (a shared-deal round)."""
    round_ = table.round
    at = Q(table_number=table.number)
    if round_.tables.count() == 1:
        at |= Q(table_number__isnull=True)
    games = Game.objects.filter(event_id=round_.event_id, round_number=round_.number).filter(at)
    if table.game_id is not None:
        games = games | Game.objects.filter(pk=table.game_id)
    return readable_games(user, games).order_by("pk")


def game_table(*, game: Game) -> Table | None:
    """The table a game was played at (by its event, round and table number), if any."""
    if game.event_id is None or game.round_number is None:
        return None
    linked = Table.objects.filter(game_id=game.pk).first()
    if linked is not None:
        return linked
    tables = Table.objects.filter(round__event_id=game.event_id, round__number=game.round_number)
    if game.table_number is not None:
        return tables.filter(number=game.table_number).first()
    only = list(tables[:2])
    return only[0] if len(only) == 1 else None
