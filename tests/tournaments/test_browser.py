"""A director runs a 3-round MatriO event of 12 players in a real browser (headless Chromium),
from check-in to final standings, on the console and the public event page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import OpenPage
from tests.factories import PASSWORD
from tests.tournaments.helpers import cast, matrio_event
from tournaments.models import Entry, Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_runs_three_matrio_rounds_to_the_final_standings(
    open_page: OpenPage,
    live_server: Any,
) -> None:
    c = cast(12)
    event = matrio_event(c)
    Entry.objects.filter(event=event).update(checked_in=False)
    page, traffic = open_page()
    console = f"{live_server.url}/events/{event.club.slug}/{event.slug}/console/"

    page.goto(f"{live_server.url}/accounts/login/?next={console}")
    page.get_by_label("Username").fill(c.director.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="Director console: Autumn Swiss").wait_for()

    for person in c.players:  # check-in
        page.get_by_role("button", name=f"Check in {person.name}").click()
        page.get_by_text(f"{person.name}: checked in").wait_for()

    for number in (1, 2, 3):
        page.get_by_role("button", name=f"Generate round {number}").click()
        page.get_by_role("button", name=f"Lock round {number}").click()
        page.get_by_text(f"Round {number} is locked").wait_for()
        for table in (1, 2, 3):
            card = page.locator("li.card").filter(
                has=page.get_by_role("heading", name=f"Table {table}")
            )
            fields = card.get_by_role("textbox")
            for seat in range(4):
                fields.nth(seat).fill(str(100 - 10 * seat))
            card.get_by_role("button", name=f"Save the result of table {table}").click()
            page.get_by_text(f"Result of round {number}, table {table} saved").wait_for()
        page.get_by_role("button", name=f"Finish round {number}").click()
        page.get_by_text(f"Round {number} is finished").wait_for()

    page.get_by_text("Finish the event…").click()  # it asks first
    page.get_by_role("button", name="Yes, finish the event").click()
    page.get_by_text("The event is finished.").wait_for()
    page.get_by_role("link", name="Public page of Autumn Swiss").click()

    standings = page.get_by_role("region", name="Standings")
    assert standings.get_by_role("row").count() == 13  # header + 12 players
    first = standings.get_by_role("row").nth(1)
    assert first.get_by_role("cell").nth(1).text_content() == "12"  # 3 wins x 4 points
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    assert traffic.external == []
    assert all(status < 400 for status in traffic.responses.values()), traffic.responses
