"""Figures are built from plain rows and are valid Plotly figures."""

from __future__ import annotations

import plotly.graph_objects as go

from analytics import dashboards
from analytics.selectors import HistoryPoint, LeaderRow, Opponent, SeatLine


def test_every_figure_is_a_valid_plotly_figure_with_its_numbers() -> None:
    points = [HistoryPoint(1, "o1", "2026-01-01", 1, 27.0, 8.0, 1120, 1)]
    rows = [LeaderRow(1, "Ann", "1", "ann", 27.0, 8.0, 120, 1)]
    figures = [
        dashboards.rating_history_figure(points),
        dashboards.score_distribution_figure([10, 250]),
        dashboards.head_to_head_figure([Opponent("Bo", 3, 2, 1, 0)]),
        dashboards.seat_results_figure([SeatLine("P1", 4, 1, 2.5)]),
        dashboards.leaderboard_figure(rows),
    ]
    for figure in figures:
        go.Figure(figure)  # raises on anything plotly.js would not understand

    band = figures[0]["data"]
    assert band[2]["y"] == [1000 + 40 * 27.0]
    assert band[0]["y"] == [1000 + 40 * 27.0 + 40 * 2 * 8.0]
    assert figures[4]["data"][0]["x"] == [120]
