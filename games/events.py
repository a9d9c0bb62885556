"""Events as games see them: a port that the tournaments app fills when it starts.

A game may be played in an event, but events live a layer up (``tournaments``). So a game
keeps only its event's id (``Game.event_id``, with its round and table numbers), and the games
layer reads an event's name, club and game kind through the :class:`EventDirectory` installed
here by ``tournaments.apps``. With none installed (a site without tournaments), no event is
found and games are recorded without one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from django.db.models import Q


@dataclass(frozen=True)
class EventRef:
    """What games need to know of an event."""

    id: int
    club_id: int
    kind: str  # the game kind it plays (an MGN ``Game`` tag)
    name: str
    slug: str


class EventLike(Protocol):
    """An event as the games services take it: an ``EventRef`` or the tournaments' own row."""

    @property
    def id(self) -> int: ...

    @property
    def club_id(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def name(self) -> str: ...


class EventDirectory(Protocol):
    def get(self, event_id: int) -> EventRef | None: ...

    def of_clubs(
        self, club_ids: Iterable[int] | None, kind: str | None = None
    ) -> list[EventRef]: ...

    def many(self, event_ids: Iterable[int]) -> dict[int, EventRef]: ...

    def open_deal_rounds(self) -> Q: ...


class _NoEvents:
    def get(self, event_id: int) -> EventRef | None:
        return None

    def of_clubs(self, club_ids: Iterable[int] | None, kind: str | None = None) -> list[EventRef]:
        return []

    def many(self, event_ids: Iterable[int]) -> dict[int, EventRef]:
        return {}

    def open_deal_rounds(self) -> Q:
        return Q(pk__in=[])


_directory: EventDirectory = _NoEvents()


def install(directory: EventDirectory) -> None:
    global _directory
    _directory = directory


def event_get(event_id: int | None) -> EventRef | None:
    return None if event_id is None else _directory.get(event_id)


def events_of_clubs(club_ids: Iterable[int] | None, kind: str | None = None) -> list[EventRef]:
    """The events of these clubs (of every club for ``None``; of one game kind when given),
    by name."""
    return _directory.of_clubs(club_ids, kind)


def events_by_id(event_ids: Iterable[int]) -> dict[int, EventRef]:
    return _directory.many({pk for pk in event_ids if pk is not None})


def open_deal_rounds() -> Q:
    """A filter of ``Game`` rows: the games of rounds being played whose whole field plays one
    shared deal (a Mathematico draw, an Overload deck). Such games show that deal, so they are
    secret until the round is finished (``games.permissions``). Lazy: nothing is queried
    until the games are."""
    return _directory.open_deal_rounds()
