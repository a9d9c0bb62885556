"""The ratings dashboards in a real browser: every chart is drawn by our own plotly.js."""

from __future__ import annotations

from typing import Any

import pytest

from analytics.models import Rating
from analytics.ratings import services
from matrio_site.demo import demo_load
from tests.browser import OpenPage

pytestmark = pytest.mark.browser


def charts_drawn(page: Any, names: list[str]) -> None:
    for name in names:
        page.wait_for_selector(f"#chart-{name}[data-drawn='true'] .main-svg", timeout=60_000)


def charts_shown(page: Any, names: list[str]) -> None:
    """Each chart is drawn, or says in a sentence that its data is still too thin."""
    for name in names:
        page.wait_for_selector(
            f"#chart-{name}[data-drawn='true'] .main-svg, p#chart-{name}.chart-empty",
            timeout=60_000,
        )


def test_the_leaderboard_and_a_player_page_draw_their_charts_offline(
    open_page: OpenPage, live_server: Any
) -> None:
    demo_load()
    services.ratings_recompute(kind="matrio")
    best = Rating.objects.filter(pool="matrio", player__isnull=False).order_by("-display")[0]
    page, traffic = open_page()

    page.goto(live_server.url + "/analytics/?game=matrio")
    charts_drawn(page, ["leaderboard"])
    assert page.get_by_role("cell", name=best.name, exact=False).first.is_visible()

    page.get_by_role("link", name=best.name).first.click()
    charts_drawn(page, ["history", "opponents"])
    charts_shown(page, ["scores", "seats"])
    assert page.get_by_role("heading", name="Head to head").is_visible()

    assert traffic.external == []
    assert all(status < 400 for status in traffic.responses.values()), traffic.responses


def test_the_statistics_dashboards_draw_and_the_explorer_goes_deeper_on_a_click(
    open_page: OpenPage, live_server: Any, settings: Any
) -> None:
    from analytics.statistics import mathematico, matrio
    from games.models import Game

    settings.ANALYTICS_RESAMPLES = 50
    settings.ANALYTICS_CARD_MIN_GAMES = 3
    demo_load()
    ids = list(Game.objects.values_list("pk", flat=True))
    for kind in services.games_mark_dirty(game_ids=ids):
        services.ratings_process_dirty(kind=kind)
    matrio.card_impact_refresh()
    mathematico.mathematico_refresh()
    page, traffic = open_page()

    page.goto(live_server.url + "/analytics/openings/")
    charts_drawn(page, ["openings"])
    bar = page.locator("#chart-openings .point path").first
    bar.scroll_into_view_if_needed()
    box = bar.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_url(lambda url: "line=" in url)
    charts_shown(page, ["openings"])
    assert page.locator("[aria-current='location']").is_visible()

    for path, names in [
        ("/analytics/cards/", ["cards", "seats"]),
        ("/analytics/heatmaps/", ["trays", "matrio_cells", "mathematico"]),
        ("/analytics/first-moves/", ["integer", "overload"]),
        ("/analytics/deals/", ["deals"]),
        ("/analytics/events/", ["events"]),
        ("/analytics/mathematico/values/", ["mathematico_values"]),
    ]:
        page.goto(live_server.url + path)
        charts_shown(page, names)

    page.goto(live_server.url + "/analytics/mathematico/draws/")
    page.locator("table a").first.click()
    charts_drawn(page, ["mathematico_draw"])
    page.get_by_label("Card", exact=True).select_option("5")
    page.get_by_role("button", name="Show").click()
    page.wait_for_url(lambda url: "card=5" in url)
    charts_drawn(page, ["mathematico_draw"])
    assert page.get_by_role("heading", name="Card 5", exact=False).is_visible()

    assert traffic.external == []
    assert all(status < 400 for status in traffic.responses.values()), traffic.responses
