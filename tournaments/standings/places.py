"""Places within a table or a round, and the place points they are worth.

Terms:

* *mode* (how a game's scores rank) — ``"max"``: highest score first (MatriO, Integer Matrix
  by the net score the caller gives, Mathematico's default); ``"min"``: lowest first;
  ``"exactly:N"``: closest to N first (Mathematico modes).
* *solitaire order* (MATR1X 0VERL0AD duplicate rounds) — a win first, then more cards left in
  the deck, then more royals killed.
* Equal results share a place and the next place skips (competition ranking: 1, 1, 3). A seat
  that withdrew from the game (or has no score under a score mode) is placed below every
  finisher, all such seats sharing the place after the last finisher.
* *place points* — the points a place is worth at one table, declared by the event:
  ``values[k]`` for place ``k + 1`` (0 beyond the list; 4/2/1/0 by default; 1/0 for a
  two-player game), or ``values=None`` for "one point per player placed below" (the usual
  choice for one-table rounds of the whole field). Shared places either ``split`` the points of
  the places they cover (two players tied first at 4/2/1/0 get 3 each; a two-player draw at 1/0
  gets ½ each) or each take the ``best`` of them (4 each).

Invariants: the builders return places that satisfy ``results.check_rounds``; with ``split``
the points of a table add up to the points of its places whatever the ties. Points are exact
fractions (a float given in a rule is read as its decimal text: ``0.1`` is 1/10).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from tournaments.standings.results import PlayerId, SeatResult, StandingsError, TableResult

Ties = Literal["split", "best"]
RankKey = Callable[[SeatResult], tuple[float, ...]]


def exact(number: float | Fraction) -> Fraction:
    """An exact fraction for a number given in a rule or a result (floats by decimal text)."""
    if isinstance(number, Fraction | int):
        return Fraction(number)
    return Fraction(repr(number))


def score_key(mode: str) -> RankKey:
    """The sort key (smaller is better) for a score ``mode``; a bad mode is an error."""
    if mode == "max":
        return lambda seat: (-(seat.score or 0),)
    if mode == "min":
        return lambda seat: (seat.score or 0,)
    if mode.startswith("exactly:"):
        try:
            target = float(mode.removeprefix("exactly:"))
        except ValueError:
            target = None
        if target is not None:
            return lambda seat: (abs((seat.score or 0) - target),)
    raise StandingsError(f"mode {mode!r} is not one of max, min or exactly:N")


def solitaire_key(seat: SeatResult) -> tuple[float, ...]:
    return (0 if seat.solved else 1, -seat.cards_left, -seat.royals_killed)


def rank_by_score(seats: Sequence[SeatResult], mode: str = "max") -> TableResult:
    """The table with places by score (any ``place`` given is replaced); no score = withdrawn."""
    key = score_key(mode)
    marked = [replace(seat, withdrawn=True) if seat.score is None else seat for seat in seats]
    return rank_table(marked, key)


def rank_solitaire(seats: Sequence[SeatResult]) -> TableResult:
    """A MATR1X 0VERL0AD round: win, then cards left, then royals killed."""
    return rank_table(seats, solitaire_key)


def rank_table(seats: Sequence[SeatResult], key: RankKey) -> TableResult:
    """Places by ``key`` (smaller is better), withdrawn seats last; seats keep their order."""

    def full_key(seat: SeatResult) -> tuple[float, ...]:
        return (1, 0) if seat.withdrawn else (0, *key(seat))

    keys = [full_key(seat) for seat in seats]
    return TableResult(
        tuple(
            replace(seat, place=1 + sum(other < mine for other in keys))
            for seat, mine in zip(seats, keys, strict=True)
        )
    )


@dataclass(frozen=True)
class PlacePoints:
    values: tuple[float, ...] | None = (4, 2, 1, 0)
    ties: Ties = "split"

    def describe(self) -> str:
        if self.values is None:
            scheme = "one point per player placed below"
        else:
            scheme = "/".join(f"{exact(v)}" for v in self.values) + " by place (0 beyond)"
        tie = (
            "split the points of the places they cover"
            if self.ties == "split"
            else ("each take the points of the best place they cover")
        )
        return f"place points {scheme}; shared places {tie}"

    def of_place(self, place: int, table_size: int) -> Fraction:
        if self.values is None:
            return Fraction(table_size - place)
        return exact(self.values[place - 1]) if place <= len(self.values) else Fraction(0)

    def award(self, table: TableResult) -> dict[PlayerId, Fraction]:
        """Each seat's place points at this table."""
        size = len(table.seats)
        places = [seat.place for seat in table.seats]
        awarded = {}
        for seat in table.seats:
            sharing = places.count(seat.place)
            covered = [self.of_place(seat.place + k, size) for k in range(sharing)]
            if self.ties == "split":
                awarded[seat.player] = sum(covered, Fraction(0)) / sharing
            else:
                awarded[seat.player] = covered[0]
        return awarded
