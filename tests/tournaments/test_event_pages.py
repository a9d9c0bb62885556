"""A director creates, changes and (while empty) deletes an event from the site (issue #13)."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from tests.tournaments.helpers import Cast, cast
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def signed_in(user: object) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)  # type: ignore[arg-type]
    return client


def form(c: Cast, **fields: object) -> dict[str, object]:
    return {
        "club": c.club.pk,
        "name": "Winter  Swiss",
        "game": "matrio",
        "format": "",
        "starts_on": "2026-12-05",
        "rounds": 4,
        "final_size": 4,
        "mode": "max",
        "seeding": "rating",
        **fields,
    }


@pytest.mark.parametrize(
    ("game", "format_"),
    [
        ("matrio", "swiss-tables"),
        ("matrio", "round-robin"),
        ("integer-matrix", "swiss-pairs"),
        ("integer-matrix", "round-robin"),
        ("mathematico", "simultaneous"),
        ("matrix-overload", "duplicate"),
    ],
)
def test_a_director_creates_an_event_of_every_format(game: str, format_: str) -> None:
    c = cast(4)
    final = 4 if game == "matrio" else 0

    response = signed_in(c.director).post(
        "/events/new/", form(c, game=game, format=format_, final_size=final)
    )

    event = Event.objects.get()
    assert (event.name, event.slug, event.game, event.format) == (
        "Winter Swiss", "winter-swiss", game, format_
    )  # fmt: skip
    assert event.options["rounds"] == 4 and event.options["final_size"] == final
    assert response.status_code == 302 and response["Location"].endswith("/console/")


def test_a_refused_event_keeps_what_was_typed_and_says_why() -> None:
    c = cast(4)

    page = signed_in(c.director).post(
        "/events/new/", form(c, game="mathematico", format="swiss-tables", name="Night Cup")
    )

    html = page.content.decode()
    assert page.status_code == 200 and not Event.objects.exists()
    assert "cannot use the format" in html and 'value="Night Cup"' in html


def test_the_target_is_asked_for_when_the_nearest_score_wins() -> None:
    c = cast(4)

    page = signed_in(c.director).post(
        "/events/new/", form(c, game="mathematico", mode="exactly", final_size=0)
    )

    assert "Give the target score." in page.content.decode() and not Event.objects.exists()


def test_a_director_changes_an_event_but_not_its_game_once_a_round_is_seated() -> None:
    c = cast(4)
    event = services.event_create(
        club=c.club, name="Cup", game="matrio", starts_on=date(2026, 1, 1), by=c.director
    )
    client = signed_in(c.director)
    url = f"/events/{c.club.slug}/{event.slug}/edit/"

    client.post(url, form(c, name="Cup 2026", rounds=5, final_size=0))
    event.refresh_from_db()
    for person in c.players:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    services.round_generate(event=event, by=c.director)
    refused = client.post(url, form(c, name="Cup 2026", game="integer-matrix", final_size=0))

    assert event.name == "Cup 2026" and event.options["rounds"] == 5 and event.slug == "cup"
    assert "cannot change once a round was seated" in refused.content.decode()
    event.refresh_from_db()
    assert event.game == "matrio"


def test_only_an_empty_event_is_deleted_after_asking() -> None:
    c = cast(4)
    empty = services.event_create(
        club=c.club, name="Oops", game="matrio", starts_on=date(2026, 1, 1), by=c.director
    )
    played = services.event_create(
        club=c.club, name="Real", game="matrio", starts_on=date(2026, 1, 1), by=c.director
    )
    services.entry_add(event=played, player=c.players[0], by=c.director)
    client = signed_in(c.director)

    asked = client.get(f"/events/{c.club.slug}/oops/delete/")
    client.post(f"/events/{c.club.slug}/oops/delete/")
    client.post(f"/events/{c.club.slug}/real/delete/")

    assert "cannot be undone" in asked.content.decode()
    assert not Event.objects.filter(pk=empty.pk).exists()
    assert Event.objects.filter(pk=played.pk).exists()


@pytest.mark.parametrize("persona", ["anonymous", "player", "scorekeeper", "other_director"])
def test_only_the_clubs_directors_create_change_or_delete_events(persona: str) -> None:
    c = cast(4)
    event = services.event_create(
        club=c.club, name="Cup", game="matrio", starts_on=date(2026, 1, 1), by=c.director
    )
    user = {
        "anonymous": None,
        "player": c.users[0],
        "scorekeeper": c.scorekeeper,
        "other_director": c.other_director,
    }[persona]
    client = signed_in(user)
    base = f"/events/{c.club.slug}/{event.slug}"

    created = client.post("/events/new/", form(c, name="Mine"))
    changed = client.post(f"{base}/edit/", form(c, name="Taken over"))
    deleted = client.post(f"{base}/delete/")

    assert created.status_code in (200, 302, 403)  # 200: the form refuses the other club
    assert not Event.objects.filter(name="Mine").exists()
    assert changed.status_code in (302, 403) and deleted.status_code in (302, 403)
    event.refresh_from_db()
    assert event.name == "Cup" and Event.objects.filter(pk=event.pk).exists()
    if persona == "anonymous":
        assert created["Location"].startswith("/accounts/login/")
