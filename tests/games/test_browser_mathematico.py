"""Mathematico on a phone (390 px): a whole 3-player game recorded by taps alone (the drawn
value on the number pad, then each player's cell on their own grid), and its finished page
with the score of every line."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.engine.mathematico.board import CELLS
from games.engine.mathematico.scoring import board_total
from games.models import Game
from tests.browser import PHONE
from tests.games.helpers import Cast
from tests.games.test_browser_live_entry import signed_in, wait_for_ply

pytestmark = pytest.mark.browser

PLAYERS = ("Ann", "Ben", "Cat")
DRAW = [7, 7, 12, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13]
SHOTS = "/tmp/shots-matrio_h1"


def cell_of(seat: int, card: int) -> str:
    """Where player ``seat`` puts the ``card``-th value: a different order for each player."""
    return CELLS[(card * (1, 3, 7)[seat] + 5 * seat) % 25]  # steps prime to 25


def board_of(seat: int) -> list[int]:
    board = [0] * 25
    for card, value in enumerate(DRAW):
        board[CELLS.index(cell_of(seat, card))] = value
    return board


def in_view(button: Any) -> bool:
    """On screen and not under anything (a sticky header): a tap there hits the button."""
    return bool(
        button.evaluate(
            """b => { const r = b.getBoundingClientRect();
                      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                      return r.bottom <= innerHeight && r.top >= 0 && b.contains(hit); }"""
        )
    )


def test_a_three_player_game_is_recorded_by_taps_alone(
    open_page: Any, live_server: Any, cast: Cast
) -> None:
    scorekeeper = cast.user("scorekeeper")
    game = services.game_create(
        club=cast.club,
        kind="mathematico",
        players=[services.SeatInput(name=name) for name in PLAYERS],
        by=scorekeeper,
    ).game
    page, _ = open_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    signed_in(page, live_server, scorekeeper)
    page.goto(f"{live_server.url}/games/{game.pk}/")

    taps, ply = 0, 0
    for card, value in enumerate(DRAW):
        key = page.locator(f'.m-pad button[data-token="={value}"]')
        assert in_view(key)
        box = key.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
        key.click()
        taps, ply = taps + 1, ply + 1
        wait_for_ply(page, ply)
        assert page.locator("#m-now .m-value").inner_text() == str(value)
        for seat, name in enumerate(PLAYERS):
            grid = page.locator(".m-current table.mgrid")
            assert grid.get_attribute("data-player") == name  # the mover's grid comes up
            cell = grid.locator(f'button[data-token="{cell_of(seat, card)}"]')
            assert in_view(cell)  # no scrolling by hand
            if (card, seat) == (12, 1):
                page.screenshot(path=f"{SHOTS}/mathematico_live_placing.png")
            cell.click()
            taps, ply = taps + 1, ply + 1
            wait_for_ply(page, ply)
        if card in (0, 12):
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            page.screenshot(path=f"{SHOTS}/mathematico_live_card{card + 1}.png")

    assert taps == 100  # one tap a value drawn, one a player's cell: nothing typed
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    seats = {seat.name: seat.score for seat in game.seats.all()}
    assert seats == {name: board_total(board_of(seat)) for seat, name in enumerate(PLAYERS)}
    page.screenshot(path=f"{SHOTS}/mathematico_finished.png", full_page=True)

    # the finished page: every player's lines, with the combination and its points
    page.goto(f"{live_server.url}/games/{game.pk}/")
    sheet = page.get_by_role("table", name="Lines of Ann")
    assert sheet.is_visible()
    rows = sheet.locator("tbody tr")
    assert rows.count() == 12
    assert rows.nth(0).locator("th").inner_text() == "row 1"
    assert rows.nth(11).locator("th").inner_text() == "diagonal a5-e1"
    points = [int(rows.nth(n).locator("td.num").inner_text()) for n in range(12)]
    assert sum(points) == seats["Ann"]
    assert sheet.locator("tfoot td.num").inner_text() == str(seats["Ann"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
