"""Starting a MatriO game through its form in a real browser (phone size), then seeing the move
list under the board follow moves recorded here and on another device."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import services
from games.models import Game
from tests.browser import PHONE
from tests.games.helpers import Cast
from tests.games.test_browser_live_entry import seeded_game, short, signed_in, wait_for_ply

pytestmark = pytest.mark.browser


def test_a_scorekeeper_starts_a_matrio_game_from_the_form_and_the_moves_follow(
    open_page: Any, live_server: Any, cast: Cast
) -> None:
    tags, players, moves = seeded_game()
    hands = dict(tags)
    page, traffic = open_page(viewport=PHONE, is_mobile=True, has_touch=True)
    signed_in(page, live_server, cast.user("scorekeeper"))

    page.goto(f"{live_server.url}/games/new/")
    page.get_by_role("link", name="MatriO", exact=True).click()
    page.get_by_role("button", name="Start the game").click()  # empty: refused, explained
    assert page.locator("#form-errors").is_visible()
    assert page.locator("#id_p1-error").is_visible()
    for n, name in enumerate(players, 1):
        page.get_by_label(f"P{n}", exact=True).fill(name)
        page.get_by_label(f"P{n}'s hand").fill(hands[f"Hand{n}"])
    page.get_by_label("2C: the 2 of clubs opens").check()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))

    game = Game.objects.get()
    assert [seat.name for seat in game.seats.order_by("position")] == players
    wait_for_ply(page, 0)
    assert page.locator("#moves-section").is_hidden()

    page.get_by_label("Move", exact=True).fill(short(moves[0]))
    page.get_by_label("Move", exact=True).press("Enter")
    wait_for_ply(page, 1)
    page.locator("#moves li").first.wait_for()
    assert page.locator("#moves li").count() == 1

    services.game_record_move(game_id=game.pk, token=moves[1], expected_ply=1, by=None)
    page.locator('#moves a[data-ply="2"]').wait_for()  # the page polls and refreshes
    wait_for_ply(page, 2)
    assert traffic.external == []
    assert all(status < 500 for status in traffic.responses.values()), traffic.responses
