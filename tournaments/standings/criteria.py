"""The registry of ranking criteria an event may declare, by name: never hidden in code.

An event declares an ordered list of names; the first ranks, each next one breaks the ties
left by those before it. Every criterion is "higher is better" and exact (fractions). A
criterion computes its value for the players still tied at its turn; only ``head_to_head``
depends on who they are (the others are the same for a player whatever the tie).

``CRITERIA`` maps each name to its :class:`Criterion`, whose ``description`` is the sentence
the standings page shows. Unknown names are an error listing the known ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.standings.ledger import Game, Ledger, Record
from tournaments.standings.results import PlayerId, StandingsError

Compute = Callable[[Ledger, frozenset[PlayerId]], dict[PlayerId, Fraction]]


@dataclass(frozen=True)
class Criterion:
    name: str
    description: str
    compute: Compute


def _each(value: Callable[[Record], Fraction | int]) -> Compute:
    def compute(ledger: Ledger, tied: frozenset[PlayerId]) -> dict[PlayerId, Fraction]:
        return {player: Fraction(value(ledger[player])) for player in tied}

    return compute


def _games(count: Callable[[Game], Fraction | int]) -> Compute:
    return _each(lambda record: sum((Fraction(count(g)) for g in record.games), Fraction(0)))


def _average_score(record: Record) -> Fraction:
    if not record.games:
        return Fraction(0)
    return sum((game.score for game in record.games), Fraction(0)) / len(record.games)


def _buchholz(ledger: Ledger, tied: frozenset[PlayerId]) -> dict[PlayerId, Fraction]:
    points = {player: record.match_points for player, record in ledger.items()}
    return {
        player: sum(
            (points[opponent] for game in ledger[player].games for opponent, _ in game.opponents),
            Fraction(0),
        )
        for player in tied
    }


def _head_to_head(ledger: Ledger, tied: frozenset[PlayerId]) -> dict[PlayerId, Fraction]:
    def versus(game: Game) -> Fraction:
        return sum(
            (
                Fraction(1) if game.place < place else Fraction(1, 2)
                for opponent, place in game.opponents
                if opponent in tied and game.place <= place
            ),
            Fraction(0),
        )

    return {
        player: sum((versus(game) for game in ledger[player].games), Fraction(0)) for player in tied
    }


def _register(criteria: Iterable[Criterion]) -> dict[str, Criterion]:
    return {criterion.name: criterion for criterion in criteria}


CRITERIA: dict[str, Criterion] = _register(
    [
        Criterion(
            "match_points",
            "Match points: the place points of every table by the event's declared scheme, "
            "plus the points credited for byes (and missed rounds) by the declared rules.",
            _each(lambda record: record.match_points),
        ),
        Criterion(
            "total_score",
            "Total score: the sum of the player's game scores (a withdrawn or unscored game "
            "counts 0), plus the scores credited for byes (and missed rounds).",
            _each(lambda record: record.total_score),
        ),
        Criterion(
            "average_score",
            "Average score per game played (byes and missed rounds not counted).",
            _each(_average_score),
        ),
        Criterion(
            "wins",
            "Wins: the games in which the player finished first, a shared first place included.",
            _games(lambda game: game.place == 1),
        ),
        Criterion(
            "buchholz",
            "Buchholz: the sum of the match points of every opponent, once per table shared "
            "with them (byes add nothing).",
            _buchholz,
        ),
        Criterion(
            "head_to_head",
            "Head-to-head among the players still tied: 1 point for each of them the player "
            "finished above at a shared table, 1/2 for each one with an equal place.",
            _head_to_head,
        ),
        Criterion(
            "cells_won",
            "MatriO: the cells (dot markers) won over all games.",
            _games(lambda game: game.cells_won),
        ),
        Criterion(
            "games_solved",
            "MATR1X 0VERL0AD: the rounds in which the player won the solitaire.",
            _games(lambda game: game.solved),
        ),
        Criterion(
            "cards_left",
            "MATR1X 0VERL0AD: the cards left in the deck at each win, summed.",
            _games(lambda game: game.cards_left),
        ),
        Criterion(
            "royals_killed",
            "MATR1X 0VERL0AD: the royals killed over all rounds.",
            _games(lambda game: game.royals_killed),
        ),
    ]
)


def criteria_named(names: Sequence[str]) -> tuple[Criterion, ...]:
    """The declared criteria in order; an unknown or repeated name is an error."""
    if not names:
        raise StandingsError("an event must declare at least one ranking criterion")
    unknown = [name for name in names if name not in CRITERIA]
    if unknown:
        known = ", ".join(sorted(CRITERIA))
        raise StandingsError(f"unknown ranking criterion {unknown[0]!r}; known: {known}")
    if len(set(names)) != len(names):
        raise StandingsError("a ranking criterion is declared twice")
    return tuple(CRITERIA[name] for name in names)
