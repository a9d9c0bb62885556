"""REST API for analytics: the stored ratings, a player's history and record, and jobs.

Read-only and public like the pages (ratings are club results); nothing is computed here.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from analytics import dashboards, selectors
from tournaments.models import Club, GameKind, Player

GAME = OpenApiParameter("game", OpenApiTypes.STR, enum=GameKind.values, default="matrio")
CLUB = OpenApiParameter("club", OpenApiTypes.STR, description="a club's slug (default: all)")


def _kind(request: Request) -> str:
    kind = request.query_params.get("game", GameKind.MATRIO)
    if kind not in GameKind.values:
        raise ValidationError({"game": f"game is one of {', '.join(GameKind.values)}"})
    return kind


class AnalyticsViewSet(viewsets.ViewSet):
    """Ratings and progress, as the dashboards show them (``figure``: the Plotly figure)."""

    @extend_schema(parameters=[GAME, CLUB], responses=OpenApiTypes.OBJECT)
    @action(detail=False, methods=["get"])
    def leaderboard(self, request: Request) -> Response:
        kind = _kind(request)
        club = request.query_params.get("club") or None
        if club and not Club.objects.filter(slug=club).exists():
            raise ValidationError({"club": f"no club with the slug {club!r}"})
        rows = selectors.leaderboard(kind=kind, club_slug=club)
        return Response(
            {
                "game": kind,
                "club": club,
                "pool": selectors.pool_name(kind=kind, club_slug=club),
                "ratings": [
                    {**asdict(r), "rating": r.display, "provisional": r.provisional} for r in rows
                ],
                "figure": dashboards.leaderboard_figure(rows),
            }
        )

    @extend_schema(
        parameters=[GAME, OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH)],
        responses=OpenApiTypes.OBJECT,
    )
    @action(detail=False, methods=["get"], url_path=r"players/(?P<slug>[-\w]+)")
    def player(self, request: Request, slug: str) -> Response:
        person = get_object_or_404(Player, slug=slug)
        kind = _kind(request)
        history = selectors.rating_history(player=person, kind=kind)
        record = selectors.player_record(player=person, kind=kind)
        data: dict[str, Any] = {
            "player": {"name": person.name, "slug": person.slug},
            "game": kind,
            "ratings": [
                {
                    "pool": r.pool,
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "rating": r.display,
                    "games": r.games,
                }
                for r in selectors.player_ratings(player=person)
            ],
            "history": [asdict(p) for p in history],
            "record": asdict(record),
            "figures": {
                "history": dashboards.rating_history_figure(history),
                "scores": dashboards.score_distribution_figure(record.scores),
                "opponents": dashboards.head_to_head_figure(record.opponents),
                "seats": dashboards.seat_results_figure(record.seats),
            },
        }
        return Response(data)

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=False, methods=["get"])
    def jobs(self, request: Request) -> Response:
        return Response([asdict(j) for j in selectors.jobs()])
