"""Plotly figures of the Mathematico statistics, built from the stored reports (JSON).

As in ``analytics.web.figures``: plain JSON-ready figures, colour-blind safe, responsive; the
pages show the same numbers as tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from analytics.compute.mathematico_stats import CLASS_NAMES, CLASSES
from analytics.web.figures import BLUE, ORANGE, Figure, _layout, labels


def values_figure(cells: Sequence[Mapping[str, Any]]) -> Figure:
    """Advantage of each value (rows 1-13) in each cell class (columns): the mean final score
    of boards with the value there minus over all its placements; blank where too few."""
    found = {(c["value"], c["cell_class"]): c for c in cells}
    values = sorted({c["value"] for c in cells})
    columns = [f"{CLASS_NAMES[k]} ({k})" for k in CLASSES]

    def grid(pick: Callable[[Mapping[str, Any] | None], object]) -> list[list[object]]:
        return [[pick(found.get((v, k))) for k in CLASSES] for v in values]

    def advantage(c: Mapping[str, Any] | None) -> float | None:
        if c is None or not c["enough"] or c["advantage"]["value"] is None:
            return None
        value: float = c["advantage"]["value"]
        return round(value, 2)

    def hover(c: Mapping[str, Any] | None) -> list[object]:
        if c is None:
            return [None, None, 0]
        a = c["advantage"]
        low, high = a["low"], a["high"]
        return [
            None if low is None else round(low, 1),
            None if high is None else round(high, 1),
            c["placements"],
        ]

    return {
        "data": [
            {
                "type": "heatmap",
                "x": columns,
                "y": [str(v) for v in values],
                "z": grid(advantage),
                "customdata": grid(hover),
                "colorscale": "RdBu",
                "zmid": 0,
                "hoverongaps": False,
                "texttemplate": "%{z:.1f}",
                "hovertemplate": _(
                    "value %{y} in %{x}: %{z:+.1f} points "
                    "[%{customdata[0]}, %{customdata[1]}] n=%{customdata[2]}<extra></extra>"
                ),
                "colorbar": {"title": {"text": _("points")}},
            }
        ],
        "layout": _layout(
            _("Mathematico: advantage of each value by position (blank: too few placements)"),
            _("cell class (symmetric cells together)"),
            _("value"),
            showlegend=False,
            yaxis={"autorange": "reversed", "title": {"text": _("value")}, "type": "category"},
            height=560,
        ),
    }


def draw_figure(entry: Mapping[str, Any]) -> Figure:
    """Where one card of a draw went (folded cells): share of the strong players' boards and
    of every board."""
    decisions = entry["decisions"]
    cells = labels([d["cell"] for d in decisions])
    return {
        "data": [
            {
                "type": "bar",
                "x": cells,
                "y": [
                    None if d["strong_share"] is None else round(100 * d["strong_share"], 1)
                    for d in decisions
                ],
                "customdata": [d["strong"] for d in decisions],
                "name": _("strong players (%)"),
                "marker": {"color": BLUE},
                "hovertemplate": _(
                    "%{x}: %{y}% of strong players (n=%{customdata})<extra></extra>"
                ),
            },
            {
                "type": "bar",
                "x": cells,
                "y": [round(100 * d["share"], 1) for d in decisions],
                "customdata": [d["everyone"] for d in decisions],
                "name": _("everyone (%)"),
                "marker": {"color": ORANGE},
                "hovertemplate": _("%{x}: %{y}% of all boards (n=%{customdata})<extra></extra>"),
            },
        ],
        "layout": _layout(
            _("Card %(draw)s (a %(value)s): where it was put (folded cells)")
            % {"draw": entry["draw"], "value": entry["value"]},
            _("cell, in the frame of the board before the card"),
            _("share of boards (%)"),
            barmode="group",
        ),
    }
