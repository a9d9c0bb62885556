"""The demo loader builds the demo club once; loading again creates nothing new."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from clubs.models import Club, Membership, Player
from games.models import Game
from matrio_site import demo_data
from matrio_site.demo import demo_load
from tournaments.models import Event, Result, Table
from tournaments.selectors import event_standings

pytestmark = pytest.mark.django_db


def counts() -> dict[str, int]:
    return {
        "users": get_user_model().objects.count(),
        "clubs": Club.objects.count(),
        "players": Player.objects.count(),
        "memberships": Membership.objects.count(),
        "events": Event.objects.count(),
        "games": Game.objects.count(),
    }


def test_it_creates_the_demo_club_with_twelve_players_and_two_events() -> None:
    summary = demo_load()

    assert (summary.club.name, summary.club.slug) == ("Demo Club", "demo")
    assert counts() == {
        "users": 4,
        "clubs": 1,
        "players": 12,
        "memberships": 14,
        "events": 2,
        "games": 16,
    }
    statuses = dict(Event.objects.values_list("slug", "status"))
    assert statuses == {"autumn-league-2026": "finished", "club-night": "running"}
    director = Player.objects.get(user__username="director")
    assert set(director.memberships.values_list("role", flat=True)) == {"director", "player"}


def test_loading_twice_creates_no_duplicates() -> None:
    first = demo_load()
    before = counts()

    second = demo_load()

    assert counts() == before
    assert second.created == 0 and first.created > 0
    assert second.club.pk == first.club.pk


def test_the_demo_logins_work_and_only_the_admin_is_staff() -> None:
    demo_load()
    users = get_user_model().objects

    for login in demo_data.LOGINS:
        user = users.get(username=login.username)
        assert user.check_password(login.password)
        assert user.is_staff is login.staff


def test_reloading_keeps_a_password_the_demo_user_changed() -> None:
    demo_load()
    user = get_user_model().objects.get(username="player")
    user.set_password("my-own-new-password")
    user.save()

    demo_load()

    user.refresh_from_db()
    assert user.check_password("my-own-new-password")


def test_the_command_reports_what_it_did() -> None:
    out = StringIO()
    call_command("load_demo", stdout=out)
    call_command("load_demo", stdout=out)

    first, second = out.getvalue().splitlines()
    assert "16 games; 51 rows created" in first
    assert second.endswith("nothing new to create.")


def test_the_demo_events_are_played_through_the_services(
    django_capture_on_commit_callbacks: Any,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        demo_load()
    league = Event.objects.get(slug=demo_data.LEAGUE)
    night = Event.objects.get(slug=demo_data.CLUB_NIGHT)

    assert list(league.rounds.values_list("status", flat=True)) == ["finished"] * 3
    league_results = Result.objects.filter(table__round__event=league, status="confirmed")
    assert league_results.count() == 9
    assert set(league_results.values_list("source", flat=True)) == {"game"}
    assert all(t.game_id for t in Table.objects.filter(round__event=league))
    rows = event_standings(event=league).rows
    assert len(rows) == 12 and all(row.games == 3 for row in rows)

    first, second = night.rounds.order_by("number")
    assert (first.status, second.status) == ("finished", "locked")
    assert first.tables.get().results.get(status="confirmed").source == "game"
    assert second.tables.get().seats.count() == 6  # two late entries joined
    assert night.entries.filter(late=True).count() == 2
    assert league.audit.filter(action="round generated").count() == 3

    with django_capture_on_commit_callbacks(execute=True):
        assert demo_load().created == 0
    assert Result.objects.filter(table__round__event=league).count() == 9
    assert night.rounds.count() == 2
