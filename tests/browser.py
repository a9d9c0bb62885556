"""Real-browser tests: Debian's headless Chromium through Playwright's sync API.

``playwright install`` cannot download here: the tests use /usr/bin/chromium and skip without
it locally (fail under CI=true). One browser serves the whole session (``tests/conftest.py``):
sync Playwright allows one running instance per thread.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from tests.support import skip_or_fail

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


def launch_browser() -> Iterator[Any]:
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


def page_opener(browser: Any) -> Iterator[OpenPage]:
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
