"""What happened in each round: the input of the standings.

Terms:

* *seat result* — one player's result at one table: their ``place`` (1 = best; players with
  equal results share a place and the next place skips, ``1, 1, 3``), their game ``score``
  (``None`` when the game gives none: a MatriO withdrawal, a MATR1X 0VERL0AD round), whether
  they *withdrew* from that game (MatriO: owned no cell when the grid filled), and the
  game-specific counts the tie-breaks may use: MatriO ``cells_won``; MATR1X 0VERL0AD
  ``solved`` (the solitaire was won), ``cards_left`` and ``royals_killed``.
* *table result* — the seat results of one table. Mathematico and MATR1X 0VERL0AD rounds are one
  table holding the whole field (everyone played the same cards).
* *round result* — its number, its tables and its byes.
* *entry* — a player of the event; ``dropped_after`` is the last round before they left the
  event (``None`` while they play on). A round a player is in neither a table nor the byes of,
  before they dropped, is a *missed round* (a late entry's first rounds, a no-show).

Invariants (checked by :func:`check_rounds`, which raises :class:`StandingsError`): round
numbers are distinct; within a round nobody holds two seats or a seat and a bye; every player is
an entry and plays (or has a bye) in no round after the one they dropped after; the places of a
table are a competition ranking (each place is one more than the number of seats placed
strictly better) and every withdrawn seat is placed below every finisher.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

PlayerId: TypeAlias = int


class StandingsError(ValueError):
    """The results cannot be ranked: a sentence a tournament director understands."""


@dataclass(frozen=True)
class SeatResult:
    player: PlayerId
    place: int
    score: float | None = None
    withdrawn: bool = False
    cells_won: int = 0
    solved: bool = False
    cards_left: int = 0
    royals_killed: int = 0


@dataclass(frozen=True)
class TableResult:
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class RoundResult:
    number: int
    tables: tuple[TableResult, ...]
    byes: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class Entry:
    player: PlayerId
    dropped_after: int | None = None


def check_rounds(entries: Sequence[Entry], rounds: Sequence[RoundResult]) -> None:
    """Raise :class:`StandingsError` unless the entries and rounds keep the invariants."""
    players = Counter(entry.player for entry in entries)
    twice = sorted(player for player, times in players.items() if times > 1)
    if twice:
        raise StandingsError(f"player {twice[0]} is entered twice")
    dropped = {entry.player: entry.dropped_after for entry in entries}
    numbers = Counter(played.number for played in rounds)
    repeated = sorted(number for number, times in numbers.items() if times > 1)
    if repeated:
        raise StandingsError(f"round {repeated[0]} is given twice")
    for played in rounds:
        seated = [seat.player for table in played.tables for seat in table.seats]
        listed = Counter([*seated, *played.byes])
        doubled = sorted(player for player, times in listed.items() if times > 1)
        if doubled:
            raise StandingsError(f"round {played.number} seats player {doubled[0]} twice")
        strangers = sorted(player for player in listed if player not in players)
        if strangers:
            raise StandingsError(f"round {played.number}: player {strangers[0]} is not entered")
        for player in sorted(listed):
            last = dropped.get(player)
            if last is not None and played.number > last:
                raise StandingsError(
                    f"player {player} dropped after round {last} but plays round {played.number}"
                )
        for number, table in enumerate(played.tables, start=1):
            _check_places(played.number, number, table)


def _check_places(round_number: int, table_number: int, table: TableResult) -> None:
    where = f"round {round_number}, table {table_number}"
    places = [seat.place for seat in table.seats]
    for seat in table.seats:
        if seat.place != 1 + sum(place < seat.place for place in places):
            raise StandingsError(
                f"{where}: place {seat.place} of player {seat.player} does not follow from "
                f"the other places {sorted(places)} (equal results share a place, 1, 1, 3)"
            )
    finishers = [seat.place for seat in table.seats if not seat.withdrawn]
    for seat in table.seats:
        if seat.withdrawn and finishers and seat.place <= max(finishers):
            raise StandingsError(
                f"{where}: player {seat.player} withdrew but is placed {seat.place}, "
                "not below every player who finished"
            )
