"""Plotly figures built from plain rows (the selectors' stored results, never raw games).

Every builder returns a figure as plain JSON-ready data (``{"data": [...], "layout": {...}}``)
that plotly.js draws as it is; every page also shows the same numbers as a table, the chart's
text alternative. Colours are colour-blind safe and the layout is responsive (phones first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from analytics.compute.ratings import DISPLAY_BASE, DISPLAY_SCALE
from analytics.selectors import HistoryPoint, LeaderRow, Opponent, SeatLine

Figure = dict[str, Any]

BLUE = "#0b5cad"
ORANGE = "#c45500"
GREEN = "#1d6b35"
GREY = "#4a5361"


def _layout(title: str, x: str, y: str, **extra: Any) -> dict[str, Any]:
    return {
        "title": {"text": title},
        "xaxis": {"title": {"text": x}},
        "yaxis": {"title": {"text": y}},
        "margin": {"l": 60, "r": 20, "t": 50, "b": 50},
        "showlegend": True,
        "legend": {"orientation": "h"},
        **extra,
    }


def rating_history_figure(points: Sequence[HistoryPoint]) -> Figure:
    """The estimate (mu) with a band of two sigmas either side, and the displayed rating."""
    x = list(range(1, len(points) + 1))
    centre = [DISPLAY_BASE + DISPLAY_SCALE * p.mu for p in points]
    upper = [c + DISPLAY_SCALE * 2 * p.sigma for c, p in zip(centre, points, strict=True)]
    lower = [c - DISPLAY_SCALE * 2 * p.sigma for c, p in zip(centre, points, strict=True)]
    return {
        "data": [
            {
                "type": "scatter",
                "x": x,
                "y": upper,
                "mode": "lines",
                "line": {"width": 0},
                "hoverinfo": "skip",
                "showlegend": False,
            },
            {
                "type": "scatter",
                "x": x,
                "y": lower,
                "mode": "lines",
                "line": {"width": 0},
                "fill": "tonexty",
                "fillcolor": "rgba(11,92,173,0.18)",
                "name": "uncertainty (+-2 sigma)",
            },
            {
                "type": "scatter",
                "x": x,
                "y": centre,
                "mode": "lines",
                "name": "estimate (mu)",
                "line": {"color": BLUE},
            },
            {
                "type": "scatter",
                "x": x,
                "y": [p.display for p in points],
                "mode": "lines+markers",
                "name": "displayed rating (mu - 3 sigma)",
                "line": {"color": ORANGE},
            },
        ],
        "layout": _layout("Rating after each game", "games played", "rating"),
    }


def score_distribution_figure(scores: Sequence[int]) -> Figure:
    return {
        "data": [
            {"type": "histogram", "x": list(scores), "name": "games", "marker": {"color": BLUE}}
        ],
        "layout": _layout("Final scores", "score", "games", showlegend=False),
    }


def head_to_head_figure(opponents: Sequence[Opponent]) -> Figure:
    names = [o.name for o in opponents]
    return {
        "data": [
            {
                "type": "bar",
                "x": names,
                "y": [o.ahead for o in opponents],
                "name": "finished ahead",
                "marker": {"color": GREEN},
            },
            {
                "type": "bar",
                "x": names,
                "y": [o.level for o in opponents],
                "name": "level",
                "marker": {"color": GREY},
            },
            {
                "type": "bar",
                "x": names,
                "y": [o.behind for o in opponents],
                "name": "finished behind",
                "marker": {"color": ORANGE},
            },
        ],
        "layout": _layout("Head to head", "opponent", "games", barmode="stack"),
    }


def seat_results_figure(seats: Sequence[SeatLine]) -> Figure:
    return {
        "data": [
            {
                "type": "bar",
                "x": [s.label for s in seats],
                "y": [s.wins / s.games if s.games else 0 for s in seats],
                "name": "win rate",
                "marker": {"color": BLUE},
            },
        ],
        "layout": _layout(
            "Wins by seat",
            "seat",
            "share of games won",
            showlegend=False,
            yaxis={"title": {"text": "share of games won"}, "tickformat": ".0%", "range": [0, 1]},
        ),
    }


def leaderboard_figure(rows: Sequence[LeaderRow], top: int = 20) -> Figure:
    """The top players' displayed ratings, whiskers of 2 sigma on the display scale."""
    shown = list(rows[:top])[::-1]
    return {
        "data": [
            {
                "type": "bar",
                "orientation": "h",
                "y": [r.name for r in shown],
                "x": [r.display for r in shown],
                "name": "rating",
                "marker": {"color": BLUE},
                "error_x": {
                    "type": "data",
                    "array": [DISPLAY_SCALE * 2 * r.sigma for r in shown],
                    "color": GREY,
                },
            },
        ],
        "layout": _layout(
            "Leaderboard",
            "rating (whiskers: +-2 sigma)",
            "player",
            showlegend=False,
            height=max(300, 28 * len(shown) + 100),
        ),
    }
