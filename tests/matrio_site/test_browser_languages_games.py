"""The games and events pages in Czech and Italian in a real browser (headless Chromium).

The browser's language (Playwright's ``locale``, sent as Accept-Language) picks the language of
the games list, a game page, the events list and an event page (issue #17, phase 2).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from matrio_site.demo import demo_load
from tests.browser import PHONE, OpenPage
from tournaments.models import Event

pytestmark = pytest.mark.browser


def test_a_czech_browser_reads_the_games_and_a_game_in_czech(
    open_page: OpenPage, live_server: Any
) -> None:
    demo_load()
    page, traffic = open_page(locale="cs-CZ")

    page.goto(live_server.url + "/games/")
    assert page.evaluate("document.documentElement.lang") == "cs"
    assert page.get_by_role("heading", name="Hry", exact=True).is_visible()
    assert page.get_by_text("Filtry", exact=True).is_visible()
    assert page.get_by_role("columnheader", name="Hráči").count() == 1
    assert page.get_by_role("link", name="Matematiko").count() >= 1  # Mathematico, renamed

    page.get_by_role("link", name=re.compile(r"^MatriO \d+$")).first.click()
    page.wait_for_url(live_server.url + "/games/*/")
    assert page.get_by_role("heading", name="Hra MatriO", exact=False).is_visible()
    assert page.get_by_role("navigation", name="Přehrávání").is_visible()
    assert page.get_by_role("link", name="Výchozí pozice").is_visible()
    assert page.get_by_role("columnheader", name="Skóre").is_visible()
    assert page.get_by_text("Pravidla a příprava").is_visible()
    assert page.locator("#ply-count").inner_text().startswith("Tah ")
    assert traffic.external == []


def test_an_italian_phone_reads_the_events_and_an_event_in_italian(
    open_page: OpenPage, live_server: Any
) -> None:
    demo_load()
    event = Event.objects.order_by("starts_on").first()
    assert event is not None
    page, traffic = open_page(
        locale="it-IT", viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True
    )

    page.goto(live_server.url + "/events/")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.get_by_role("heading", name="Eventi", exact=True).is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.get_by_role("link", name=event.name).click()
    page.wait_for_url(f"{live_server.url}/events/{event.club.slug}/{event.slug}/")
    assert page.get_by_role("heading", name="Classifica").is_visible()
    assert page.get_by_role("heading", name="Turni", exact=True).is_visible()
    assert page.get_by_role("columnheader", name="Giocatore").is_visible()
    assert page.get_by_text("Regole in vigore").is_visible()
    if event.rounds.exists():
        assert page.get_by_role("link", name="Posti da stampare").first.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.goto(live_server.url + "/games/")
    assert page.get_by_role("heading", name="Partite", exact=True).is_visible()
    assert page.get_by_role("link", name="Matematico").count() >= 1
    assert traffic.external == []


def test_live_entry_speaks_czech_and_phrases_an_illegal_move(
    open_page: OpenPage, live_server: Any
) -> None:
    from games import services
    from tests.games.helpers import NAMES, make_cast
    from tests.games.test_browser_live_entry import signed_in, wait_for_ply

    cast = make_cast()
    game = services.game_create(
        club=cast.club,
        kind="matrio",
        players=[services.SeatInput(name=name) for name in NAMES],
        by=cast.user("scorekeeper"),
    ).game
    page, traffic = open_page(locale="cs-CZ")
    signed_in(page, live_server, cast.user("scorekeeper"))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    wait_for_ply(page, 0)

    page.get_by_label("Tah", exact=True).fill("3c>c2c")
    page.get_by_role("button", name="Zapsat").click()

    # the refusal in plain Czech words: the player's name, the cards as players say them
    alert = page.get_by_role("alert").filter(has_text="hra začíná křížovou dvojkou")
    alert.wait_for()
    assert alert.inner_text().startswith(f"{NAMES[0]}: ")
    assert "položte křížovou dvojku na " in alert.inner_text()
    assert page.locator("#ply-count").inner_text() == "Tah 0 z 0"
    page.get_by_label("Tah", exact=True).fill("2c>c2c")
    page.get_by_role("button", name="Zapsat").click()
    wait_for_ply(page, 1)
    page.get_by_role("alert").filter(has_text="Zapsán tah 1: 2C>C2C").wait_for()
    assert page.locator("#ply-count").inner_text() == "Tah 1 z 1"
    assert traffic.external == []
