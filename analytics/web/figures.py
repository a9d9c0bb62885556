"""Plotly figures built from plain rows (the selectors' stored results, never raw games).

Every builder returns a figure as plain JSON-ready data (``{"data": [...], "layout": {...}}``)
that plotly.js draws as it is; every page also shows the same numbers as a table, the chart's
text alternative. Colours are colour-blind safe and the layout is responsive (phones first).

plotly.js reads a subset of HTML in every text it draws (labels, legends, hover): every text
that comes from the data (names of players, events, deals, cards, moves) goes through
``label``, so a name shows as it was typed and never as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote_plus

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from analytics.compute.openings import OpeningMove
from analytics.compute.ratings import DISPLAY_SCALE
from analytics.compute.tally import Tally
from analytics.ratings.selectors import HistoryPoint, LeaderRow, Opponent, SeatLine
from analytics.reviews import LossPoint
from analytics.statistics.selectors import CellHeat, DealRow, EventSummary, HeatCell

Figure = dict[str, Any]

BLUE = "#0b5cad"
ORANGE = "#c45500"
GREEN = "#1d6b35"
GREY = "#4a5361"
#: Longer names are shortened on an axis (the hover text gives them whole).
TICK_CHARACTERS = 18


def label(text: object) -> str:
    """A text from the data, as plotly.js shows it literally (``<``, ``>`` and ``&`` escaped)."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def labels(texts: Sequence[object]) -> list[str]:
    return [label(t) for t in texts]


def _short(text: str) -> str:
    return text if len(text) <= TICK_CHARACTERS else text[: TICK_CHARACTERS - 1] + "…"


def _name_ticks(names: Sequence[str]) -> dict[str, Any]:
    """Category ticks that show each name (shortened if long) whole in the hover text."""
    return {"tickvals": labels(names), "ticktext": [label(_short(n)) for n in names]}


def _layout(title: str, x: str, y: str, **extra: Any) -> dict[str, Any]:
    return {
        "title": {"text": label(title)},
        # automargin: the axis makes room for its tick labels (names are never cut off)
        "xaxis": {"title": {"text": label(x)}, "automargin": True},
        "yaxis": {"title": {"text": label(y)}, "automargin": True},
        "margin": {"l": 50, "r": 20, "t": 80, "b": 50},
        "showlegend": True,
        # above the plot, under the title: below it, it would cover the x axis' title
        "legend": {"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
        **extra,
    }


def _game_numbers(count: int) -> dict[str, Any]:
    """An x axis of games 1..count: whole numbers only, at most about eight ticks."""
    return {"tickformat": "d", "dtick": max(1, -(-count // 8)), "automargin": True}


def move_quality_figure(points: Sequence[LossPoint]) -> Figure:
    """The average loss per move of each reviewed game, oldest first (lower is better); the
    date, in the language's format, is in the hover text (several games share a day)."""
    return {
        "data": [
            {
                "type": "scatter",
                "x": list(range(1, len(points) + 1)),
                "y": [p.average_loss for p in points],
                "customdata": [
                    [date_format(p.played_on, "DATE_FORMAT"), p.game_id, p.moves] for p in points
                ],
                "mode": "lines+markers",
                "name": _("average loss per move"),
                "line": {"color": BLUE},
                "hovertemplate": _(
                    "%{customdata[0]}: %{y:.1f} (game %{customdata[1]}, "
                    "%{customdata[2]} moves)<extra></extra>"
                ),
            }
        ],
        "layout": _layout(
            _("Average loss per move, game by game"),
            _("reviewed games, oldest first"),
            _("loss per move"),
            xaxis={
                "title": {"text": _("reviewed games, oldest first")},
                **_game_numbers(len(points)),
            },
        ),
    }


def rating_history_figure(points: Sequence[HistoryPoint]) -> Figure:
    """The displayed rating after each game (the number the leaderboard shows), with a band of
    two sigmas either side on the same scale."""
    x = list(range(1, len(points) + 1))
    upper = [p.display + DISPLAY_SCALE * 2 * p.sigma for p in points]
    lower = [p.display - DISPLAY_SCALE * 2 * p.sigma for p in points]
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
                "name": _("uncertainty (+-2 sigma)"),
            },
            {
                "type": "scatter",
                "x": x,
                "y": [p.display for p in points],
                "mode": "lines+markers",
                "name": _("rating"),
                "line": {"color": BLUE},
            },
        ],
        "layout": _layout(
            _("Rating after each game"),
            _("games played"),
            _("rating"),
            xaxis={"title": {"text": _("games played")}, **_game_numbers(len(points))},
        ),
    }


def score_distribution_figure(scores: Sequence[int]) -> Figure:
    return {
        "data": [
            {"type": "histogram", "x": list(scores), "name": _("games"), "marker": {"color": BLUE}}
        ],
        "layout": _layout(_("Final scores"), _("score"), _("games"), showlegend=False),
    }


def head_to_head_figure(opponents: Sequence[Opponent]) -> Figure:
    names = labels([o.name for o in opponents])
    return {
        "data": [
            {
                "type": "bar",
                "x": names,
                "y": [o.ahead for o in opponents],
                "name": _("finished ahead"),
                "marker": {"color": GREEN},
            },
            {
                "type": "bar",
                "x": names,
                "y": [o.level for o in opponents],
                "name": _("level"),
                "marker": {"color": GREY},
            },
            {
                "type": "bar",
                "x": names,
                "y": [o.behind for o in opponents],
                "name": _("finished behind"),
                "marker": {"color": ORANGE},
            },
        ],
        "layout": _layout(
            _("Head to head"),
            _("opponent"),
            _("games"),
            barmode="stack",
            xaxis={
                "title": {"text": _("opponent")},
                "automargin": True,
                **_name_ticks([o.name for o in opponents]),
            },
        ),
    }


def seat_results_figure(seats: Sequence[SeatLine]) -> Figure:
    return {
        "data": [
            {
                "type": "bar",
                "x": labels([s.label for s in seats]),
                "y": [s.wins / s.games if s.games else 0 for s in seats],
                "name": _("win rate"),
                "marker": {"color": BLUE},
            },
        ],
        "layout": _layout(
            _("Wins by seat"),
            _("seat"),
            _("share of games won"),
            showlegend=False,
            yaxis={
                "title": {"text": _("share of games won")},
                "tickformat": ".0%",
                "range": [0, 1],
            },
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
                "y": labels([r.name for r in shown]),
                "x": [r.display for r in shown],
                "name": _("rating"),
                "marker": {"color": BLUE},
                "error_x": {
                    "type": "data",
                    "array": [DISPLAY_SCALE * 2 * r.sigma for r in shown],
                    "color": GREY,
                },
            },
        ],
        "layout": _layout(
            _("Leaderboard"),
            _("rating (whiskers: +-2 sigma)"),
            _("player"),
            showlegend=False,
            height=max(300, 28 * len(shown) + 100),
            yaxis={
                "title": {"text": _("player")},
                "automargin": True,
                **_name_ticks([r.name for r in shown]),
            },
        ),
    }


# --- statistics ----------------------------------------------------------------------------------


def opening_figure(moves: Sequence[OpeningMove], *, link: str) -> Figure:
    """The moves after a line: games (bars) and win rate; a click opens the deeper line
    (``customdata``: the address of the line after the move)."""
    names = labels([m.move for m in moves])
    return {
        "data": [
            {
                "type": "bar",
                "x": names,
                "y": [m.games for m in moves],
                "name": _("games"),
                "marker": {"color": BLUE},
                "customdata": [f"{link}?line={quote_plus(m.next_line)}" for m in moves],
                "hovertemplate": _("%{x}: %{y} games<extra>click to go deeper</extra>"),
            },
            {
                "type": "scatter",
                "x": names,
                "y": [round(100 * m.win_rate, 1) for m in moves],
                "name": _("win rate of its player (%)"),
                "yaxis": "y2",
                "mode": "markers",
                "marker": {"color": ORANGE, "size": 10, "symbol": "diamond"},
            },
        ],
        "layout": _layout(
            _("Moves played from this position"),
            _("move (card > tray)"),
            _("games"),
            yaxis2={
                "title": {"text": _("win rate (%)")},
                "overlaying": "y",
                "side": "right",
                "range": [0, 100],
            },
        ),
    }


def _whiskers(estimates: Sequence[dict[str, Any]]) -> dict[str, Any]:
    values = [e["value"] or 0.0 for e in estimates]
    return {
        "type": "data",
        "symmetric": False,
        "array": [
            (e["high"] if e["high"] is not None else v) - v
            for e, v in zip(estimates, values, strict=True)
        ],
        "arrayminus": [
            v - (e["low"] if e["low"] is not None else v)
            for e, v in zip(estimates, values, strict=True)
        ],
        "color": GREY,
    }


def card_impact_figure(cards: Sequence[dict[str, Any]]) -> Figure:
    """Ranked cards' final-score difference (held minus not held) with 95% whiskers."""
    ranked = [c for c in cards if c["rank"] is not None]
    diffs = [c["score_diff"] for c in ranked]
    return {
        "data": [
            {
                "type": "bar",
                "x": labels([c["card"] for c in ranked]),
                "y": [d["value"] for d in diffs],
                "error_y": _whiskers(diffs),
                "marker": {"color": BLUE},
                "name": _("score held minus not held"),
                "customdata": [d["n"] for d in diffs],
                "hovertemplate": _("%{x}: %{y:.1f} (n=%{customdata})<extra></extra>"),
            }
        ],
        "layout": _layout(
            # xgettext:no-python-format
            _("Final score of the card's holder minus the others' (95% interval)"),
            _("card (best first)"),
            _("points"),
        ),
    }


def seat_effects_figure(seats: Sequence[dict[str, Any]]) -> Figure:
    """Each seat's mean score minus the mean of all finishers, with 95% whiskers."""
    advantage = [s["score_advantage"] for s in seats]
    return {
        "data": [
            {
                "type": "bar",
                "x": labels([s["seat"] for s in seats]),
                "y": [a["value"] for a in advantage],
                "error_y": _whiskers(advantage),
                "marker": {"color": GREEN},
                "name": _("score advantage"),
            }
        ],
        "layout": _layout(
            # xgettext:no-python-format
            _("Seat advantage (95% interval)"),
            _("seat"),
            _("points over the mean"),
        ),
    }


def tray_heatmap_figure(cells: Sequence[HeatCell]) -> Figure:
    """MatriO trays played to (count), the mover's mean gain in the hover text."""
    lines = ["R1", "R2", "R3", "C1", "C2", "C3"]
    suits = ["S", "D", "C", "H"]
    found = {c.name: c.tally for c in cells}
    z = [
        [found[f"{line}{s}"].games if f"{line}{s}" in found else 0 for s in suits] for line in lines
    ]
    gain = [
        [
            round(found[f"{line}{s}"].mean_extra or 0.0, 1) if f"{line}{s}" in found else None
            for s in suits
        ]
        for line in lines
    ]
    return {
        "data": [
            {
                "type": "heatmap",
                "x": suits,
                "y": lines,
                "z": z,
                "customdata": gain,
                "colorscale": "Viridis",
                "hovertemplate": _(
                    "%{y}%{x}: %{z} plays, mover gains %{customdata} on average<extra></extra>"
                ),
                "colorbar": {"title": {"text": _("plays")}},
            }
        ],
        "layout": _layout(
            _("MatriO trays played to"),
            _("printed suit"),
            _("line"),
            showlegend=False,
            yaxis={"autorange": "reversed", "title": {"text": _("line")}, "automargin": True},
        ),
    }


def cell_heatmap_figure(cells: Sequence[CellHeat]) -> Figure:
    """The MatriO board's 3x3 cells: mean final cell score (colour and label); the hover
    adds the owner's win rate, the mean ply the cell was won at and the games."""
    lines = ["1", "2", "3"]
    found = {c.name: c for c in cells}

    def grid(value: Callable[[CellHeat], object]) -> list[list[object]]:
        return [[value(found[r + c]) if r + c in found else None for c in lines] for r in lines]

    return {
        "data": [
            {
                "type": "heatmap",
                "x": [_("column %(n)s") % {"n": c} for c in lines],
                "y": [_("row %(n)s") % {"n": r} for r in lines],
                "z": grid(
                    lambda c: None if c.tally.mean_extra is None else round(c.tally.mean_extra, 1)
                ),
                "customdata": grid(
                    lambda c: [
                        round(100 * (c.tally.win_rate or 0.0), 1),
                        None if c.mean_ply is None else round(c.mean_ply, 1),
                        c.tally.games,
                    ]
                ),
                "texttemplate": "%{z:.0f}",
                "colorscale": "RdBu",
                "zmid": 0,
                "hovertemplate": _(
                    "%{y}, %{x}: mean score %{z} (n=%{customdata[2]}); its owner "
                    "won %{customdata[0]}% of games; won at ply %{customdata[1]} on average"
                    "<extra></extra>"
                ),
                "colorbar": {"title": {"text": _("mean score")}},
            }
        ],
        "layout": _layout(
            _("MatriO cells: mean final score"),
            _("column of the grid"),
            _("row of the grid"),
            showlegend=False,
            yaxis={"autorange": "reversed", "title": {"text": _("row of the grid")}},
        ),
    }


def mathematico_heatmap_figure(cells: Sequence[HeatCell]) -> Figure:
    """Mathematico early placements by folded cell (rows 1-5, columns a-e)."""
    found = {c.name: c.tally.games for c in cells}
    rows, columns = ["1", "2", "3", "4", "5"], ["a", "b", "c", "d", "e"]
    return {
        "data": [
            {
                "type": "heatmap",
                "x": columns,
                "y": rows,
                "z": [[found.get(f"{c}{r}", 0) for c in columns] for r in rows],
                "colorscale": "Cividis",
                "hovertemplate": _("%{x}%{y}: %{z} early placements<extra></extra>"),
                "colorbar": {"title": {"text": _("placements")}},
            }
        ],
        "layout": _layout(
            _("Mathematico: where values go early (symmetric boards folded)"),
            _("column"),
            _("row"),
            showlegend=False,
            yaxis={"autorange": "reversed", "title": {"text": _("row")}},
        ),
    }


def deal_difficulty_figure(deals: Sequence[DealRow], *, top: int = 30) -> Figure:
    """The hardest Overload deals: the deal's strength (mu) with +-2 sigma whiskers."""
    shown = list(deals)[:top]
    return {
        "data": [
            {
                "type": "bar",
                "x": labels([d.name for d in shown]),
                "y": [round(d.mu, 2) for d in shown],
                "error_y": {"type": "data", "array": [round(2 * d.sigma, 2) for d in shown]},
                "marker": {"color": ORANGE},
                "name": _("deal strength (mu)"),
                "customdata": [d.games for d in shown],
                "hovertemplate": _("%{x}: mu %{y} (%{customdata} games)<extra></extra>"),
            }
        ],
        "layout": _layout(
            _("Overload deals, hardest first (+-2 sigma)"),
            _("deal"),
            _("strength (mu)"),
            showlegend=False,
        ),
    }


def event_figure(events: Sequence[EventSummary]) -> Figure:
    """Each event's win rate per seat (how fair the seating was)."""
    seats = sorted({key for e in events for key, _ in e.seats}, key=lambda k: int(k[1:]))
    return {
        "data": [
            {
                "type": "bar",
                "name": label(seat),
                "x": labels([e.name for e in events]),
                "y": [
                    round(100 * (dict(e.seats)[seat].win_rate or 0.0), 1)
                    if seat in dict(e.seats)
                    else None
                    for e in events
                ],
            }
            for seat in seats
        ],
        "layout": _layout(
            _("Win rate by seat in each event"), _("event"), _("win rate (%)"), barmode="group"
        ),
    }


def first_moves_figure(
    groups: Sequence[tuple[str, Sequence[tuple[str, Tally]]]], *, title: str, x: str
) -> Figure:
    """How often each choice was made, one bar series per group (ply or royal)."""
    return {
        "data": [
            {
                "type": "bar",
                "name": label(group),
                "x": labels([key for key, _ in keys]),
                "y": [tally.games for _, tally in keys],
            }
            for group, keys in groups
        ],
        "layout": _layout(title, x, _("games"), barmode="group"),
    }
