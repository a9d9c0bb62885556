"""Who plays and what happened before: the inputs every pairing method shares.

Terms:

* *entrant* — a player of the event with the ``points`` of their current standing (higher is
  better, in whatever unit the event ranks by), a ``rating`` (seed) that orders players on equal
  points, and a ``withdrawn`` flag for players who left the event (kept in the list, never
  seated again). A late entry is simply an entrant from the round they arrive; the rounds they
  missed are not byes (standings count them as the event declares).
* *standing order* — points high to low, then rating high to low, then player id low to high.
  It is a strict total order, so every pairing is deterministic.
* *standing position* — the number of present entrants with strictly more points. Players on
  equal points share a position (they form a *score bracket*), so the pairing is free to group
  them in any way at no cost.
* *played table* — a past table's seats in play order: for MatriO, P1 (the holder of the 2 of
  clubs) then clockwise; for two-player games, the player who moved first (Integer Matrix: the
  negative player) then the other.
* *played round* — its tables and its byes.

Invariants: entrant ids are unique; within a played round no player holds two seats.
Violations raise :class:`PairingError` with a sentence saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

PlayerId: TypeAlias = int


class PairingError(ValueError):
    """The inputs cannot be paired: a sentence a tournament director understands."""


@dataclass(frozen=True)
class Entrant:
    id: PlayerId
    points: float = 0.0
    rating: float = 0.0
    withdrawn: bool = False


@dataclass(frozen=True)
class PlayedTable:
    seats: tuple[PlayerId, ...]


@dataclass(frozen=True)
class PlayedRound:
    tables: tuple[PlayedTable, ...]
    byes: tuple[PlayerId, ...] = ()


def present(entrants: Sequence[Entrant]) -> list[Entrant]:
    """The entrants to seat this round, in standing order; duplicate ids are an error."""
    seen: set[PlayerId] = set()
    for entrant in entrants:
        if entrant.id in seen:
            raise PairingError(f"player {entrant.id} is entered twice")
        seen.add(entrant.id)
    return sorted(
        (entrant for entrant in entrants if not entrant.withdrawn),
        key=lambda entrant: (-entrant.points, -entrant.rating, entrant.id),
    )


def standing_positions(ordered: Sequence[Entrant]) -> list[int]:
    """Standing position of each entrant of a standing-ordered list (equal points share it)."""
    positions: list[int] = []
    for index, entrant in enumerate(ordered):
        if index and entrant.points == ordered[index - 1].points:
            positions.append(positions[-1])
        else:
            positions.append(index)
    return positions
