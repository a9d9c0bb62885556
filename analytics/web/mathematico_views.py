"""Mathematico statistics pages: the value of each number by position, the compared draws,
and one draw's decisions card by card. Thin views over stored results (never computed here).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from analytics.statistics import mathematico_selectors
from analytics.web import charts, mathematico_figures
from analytics.web.charts import Chart, Unit


@require_GET
def values(request: HttpRequest) -> HttpResponse:
    """Mathematico: value of each number by position (heatmap and table)."""
    report = mathematico_selectors.values_report()
    chart = None
    if report:
        figure = mathematico_figures.values_figure(report["cells"])
        # blank cells below the statistics' own threshold: a board has a placement per value
        chart = Chart(figure, report["boards"], report["min_placements"], Unit.BOARDS)
    return render(request, "analytics/mathematico_values.html", {"report": report, "chart": chart})


@require_GET
def draws(request: HttpRequest) -> HttpResponse:
    """The draws played by at least two boards, most played first."""
    page = mathematico_selectors.draws_page(page=request.GET.get("page") or 1)
    return render(request, "analytics/mathematico_draws.html", {"page": page})


@require_GET
def draw(request: HttpRequest, key: str) -> HttpResponse:
    """One draw: for the card chosen (``?card=1``..25), where strong players and everyone
    put it."""
    report = mathematico_selectors.draw_report(key=key)
    if report is None:
        raise Http404(gettext("no such draw (or fewer than two boards played it)"))
    error = None
    try:
        number = mathematico_selectors.draw_number(request.GET.get("card"))
    except ValueError as problem:
        error, number = str(problem), 1
    entry = report["draws"][number - 1]
    return render(
        request,
        "analytics/mathematico_draw.html",
        {
            "report": report,
            "entry": entry,
            "card": number,
            "error": error,
            "chart": Chart(
                mathematico_figures.draw_figure(entry), entry["placed"], charts.DRAW, Unit.BOARDS
            ),
        },
        status=400 if error else 200,
    )
