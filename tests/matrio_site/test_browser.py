"""The site in a real browser (headless Chromium via Playwright), on a desktop and a phone.

Uses Debian's /usr/bin/chromium (``playwright install`` cannot download here). Without it
the tests skip locally and fail under CI=true.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.support import skip_or_fail
from tournaments import demo_data
from tournaments.services import demo_load

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",  # root cannot use the sandbox
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "[::1]"}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.access(CHROMIUM, os.X_OK):
        skip_or_fail(
            f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)"
        )
    from playwright.sync_api import sync_playwright

    # Sync Playwright runs an event loop in this thread; the ORM must still be usable here.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@dataclass
class Traffic:
    external: list[str] = field(default_factory=list)
    responses: dict[str, int] = field(default_factory=dict)


OpenPage = Callable[..., tuple[Any, Traffic]]


@pytest.fixture
def open_page(browser: Any) -> Iterator[OpenPage]:
    """Opens pages whose requests to any host but this machine are recorded and blocked.

    Each page has its own browser context, closed after the test so that no keep-alive
    connection to the live server outlives the test's database.
    """
    contexts: list[Any] = []

    def open_(**context_options: Any) -> tuple[Any, Traffic]:
        context = browser.new_context(**context_options)
        contexts.append(context)
        return guarded_page(context)

    yield open_
    for context in contexts:
        context.close()


def guarded_page(context: Any) -> tuple[Any, Traffic]:
    traffic = Traffic()

    def guard(route: Any) -> None:
        url = route.request.url
        host = urlsplit(url).hostname
        if url.startswith(("data:", "blob:", "about:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            traffic.external.append(url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    page.on("response", lambda response: traffic.responses.update({response.url: response.status}))
    return page, traffic


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
