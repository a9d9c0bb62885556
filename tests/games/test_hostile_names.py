"""Names of 81 to 200 characters (longer than a slug) and names with markup, where people type
them: event creation, the console's add-player and the invitation sign-up. Each answers a
page (never a 500), stores a slug that fits, and shows the name escaped."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from clubs import accounts
from clubs.models import Player
from clubs.players import SLUG_LENGTH
from tests.tournaments.helpers import cast
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert('x')</script>"


def signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


@pytest.mark.parametrize("length", [81, 150, 200])
def test_an_event_named_longer_than_a_slug_is_created(length: int) -> None:
    c = cast()
    name = (SCRIPT + " Cup " * 60)[:length]
    form = {
        "club": c.club.pk, "name": name, "game": "matrio", "format": "", "rounds": 4,
        "starts_on": "2026-12-05", "final_size": 4, "mode": "max", "seeding": "rating",
    }  # fmt: skip

    response = signed_in(c.director).post("/events/new/", form, follow=True)

    assert response.status_code == 200
    event = Event.objects.get()
    assert len(event.slug) <= SLUG_LENGTH
    page = response.content.decode()
    assert SCRIPT not in page and "&lt;script&gt;" in page


def test_an_event_name_longer_than_200_characters_is_a_sentence() -> None:
    c = cast()
    form = {
        "club": c.club.pk, "name": "N" * 201, "game": "matrio", "format": "", "rounds": 4,
        "starts_on": "2026-12-05", "final_size": 4, "mode": "max", "seeding": "rating",
    }  # fmt: skip

    response = signed_in(c.director).post("/events/new/", form)

    assert response.status_code == 200 and not Event.objects.exists()
    assert "at most 200 characters" in response.content.decode()


@pytest.mark.parametrize("length", [81, 200])
def test_the_console_adds_a_player_named_longer_than_a_slug(length: int) -> None:
    c = cast()
    event = services.event_create(
        club=c.club, name="Night", game="matrio", starts_on=date(2026, 12, 5), by=c.director
    )
    name = (SCRIPT + " Zoë" * 60)[:length].strip()
    url = f"/events/{c.club.slug}/{event.slug}/console/do/"

    response = signed_in(c.director).post(
        url, {"action": "add-player", "name": name, "create": "1"}, follow=True
    )

    assert response.status_code == 200
    player = Player.objects.get(name=name)
    assert len(player.slug) <= SLUG_LENGTH
    assert SCRIPT not in response.content.decode()


@pytest.mark.parametrize("length", [81, 200])
def test_an_invitation_sign_up_with_a_name_longer_than_a_slug(length: int) -> None:
    c = cast()
    invitation = accounts.invitation_create(club=c.club, by=c.director)
    name = ("Ann " * 60)[:length].strip()

    response = Client().post(
        f"/clubs/invitations/{invitation.token}/",
        {"username": "newcomer", "password": "a long enough pass phrase 81", "name": name},
        follow=True,
    )

    assert response.status_code == 200
    player = Player.objects.get(name=name)
    assert len(player.slug) <= SLUG_LENGTH and player.user is not None
