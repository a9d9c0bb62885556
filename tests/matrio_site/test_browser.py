"""The site in a real browser (headless Chromium via Playwright), on a desktop and a phone.

Uses Debian's /usr/bin/chromium (``playwright install`` cannot download here). Without it
the tests skip locally and fail under CI=true.
"""

from __future__ import annotations

from typing import Any

import pytest

from matrio_site import demo_data
from matrio_site.demo import demo_load
from tests.browser import PHONE, OpenPage

pytestmark = pytest.mark.browser


def stylesheet_applied(page: Any) -> bool:
    # site.css paints the header brand blue (#08457f); without it the header is transparent.
    colour = page.evaluate(
        "getComputedStyle(document.querySelector('.site-header')).backgroundColor"
    )
    return bool(colour == "rgb(8, 69, 127)")


def test_a_director_opens_the_site_and_logs_in(open_page: OpenPage, live_server: Any) -> None:
    demo_load()
    director = next(login for login in demo_data.LOGINS if login.username == "director")
    page, traffic = open_page()

    page.goto(live_server.url + "/")
    assert page.title() == "MatriO Club"
    assert page.get_by_role("heading", name="Demo Club").is_visible()
    assert page.get_by_role("rowheader", name="Club Night").is_visible()
    assert stylesheet_applied(page)
    css = [url for url in traffic.responses if url.endswith("/static/matrio/site.css")]
    assert css and traffic.responses[css[0]] == 200

    page.get_by_role("link", name="Log in").click()
    page.get_by_label("Username").fill(director.username)
    page.get_by_label("Password").fill(director.password)
    page.get_by_role("button", name="Log in").click()

    page.wait_for_url(live_server.url + "/")
    assert page.get_by_text("Signed in as director").is_visible()
    assert page.get_by_role("button", name="Log out").is_visible()
    assert traffic.external == []
    assert all(status < 400 for status in traffic.responses.values()), traffic.responses


def test_the_home_page_fits_a_phone(open_page: OpenPage, live_server: Any) -> None:
    demo_load()
    page, traffic = open_page(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True)

    page.goto(live_server.url + "/")

    assert stylesheet_applied(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.get_by_role("navigation", name="Main").is_visible()
    assert page.get_by_role("link", name="Log in").bounding_box()["height"] >= 44  # touch size
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to main content"
    assert traffic.external == []


def test_the_api_docs_work_offline(open_page: OpenPage, live_server: Any) -> None:
    page, traffic = open_page()

    page.goto(live_server.url + "/api/docs/")
    page.get_by_text("MatriO Club API").first.wait_for()
    page.goto(live_server.url + "/api/redoc/")
    page.get_by_text("MatriO Club API").first.wait_for()

    assert traffic.external == []
