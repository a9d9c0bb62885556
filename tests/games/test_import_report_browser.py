"""The import report on a phone (390 px): a refused record's sentence in plain words, readable
without sideways scrolling."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from tests.factories import PASSWORD
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def test_a_refused_record_reads_in_plain_words_on_a_phone(
    open_page: Any, live_server: Any, cast: Cast
) -> None:
    bad = record("matrio", 5, players=("Anna Berg", "Ben", "Cat", "Dan")).replace("2C>", "3C>", 1)
    page, traffic = open_page(viewport=PHONE)
    page.goto(f"{live_server.url}/accounts/login/?next=/games/import/")
    page.get_by_label("Username").fill("scorekeeper")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/games/import/")

    page.get_by_label("MGN text").fill(bad)
    page.get_by_label("Names that are no member of the club become new members").check()
    page.get_by_role("button", name="Check and import").click()
    page.locator("#report").wait_for()
    page.locator("#report").screenshot(path="/tmp/shots-matrio_h3/import_report_phone.png")

    why = page.locator("#report td[data-label='Why']").inner_text()
    assert why.startswith("game 0 (Anna Berg, Ben, Cat and Dan), line ")
    assert "Anna Berg: the game opens with the 2 of clubs, not the 3 of clubs" in why
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    assert traffic.external == []


def test_a_refused_move_typed_without_javascript_reads_in_plain_words_on_a_phone(
    open_page: Any, live_server: Any, cast: Cast
) -> None:
    """The page's own form (no script) shows the refusal with the seat's name and the card and
    trays in words, where a scorekeeper at the table reads it."""
    started = services.game_create(
        club=cast.club,
        kind="matrio",
        players=[services.SeatInput(name=n) for n in ("Anna Berg", "Cyril Cole", "Cat", "Dan")],
        by=cast.user("scorekeeper"),
    )
    services.game_record_move(game_id=started.game.pk, token="2C>C2C", expected_ply=0)
    page, traffic = open_page(viewport=PHONE, java_script_enabled=False)
    page.goto(f"{live_server.url}/accounts/login/?next=/games/{started.game.pk}/")
    page.get_by_label("Username").fill("scorekeeper")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/games/{started.game.pk}/")

    page.locator("#token-input").fill("KD>C1S")
    page.locator("#token-input").press("Enter")
    page.wait_for_load_state()
    message = page.get_by_text("Cyril Cole: the King of diamonds")
    message.wait_for()
    page.screenshot(path="/tmp/shots-matrio_h3/refused_move_phone.png")

    assert "column 1 spades, which is not a diamonds tray" in message.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert traffic.external == []
