"""Recording a whole MatriO game in a real browser (phone size), then replaying it.

Headless Debian chromium through Playwright, as ``tests/matrio_site/test_browser.py``; the
game is a seeded random MatriO game with its four hands known, so the page offers the
mover's cards. Half the moves are tapped (card, then tray), half typed as short tokens.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from games import selectors, services
from games.engine import live
from games.engine.core import IllegalMoveError
from games.engine.matrio import random_game
from games.errors import IllegalMove
from games.models import Game
from tests.browser import PHONE
from tests.games.helpers import Cast

pytestmark = pytest.mark.browser

SEED = 7


def seeded_game() -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """Tags (opening and hands), player names and the moves of a seeded random game."""
    text = str(random_game(SEED))
    header, moves = text.split("\n\n", 1)
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', header, re.MULTILINE))
    pairs = [(name, tags[name]) for name in ("Opening", "Hand1", "Hand2", "Hand3", "Hand4")]
    players = [tags[f"P{n}"] for n in range(1, 5)]
    return pairs, players, moves.split()


def signed_in(page: Any, live_server: Any, user: Any) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )


def wait_for_ply(page: Any, ply: int) -> None:
    """Wait for the board at ``ply`` (the page's message says why when it never comes)."""
    try:
        page.wait_for_selector(f'#board-frame .board-root[data-ply="{ply}"]')
    except Exception:
        page.screenshot(path="/tmp/matrio_live_failure.png", full_page=True)
        said = page.locator("#entry-message, .messages").all_text_contents()
        pytest.fail(f"the board never reached ply {ply} at {page.url}; the page says: {said}")


def scores_shown(page: Any) -> dict[str, int | None]:
    rows = page.locator("table.scores tbody tr")
    found: dict[str, int | None] = {}
    for index in range(rows.count()):
        row = rows.nth(index)
        raw = row.locator("td.score").get_attribute("data-score")
        found[str(row.get_attribute("data-role"))] = int(raw) if raw else None
    return found


def short(token: str) -> str:
    """``QS>R2H+`` typed as ``qsr2h`` (the marks are optional)."""
    return token.rstrip("+").replace(">", "").lower()


def test_a_scorekeeper_records_a_whole_matrio_game_then_replays_it(
    open_page: Any,
    live_server: Any,
    cast: Cast,
) -> None:
    tags, players, moves = seeded_game()
    started = services.game_create(
        club=cast.club,
        kind="matrio",
        players=[services.SeatInput(name=name) for name in players],
        tags=tags,
        by=cast.user("scorekeeper"),
    )
    game = started.game
    page, traffic = open_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    signed_in(page, live_server, cast.user("scorekeeper"))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    illegal_at = 5
    for ply, token in enumerate(moves):
        card, tray = token.rstrip("+").split(">")
        if ply == illegal_at:
            wrong = next(
                t for t in ("R1S", "R1D", "R1C", "R1H", "C3H") if t not in _legal(game, card)
            )
            with pytest.raises(IllegalMoveError) as refused:
                live.play(selectors.game_live(game=game), f"{card}>{wrong}")
            page.get_by_label("Move", exact=True).fill(f"{card}>{wrong}".lower())
            page.get_by_role("button", name="Record").click()
            # the page says it in plain words (the API's ``plain``), with the players' names
            names = dict(zip(("P1", "P2", "P3", "P4"), players, strict=True))
            plain = IllegalMove(refused.value, names=names).plain
            page.get_by_role("alert").filter(has_text=plain).wait_for()
            assert page.locator(".board-root").get_attribute("data-ply") == str(ply)
            game.refresh_from_db()
            assert game.ply == ply
        if ply % 2 == 0:  # tap the card, then its tray
            page.locator(f'.hand [data-card="{card}"]').click()
            tray_button = page.locator(f'button[data-tray="{tray}"]')
            assert "legal" in (tray_button.get_attribute("class") or "")
            box = tray_button.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44
            tray_button.click()
        else:  # type it
            page.get_by_label("Move", exact=True).fill(short(token))
            page.get_by_label("Move", exact=True).press("Enter")
        wait_for_ply(page, ply + 1)
        if ply == 12:
            page.screenshot(path="/tmp/matrio_live_phone.png", full_page=True)

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.ply == len(moves)
    assert page.get_by_text("Game over").is_visible()
    assert page.locator("#entry").is_hidden()

    # Replay on the game page: keyboard and buttons; scores as the engine had them.
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("h1").click()
    page.keyboard.press("Home")
    wait_for_ply(page, 0)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_for_ply(page, 3)
    page.get_by_role("link", name="Next ply").click()
    wait_for_ply(page, 4)
    page.get_by_role("link", name="Last position").click()
    wait_for_ply(page, len(moves))
    marked = next(n for n, token in enumerate(moves, 1) if token.endswith("+"))
    page.locator(f'#moves a[data-ply="{marked}"]').click()
    wait_for_ply(page, marked)
    expected = selectors.game_view(game=game, ply=marked)
    assert scores_shown(page) == expected["scores"]
    for cell in expected["board"]["cells"]:
        shown = page.locator(f'[data-cell="{cell["name"]}"] .cell-score')
        assert shown.get_attribute("data-score") == str(cell["score"])
    assert page.locator(".cell.won").count() == len(expected["board"]["won"]) > 0
    page.keyboard.press("ArrowLeft")
    wait_for_ply(page, marked - 1)
    assert scores_shown(page) == selectors.game_view(game=game, ply=marked - 1)["scores"]
    page.screenshot(path="/tmp/matrio_replay_phone.png", full_page=True)
    assert traffic.external == []
    assert all(status < 500 for status in traffic.responses.values()), traffic.responses


def _legal(game: Game, card: str) -> list[str]:
    legal = selectors.game_view(game=game)["legal"]
    return list(legal.get(card, []))
