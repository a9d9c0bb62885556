"""Fair play as an anonymous visitor sees it on a phone (headless Chromium): the demo's game
in progress shows how many cards each player has left but no hand, and the club night's round
being played does not show its draw (README "Security")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.models import Game
from games.visibility import HIDDEN
from matrio_site import demo_data
from matrio_site.demo import demo_load
from tests.browser import PHONE, OpenPage
from tournaments.models import Event, Round

pytestmark = pytest.mark.browser

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][SHDC]|X[RB])(?![A-Za-z0-9])")


def test_an_anonymous_visitor_on_a_phone_sees_no_hand_and_no_draw_to_come(
    open_page: OpenPage, live_server: Any
) -> None:
    demo_load()
    game = Game.objects.get(status=Game.Status.LIVE, source=Game.Source.LIVE, event_id=None)
    night = Event.objects.get(slug=demo_data.CLUB_NIGHT)
    playing = night.rounds.get(status=Round.Status.LOCKED)
    page, traffic = open_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)

    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_text("Rules and setup").click()
    page.screenshot(path="/tmp/fair_play_game_phone.png", full_page=True)

    text = page.locator("body").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert text.count(HIDDEN) == 4  # Hand1..Hand4
    shown = " ".join(CARD.findall(text))
    for n in range(1, 5):
        hand = (game.tag(f"Hand{n}") or "").split()
        unplayed = [card for card in hand if card not in shown.split()]
        assert len(unplayed) >= 10 and " ".join(unplayed[:3]) not in shown
    state = page.request.get(f"{live_server.url}/api/games/{game.pk}/state/").json()
    assert all(hand["cards"] is None for hand in state["board"]["hands"].values())
    assert state["legal"] == {}

    page.goto(f"{live_server.url}/events/{night.club.slug}/{night.slug}/")
    page.screenshot(path="/tmp/fair_play_club_night_phone.png", full_page=True)

    text = page.locator("body").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert "Cards of the round: hidden until the round is finished" in text
    assert playing.seed not in text
    numbers = " " + " ".join(re.findall(r"\d+", text)) + " "
    assert " " + " ".join(map(str, playing.cards[:8])) + " " not in numbers
    assert traffic.external == []
    assert all(status < 400 for status in traffic.responses.values()), traffic.responses
