"""Helpers for the games tests: personas, ready-made games and engine-made records."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from clubs.models import Club, Membership
from games import services
from games.engine import registry
from games.models import Game
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

PERSONAS = ("anonymous", "player", "scorekeeper", "other_director", "director", "admin")
WRITERS = {"scorekeeper", "director", "admin"}
NAMES = ("Ann", "Ben", "Cat", "Dan")


@dataclass
class Cast:
    """A club with one user per persona (``None`` for the anonymous visitor)."""

    club: Club
    other_club: Club
    users: dict[str, Any]

    def user(self, persona: str) -> Any:
        return self.users[persona]


def make_cast() -> Cast:
    club = ClubFactory(name="Home Club", slug="home")
    other = ClubFactory(name="Away Club", slug="away")
    users: dict[str, Any] = {"anonymous": None}
    for persona, home, role in (
        ("player", club, Membership.Role.PLAYER),
        ("scorekeeper", club, Membership.Role.SCOREKEEPER),
        ("other_director", other, Membership.Role.DIRECTOR),
        ("director", club, Membership.Role.DIRECTOR),
    ):
        user = UserFactory(username=persona)
        player = PlayerFactory(name=persona.replace("_", " ").title(), user=user)
        MembershipFactory(club=home, player=player, role=role)
        users[persona] = user
    admin = UserFactory(username="admin")
    admin.is_superuser = admin.is_staff = True
    admin.save()
    users["admin"] = admin
    return Cast(club, other, users)


def record(kind: str, seed: int, **kwargs: Any) -> str:
    """A seeded random complete game of ``kind`` as canonical MGN (the engine's own)."""
    module: Any = importlib.import_module(registry.MODULES[kind])
    return str(module.random_game(seed, **kwargs))


def live_matrio(cast: Cast, *, by: Any = None, **kwargs: Any) -> Game:
    """A new live MatriO game in the cast's club, recorded by the scorekeeper by default."""
    started = services.game_create(
        club=cast.club,
        kind="matrio",
        players=[services.SeatInput(name=name) for name in NAMES],
        by=by or cast.user("scorekeeper"),
        **kwargs,
    )
    return started.game


def matrio_tokens(seed: int = 1) -> list[str]:
    """The moves of a seeded random complete MatriO game (no hands recorded: any card)."""
    text = record("matrio", seed)
    return text.split("\n\n", 1)[1].split()
