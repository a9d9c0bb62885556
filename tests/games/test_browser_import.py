"""Importing a file whose names are not all members, in a real browser: the page asks who each
unknown name is (near members first), the scorekeeper answers, the game is stored."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.models import Membership
from games.models import Game
from tests.factories import PASSWORD, PlayerFactory
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.browser


def test_a_scorekeeper_matches_unknown_names_to_members_before_the_import_stores(
    open_page: Any, live_server: Any, cast: Cast
) -> None:
    near = PlayerFactory(name="Player Oné")
    Membership.objects.create(club=cast.club, player=near, role=Membership.Role.PLAYER)
    page, traffic = open_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/accounts/login/?next=/games/import/")
    page.get_by_label("Username").fill("scorekeeper")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/games/import/")

    page.get_by_label("MGN text").fill(record("matrio", 1))
    page.get_by_role("button", name="Check and import").click()
    page.locator("#unknown-players").wait_for()
    page.screenshot(path="/tmp/import_unknown_players.png", full_page=True)
    assert not Game.objects.exists()
    assert page.get_by_label("MGN text").input_value().startswith("[Game")  # kept

    page.get_by_label("“Player 1”").select_option(label="Player Oné")
    for n in (2, 3, 4):
        page.get_by_label(f"“Player {n}”").select_option(value="new")
    page.get_by_role("button", name="Import with these players").click()
    page.locator("#report").wait_for()
    page.screenshot(path="/tmp/import_stored.png", full_page=True)

    assert "1 stored" in page.locator("#report").inner_text()
    seats = Game.objects.get().seats.order_by("position")
    assert [seat.player.name for seat in seats if seat.player] == [
        "Player Oné",
        "Player 2",
        "Player 3",
        "Player 4",
    ]
    assert traffic.external == []
