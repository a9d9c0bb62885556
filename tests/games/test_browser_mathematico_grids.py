"""One Mathematico event round entered as finished paper grids from three phones (390 px):
each player on their own phone, the director watching who has not entered yet, then the
table's result and the standings; the finished game shows every line's score."""

from __future__ import annotations

import random
from datetime import date
from typing import Any

import pytest

from games.engine.mathematico.scoring import board_total
from tests.browser import PHONE
from tests.games.test_browser_live_entry import signed_in
from tests.tournaments.helpers import cast
from tournaments import services
from tournaments.models import Result

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots-matrio_h1"
PHONE_CONTEXT = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def tap_grid(page: Any, values: list[int]) -> int:
    """Tap the 25 values on the number pad, row by row; the taps made."""
    pad = page.locator(".pg-pad")
    for value in values:
        pad.locator(f'button[data-value="{value}"]').click()
    return len(values)


def entered(page: Any, n: int, totals: list[int]) -> None:
    page.locator(".message-success", has_text=f"Player 0{n}'s grid is entered.").wait_for()
    assert page.locator("p.notice").inner_text() == (
        f"Player 0{n}'s grid is in the round: {totals[n]} points."
    )


def test_three_players_enter_their_grids_on_their_phones(
    open_page: Any, live_server: Any, transactional_db: None
) -> None:
    c = cast(players=3)
    event = services.event_create(
        club=c.club, name="Grid night", game="mathematico", format="",
        starts_on=date(2026, 11, 1), options={}, by=c.director,
    )  # fmt: skip
    for person in c.players:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    round_ = services.round_lock(
        round=services.round_generate(event=event, by=c.director), by=c.director
    )
    table = round_.tables.get()
    draw = [int(v) for v in round_.cards]
    grids = []
    for seed in range(3):
        grid = list(draw)
        random.Random(seed).shuffle(grid)
        grids.append(grid)
    totals = [board_total(grid) for grid in grids]
    event_url = f"{live_server.url}/events/{c.club.slug}/{event.slug}/"
    table_url = f"{event_url}tables/{table.pk}/"

    director, _ = open_page(**PHONE_CONTEXT)
    signed_in(director, live_server, c.director)
    director.goto(event_url)
    assert director.get_by_text(
        "Not yet entered (3): Player 00, Player 01, Player 02."
    ).is_visible()
    director.get_by_role(
        "button", name="The draw is over: let the players enter their grids"
    ).click()
    director.get_by_text("Grid entry is open").wait_for()

    phones = []
    for n in range(3):
        page, _ = open_page(**PHONE_CONTEXT)
        signed_in(page, live_server, c.users[n])
        page.goto(table_url)
        page.get_by_role("link", name="Enter your finished grid").click()
        page.get_by_role("heading", name=f"Player 0{n}'s finished grid").wait_for()
        assert " ".join(map(str, draw)) not in page.content()  # the page tells no draw
        phones.append(page)

    # Player 01 copies one value wrong: told in words, what was tapped is kept, then fixed
    wrong = list(grids[1])
    other = next(v for v in range(1, 14) if v != wrong[24])
    wrong[24] = other
    taps = tap_grid(phones[1], wrong)
    phones[1].get_by_role("button", name="Check and enter the grid").click()
    refusal = phones[1].get_by_role("alert")
    refusal.wait_for()
    assert refusal.inner_text().startswith("Player 01's grid does not hold the values of the draw:")
    phones[1].screenshot(path=f"{SHOTS}/grid_refused.png", full_page=True)
    assert phones[1].locator('input[name="a1"]').input_value() == str(wrong[0])
    assert phones[1].locator('input[name="e5"]').input_value() == str(other)
    assert phones[1].evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phones[1].locator(".pg-pad [data-back]").click()  # take the last value back, tap the right one
    phones[1].locator(f'.pg-pad button[data-value="{grids[1][24]}"]').click()
    phones[1].get_by_role("button", name="Check and enter the grid").click()
    entered(phones[1], 1, totals)

    assert taps == 25
    tap_grid(phones[0], grids[0])
    phones[0].screenshot(path=f"{SHOTS}/grid_pad.png")
    phones[0].get_by_role("button", name="Check and enter the grid").click()
    entered(phones[0], 0, totals)

    director.goto(event_url)
    assert director.get_by_text("Not yet entered (1): Player 02.").is_visible()
    director.screenshot(path=f"{SHOTS}/grid_director.png", full_page=True)

    tap_grid(phones[2], grids[2])
    phones[2].get_by_role("button", name="Check and enter the grid").click()
    entered(phones[2], 2, totals)

    result = table.results.get(status=Result.Status.CONFIRMED)
    assert result.scores == {str(c.players[n].pk): totals[n] for n in range(3)}
    director.goto(event_url)
    assert director.get_by_text("Every grid is entered.").is_visible()
    standings = director.locator("#standings")
    best = max(range(3), key=lambda n: totals[n])
    assert standings.locator("tbody tr").first.inner_text().count(f"Player 0{best}") == 1
    director.screenshot(path=f"{SHOTS}/grid_standings.png", full_page=True)

    # the table's game: every line of every grid, with its combination and points
    table.refresh_from_db()
    director.goto(f"{live_server.url}/games/{table.game_id}/")
    sheet = director.get_by_role("table", name="Lines of Player 00")
    assert sheet.locator("tfoot td.num").inner_text() == str(totals[0])
    sheet.screenshot(path=f"{SHOTS}/grid_lines.png")
