"""Analytics pages: thin views over stored results (selectors) and figure builders.

No page computes a rating: it reads ``Rating``/``RatingHistory`` rows the worker stored.
plotly.js is served from the installed plotly package (no CDN: the site works offline).
"""

from __future__ import annotations

from pathlib import Path

import plotly
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from analytics import jobs
from analytics.ratings import selectors as rating_selectors
from analytics.reviews import player_move_quality
from analytics.statistics import counters
from analytics.statistics import selectors as statistics_selectors
from analytics.web import figures
from clubs.models import Club, Player
from games.kinds import GameKind

PLOTLY_JS = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"


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
            "figure": figures.leaderboard_figure(rows),
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
            "history": history,
            "record": record,
            "figures": {
                "history": figures.rating_history_figure(history),
                "scores": figures.score_distribution_figure(record.scores),
                "opponents": figures.head_to_head_figure(record.opponents),
                "seats": figures.seat_results_figure(record.seats),
                "quality": figures.move_quality_figure(quality),
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
            "figure": figures.opening_figure(moves, link=link),
        },
        status=400 if error else 200,
    )


@require_GET
def card_impact(request: HttpRequest) -> HttpResponse:
    """MatriO card-value impact and seat effects, as the worker last computed them."""
    report = statistics_selectors.card_impact_report()
    drawn = {}
    if report:
        drawn = {
            "cards": figures.card_impact_figure(report["cards"]),
            "seats": figures.seat_effects_figure(report["seats"]),
        }
    return render(request, "analytics/card_impact.html", {"report": report, "figures": drawn})


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
            "figures": {
                "trays": figures.tray_heatmap_figure(trays),
                "matrio_cells": figures.cell_heatmap_figure(matrio_cells),
                "mathematico": figures.mathematico_heatmap_figure(cells),
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
        {"deals": rows, "figure": figures.deal_difficulty_figure(rows)},
    )


@require_GET
def events(request: HttpRequest) -> HttpResponse:
    """Event analytics: each recent event's games and its seats' outcomes."""
    rows = statistics_selectors.event_summaries()
    return render(
        request, "analytics/events.html", {"events": rows, "figure": figures.event_figure(rows)}
    )


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
            "figures": {
                "integer": figures.first_moves_figure(
                    integer,
                    title=gettext("Integer Matrix: first placements"),
                    x=gettext("colour and square"),
                ),
                "overload": figures.first_moves_figure(
                    overload,
                    title=gettext("Overload: setup choices by royal"),
                    x=gettext("slot"),
                ),
            },
        },
    )


@require_GET
@cache_control(public=True, max_age=86400)
def plotly_js(request: HttpRequest) -> FileResponse:
    return FileResponse(PLOTLY_JS.open("rb"), content_type="text/javascript")
