"""The database keeps memberships and event slugs unique."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from clubs.accounts import membership_grant
from clubs.models import Membership
from games.kinds import GameKind
from tests.factories import ClubFactory, EventFactory, MembershipFactory
from tournaments.models import Event
from tournaments.selectors import event_list

pytestmark = pytest.mark.django_db


def test_a_player_holds_each_role_in_a_club_once() -> None:
    membership = MembershipFactory(role=Membership.Role.SCOREKEEPER)

    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(
            club=membership.club, player=membership.player, role=Membership.Role.SCOREKEEPER
        )
    MembershipFactory(club=membership.club, player=membership.player, role="director")


def test_granting_a_role_twice_is_a_no_op() -> None:
    membership = MembershipFactory()

    again, created = membership_grant(
        club=membership.club, player=membership.player, role=membership.role
    )

    assert (again.pk, created) == (membership.pk, False)


def test_an_event_slug_is_unique_within_its_club_only() -> None:
    event = EventFactory(slug="spring")
    EventFactory(slug="spring")  # another club

    with pytest.raises(IntegrityError), transaction.atomic():
        EventFactory(club=event.club, slug="spring")


def test_the_game_kinds_are_the_mgn_game_tags() -> None:
    assert GameKind.values == ["matrio", "mathematico", "matrix-overload", "integer-matrix"]


def test_events_list_running_first_then_drafts_then_finished() -> None:
    club = ClubFactory()
    finished = EventFactory(club=club, status=Event.Status.FINISHED)
    draft = EventFactory(club=club, status=Event.Status.DRAFT)
    running = EventFactory(club=club, status=Event.Status.RUNNING)

    assert list(event_list(club=club)) == [running, draft, finished]
