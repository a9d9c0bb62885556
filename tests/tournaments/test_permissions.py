"""Who may run events and their results, for every persona: only a club's staff change its
events and results, players report and confirm only their own tables, the public reads."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from games.engine.errors import NotAllowed
from tests.factories import UserFactory
from tests.tournaments.helpers import Cast, cast, matrio_event
from tournaments import permissions as policy
from tournaments import services
from tournaments.models import Event, Result, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def c() -> Cast:
    return cast()


def persona(c: Cast, name: str) -> Any:
    return {
        "anonymous": AnonymousUser(),
        "player": c.users[0],
        "scorekeeper": c.scorekeeper,
        "other director": c.other_director,
        "director": c.director,
        "admin": c.admin,
    }[name]


def locked_table(c: Cast) -> tuple[Event, Table]:
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    return event, round_.tables.get(seats__player=c.players[0])


PERSONAS = ["anonymous", "player", "scorekeeper", "other director", "director", "admin"]


@pytest.mark.parametrize(
    ("name", "manages", "enters"),
    [
        ("anonymous", False, False),
        ("player", False, False),
        ("scorekeeper", False, True),
        ("other director", False, False),
        ("director", True, True),
        ("admin", True, True),
    ],
)
def test_only_the_clubs_directors_run_its_events_and_its_staff_enter_results(
    c: Cast, name: str, manages: bool, enters: bool
) -> None:
    event = matrio_event(c)
    user = persona(c, name)

    assert policy.can_manage_event(user, event) is manages
    assert policy.can_enter_results(user, event) is enters
    assert policy.can_create_event(user, c.club) is manages


@pytest.mark.parametrize("name", PERSONAS)
def test_a_round_is_generated_only_by_a_director(c: Cast, name: str) -> None:
    event = matrio_event(c)
    if name in ("director", "admin"):
        assert services.round_generate(event=event, by=persona(c, name)).number == 1
    else:
        with pytest.raises(NotAllowed):
            services.round_generate(event=event, by=persona(c, name))
        assert not event.rounds.exists()


def test_players_report_only_their_own_tables(c: Cast) -> None:
    event, table = locked_table(c)
    elsewhere = event.rounds.get().tables.exclude(pk=table.pk).first()
    stranger = UserFactory(username="stranger")
    seated_elsewhere = elsewhere.seats.first().player
    seated_elsewhere.user = stranger
    seated_elsewhere.save()
    scores = {s.player_id: 1 for s in table.seats.all()}

    assert policy.can_report(c.users[0], table)
    assert not policy.can_report(c.users[0], elsewhere)
    assert not policy.can_report(AnonymousUser(), table)
    assert not policy.can_report(c.other_director, table)
    with pytest.raises(NotAllowed):
        services.result_report(table=table, scores=scores, by=stranger)
    with pytest.raises(NotAllowed):
        services.result_report(table=table, scores=scores, by=AnonymousUser())


def test_a_report_is_confirmed_by_another_player_of_the_table_or_a_director(c: Cast) -> None:
    _, table = locked_table(c)
    scores = {s.player_id: 1 for s in table.seats.all()}
    result = services.result_report(table=table, scores=scores, by=c.users[0])

    assert result.status == Result.Status.REPORTED
    assert not policy.can_confirm(c.users[0], result)  # the reporter
    assert not policy.can_confirm(AnonymousUser(), result)
    assert not policy.can_confirm(c.other_director, result)
    assert not policy.can_confirm(c.scorekeeper, result)
    assert policy.can_confirm(c.director, result) and policy.can_confirm(c.admin, result)
    table_mates = [s.player.user for s in table.seats.all() if s.player.user_id]
    for mate in table_mates:
        assert policy.can_confirm(mate, result) is (mate != c.users[0])


@pytest.mark.parametrize("name", PERSONAS)
def test_everyone_reads_the_event_page_and_standings(client: Any, c: Cast, name: str) -> None:
    event, _ = locked_table(c)
    user = persona(c, name)
    if user.is_authenticated:
        client.force_login(user)
    base = f"/events/{c.club.slug}/{event.slug}/"

    assert client.get(base).status_code == 200
    assert client.get(base + "standings.json").status_code == 200
    assert client.get("/api/events/").status_code == 200
    console = client.get(base + "console/")
    if name == "anonymous":
        assert console.status_code == 302
    else:
        assert console.status_code == (200 if name in ("director", "admin") else 403)


@pytest.mark.parametrize("name", PERSONAS)
def test_the_api_refuses_writes_outside_a_persons_rights(client: Any, c: Cast, name: str) -> None:
    _, table = locked_table(c)
    user = persona(c, name)
    if user.is_authenticated:
        client.force_login(user)
    body = {"scores": {str(s.player_id): 5 for s in table.seats.all()}}

    report = client.post(f"/api/tables/{table.pk}/report/", body, content_type="application/json")
    correct = client.post(f"/api/tables/{table.pk}/correct/", body, content_type="application/json")

    refused = 401 if name == "anonymous" else 403  # no credentials: sign in first
    expected_report = 201 if name in ("player", "scorekeeper", "director", "admin") else refused
    assert report.status_code == expected_report, report.content
    if name in ("director", "admin"):
        assert correct.status_code == 201
    else:
        assert correct.status_code == refused
        assert correct.json()["message"]  # a sentence: "you may not …" or "not provided"
