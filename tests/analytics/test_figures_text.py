"""Every figure builder: names from the data are shown as typed, never read as markup.

plotly.js interprets a subset of HTML in the texts it draws (axis ticks, legends, hover
labels): a player called ``<a href=x>link</a>`` must not become a link on a public chart.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from analytics.compute.openings import OpeningMove
from analytics.compute.tally import Tally
from analytics.ratings.selectors import HistoryPoint, LeaderRow, Opponent, SeatLine
from analytics.statistics.selectors import DealRow, EventSummary, HeatCell
from analytics.web import figures, mathematico_figures
from analytics.web.figures import Figure

HOSTILE = [
    "<a href=x>link</a>",
    '<span style="font-size:90px;color:red">big</span>',
    "Tom & Jerry <b>",
]
#: The only texts with markup of our own: plotly's templates (``<extra></extra>``).
TEMPLATE_KEYS = {"hovertemplate", "texttemplate"}


def texts(node: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for k, value in node.items():
            yield from texts(value, k)
    elif isinstance(node, list):
        for value in node:
            yield from texts(value, key)
    elif isinstance(node, str):
        yield key, node


def assert_no_markup(figure: Figure, name: str) -> None:
    shown = [(key, text) for key, text in texts(figure) if key not in TEMPLATE_KEYS]
    assert not [text for _, text in shown if "<" in text or ">" in text], shown
    escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert escaped in [text for _, text in shown]


def stats(tally_games: int = 3) -> Tally:
    return Tally(games=tally_games, wins=1, rank_sum=5, scored=3, score_sum=30)


def estimate(value: float = 1.0) -> dict[str, Any]:
    return {"value": value, "low": value - 1, "high": value + 1, "n": 40}


def builders(name: str) -> dict[str, Figure]:
    leader = LeaderRow(1, name, "7", "someone", 30.0, 2.0, 1960, 12)
    opponent = Opponent(name, 4, 2, 1, 1)
    move = OpeningMove("", name, 5, 0.5, 0.4, 2.1, 30.0, 5, 1200.0, 5)
    event = EventSummary(1, name, "club", "matrio", date(2026, 3, 1), 12, [("P1", stats())])
    deal = DealRow("abc", name, 26.0, 3.0, 1100, 8)
    card = {"card": name, "rank": 1, "score_diff": estimate()}
    return {
        "leaderboard": figures.leaderboard_figure([leader]),
        "head to head": figures.head_to_head_figure([opponent]),
        "seats": figures.seat_results_figure([SeatLine(name, 4, 2, 1.5)]),
        "openings": figures.opening_figure([move], link="/analytics/openings/"),
        "card impact": figures.card_impact_figure([card]),
        "seat effects": figures.seat_effects_figure(
            [{"seat": name, "score_advantage": estimate()}]
        ),
        "deals": figures.deal_difficulty_figure([deal]),
        "events": figures.event_figure([event]),
        "first moves": figures.first_moves_figure([(name, [(name, stats())])], title="t", x="x"),
        "draw": mathematico_figures.draw_figure(
            {
                "draw": 1,
                "value": 7,
                "decisions": [
                    {"cell": name, "strong_share": 0.5, "strong": 2, "share": 0.4, "everyone": 5}
                ],
            }
        ),
    }


@pytest.mark.parametrize("name", HOSTILE)
@pytest.mark.parametrize("builder", sorted(builders("x")))
def test_every_builder_escapes_the_names_it_draws(builder: str, name: str) -> None:
    assert_no_markup(builders(name)[builder], name)


def test_figures_without_names_carry_no_markup_either() -> None:
    cell = HeatCell("R1S", "R1", "S", stats())
    point = HistoryPoint(1, "2026-03-01:1", "2026-03-01", 1, 25.0, 8.0, 1000, 1)
    for figure in (
        figures.tray_heatmap_figure([cell]),
        figures.rating_history_figure([point]),
        figures.score_distribution_figure([10, 20]),
    ):
        assert not [t for k, t in texts(figure) if k not in TEMPLATE_KEYS and "<" in t]


def test_a_long_name_is_shortened_on_the_axis_and_whole_in_the_hover() -> None:
    name = "Maximiliana Bartholomew-Featherstonehaugh"
    layout = figures.leaderboard_figure([LeaderRow(1, name, "7", None, 30.0, 2.0, 1960, 12)])[
        "layout"
    ]["yaxis"]

    assert layout["tickvals"] == [name] and layout["automargin"] is True
    assert layout["ticktext"][0].endswith("…") and len(layout["ticktext"][0]) == 18


def test_the_rating_history_plots_the_rating_the_leaderboard_shows() -> None:
    points = [
        HistoryPoint(1, "2026-03-01:1", "2026-03-01", 1, 25.0, 8.0, 1000, 1),
        HistoryPoint(2, "2026-03-02:2", "2026-03-02", 2, 27.0, 5.0, 1480, 2),
    ]
    figure = figures.rating_history_figure(points)

    rating = next(t for t in figure["data"] if t.get("name") == "rating")
    band = [t["y"] for t in figure["data"] if t.get("mode") == "lines"]
    assert rating["y"] == [1000, 1480]
    assert band == [[1640.0, 1880.0], [360.0, 1080.0]]
