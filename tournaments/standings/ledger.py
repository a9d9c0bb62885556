"""Each player's record over the event: games, byes, missed rounds and what they are worth.

Terms:

* *game* — one table a player sat at, with their place, the place points it earned under the
  event's scheme, their score (0 when the game gave none), the game-specific counts and every
  opponent with the opponent's place.
* *bye rule* — what a bye is worth, declared by the event: ``"fixed"`` (the given place points
  and score), ``"average"`` (the player's own average place points and score per game played,
  over the whole event; 0 before any game) or ``"zero"``.
* *missed round* — a round before the player dropped in which they neither sat nor had a bye
  (a late entry's first rounds, a no-show); declared to count as ``"zero"`` or as a ``"bye"``.
  Rounds after a player dropped count nothing; the player stays in the standings, flagged.
* *match points* — place points of all games plus the points credited for byes (and missed
  rounds if they count as byes); *total score* likewise with scores.

Invariants: all arithmetic is exact (fractions); a record lists its games in round order; a
round appears in at most one of a record's games, byes and missed rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from tournaments.standings.places import PlacePoints, exact
from tournaments.standings.results import Entry, PlayerId, RoundResult

ByeKind = Literal["fixed", "average", "zero"]
MissedRule = Literal["zero", "bye"]


@dataclass(frozen=True)
class ByeRule:
    kind: ByeKind = "zero"
    match_points: float = 0
    score: float = 0

    def describe(self) -> str:
        if self.kind == "fixed":
            return (
                f"a bye is worth {exact(self.match_points)} place points "
                f"and a score of {exact(self.score)}"
            )
        if self.kind == "average":
            return "a bye is worth the player's own average place points and score per game"
        return "a bye is worth nothing"


@dataclass(frozen=True)
class Game:
    round: int
    place: int
    place_points: Fraction
    score: Fraction
    withdrawn: bool
    cells_won: int
    solved: bool
    cards_left: int
    royals_killed: int
    opponents: tuple[tuple[PlayerId, int], ...]


@dataclass(frozen=True)
class Record:
    player: PlayerId
    games: tuple[Game, ...]
    byes: tuple[int, ...]
    missed: tuple[int, ...]
    dropped: bool
    credited_points: Fraction
    credited_score: Fraction

    @property
    def match_points(self) -> Fraction:
        return sum((game.place_points for game in self.games), self.credited_points)

    @property
    def total_score(self) -> Fraction:
        return sum((game.score for game in self.games), self.credited_score)


Ledger = dict[PlayerId, Record]


def build_ledger(
    entries: Sequence[Entry],
    rounds: Sequence[RoundResult],
    place_points: PlacePoints,
    bye: ByeRule,
    missed_round: MissedRule,
) -> Ledger:
    """Every entry's record; the inputs are assumed checked (``results.check_rounds``)."""
    ordered = sorted(rounds, key=lambda played: played.number)
    games: dict[PlayerId, list[Game]] = {entry.player: [] for entry in entries}
    byes: dict[PlayerId, list[int]] = {entry.player: [] for entry in entries}
    for played in ordered:
        for player in played.byes:
            byes[player].append(played.number)
        for table in played.tables:
            points = place_points.award(table)
            for seat in table.seats:
                games[seat.player].append(
                    Game(
                        round=played.number,
                        place=seat.place,
                        place_points=points[seat.player],
                        score=exact(seat.score) if seat.score is not None else Fraction(0),
                        withdrawn=seat.withdrawn,
                        cells_won=seat.cells_won,
                        solved=seat.solved,
                        cards_left=seat.cards_left,
                        royals_killed=seat.royals_killed,
                        opponents=tuple(
                            (other.player, other.place)
                            for other in table.seats
                            if other.player != seat.player
                        ),
                    )
                )
    return {
        entry.player: _record(
            entry, ordered, games[entry.player], byes[entry.player], bye, missed_round
        )
        for entry in entries
    }


def _record(
    entry: Entry,
    rounds: Sequence[RoundResult],
    games: list[Game],
    byes: list[int],
    bye: ByeRule,
    missed_round: MissedRule,
) -> Record:
    there = {game.round for game in games} | set(byes)
    last = entry.dropped_after
    missed = [
        played.number
        for played in rounds
        if played.number not in there and (last is None or played.number <= last)
    ]
    credited = len(byes) + (len(missed) if missed_round == "bye" else 0)
    if bye.kind == "fixed":
        points, score = exact(bye.match_points), exact(bye.score)
    elif bye.kind == "average" and games:
        points = sum((game.place_points for game in games), Fraction(0)) / len(games)
        score = sum((game.score for game in games), Fraction(0)) / len(games)
    else:
        points = score = Fraction(0)
    return Record(
        player=entry.player,
        games=tuple(games),
        byes=tuple(byes),
        missed=tuple(missed),
        dropped=last is not None,
        credited_points=points * credited,
        credited_score=score * credited,
    )
