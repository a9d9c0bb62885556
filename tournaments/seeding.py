"""Who sits where in round 1: seeded by rating (the default) or at random, never by the order
players were entered.

Ratings live a layer up (``analytics``), so this module only defines the port: analytics
installs a :class:`RatingSource` when it starts. Without one (or for unrated players) the
order is random. Random orders come from ``secrets``, so no one can predict a seating.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Protocol

from tournaments import pairing

SEEDINGS = ("rating", "random")


class RatingSource(Protocol):
    def ratings(self, kind: str, player_ids: Iterable[int]) -> dict[int, float]: ...


class _NoRatings:
    def ratings(self, kind: str, player_ids: Iterable[int]) -> dict[int, float]:
        return {}


_source: RatingSource = _NoRatings()


def install(source: RatingSource) -> None:
    global _source
    _source = source


def seeded(
    entrants: Sequence[pairing.Entrant], *, kind: str, seeding: str
) -> list[pairing.Entrant]:
    """The entrants with the ``rating`` the pairing orders equal points by: their rating
    (``rating`` seeding; the unrated below every rated player, in a random order), or a
    random one (``random``). Round 1, where everyone has 0 points, is seated in that order."""
    draw = random.Random(secrets.randbits(64))
    found = _source.ratings(kind, [e.id for e in entrants]) if seeding == "rating" else {}
    lowest = min(found.values(), default=0.0)
    return [
        replace(e, rating=found[e.id] if e.id in found else lowest - 1.0 - draw.random())
        for e in entrants
    ]
