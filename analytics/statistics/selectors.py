"""Reads for the statistics dashboards: stored counters and stored results only.

Every function here is a constant number of queries whatever the number of games: the
explorer reads the counter rows of one line, the card-impact page one stored result, the
heatmaps a bounded set of counter rows (24 trays; 9 MatriO cells twice; 25 Mathematico
cells by at most 90 values).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Count, Q
from django.utils.translation import gettext

from analytics.compute.matrio_games import CELL_PLY, CELL_SCORE
from analytics.compute.openings import OpeningMove, explore
from analytics.compute.results import DEAL_PREFIX
from analytics.compute.tally import Counters, Tally
from analytics.models import TALLY_FIELDS, Rating, StatCounter, StatResult
from analytics.statistics.counters import (
    EVENTS,
    KIND_STATISTICS,
    MATRIO_CELLS,
    OPENINGS,
    TRAYS_PLAYED,
    opening_depth,
)
from analytics.statistics.mathematico import MATHEMATICO_EARLY
from analytics.statistics.matrio import CARD_IMPACT
from games.engine.matrio.board import CELL_NAMES, TRAYS
from games.kinds import GameKind
from tournaments.models import Event

TRAY_ORDER = list(TRAYS)

MAX_LINE = 400


def opening_line(text: str | None) -> str:
    """A line as typed (``2C>R1C 3C>C2E``), normalised; ``ValueError`` when malformed."""
    moves = (text or "").split()
    line = " ".join(moves)
    if len(line) > MAX_LINE or any(m.count(">") != 1 for m in moves):
        raise ValueError(gettext("a line is moves like 2C>R1C separated by spaces"))
    if len(moves) >= opening_depth():
        raise ValueError(
            gettext("the explorer counts the first %(n)s moves only") % {"n": opening_depth()}
        )
    return line


@dataclass(frozen=True, slots=True)
class LineStep:
    move: str
    line: str  # the line up to and including this move


def opening_path(line: str) -> list[LineStep]:
    """The moves of a line with the line after each one (the breadcrumb)."""
    moves = line.split()
    return [LineStep(move, " ".join(moves[: i + 1])) for i, move in enumerate(moves)]


def opening_moves(*, line: str) -> tuple[OpeningMove, ...]:
    """The moves played after ``line``, most played first (one query)."""
    rows = StatCounter.objects.filter(statistic=OPENINGS, group=line).values_list(
        "key", *TALLY_FIELDS
    )
    counters = Counters({(line, key): Tally(*values) for key, *values in rows})
    return explore(counters, line)


def card_impact_report() -> dict[str, Any] | None:
    """The stored card-impact report (``analytics.compute.card_impact``) as JSON, if any."""
    found = StatResult.objects.filter(name=CARD_IMPACT).values_list("data", flat=True).first()
    return found


@dataclass(frozen=True, slots=True)
class HeatCell:
    """One cell of a heatmap: where (``row``, ``column``), how often, and its outcome sums."""

    name: str
    row: str
    column: str
    tally: Tally


def tray_heatmap() -> list[HeatCell]:
    """MatriO placements by tray: rows are the six lines (R1..C3), columns the suits."""
    rows = StatCounter.objects.filter(statistic=TRAYS_PLAYED, group="all").values_list(
        "key", *TALLY_FIELDS
    )
    return sorted(
        (HeatCell(tray, tray[:2], tray[2], Tally(*values)) for tray, *values in rows),
        key=lambda c: (TRAY_ORDER.index(c.name) if c.name in TRAY_ORDER else 99, c.name),
    )


@dataclass(frozen=True, slots=True)
class CellHeat:
    """One MatriO cell (``row``, ``column`` 1-3) over the games where it was won: ``tally``
    is its owner's outcome with the final cell score as the extra; ``mean_ply`` the mean ply
    it was won at."""

    name: str
    row: str
    column: str
    tally: Tally
    mean_ply: float | None


def matrio_cells() -> list[CellHeat]:
    """The nine MatriO cells that were ever won, row by row (one query)."""
    rows = StatCounter.objects.filter(statistic=MATRIO_CELLS).values_list(
        "group", "key", *TALLY_FIELDS
    )
    found = {(group, key): Tally(*values) for group, key, *values in rows}
    return [
        CellHeat(
            name, name[0], name[1], found[(CELL_SCORE, name)], found[(CELL_PLY, name)].mean_extra
        )
        for name in CELL_NAMES
        if (CELL_SCORE, name) in found and (CELL_PLY, name) in found
    ]


def mathematico_values() -> list[int]:
    groups = StatCounter.objects.filter(statistic=MATHEMATICO_EARLY).values_list("group", flat=True)
    return sorted({int(g) for g in groups.distinct()})


def mathematico_heatmap(*, value: int | None = None) -> list[HeatCell]:
    """Mathematico early placements by folded cell (one value, or all values summed)."""
    rows = StatCounter.objects.filter(statistic=MATHEMATICO_EARLY)
    if value is not None:
        rows = rows.filter(group=str(value))
    cells: dict[str, Tally] = {}
    for key, *values in rows.values_list("key", *TALLY_FIELDS):
        cells[key] = cells.get(key, Tally()) + Tally(*values)
    return [HeatCell(name, name[1:], name[0], tally) for name, tally in sorted(cells.items())]


@dataclass(frozen=True, slots=True)
class DealRow:
    """An Overload deal as the ratings see it: a pseudo-player that wins when players lose."""

    deal: str
    name: str
    mu: float
    sigma: float
    display: int
    games: int


def deal_difficulty(*, limit: int = 200) -> list[DealRow]:
    """The Overload deals of the all-club pool, hardest first (highest mu), one query."""
    rows = Rating.objects.filter(
        pool=GameKind.MATRIX_OVERLOAD, player_key__startswith=DEAL_PREFIX
    ).order_by("-mu", "player_key")[:limit]
    return [
        DealRow(r.player_key.removeprefix(DEAL_PREFIX), r.name, r.mu, r.sigma, r.display, r.games)
        for r in rows
    ]


@dataclass(frozen=True, slots=True)
class EventSummary:
    """One event's games and each seat's outcome (from the ``event-seats`` counters)."""

    event_id: int
    name: str
    club: str
    game: str
    starts_on: date
    games: int
    seats: list[tuple[str, Tally]]


def event_summaries(*, limit: int = 50) -> list[EventSummary]:
    """The latest events that have finished games, newest first (two queries)."""
    events = list(Event.objects.select_related("club").order_by("-starts_on", "-pk")[:limit])
    rows = StatCounter.objects.filter(
        statistic=EVENTS, group__in=[str(e.pk) for e in events]
    ).values_list("group", "key", *TALLY_FIELDS)
    seats: dict[str, list[tuple[str, Tally]]] = {}
    for group, key, *values in rows:
        seats.setdefault(group, []).append((key, Tally(*values)))
    out = []
    for event in events:
        found = sorted(seats.get(str(event.pk), []), key=lambda s: int(s[0][1:]))
        if found:
            out.append(
                EventSummary(
                    event.pk,
                    event.name,
                    event.club.name,
                    event.get_game_display(),
                    event.starts_on,
                    found[0][1].games,
                    found,
                )
            )
    return out


def counter_groups(*, statistic: str) -> list[tuple[str, list[tuple[str, Tally]]]]:
    """A bounded statistic's counters by group, each group's keys most played first (one
    query): Integer Matrix first placements (4 plies) and Overload setup choices (3 royals)."""
    rows = StatCounter.objects.filter(statistic=statistic).values_list(
        "group", "key", *TALLY_FIELDS
    )
    counters = Counters({(group, key): Tally(*values) for group, key, *values in rows})
    return [(group, counters.group(group)) for group in counters.groups()]


def counted_statistics(*, kind: str) -> dict[str, int]:
    """How many counter rows each of the kind's statistics holds, its event seats included
    (two queries)."""
    events = [str(pk) for pk in Event.objects.filter(game=kind).values_list("pk", flat=True)]
    rows = StatCounter.objects.filter(
        Q(statistic__in=KIND_STATISTICS.get(kind, ())) | Q(statistic=EVENTS, group__in=events)
    )
    counts = rows.values("statistic").annotate(n=Count("pk")).values_list("statistic", "n")
    found = dict(counts)
    return {name: found.get(name, 0) for name in (*KIND_STATISTICS.get(kind, ()), EVENTS)}
