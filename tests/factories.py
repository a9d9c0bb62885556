"""factory_boy factories for the tests' models."""

from __future__ import annotations

import datetime

import factory
from django.contrib.auth import get_user_model

from clubs.models import Club, Membership, Player
from games.kinds import GameKind
from tournaments.models import Event

PASSWORD = "a-test-password-42"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def saved(obj, create, extracted, **kwargs):  # type: ignore[no-untyped-def]
        if create:
            obj.save()


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player {n}")
    slug = factory.Sequence(lambda n: f"player-{n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(PlayerFactory)
    role = Membership.Role.PLAYER


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Event {n}")
    slug = factory.Sequence(lambda n: f"event-{n}")
    game = GameKind.MATRIO
    status = Event.Status.DRAFT
    starts_on = datetime.date(2026, 11, 1)
