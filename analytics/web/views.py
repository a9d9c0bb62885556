"""Analytics pages: thin views over stored results (selectors) and figure builders.

No page computes a rating: it reads ``Rating``/``RatingHistory`` rows the worker stored.
plotly.js is one of our static files (no CDN: the site works offline); each chart comes with
how much data it stands on (``charts.Chart``), so a thin one says so instead of drawing.
"""

from __future__ import annotations

from datetime import date

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext, pgettext_lazy
from django.views.decorators.http import require_GET

from analytics import jobs
from analytics.compute.tally import Tally
from analytics.ratings import selectors as rating_selectors
from analytics.reviews import player_move_quality
from analytics.statistics import counters
from analytics.statistics import selectors as statistics_selectors
from analytics.web import charts, figures
from analytics.web.charts import Chart, Unit
from clubs.models import Club, Player
from games.kinds import GameKind


def _kind(request: HttpRequest) -> str:
    kind = request.GET.get("game", GameKind.MATRIO)
    if kind not in GameKind.values:
        raise Http404(gettext("no such game"))
    return kind


@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    kind = _kind(request)
    club_slug = request.GET.get("club") or None
    club = get_object_or_404(Club, slug=club_slug) if club_slug else None
    rows = rating_selectors.leaderboard(kind=kind, club_slug=club_slug)
    return render(
        request,
        "analytics/leaderboard.html",
        {
            "kind": kind,
            "kinds": GameKind.choices,
            "club": club,
            "clubs": Club.objects.order_by("name"),
            "rows": rows,
            "chart": Chart(
                figures.leaderboard_figure(rows), len(rows), charts.LEADERBOARD, Unit.PLAYERS
            ),
            "jobs": jobs.jobs(limit=5),
        },
    )


@require_GET
def player(request: HttpRequest, slug: str) -> HttpResponse:
    person = get_object_or_404(Player, slug=slug)
    kind = _kind(request)
    history = rating_selectors.rating_history(player=person, kind=kind)
    record = rating_selectors.player_record(player=person, kind=kind)
    quality = player_move_quality(player=person, kind=kind)
    return render(
        request,
        "analytics/player.html",
        {
            "player": person,
            "kind": kind,
            "kinds": GameKind.choices,
            "ratings": rating_selectors.player_ratings(player=person),
            "history": [(p, date.fromisoformat(p.played_on)) for p in history],
            "record": record,
            "charts": {
                "history": Chart(
                    figures.rating_history_figure(history), len(history), charts.HISTORY
                ),
                "scores": Chart(
                    figures.score_distribution_figure(record.scores),
                    len(record.scores),
                    charts.SCORES,
                ),
                "opponents": Chart(
                    figures.head_to_head_figure(record.opponents),
                    max((o.games for o in record.opponents), default=0),
                    charts.COUNTS,
                ),
                "seats": Chart(
                    figures.seat_results_figure(record.seats),
                    sum(s.games for s in record.seats),
                    charts.SEATS,
                ),
                "quality": Chart(figures.move_quality_figure(quality), len(quality), charts.COUNTS),
            },
            "quality": quality,
        },
    )


@require_GET
def openings(request: HttpRequest) -> HttpResponse:
    """The MatriO opening explorer at one line (``?line=2C>R1C 3C>C2E``)."""
    error = None
    try:
        line = statistics_selectors.opening_line(request.GET.get("line"))
    except ValueError as problem:
        error, line = str(problem), ""
    moves = statistics_selectors.opening_moves(line=line)
    link = request.path
    return render(
        request,
        "analytics/openings.html",
        {
            "line": line,
            "error": error,
            "path": statistics_selectors.opening_path(line),
            "moves": moves,
            "total": sum(m.games for m in moves),
            "can_go_deeper": len(line.split()) + 1 < counters.opening_depth(),
            "chart": Chart(
                figures.opening_figure(moves, link=link),
                sum(m.games for m in moves),
                charts.OPENINGS,
            ),
        },
        status=400 if error else 200,
    )


#: The card impact table shows one suit at a time (the jokers together): a page of 54 rows,
#: each with its intervals, is too long to read, above all on a phone.
CARD_GROUPS = {
    "S": pgettext_lazy("card suit", "Spades"),
    "H": pgettext_lazy("card suit", "Hearts"),
    "D": pgettext_lazy("card suit", "Diamonds"),
    "C": pgettext_lazy("card suit", "Clubs"),  # not the clubs people belong to
    "X": pgettext_lazy("card suit", "Jokers"),
}


def _card_group(card: str) -> str:
    return "X" if card.startswith("X") else card[-1]


@require_GET
def card_impact(request: HttpRequest) -> HttpResponse:
    """MatriO card-value impact and seat effects, as the worker last computed them; the
    table shows the suit chosen (``?suit=S``, H, D, C or X for the jokers; spades first)."""
    report = statistics_selectors.card_impact_report()
    group = request.GET.get("suit", "S")
    if group not in CARD_GROUPS:
        raise Http404(gettext("no such suit: choose spades, hearts, diamonds, clubs or jokers"))
    drawn = {}
    cards = []
    if report:
        # the statistics' own threshold: below it no card is ranked and no interval is drawn
        games, needed = report["games"], report["min_games"]
        drawn = {
            "cards": Chart(figures.card_impact_figure(report["cards"]), games, needed),
            "seats": Chart(figures.seat_effects_figure(report["seats"]), games, needed),
        }
        cards = [c for c in report["cards"] if _card_group(c["card"]) == group]
    return render(
        request,
        "analytics/card_impact.html",
        {
            "report": report,
            "charts": drawn,
            "cards": cards,
            "groups": CARD_GROUPS.items(),
            "group": group,
        },
    )


def _value(raw: str | None) -> int | None:
    """A Mathematico value filter: a whole number, or None (all values); ValueError if not."""
    if not raw:
        return None
    if not raw.isdigit() or not 0 < int(raw) < 1000:
        raise ValueError(gettext("the value is a whole number such as 1 or 13"))
    return int(raw)


@require_GET
def heatmaps(request: HttpRequest) -> HttpResponse:
    """The MatriO trays and cells heatmaps and the Mathematico early-placement heatmap."""
    error = None
    try:
        value = _value(request.GET.get("value"))
    except ValueError as problem:
        error, value = str(problem), None
    trays = statistics_selectors.tray_heatmap()
    matrio_cells = statistics_selectors.matrio_cells()
    cells = statistics_selectors.mathematico_heatmap(value=value)
    return render(
        request,
        "analytics/heatmaps.html",
        {
            "error": error,
            "value": value,
            "values": statistics_selectors.mathematico_values(),
            "trays": trays,
            "matrio_cells": matrio_cells,
            "cells": cells,
            "charts": {
                "trays": Chart(
                    figures.tray_heatmap_figure(trays),
                    sum(c.tally.games for c in trays),
                    charts.COUNTS,
                    Unit.PLAYS,
                ),
                "matrio_cells": Chart(
                    figures.cell_heatmap_figure(matrio_cells),
                    max((c.tally.games for c in matrio_cells), default=0),
                    charts.COUNTS,
                ),
                "mathematico": Chart(
                    figures.mathematico_heatmap_figure(cells),
                    sum(c.tally.games for c in cells),
                    charts.COUNTS,
                    Unit.PLAYS,
                ),
            },
        },
        status=400 if error else 200,
    )


@require_GET
def deals(request: HttpRequest) -> HttpResponse:
    """Overload deal difficulty: the deals' pseudo-player ratings, hardest first."""
    rows = statistics_selectors.deal_difficulty()
    return render(
        request,
        "analytics/deals.html",
        {
            "deals": rows,
            "chart": Chart(
                figures.deal_difficulty_figure(rows), sum(d.games for d in rows), charts.COUNTS
            ),
        },
    )


@require_GET
def events(request: HttpRequest) -> HttpResponse:
    """Event analytics: each recent event's games and its seats' outcomes."""
    rows = statistics_selectors.event_summaries()
    chart = Chart(figures.event_figure(rows), sum(e.games for e in rows), charts.COUNTS)
    return render(request, "analytics/events.html", {"events": rows, "chart": chart})


@require_GET
def first_moves(request: HttpRequest) -> HttpResponse:
    """Integer Matrix first placements and Overload setup choices (stored counters)."""
    integer = statistics_selectors.counter_groups(statistic=counters.INTEGER_MATRIX_FIRST)
    overload = statistics_selectors.counter_groups(statistic=counters.OVERLOAD_SETUP)
    return render(
        request,
        "analytics/first_moves.html",
        {
            "integer": integer,
            "overload": overload,
            "charts": {
                "integer": Chart(
                    figures.first_moves_figure(
                        integer,
                        title=gettext("Integer Matrix: first placements"),
                        x=gettext("colour and square"),
                    ),
                    _first_group_games(integer),
                    charts.COUNTS,
                ),
                "overload": Chart(
                    figures.first_moves_figure(
                        overload,
                        title=gettext("Overload: setup choices by royal"),
                        x=gettext("slot"),
                    ),
                    _first_group_games(overload),
                    charts.COUNTS,
                ),
            },
        },
    )


def _first_group_games(groups: list[tuple[str, list[tuple[str, Tally]]]]) -> int:
    """The games a first-moves chart stands on: every game counts once in its first group."""
    return sum(tally.games for _, tally in groups[0][1]) if groups else 0
