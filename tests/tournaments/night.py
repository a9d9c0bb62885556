"""What the whole-night browser tests share: a club whose every player has an account, people
signed in (the director through the login form, the others by their session), and the
director's console and the players' table pages driven as people do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.test import Client

from tests.browser import PHONE, OpenPage, Traffic
from tests.factories import PASSWORD, UserFactory
from tests.tournaments.helpers import Cast, cast
from tournaments.models import Table

SHOTS = Path("/tmp/shots-matrio_h8")
DESKTOP = {"width": 1280, "height": 900}


def club_night_cast(players: int) -> Cast:
    """A club of ``players`` members, each with an account (to report and confirm)."""
    c = cast(players)
    for person in c.players[len(c.users) :]:
        person.user = UserFactory(username=f"{person.slug}-user")
        person.save(update_fields=["user"])
        c.users.append(person.user)
    return c


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def director_page(open_page: OpenPage, live_server: Any, c: Cast) -> tuple[Any, Traffic]:
    """The director's desktop browser, signed in through the login form, on /events/."""
    page, traffic = open_page(viewport=DESKTOP)
    page.goto(f"{live_server.url}/accounts/login/?next=/events/")
    page.get_by_label("Username").fill(c.director.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/events/")
    return page, traffic


def phone_page(open_page: OpenPage, live_server: Any, user: Any) -> tuple[Any, Traffic]:
    """A phone (390 px wide) signed in as ``user`` (their session, as after logging in)."""
    page, traffic = open_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return page, traffic


def fits_the_phone(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"])


def create_event(page: Any, name: str, game: str, rounds: int) -> None:
    """The director creates the event from /events/ and lands on its console."""
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Game", exact=True).select_option(game)
    page.get_by_label("Date", exact=True).fill("2026-11-20")
    page.get_by_label("Rounds planned", exact=True).fill(str(rounds))
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url("**/console/")


def check_in(page: Any, c: Cast) -> None:
    """Tick every player in the member list (searching each name) and check them in at once."""
    search = page.get_by_label("Find a member")
    first, *others = c.players
    search.fill(f"  {first.name.upper()} ")  # found whatever the case and spaces
    page.get_by_label(first.name, exact=True).check()
    search.fill("")
    for person in others:
        page.get_by_label(person.name, exact=True).check()
    page.get_by_role("button", name="Enter and check in the ticked members").click()
    page.get_by_text(f"{len(c.players)} members entered and checked in.").wait_for()


def seat_round(page: Any, number: int) -> None:
    page.get_by_role("button", name=f"Generate round {number}").click()
    page.get_by_text(f"Round {number} is seated (draft)").wait_for()
    page.get_by_role("button", name=f"Lock round {number}").click()
    page.get_by_text(f"Round {number} is locked").wait_for()


def table_card(page: Any, number: int) -> Any:
    return page.locator("li.card").filter(has=page.get_by_role("heading", name=f"Table {number}"))


def type_table(page: Any, round_number: int, table: int, scores: list[str]) -> None:
    """The director types a table's scores (seat order) in the console and saves them."""
    card = table_card(page, table)
    fields = card.get_by_role("textbox")
    for seat, score in enumerate(scores):
        fields.nth(seat).fill(score)
    card.get_by_role("button", name=f"Save the result of table {table}").click()


def typed_saved(page: Any, round_number: int, table: int) -> None:
    page.get_by_text(f"Result of round {round_number}, table {table} saved").wait_for()


def finish_round(page: Any, number: int) -> None:
    page.get_by_role("button", name=f"Finish round {number}").click()
    page.get_by_text(f"Round {number} is finished").wait_for()


def seated(table: Table) -> list[Any]:
    """The table's players in seat order."""
    return [seat.player for seat in table.seats.select_related("player").order_by("position")]
