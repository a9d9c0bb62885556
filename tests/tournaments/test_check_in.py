"""Check-in at the door (issue #13): members are chosen from the club's list, many at once;
a typed name that is a member's enters that member; a new member only on purpose; a drop asks
first and can be undone until the next round is seated."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from clubs.models import Player
from games.engine.errors import DomainError
from tests.tournaments.helpers import Cast, cast
from tournaments import services
from tournaments.check_in import entry_undrop, members_enter, player_enter_by_name
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def event_of(c: Cast) -> Event:
    return services.event_create(
        club=c.club, name="Night", game="matrio", starts_on=date(2026, 1, 1), by=c.director
    )


def console(c: Cast, event: Event) -> tuple[Client, str]:
    client = Client()
    client.force_login(c.director)
    return client, f"/events/{c.club.slug}/{event.slug}/console/"


def test_many_members_are_entered_and_checked_in_at_once_from_the_console() -> None:
    c = cast(12)
    event = event_of(c)
    client, url = console(c, event)
    page = client.get(url).content.decode()
    players = Player.objects.count()

    done = client.post(
        url + "do/",
        {"action": "enter-members", "player": [p.pk for p in c.players[:10]]},
    )

    assert all(f'value="{p.pk}"' in page for p in c.players)  # the list offers them all
    assert done["Location"].endswith("#entries-heading")  # back at the list, not the top
    assert event.entries.filter(checked_in=True).count() == 10
    assert Player.objects.count() == players  # nobody was created


def test_a_typed_members_name_enters_that_member_case_and_spacing_aside() -> None:
    c = cast(4)
    event = event_of(c)
    before = Player.objects.count()

    entry, created = player_enter_by_name(event=event, name="  player   02 ", by=c.director)

    assert entry.player == c.players[2] and not created
    assert Player.objects.count() == before


def test_a_new_name_near_a_members_is_refused_until_asked_on_purpose() -> None:
    c = cast(4)
    event = event_of(c)

    with pytest.raises(DomainError, match=r"members with a near name: .*Player 02"):
        player_enter_by_name(event=event, name="Player 2", by=c.director)
    entry, created = player_enter_by_name(event=event, name="Player 2", create=True, by=c.director)
    fresh, made = player_enter_by_name(event=event, name="Zoe Quinn", by=c.director)

    assert created and entry.player.name == "Player 2"
    assert made and fresh.player.name == "Zoe Quinn"
    assert entry.player.memberships.filter(club=c.club).exists()


def test_a_refused_new_name_is_kept_in_the_form() -> None:
    c = cast(4)
    event = event_of(c)
    client, url = console(c, event)

    answer = client.post(url + "do/", {"action": "add-player", "name": "Player 2"}, follow=True)

    html = answer.content.decode()
    assert "Choose from the list" in html and 'value="Player 2"' in html


def test_a_drop_asks_first_and_is_undone_until_the_next_round_is_seated() -> None:
    c = cast(8)
    event = event_of(c)
    members_enter(event=event, player_ids=[p.pk for p in c.players], by=c.director)
    entry = event.entries.get(player=c.players[0])
    client, url = console(c, event)

    page = client.get(url).content.decode()
    services.entry_drop(entry=entry, by=c.director)
    entry_undrop(entry=entry, by=c.director)
    entry.refresh_from_db()
    back = entry.dropped_after_round
    services.entry_drop(entry=entry, by=c.director)
    services.round_generate(event=event, by=c.director)

    assert "Yes, Player 00 leaves the event" in page  # the drop asks first
    assert back is None
    with pytest.raises(DomainError, match="a round was seated since"):
        entry_undrop(entry=entry, by=c.director)


@pytest.mark.parametrize("persona", ["player", "scorekeeper", "other_director"])
def test_only_the_events_directors_check_players_in(persona: str) -> None:
    c = cast(4)
    event = event_of(c)
    user = {"player": c.users[0], "scorekeeper": c.scorekeeper, "other_director": c.other_director}

    with pytest.raises(DomainError, match="you may not"):
        members_enter(event=event, player_ids=[c.players[0].pk], by=user[persona])
    assert not event.entries.exists()
