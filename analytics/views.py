"""Analytics pages: thin views over stored results (selectors) and figure builders.

No page computes a rating: it reads ``Rating``/``RatingHistory`` rows the worker stored.
plotly.js is served from the installed plotly package (no CDN: the site works offline).
"""

from __future__ import annotations

from pathlib import Path

import plotly
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from analytics import dashboards, selectors
from tournaments.models import Club, GameKind, Player

PLOTLY_JS = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"


def _kind(request: HttpRequest) -> str:
    kind = request.GET.get("game", GameKind.MATRIO)
    if kind not in GameKind.values:
        raise Http404("no such game")
    return kind


@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    kind = _kind(request)
    club_slug = request.GET.get("club") or None
    club = get_object_or_404(Club, slug=club_slug) if club_slug else None
    rows = selectors.leaderboard(kind=kind, club_slug=club_slug)
    return render(
        request,
        "analytics/leaderboard.html",
        {
            "kind": kind,
            "kinds": GameKind.choices,
            "club": club,
            "clubs": Club.objects.order_by("name"),
            "rows": rows,
            "figure": dashboards.leaderboard_figure(rows),
            "jobs": selectors.jobs(limit=5),
        },
    )


@require_GET
def player(request: HttpRequest, slug: str) -> HttpResponse:
    person = get_object_or_404(Player, slug=slug)
    kind = _kind(request)
    history = selectors.rating_history(player=person, kind=kind)
    record = selectors.player_record(player=person, kind=kind)
    return render(
        request,
        "analytics/player.html",
        {
            "player": person,
            "kind": kind,
            "kinds": GameKind.choices,
            "ratings": selectors.player_ratings(player=person),
            "history": history,
            "record": record,
            "figures": {
                "history": dashboards.rating_history_figure(history),
                "scores": dashboards.score_distribution_figure(record.scores),
                "opponents": dashboards.head_to_head_figure(record.opponents),
                "seats": dashboards.seat_results_figure(record.seats),
            },
        },
    )


@require_GET
@cache_control(public=True, max_age=86400)
def plotly_js(request: HttpRequest) -> FileResponse:
    return FileResponse(PLOTLY_JS.open("rb"), content_type="text/javascript")
