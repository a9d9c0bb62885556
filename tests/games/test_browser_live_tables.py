"""Whole games recorded by taps alone on a 390 px phone: MatriO, Matrix Overload with the deck
told card by card, the Integer Matrix; and a MatriO move from the keyboard.

Each test taps exactly what a scorekeeper would (no typing), counts the taps and checks the
count against ``bench/taps.py`` (the model the benchmark prints), then checks the finished page:
the header no longer says "Live" nor offers "Abandon", the move list is one chip per move, the
totals stay in sight (sticky) while tapping, and Matrix Overload says why it was lost.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bench.taps import (
    disc_signs,
    imported,
    integer_matrix_taps,
    matrio_taps,
    overload_taps,
    told_overload,
)
from games import selectors, services
from games.engine.integer_matrix import random_game as integer_matrix_game
from games.engine.overload import random_game as overload_game
from games.models import Game
from tests.browser import PHONE
from tests.games.helpers import Cast
from tests.games.test_browser_live_entry import seeded_game, short, signed_in, wait_for_ply

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots-matrio_h2"


def phone(open_page: Any, live_server: Any, user: Any, game: Game) -> tuple[Any, Any]:
    page, traffic = open_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    signed_in(page, live_server, user)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    return page, traffic


def tap(page: Any, selector: str) -> int:
    """Tap one control of the board (it must be there and enabled); 1 tap."""
    button = page.locator(f"#board-frame {selector}")
    assert button.count() == 1, f"no single {selector} on the page"
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 40, f"{selector} is too small: {box}"
    button.click()
    return 1


def assert_finished_page(page: Any, game: Game) -> None:
    """The header follows the board: no "Live", no abandon link; moves one chip each."""
    game.refresh_from_db()
    assert game.status != Game.Status.LIVE
    assert page.locator("#game-status").inner_text() == game.get_status_display()
    assert page.locator("#abandon-link").is_hidden()
    assert page.locator("#entry").is_hidden()
    chips = page.locator("#moves li")
    assert chips.count() == game.ply
    for index in (0, game.ply - 1):
        box = chips.nth(index).bounding_box()
        assert box["height"] < 60 and box["width"] < PHONE["width"]
    assert re.fullmatch(r"1\.\s+\S.*", chips.nth(0).inner_text().strip(), re.DOTALL)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def assert_totals_in_sight(page: Any) -> None:
    """Scrolled down to the board's last control, the turn and totals are still on screen."""
    page.locator("#board-frame button").last.scroll_into_view_if_needed()
    page.wait_for_function("window.scrollY > 100")
    box = page.locator("#status-bar").bounding_box()
    assert -1 <= box["y"] <= 2, box


def test_a_whole_matrio_game_by_taps(open_page: Any, live_server: Any, cast: Cast) -> None:
    tags, players, moves = seeded_game()
    scorekeeper = cast.user("scorekeeper")
    game = services.game_create(
        club=cast.club,
        kind="matrio",
        players=[services.SeatInput(name=name) for name in players],
        tags=tags,
        by=scorekeeper,
    ).game
    page, traffic = phone(open_page, live_server, scorekeeper, game)
    assert page.locator("#game-status").inner_text() == "Live"
    taps = 0
    for ply, token in enumerate(moves):
        card, tray = token.rstrip("+").split(">")
        taps += tap(page, f'.hand [data-card="{card}"]')
        assert "legal" in (page.locator(f'[data-tray="{tray}"]').get_attribute("class") or "")
        taps += tap(page, f'button[data-tray="{tray}"]')
        wait_for_ply(page, ply + 1)
        if ply == 20:
            assert_totals_in_sight(page)
            page.screenshot(path=f"{SHOTS}/matrio_sticky.png")
    assert taps == matrio_taps(moves) == 2 * len(moves)
    assert_finished_page(page, game)
    assert page.get_by_text("marks each cell it won").is_visible()
    page.screenshot(path=f"{SHOTS}/matrio_finished.png", full_page=True)
    assert traffic.external == []
    assert all(status < 500 for status in traffic.responses.values())


def ice_loss_seed() -> int:
    """A seeded Overload game lost to ICE (so the page must say which royal and its health)."""
    reasons = ((s, imported(overload_game(s)).summary.details["reason"]) for s in range(200))
    return next(seed for seed, reason in reasons if reason == "ice")


def test_a_whole_overload_game_with_the_deck_told_card_by_card(
    open_page: Any, live_server: Any, cast: Cast
) -> None:
    tokens = told_overload(ice_loss_seed()).tokens
    scorekeeper = cast.user("scorekeeper")
    game = services.game_create(
        club=cast.club,
        kind="matrix-overload",
        players=[services.SeatInput(name="Ann Able")],
        tags=[("DeckEntry", "drawn")],
        by=scorekeeper,
    ).game
    page, traffic = phone(open_page, live_server, scorekeeper, game)
    taps = 0
    confirm_tried = False
    for ply, token in enumerate(tokens):
        card, _sep, place = token.replace(">", ":").partition(":")
        if place and not confirm_tried and ">" not in token:
            # LOOP asks first: "No" records nothing
            page.locator("#board-frame [data-token=LOOP]").click()
            page.get_by_role("button", name="No, go back").click()
            assert page.locator(".board-root").get_attribute("data-ply") == str(ply)
            confirm_tried = True
        if page.locator("[data-one-card]").get_attribute("data-one-card") != card:
            if page.locator(f'.picker [data-card="{card}"]').count():
                taps += tap(page, f'.picker [data-card="{card}"]')
            else:
                taps += tap(page, f'[data-rank="{card[0]}"]')
                taps += tap(page, f'[data-suit="{card[1]}"]')
        if place:
            slot = place[1:] if len(place) == 3 else place
            taps += tap(page, f'button[data-place="{slot}"]')
        wait_for_ply(page, ply + 1)
        if ply == 3:
            page.screenshot(path=f"{SHOTS}/overload_deal.png", full_page=True)
        if ply == 30:
            page.screenshot(path=f"{SHOTS}/overload_play.png", full_page=True)
            page.locator(".picker").scroll_into_view_if_needed()
            page.screenshot(path=f"{SHOTS}/overload_play_phone.png")
    game.refresh_from_db()
    assert taps == overload_taps(selectors.game_live(game=game))
    assert_finished_page(page, game)
    outcome = page.locator("#outcome").inner_text()
    assert outcome.startswith("Lost:") and "had health" in outcome and "more than 20" in outcome
    page.screenshot(path=f"{SHOTS}/overload_finished.png", full_page=True)
    page.goto(f"{live_server.url}/games/")
    assert page.get_by_text(outcome).is_visible()  # the list says it too
    assert traffic.external == []
    assert all(status < 500 for status in traffic.responses.values())


def test_a_whole_integer_matrix_game_by_taps(open_page: Any, live_server: Any, cast: Cast) -> None:
    found = imported(str(integer_matrix_game(4)))
    tags = [(n, v) for n, v in found.game.tags if n in ("Scoring", "Setup")]
    scorekeeper = cast.user("scorekeeper")
    game = services.game_create(
        club=cast.club,
        kind="integer-matrix",
        players=[services.SeatInput(name=name) for name in ("Nora Neg", "Paul Pos")],
        tags=tags,
        by=scorekeeper,
    ).game
    page, traffic = phone(open_page, live_server, scorekeeper, game)
    taps, sign, colour = 0, "+", "W"
    moves = [token.split(" =")[0] for token in found.game.tokens]  # claims are not tapped
    for ply, token in enumerate(moves):
        new_sign, white, black, new_colour = disc_signs(token)
        if new_sign != sign:
            taps += tap(page, f'[data-im-sign="{new_sign}"]')
        taps += tap(page, f'[data-im-white="{white}"]')
        taps += tap(page, f'[data-im-black="{black}"]')
        if new_colour != colour:
            page.locator(f"input[name=im-colour][value={new_colour}]").check()
            taps += 1
        sign, colour = new_sign, new_colour
        square = page.locator(f'button[data-square="{token.split()[-1]}"]')
        assert square.is_enabled()  # legal for the colour chosen
        taps += tap(page, f'button[data-square="{token.split()[-1]}"]')
        wait_for_ply(page, ply + 1)
        if ply + 1 < len(moves):  # the colour stays chosen for the next move
            assert page.locator(f"input[name=im-colour][value={colour}]").is_checked()
        if ply == 9:
            assert page.locator(".lead").inner_text().endswith("(net farther from zero).")
            page.screenshot(path=f"{SHOTS}/integer_matrix_play.png", full_page=True)
            page.locator("#im-entry").scroll_into_view_if_needed()
            page.screenshot(path=f"{SHOTS}/integer_matrix_phone.png")
            assert_totals_in_sight(page)
    assert taps == integer_matrix_taps(moves)
    assert_finished_page(page, game)
    assert " won by " in page.locator(".lead").inner_text()
    page.screenshot(path=f"{SHOTS}/integer_matrix_finished.png", full_page=True)
    assert traffic.external == []
    assert all(status < 500 for status in traffic.responses.values())


def test_a_matrio_move_from_the_keyboard_keeps_the_focus(
    open_page: Any, live_server: Any, cast: Cast
) -> None:
    tags, players, moves = seeded_game()
    scorekeeper = cast.user("scorekeeper")
    game = services.game_create(
        club=cast.club,
        kind="matrio",
        players=[services.SeatInput(name=name) for name in players],
        tags=tags,
        by=scorekeeper,
    ).game
    page, _traffic = open_page(viewport={"width": 1024, "height": 800})
    signed_in(page, live_server, scorekeeper)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("h1").click()  # the focus is on the page, not in a field
    keys = 0
    for ply, token in enumerate(moves[:3]):
        typed = short(token)
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
        keys += len(typed) + 1
        wait_for_ply(page, ply + 1)
        assert page.evaluate("document.activeElement.id") == "token-input"
        assert page.locator("#token-input").input_value() == ""
    assert keys <= 3 * 8  # a move is at most 7 characters and Enter
    # a tapped move gives the focus back to the new hand, not to the page
    card, tray = moves[3].rstrip("+").split(">")
    page.locator(f'.hand [data-card="{card}"]').click()
    page.locator(f'button[data-tray="{tray}"]').click()
    wait_for_ply(page, 4)
    assert page.evaluate("document.activeElement.dataset.card || ''") != ""


def test_loop_asks_first_without_javascript_too(
    open_page: Any, live_server: Any, cast: Cast
) -> None:
    found = imported(overload_game(2))
    tags = [(n, v) for n, v in found.game.tags if n in ("Deck", "Setup")]
    scorekeeper = cast.user("scorekeeper")
    game = services.game_create(
        club=cast.club,
        kind="matrix-overload",
        players=[services.SeatInput(name="Ann Able")],
        tags=tags,
        by=scorekeeper,
    ).game
    start = game.ply
    page, _traffic = open_page(viewport=PHONE, is_mobile=True, java_script_enabled=False)
    signed_in(page, live_server, scorekeeper)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    for answer in ("No, go back", "Yes, record LOOP"):
        page.get_by_label("Move", exact=True).fill("loop")
        page.get_by_role("button", name="Record", exact=True).click()
        page.get_by_text("Declare an endless loop?").wait_for()
        game.refresh_from_db()
        assert game.ply == start  # nothing recorded before the answer
        page.get_by_role("link", name=answer).or_(page.get_by_role("button", name=answer)).click()
    game.refresh_from_db()
    assert game.ply == start + 1 and game.status == Game.Status.FINISHED
    outcome = page.locator("#outcome").inner_text()
    assert outcome.startswith("Lost: the player declared an endless loop")
    assert page.locator("#abandon-link").count() == 0


def test_a_told_deck_game_starts_from_the_form_and_asks_for_the_deal(
    open_page: Any, live_server: Any, cast: Cast
) -> None:
    scorekeeper = cast.user("scorekeeper")
    page, traffic = open_page(viewport=PHONE, is_mobile=True, has_touch=True)
    signed_in(page, live_server, scorekeeper)
    page.goto(f"{live_server.url}/games/new/")
    page.get_by_role("link", name="Matrix Overload", exact=True).click()
    assert page.locator("h1").inner_text() == "Start a game: Matrix Overload"
    page.get_by_label("Player", exact=True).fill("Ann Able")
    page.get_by_label("I tell each card as it is drawn").check()
    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("The deal: tap the card turned up for pile 1").wait_for()
    game = Game.objects.get()
    assert ["DeckEntry", "drawn"] in [list(pair) for pair in game.tags]
    tap(page, '[data-rank="T"]')
    tap(page, '[data-suit="D"]')
    wait_for_ply(page, 1)
    assert page.locator(".pile-1").inner_text().split() == ["1", "10♦"]
    assert page.get_by_text("The deal: tap the card turned up for pile 2").is_visible()
    assert traffic.external == []
