"""A new director creates an event from the site in a real browser: log in, Events, New event,
a refused format explained with the form kept, then the event created."""

from __future__ import annotations

from typing import Any

import pytest

from tests.factories import PASSWORD
from tests.tournaments.helpers import cast
from tournaments.models import Event

pytestmark = pytest.mark.browser


def test_a_director_creates_an_event_from_the_events_page(open_page: Any, live_server: Any) -> None:
    c = cast(4)
    c.director.set_password(PASSWORD)
    c.director.save()
    page, traffic = open_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/accounts/login/?next=/events/")
    page.get_by_label("Username").fill(c.director.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/events/")

    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name", exact=True).fill("Winter Mathematico Night")
    page.get_by_label("Game", exact=True).select_option("mathematico")
    page.get_by_label("Format", exact=True).select_option("swiss-tables")  # wrong for Mathematico
    page.get_by_label("Date", exact=True).fill("2026-12-05")
    page.get_by_role("button", name="Create the event").click()
    page.locator("#form-errors").wait_for()
    page.screenshot(path="/tmp/event_form_refused.png", full_page=True)
    assert "cannot use the format" in page.locator("#form-errors").inner_text()
    assert page.get_by_label("Name", exact=True).input_value() == "Winter Mathematico Night"
    page.screenshot(path="/tmp/event_form_refused.png", full_page=True)

    page.get_by_label("Format", exact=True).select_option("")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url("**/console/")
    page.screenshot(path="/tmp/event_created_console.png", full_page=True)

    event = Event.objects.get()
    assert (event.slug, event.game, event.format) == (
        "winter-mathematico-night", "mathematico", "simultaneous"
    )  # fmt: skip
    assert traffic.external == []
