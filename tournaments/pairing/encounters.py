"""What the history of an event says about each player and each pair of players.

Terms:

* *meetings* of two players — the number of past tables at which both sat (they were
  *opponents*). A *repeat opponent* in a new table is a pair that met before; a pair that met
  twice before counts 2.
* *follows* ``(a, b)`` — the number of past tables of three or more seats at which ``b`` sat
  right after ``a`` in play order (clockwise), i.e. ``b`` played right after ``a``. The relation
  is directed: ``b`` after ``a`` is not ``a`` after ``b``. Two-player tables have no follows.
* *role balance* — over a player's two-player tables, the times seated first minus the times
  seated second (Integer Matrix: negative games minus positive games).
* *byes* — the number of rounds in which the player received a bye.

Invariants: every count is built from the played rounds alone, in one pass; a round in which a
player holds two seats (or a seat and a bye) is rejected.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations

from tournaments.pairing.entrants import PairingError, PlayedRound, PlayerId


def pair_key(a: PlayerId, b: PlayerId) -> tuple[PlayerId, PlayerId]:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Encounters:
    meetings: Counter[tuple[PlayerId, PlayerId]] = field(default_factory=Counter)
    follows: Counter[tuple[PlayerId, PlayerId]] = field(default_factory=Counter)
    byes: Counter[PlayerId] = field(default_factory=Counter)
    firsts: Counter[PlayerId] = field(default_factory=Counter)
    seconds: Counter[PlayerId] = field(default_factory=Counter)
    #: 0 if the player's latest two-player game was seated first, 1 if second
    last_seat: dict[PlayerId, int] = field(default_factory=dict)

    @classmethod
    def of(cls, rounds: Iterable[PlayedRound]) -> Encounters:
        found = cls()
        for number, played in enumerate(rounds, start=1):
            seated = [p for table in played.tables for p in table.seats] + list(played.byes)
            twice = sorted(p for p, n in Counter(seated).items() if n > 1)
            if twice:
                raise PairingError(f"round {number} seats player {twice[0]} twice")
            found.byes.update(played.byes)
            for table in played.tables:
                found._add_table(table.seats)
        return found

    def _add_table(self, seats: tuple[PlayerId, ...]) -> None:
        self.meetings.update(pair_key(a, b) for a, b in combinations(seats, 2))
        if len(seats) == 2:
            first, second = seats
            self.firsts[first] += 1
            self.seconds[second] += 1
            self.last_seat[first] = 0
            self.last_seat[second] = 1
        elif len(seats) > 2:
            self.follows.update(zip(seats, seats[1:] + seats[:1], strict=True))

    def met(self, a: PlayerId, b: PlayerId) -> int:
        return self.meetings[pair_key(a, b)]

    def role_balance(self, player: PlayerId) -> int:
        return self.firsts[player] - self.seconds[player]
