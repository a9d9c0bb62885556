"""Round 1 is seated by rating (or at random where the club chooses), never in entry order."""

from __future__ import annotations

from datetime import date

import pytest

from analytics.models import Rating
from games.engine.errors import DomainError
from tests.tournaments.helpers import Cast, cast
from tournaments import pairing, services
from tournaments.models import Event, Round
from tournaments.pairing.entrants import present
from tournaments.seeding import seeded

pytestmark = pytest.mark.django_db


def event_with_players(c: Cast, **options: object) -> Event:
    event = services.event_create(
        club=c.club, name="Cup", game="matrio", starts_on=date(2026, 1, 1),
        options=options, by=c.director,
    )  # fmt: skip
    for person in c.players:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    return event


def rate(c: Cast, displays: dict[int, int]) -> None:
    for index, display in displays.items():
        player = c.players[index]
        Rating.objects.create(
            pool="matrio", kind="matrio", player_key=f"p{player.pk}", player=player,
            name=player.name, mu=25, sigma=3, display=display, games=10,
        )  # fmt: skip


def first_tables(round_: Round) -> list[set[int]]:
    return [set(t.seats.values_list("player_id", flat=True)) for t in round_.tables.all()]


def test_round_one_is_seated_by_rating_like_the_later_rounds_by_points() -> None:
    c = cast(16)
    rate(c, {15: 1900, 14: 1800, 13: 1700, 12: 1600})  # the last entered are the strongest
    event = event_with_players(c)

    round_ = services.round_generate(event=event, by=c.director)

    strongest = {c.players[i].pk for i in (12, 13, 14, 15)}
    assert first_tables(round_)[0] == strongest  # table 1: the four strongest, as a Swiss does


def test_unrated_players_are_seated_at_random_not_in_entry_order() -> None:
    c = cast(8)
    entrants = [pairing.Entrant(id=p.pk) for p in c.players]

    orders = {
        tuple(e.id for e in present(seeded(entrants, kind="matrio", seeding="rating")))
        for _ in range(20)
    }

    assert len(orders) > 1  # different every time: secrets decide, not the entry order


def test_random_seeding_ignores_ratings_and_a_bad_seeding_is_refused() -> None:
    c = cast(8)
    rate(c, {0: 2000, 1: 1990})
    entrants = [pairing.Entrant(id=p.pk) for p in c.players]

    firsts = {present(seeded(entrants, kind="matrio", seeding="random"))[0].id for _ in range(30)}

    assert len(firsts) > 2
    with pytest.raises(DomainError, match="seeding must be rating or random"):
        event_with_players(c, seeding="by-name")
