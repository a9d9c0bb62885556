"""The analytics pages on a 390 px phone: no sideways scrolling, no toolbar over the titles,
names drawn as typed (never as markup)."""

from __future__ import annotations

from typing import Any

import pytest

from analytics.models import Rating
from analytics.ratings import services
from analytics.statistics import matrio
from clubs.models import Player
from games.models import Game, Seat
from matrio_site.demo import demo_load
from tests.analytics.test_browser import charts_drawn
from tests.browser import PHONE, OpenPage

pytestmark = pytest.mark.browser

HOSTILE = '<a href="/x">link</a><span style="font-size:90px;color:red">big</span>'


def phone(open_page: OpenPage) -> tuple[Any, Any]:
    return open_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)


def fits(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"])


def test_the_analytics_pages_fit_a_phone_and_draw_names_as_typed(
    open_page: OpenPage, live_server: Any, settings: Any
) -> None:
    settings.ANALYTICS_RESAMPLES = 50
    settings.ANALYTICS_CARD_MIN_GAMES = 3
    demo_load()
    # A member renamed to markup: every chart must show the name, not obey it.
    seat = Seat.objects.filter(game__kind="matrio", player__isnull=False).first()
    assert seat is not None and seat.player is not None
    renamed = seat.player
    Player.objects.filter(pk=renamed.pk).update(name=HOSTILE)
    Seat.objects.filter(player=renamed).update(name=HOSTILE)  # a seat keeps its own name
    ids = list(Game.objects.values_list("pk", flat=True))
    for kind in services.games_mark_dirty(game_ids=ids):
        services.ratings_process_dirty(kind=kind)
    matrio.card_impact_refresh()
    assert Rating.objects.filter(pool="matrio", name=HOSTILE).exists()
    page, traffic = phone(open_page)

    page.goto(live_server.url + "/analytics/?game=matrio")
    charts_drawn(page, ["leaderboard"])
    assert fits(page)
    chart = page.locator("#chart-leaderboard")
    assert chart.locator("a").count() == 0  # no link made of a name
    assert page.locator(".modebar").count() == 0  # no toolbar over the title on a phone
    ticks = chart.locator(".ytick text").all_text_contents()
    assert any(t.startswith('<a href="/x">') for t in ticks), ticks  # shown as typed, shortened

    page.goto(live_server.url + f"/analytics/players/{renamed.slug}/?game=matrio")
    charts_drawn(page, ["history", "opponents"])
    assert fits(page)
    assert page.locator("svg a").count() == 0
    assert (
        page.locator("svg [style*='font-size: 90px'], svg [style*='font-size:90px']").count() == 0
    )

    for path in ("/analytics/heatmaps/", "/analytics/openings/", "/analytics/cards/?suit=H"):
        page.goto(live_server.url + path)
        assert fits(page), path
    # one suit of cards: a few screens, no longer 27,000 px
    assert page.evaluate("document.documentElement.scrollHeight") < 6000

    assert traffic.external == []
    assert all(status < 400 for status in traffic.responses.values()), traffic.responses
