"""Event pages: the public page with live standings, printable seating, the table page and
the console's refusals as messages."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.helpers import cast, matrio_event, play_round
from tournaments import services

pytestmark = pytest.mark.django_db


def test_the_public_page_shows_rounds_results_and_standings(client: Any) -> None:
    c = cast()
    event = matrio_event(c)
    play_round(event, c.director)
    base = f"/events/{c.club.slug}/{event.slug}/"

    page = client.get(base).content.decode()
    data = client.get(base + "standings.json").json()

    assert "Round 1" in page and "Standings" in page and "Printable seating" in page
    assert data["rows"][0]["values"][0] == "4"
    assert [c["name"] for c in data["criteria"]] == ["match_points", "total_score", "buchholz"]
    assert client.get("/events/").status_code == 200


def test_the_printable_seating_has_one_sheet_per_table_with_the_board(client: Any) -> None:
    c = cast()
    event = matrio_event(c)
    services.round_generate(event=event, by=c.director)

    page = client.get(f"/events/{c.club.slug}/{event.slug}/rounds/1/print/").content.decode()

    assert page.count('class="sheet"') == 3
    assert page.count('class="board-tray"') == 3 * 24
    assert "Whoever holds the 2 of clubs after the deal plays first" in page


def test_a_player_reports_on_the_table_page_and_a_director_confirms(client: Any) -> None:
    c = cast()
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    table = round_.tables.get(seats__player=c.players[0])
    url = f"/events/{c.club.slug}/{event.slug}/tables/{table.pk}/"
    client.force_login(c.users[0])

    form = {f"score-{s.player_id}": "7" for s in table.seats.all()}
    client.post(url, {"action": "report", **form})
    client.force_login(c.director)
    client.post(url, {"action": "confirm"})

    assert table.results.get(status="confirmed").scores[str(c.players[0].pk)] == 7


def test_the_console_turns_refusals_into_messages(client: Any) -> None:
    c = cast(3)
    event = matrio_event(c)
    client.force_login(c.director)

    answer = client.post(
        f"/events/{c.club.slug}/{event.slug}/console/do/", {"action": "generate"}, follow=True
    )

    assert answer.status_code == 200
    assert "needs at least 4 present players" in answer.content.decode()
    assert not event.rounds.exists()


def test_the_overload_result_form_takes_win_cards_left_and_royals_killed(client: Any) -> None:
    import datetime

    c = cast(2)
    event = services.event_create(
        club=c.club, name="Solo", game="matrix-overload", starts_on=datetime.date(2026, 1, 1),
        by=c.director,
    )  # fmt: skip
    for person in c.players:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    table = round_.tables.get()
    a, b = c.players
    client.force_login(c.director)
    page = client.get(f"/events/{c.club.slug}/{event.slug}/console/").content.decode()
    assert f'name="won-{a.pk}"' in page and f'name="cards-{a.pk}"' in page

    client.post(
        f"/events/{c.club.slug}/{event.slug}/console/do/",
        {
            "action": "result", "round": 1, "table": table.pk,
            f"won-{a.pk}": "1", f"cards-{a.pk}": "6", f"score-{a.pk}": "12",
            f"cards-{b.pk}": "", f"score-{b.pk}": "8",
        },
    )  # fmt: skip

    result = table.results.get(status="confirmed")
    assert result.scores == {str(a.pk): 12, str(b.pk): 8}
    assert result.details[str(a.pk)] == {"solved": True, "cards_left": 6, "royals_killed": 12}
    assert result.details[str(b.pk)] == {"solved": False, "cards_left": 0, "royals_killed": 8}
    table_page = client.get(f"/events/{c.club.slug}/{event.slug}/tables/{table.pk}/")
    assert table_page.status_code == 200
