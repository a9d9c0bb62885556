"""The site in Czech and Italian in a real browser (headless Chromium, see tests/browser.py).

The browser's own language (Playwright's ``locale``, sent as Accept-Language) picks the page's
language; the switcher's buttons change it without JavaScript and the choice stays.
"""

from __future__ import annotations

from typing import Any

import pytest

from analytics.ratings import services as ratings
from matrio_site.demo import demo_load
from tests.browser import PHONE, OpenPage

pytestmark = pytest.mark.browser


def rated_demo() -> None:
    demo_load()
    ratings.ratings_recompute(kind="matrio")


def test_a_czech_browser_reads_the_home_page_and_the_ratings_in_czech(
    open_page: OpenPage, live_server: Any
) -> None:
    rated_demo()
    page, traffic = open_page(locale="cs-CZ")

    page.goto(live_server.url + "/")
    assert page.evaluate("document.documentElement.lang") == "cs"
    assert page.get_by_role("heading", name="Kluby").is_visible()
    assert page.get_by_text("12 členů · 2 akce").is_visible()
    assert page.get_by_role("link", name="Přihlásit se").is_visible()
    assert page.get_by_role("columnheader", name="Začíná").count() == 1

    page.get_by_role("link", name="Hodnocení", exact=True).first.click()
    page.wait_for_url(live_server.url + "/analytics/")
    assert page.get_by_role("heading", name="Hodnocení: MatriO", exact=False).is_visible()
    assert page.get_by_role("button", name="Zobrazit").is_visible()
    assert page.get_by_text("Aktuální hodnocení (hodnocení = 1000").is_visible()
    assert traffic.external == []


def test_the_switcher_turns_the_site_italian_and_remembers_it_on_a_phone(
    open_page: OpenPage, live_server: Any
) -> None:
    rated_demo()
    page, traffic = open_page(
        locale="cs-CZ", viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True
    )
    page.route("**/*.js", lambda route: route.abort())  # the switcher needs no JavaScript

    page.goto(live_server.url + "/analytics/?game=matrio")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    switch = page.get_by_role("button", name="Italiano")
    assert switch.bounding_box()["height"] >= 44  # touch size
    switch.click()

    page.wait_for_url(live_server.url + "/analytics/?game=matrio")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.get_by_role("heading", name="Rating: MatriO", exact=False).is_visible()
    assert page.get_by_role("button", name="Italiano").get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.goto(live_server.url + "/")  # remembered, though the browser still asks for Czech
    assert page.get_by_role("heading", name="Eventi").is_visible()
    assert page.get_by_text("12 membri · 2 eventi").is_visible()
    assert traffic.external == []
