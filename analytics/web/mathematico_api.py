"""REST API for the Mathematico statistics (mixed into ``analytics.web.api.AnalyticsViewSet``):
the stored value-by-position report, the compared draws and one draw's decisions.

Read-only and public like the pages; nothing is computed here.
"""

from __future__ import annotations

from dataclasses import asdict

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from analytics.statistics import mathematico_selectors

PAGE = OpenApiParameter("page", OpenApiTypes.INT, description="page of 50 draws (default 1)")
CARD = OpenApiParameter(
    "card", OpenApiTypes.INT, description="one card of the draw, 1-25 (default: every card)"
)
KEY = OpenApiParameter("key", OpenApiTypes.STR, OpenApiParameter.PATH, description="a draw's key")


class MathematicoStatistics(viewsets.ViewSet):
    """Mathematico: value of each number by position and decisions versus the field."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=False, methods=["get"], url_path="mathematico/values")
    def mathematico_values(self, request: Request) -> Response:
        """Each value 1-13 by cell class: mean final score and advantage, each with its 95%
        bootstrap interval and n; ``rank`` within the value, null when too few placements."""
        report = mathematico_selectors.values_report()
        if report is None:
            return Response({"games": 0, "boards": 0, "cells": []})
        return Response(report)

    @extend_schema(parameters=[PAGE], responses=OpenApiTypes.OBJECT)
    @action(detail=False, methods=["get"], url_path="mathematico/draws")
    def mathematico_draws(self, request: Request) -> Response:
        """The draws played by at least two boards, most played first."""
        raw = request.query_params.get("page") or "1"
        if not raw.isdigit() or int(raw) < 1:
            raise ValidationError({"page": "the page is a whole number from 1"})
        page = mathematico_selectors.draws_page(page=raw)
        return Response(
            {
                "page": page.number,
                "pages": page.paginator.num_pages,
                "count": page.paginator.count,
                "draws": [asdict(d) for d in page.object_list],
            }
        )

    @extend_schema(
        operation_id="analytics_mathematico_draw_retrieve",
        parameters=[KEY, CARD],
        responses=OpenApiTypes.OBJECT,
    )
    @action(detail=False, methods=["get"], url_path=r"mathematico/draws/(?P<key>[0-9a-f]+)")
    def mathematico_draw(self, request: Request, key: str) -> Response:
        """One draw: for every card (or ``card``), where the strong players and everyone put
        it (folded cells), with the mean final score of those boards."""
        report = mathematico_selectors.draw_report(key=key)
        if report is None:
            raise Http404("no such draw")
        raw = request.query_params.get("card")
        if raw is not None:
            try:
                number = mathematico_selectors.draw_number(raw)
            except ValueError as problem:
                raise ValidationError({"card": str(problem)}) from problem
            report = {**report, "draws": [report["draws"][number - 1]]}
        return Response(report)
