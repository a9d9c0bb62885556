"""The main pages work in Chromium under the Content-Security-Policy: no violation reported,
and each page does its job (charts drawn, the live board shown, the API docs listed)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from analytics.ratings import services as ratings
from games.models import Game
from matrio_site.demo import demo_load
from tests.browser import PHONE, OpenPage
from tests.games.test_browser_live_entry import signed_in

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots-matrio_h5"
# Chromium reports every blocked script, style, eval or connection as an event on the document.
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""


def watched(open_page: OpenPage, **options: Any) -> tuple[Any, Any, list[str]]:
    page, traffic = open_page(**options)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(WATCH)
    return page, traffic, console


# Redoc's bundle shows a logo from its CDN: the policy blocks it on purpose (README "No CDN").
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


def violations(page: Any, console: list[str]) -> list[str]:
    said = [text for text in console if "Content Security Policy" in text]
    found = list(page.evaluate("window.__violations")) + said
    return [text for text in found if REDOC_LOGO not in text]


def test_the_home_page_and_the_dashboard_draw_under_the_policy(
    open_page: OpenPage, live_server: Any
) -> None:
    demo_load()
    ratings.ratings_recompute(kind="matrio")
    page, traffic, console = watched(open_page, viewport=PHONE, is_mobile=True, has_touch=True)

    page.goto(live_server.url + "/")
    page.get_by_role("heading", name="Demo Club").wait_for()
    assert violations(page, console) == []

    page.goto(live_server.url + "/analytics/?game=matrio")
    page.wait_for_selector("#chart-leaderboard[data-drawn='true'] .main-svg", timeout=60_000)
    page.screenshot(path=f"{SHOTS}/csp-dashboard-phone.png", full_page=True)
    assert violations(page, console) == []
    assert traffic.external == []


def test_the_live_game_page_works_under_the_policy(open_page: OpenPage, live_server: Any) -> None:
    demo_load()
    game = Game.objects.filter(source=Game.Source.LIVE, status=Game.Status.LIVE).first()
    assert game is not None
    keeper = get_user_model().objects.get(username="scorekeeper")
    page, traffic, console = watched(open_page, viewport=PHONE, is_mobile=True, has_touch=True)
    signed_in(page, live_server, keeper)

    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector(f'#board-frame .board-root[data-ply="{game.moves.count()}"]')
    page.screenshot(path=f"{SHOTS}/csp-live-game-phone.png", full_page=True)

    assert violations(page, console) == []
    assert traffic.external == []


def test_the_api_docs_work_under_the_policy(open_page: OpenPage, live_server: Any) -> None:
    page, traffic, console = watched(open_page)

    page.goto(live_server.url + "/api/docs/")
    page.locator(".opblock").first.wait_for()
    page.screenshot(path=f"{SHOTS}/csp-swagger.png")
    assert violations(page, console) == []

    page.goto(live_server.url + "/api/redoc/")
    page.get_by_text("MatriO Club API").first.wait_for()
    page.screenshot(path=f"{SHOTS}/csp-redoc.png")
    assert violations(page, console) == []
    assert traffic.external == []
