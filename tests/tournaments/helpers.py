"""Shared set-ups for the tournaments' Django tests: a club with its personas and an event."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from clubs.models import Club, Membership, Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Event, Round


@dataclass
class Cast:
    club: Club
    director: Any
    scorekeeper: Any
    other_director: Any
    admin: Any
    players: list[Player]
    users: list[Any]  # users[i] is players[i]'s account (the first four have one)


def member(club: Club, role: str, username: str) -> Any:
    user = UserFactory(username=username)
    MembershipFactory(club=club, player=PlayerFactory(user=user, name=username), role=role)
    return user


def cast(players: int = 12) -> Cast:
    club = ClubFactory()
    other = ClubFactory()
    director = member(club, Membership.Role.DIRECTOR, f"director-{club.slug}")
    scorekeeper = member(club, Membership.Role.SCOREKEEPER, f"keeper-{club.slug}")
    other_director = member(other, Membership.Role.DIRECTOR, f"director-{other.slug}")
    admin = UserFactory(username=f"admin-{club.slug}", is_superuser=True, is_staff=True)
    users = [UserFactory(username=f"p{n}-{club.slug}") for n in range(4)]
    people = [
        PlayerFactory(name=f"Player {n:02d}", user=users[n] if n < 4 else None)
        for n in range(players)
    ]
    for person in people:
        MembershipFactory(club=club, player=person)
    return Cast(club, director, scorekeeper, other_director, admin, people, users)


def matrio_event(c: Cast, **options: Any) -> Event:
    event = services.event_create(
        club=c.club,
        name="Autumn Swiss",
        game="matrio",
        starts_on=datetime.date(2026, 11, 1),
        options=options,
        by=c.director,
    )
    for person in c.players:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    return event


def play_round(event: Event, by: Any) -> None:
    """Generate, lock, enter a result at every table (first seat best) and finish a round."""
    round_ = services.round_generate(event=event, by=by)
    services.round_lock(round=round_, by=by)
    for table in round_.tables.all():
        seats = list(table.seats.order_by("position"))
        scores = {s.player_id: 100 - 10 * i for i, s in enumerate(seats)}
        services.result_report(table=table, scores=scores, by=by)
    services.round_finish(round=round_, by=by)


def pairs_round_locked(c: Cast) -> tuple[Event, Round]:
    """An Integer Matrix event with every player checked in and round 1 seated and locked."""
    event = services.event_create(
        club=c.club, name="Pairs", game="integer-matrix", starts_on=datetime.date(2026, 1, 1),
        by=c.director,
    )  # fmt: skip
    for person in c.players:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    return event, round_
