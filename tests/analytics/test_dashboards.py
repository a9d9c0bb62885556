"""Figures are built from plain rows and are valid Plotly figures."""

from __future__ import annotations

import plotly.graph_objects as go

from analytics.compute.tally import Tally
from analytics.ratings.selectors import HistoryPoint, LeaderRow, Opponent, SeatLine
from analytics.statistics.selectors import CellHeat
from analytics.web.figures import (
    cell_heatmap_figure,
    head_to_head_figure,
    leaderboard_figure,
    rating_history_figure,
    score_distribution_figure,
    seat_results_figure,
)


def test_every_figure_is_a_valid_plotly_figure_with_its_numbers() -> None:
    points = [HistoryPoint(1, "o1", "2026-01-01", 1, 27.0, 8.0, 1120, 1)]
    rows = [LeaderRow(1, "Ann", "1", "ann", 27.0, 8.0, 120, 1)]
    figures = [
        rating_history_figure(points),
        score_distribution_figure([10, 250]),
        head_to_head_figure([Opponent("Bo", 3, 2, 1, 0)]),
        seat_results_figure([SeatLine("P1", 4, 1, 2.5)]),
        leaderboard_figure(rows),
    ]
    for figure in figures:
        go.Figure(figure)  # raises on anything plotly.js would not understand

    band = figures[0]["data"]
    assert band[2]["y"] == [1120]  # the displayed rating, as on the leaderboard
    assert band[0]["y"] == [1120 + 40 * 2 * 8.0]
    assert figures[4]["data"][0]["x"] == [120]


def test_the_cell_heatmap_puts_each_cell_at_its_row_and_column() -> None:
    cells = [
        CellHeat("11", "1", "1", Tally(games=4, wins=1, rank_sum=9, extra_sum=400), 30.5),
        CellHeat("23", "2", "3", Tally(games=2, wins=2, rank_sum=2, extra_sum=-31), 44.0),
    ]
    figure = cell_heatmap_figure(cells)
    go.Figure(figure)

    heatmap = figure["data"][0]
    assert heatmap["z"][0][0] == 100.0 and heatmap["z"][1][2] == -15.5
    assert heatmap["customdata"][1][2] == [100.0, 44.0, 2]  # owner's win rate, ply, games
    assert heatmap["z"][2][1] is None  # never won
