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

from analytics import jobs
from analytics.ratings import selectors as rating_selectors
from analytics.statistics import counters
from analytics.statistics import selectors as statistics_selectors
from analytics.web import figures
from analytics.web.mathematico_api import MathematicoStatistics
from analytics.web.serializers import DealSerializer, EventSummarySerializer, JobSerializer
from clubs.models import Club, Player
from games.kinds import GameKind

GAME = OpenApiParameter("game", OpenApiTypes.STR, enum=GameKind.values, default="matrio")
CLUB = OpenApiParameter("club", OpenApiTypes.STR, description="a club's slug (default: all)")


def _kind(request: Request) -> str:
    kind = request.query_params.get("game", GameKind.MATRIO)
    if kind not in GameKind.values:
        raise ValidationError({"game": f"game is one of {', '.join(GameKind.values)}"})
    return kind


class AnalyticsViewSet(MathematicoStatistics, viewsets.ViewSet):
    """Ratings and progress, as the dashboards show them (``figure``: the Plotly figure)."""

    @extend_schema(parameters=[GAME, CLUB], responses=OpenApiTypes.OBJECT)
    @action(detail=False, methods=["get"])
    def leaderboard(self, request: Request) -> Response:
        kind = _kind(request)
        club = request.query_params.get("club") or None
        if club and not Club.objects.filter(slug=club).exists():
            raise ValidationError({"club": f"no club with the slug {club!r}"})
        rows = rating_selectors.leaderboard(kind=kind, club_slug=club)
        return Response(
            {
                "game": kind,
                "club": club,
                "pool": rating_selectors.pool_name(kind=kind, club_slug=club),
                "ratings": [
                    {**asdict(r), "rating": r.display, "provisional": r.provisional} for r in rows
                ],
                "figure": figures.leaderboard_figure(rows),
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
        history = rating_selectors.rating_history(player=person, kind=kind)
        record = rating_selectors.player_record(player=person, kind=kind)
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
                for r in rating_selectors.player_ratings(player=person)
            ],
            "history": [asdict(p) for p in history],
            "record": asdict(record),
            "figures": {
                "history": figures.rating_history_figure(history),
                "scores": figures.score_distribution_figure(record.scores),
                "opponents": figures.head_to_head_figure(record.opponents),
                "seats": figures.seat_results_figure(record.seats),
            },
        }
        return Response(data)

    @extend_schema(responses=JobSerializer(many=True))
    @action(detail=False, methods=["get"])
    def jobs(self, request: Request) -> Response:
        return Response([asdict(j) for j in jobs.jobs()])

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "line", OpenApiTypes.STR, description="moves played so far, e.g. '2C>R1C 3C>C2E'"
            )
        ],
        responses=OpenApiTypes.OBJECT,
    )
    @action(detail=False, methods=["get"])
    def openings(self, request: Request) -> Response:
        """The MatriO opening explorer: the moves played after ``line`` (stored counters)."""
        try:
            line = statistics_selectors.opening_line(request.query_params.get("line"))
        except ValueError as problem:
            raise ValidationError({"line": str(problem)}) from problem
        moves = statistics_selectors.opening_moves(line=line)
        return Response(
            {
                "line": line,
                "depth": counters.opening_depth(),
                "games": sum(m.games for m in moves),
                "moves": [{**asdict(m), "next_line": m.next_line} for m in moves],
            }
        )

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=False, methods=["get"], url_path="card-impact")
    def card_impact(self, request: Request) -> Response:
        """MatriO card impact and seat effects (95% bootstrap intervals, sample sizes)."""
        report = statistics_selectors.card_impact_report()
        if report is None:
            return Response({"games": 0, "cards": [], "seats": []})
        return Response(report)

    @extend_schema(
        parameters=[OpenApiParameter("value", OpenApiTypes.INT, description="a Mathematico value")],
        responses=OpenApiTypes.OBJECT,
    )
    @action(detail=False, methods=["get"])
    def heatmaps(self, request: Request) -> Response:
        """MatriO trays played to, MatriO cells (owner's outcome, final cell score, ply won)
        and Mathematico early placements (folded cells)."""
        raw = request.query_params.get("value") or ""
        if raw and not raw.isdigit():
            raise ValidationError({"value": "the value is a whole number such as 1 or 13"})
        value = int(raw) if raw else None

        def cell(c: statistics_selectors.HeatCell) -> dict[str, Any]:
            t = c.tally
            return {
                "cell": c.name,
                "placements": t.games,
                "win_rate": t.win_rate,
                "mean_rank": t.mean_rank,
                "mean_score": t.mean_score,
                "mean_gain": t.mean_extra,
            }

        def matrio_cell(c: statistics_selectors.CellHeat) -> dict[str, Any]:
            t = c.tally
            return {
                "cell": c.name,
                "games": t.games,
                "owner_win_rate": t.win_rate,
                "owner_mean_rank": t.mean_rank,
                "owner_mean_score": t.mean_score,
                "mean_cell_score": t.mean_extra,
                "mean_ply_won": c.mean_ply,
            }

        return Response(
            {
                "matrio_trays": [cell(c) for c in statistics_selectors.tray_heatmap()],
                "matrio_cells": [matrio_cell(c) for c in statistics_selectors.matrio_cells()],
                "mathematico": {
                    "value": value,
                    "cells": [
                        cell(c) for c in statistics_selectors.mathematico_heatmap(value=value)
                    ],
                },
            }
        )

    @extend_schema(responses=DealSerializer(many=True))
    @action(detail=False, methods=["get"])
    def deals(self, request: Request) -> Response:
        """Overload deals, hardest first: each deal's rating as a pseudo-player."""
        return Response([asdict(d) for d in statistics_selectors.deal_difficulty()])

    @extend_schema(responses=EventSummarySerializer(many=True))
    @action(detail=False, methods=["get"])
    def events(self, request: Request) -> Response:
        """Recent events with finished games: games and each seat's outcome."""
        return Response(
            [
                {
                    "event_id": e.event_id,
                    "name": e.name,
                    "club": e.club,
                    "game": e.game,
                    "starts_on": e.starts_on,
                    "games": e.games,
                    "seats": [
                        {
                            "seat": seat,
                            "games": t.games,
                            "win_rate": t.win_rate,
                            "mean_rank": t.mean_rank,
                            "mean_score": t.mean_score,
                            "scored": t.scored,
                        }
                        for seat, t in e.seats
                    ],
                }
                for e in statistics_selectors.event_summaries()
            ]
        )

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=False, methods=["get"], url_path="first-moves")
    def first_moves(self, request: Request) -> Response:
        """Integer Matrix first placements (by ply) and Overload setup choices (by royal)."""

        def groups(statistic: str) -> dict[str, list[dict[str, Any]]]:
            return {
                group: [
                    {
                        "choice": key,
                        "games": t.games,
                        "win_rate": t.win_rate,
                        "mean_score": t.mean_score,
                        "mean_extra": t.mean_extra,
                    }
                    for key, t in keys
                ]
                for group, keys in statistics_selectors.counter_groups(statistic=statistic)
            }

        return Response(
            {
                "integer_matrix": groups(counters.INTEGER_MATRIX_FIRST),
                "overload": groups(counters.OVERLOAD_SETUP),
            }
        )
