"""Results forms keep what was typed when they refuse it, and say whose box is wrong (#13)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from analytics.models import Rating
from tests.tournaments.helpers import cast, matrio_event
from tournaments import services
from tournaments.models import Result, Table

pytestmark = pytest.mark.django_db


def locked_table() -> tuple[Any, str, Table]:
    c = cast()
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    table = round_.tables.get(seats__player=c.players[0])
    return c, f"/events/{c.club.slug}/{event.slug}/", table


def typed(table: Table, wrong: str = "12a") -> tuple[dict[str, str], Any]:
    seats = list(table.seats.select_related("player").order_by("position"))
    form = {f"score-{s.player_id}": str(100 + n) for n, s in enumerate(seats)}
    form[f"score-{seats[1].player_id}"] = wrong
    return form, seats[1].player


def test_the_console_keeps_every_typed_score_and_names_the_wrong_one(client: Any) -> None:
    c, base, table = locked_table()
    form, player = typed(table)
    client.force_login(c.director)

    answer = client.post(
        base + "console/do/", {"action": "result", "round": "1", "table": table.pk, **form}
    )

    page = answer.content.decode()
    assert answer.status_code == 400 and not Result.objects.exists()
    assert f"{player.name}&#x27;s score “12a” is not a whole number" in page
    for name, value in form.items():
        assert f'name="{name}" inputmode="numeric"' in page
        assert f'value="{value}"' in page
    assert page.count('aria-invalid="true"') == 1


def test_the_table_page_keeps_a_players_typed_report(client: Any) -> None:
    c, base, table = locked_table()
    form, player = typed(table, wrong="lots")
    client.force_login(c.users[0])

    answer = client.post(base + f"tables/{table.pk}/", {"action": "report", **form})

    page = answer.content.decode()
    assert answer.status_code == 400 and not Result.objects.exists()
    assert f"{player.name}&#x27;s score “lots” is not a whole number" in page
    assert all(f'value="{value}"' in page for value in form.values())


def test_a_good_report_still_goes_back_to_the_page(client: Any) -> None:
    c, base, table = locked_table()
    form, _ = typed(table, wrong="7")
    client.force_login(c.users[0])

    answer = client.post(base + f"tables/{table.pk}/", {"action": "report", **form})

    assert answer.status_code == 302 and Result.objects.get().status == "reported"


def test_regenerating_says_when_the_seating_came_out_the_same(client: Any) -> None:
    c = cast(4)  # one table of four, seated by their ratings: only one seating is right
    for rank, player in enumerate(c.players):
        Rating.objects.create(
            pool="matrio", kind="matrio", player_key=str(player.pk), player=player,
            name=player.name, mu=25, sigma=3, display=1900 - 100 * rank, games=10,
        )  # fmt: skip
    event = matrio_event(c, seeding="rating")
    services.round_generate(event=event, by=c.director)
    client.force_login(c.director)

    answer = client.post(
        f"/events/{c.club.slug}/{event.slug}/console/do/",
        {"action": "regenerate", "round": "1"},
        follow=True,
    )

    page = answer.content.decode()
    assert "Round 1 came out the same" in page and "seated again" not in page


def test_an_overload_form_keeps_the_won_box_and_names_the_wrong_count(client: Any) -> None:
    c = cast(2)
    event = services.event_create(
        club=c.club, name="Overload", game="matrix-overload", starts_on=datetime.date(2026, 1, 1),
        by=c.director,
    )  # fmt: skip
    for person in c.players:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    table = round_.tables.get()
    first, second = (s.player for s in table.seats.order_by("position"))
    form = {
        f"won-{first.pk}": "1", f"cards-{first.pk}": "seven", f"score-{first.pk}": "12",
        f"score-{second.pk}": "5",
    }  # fmt: skip
    client.force_login(c.director)

    answer = client.post(
        f"/events/{c.club.slug}/{event.slug}/console/do/",
        {"action": "result", "round": "1", "table": table.pk, **form},
    )

    page = answer.content.decode()
    assert answer.status_code == 400 and not Result.objects.exists()
    assert f"{first.name}&#x27;s counts (cards left, royals killed) must be whole numbers" in page
    assert f'name="won-{first.pk}" value="1" checked' in page
    assert f'name="cards-{first.pk}" inputmode="numeric" aria-invalid="true" value="seven"' in page
