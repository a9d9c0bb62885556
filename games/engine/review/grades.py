"""Grades of a post-game review: one :class:`MoveReview` per move, a :class:`GameReview` per game.

Terms:

* A move's *value* is what the reviewer's search expects the game to be worth to the mover
  after that move, in the game's own units (see each game's module): expected final score
  (Mathematico), score margin over the best rival (MatriO), net-score margin (Integer
  Matrix), 1 if the deal is still winnable and 0 if not (Matrix Overload).
* The *best move* is the move the reviewer's search likes most at that ply, evaluated on the
  same futures / search as the move played, so the two values are comparable.
* The *loss* is ``best value - played value``; it is never below 0 (when the move played
  scores at least as well as the search's choice, it *is* the best move found: loss 0).
* The *grade* is read from the loss with per-game thresholds (:data:`THRESHOLDS`): a loss
  below the first threshold is ``good``, then ``inaccuracy``, ``mistake``, ``blunder``.

Thresholds (loss at least ...; units as above):

=================  ============  ==========  ==========
game               inaccuracy    mistake     blunder
=================  ============  ==========  ==========
mathematico        10 points     25 points   60 points
matrio             50 points     150 points  300 points
integer-matrix     4 points      10 points   20 points
matrix-overload    (none)        (none)      1 (a winnable deal made unwinnable)
=================  ============  ==========  ==========

Invariants: reviews are frozen; ``loss >= 0`` and ``loss == best_value - value`` whenever
both values are known; a move whose values are unknown (a search limit was hit) has loss 0,
grade ``good`` and says so in ``note``; ``json()`` gives plain dicts, lists, strings and
numbers only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

Grade = Literal["good", "inaccuracy", "mistake", "blunder"]
GRADES: tuple[Grade, ...] = ("good", "inaccuracy", "mistake", "blunder")
JsonDict = dict[str, Any]


class Thresholds(NamedTuple):
    """The smallest loss graded ``inaccuracy``, ``mistake`` and ``blunder``."""

    inaccuracy: float
    mistake: float
    blunder: float

    def grade(self, loss: float) -> Grade:
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "good"


MATHEMATICO = Thresholds(10.0, 25.0, 60.0)
MATRIO = Thresholds(50.0, 150.0, 300.0)
INTEGER_MATRIX = Thresholds(4.0, 10.0, 20.0)
# winnability is all or nothing: losing it is a blunder, nothing is a lesser fault
OVERLOAD = Thresholds(1.0, 1.0, 1.0)

THRESHOLDS: dict[str, Thresholds] = {
    "mathematico": MATHEMATICO,
    "matrio": MATRIO,
    "integer-matrix": INTEGER_MATRIX,
    "matrix-overload": OVERLOAD,
}


@dataclass(frozen=True)
class MoveReview:
    """One move judged: who played what at which ply, against the search's best move.

    ``ply`` is the game's own ply (``docs/records.md``: within the player's line for
    Mathematico, movetext position for Matrix Overload, whose setup placements have ply 0
    and ``phase`` ``"setup"``). ``value`` / ``best_value`` are ``None`` when unknown.
    """

    ply: int
    player: str
    played: str
    best: str
    value: float | None
    best_value: float | None
    loss: float
    grade: Grade
    phase: str = "play"
    note: str = ""

    def json(self) -> JsonDict:
        return {
            "ply": self.ply,
            "player": self.player,
            "phase": self.phase,
            "played": self.played,
            "best": self.best,
            "value": _round(self.value),
            "best_value": _round(self.best_value),
            "loss": _round(self.loss),
            "grade": self.grade,
            "note": self.note,
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(float(x), 2)


def judged(
    thresholds: Thresholds,
    *,
    ply: int,
    player: str,
    played: str,
    best: str,
    value: float | None,
    best_value: float | None,
    phase: str = "play",
    note: str = "",
) -> MoveReview:
    """A :class:`MoveReview` with its loss and grade worked out (see the invariants).

    When the move played is worth at least the best move found, it becomes the best move.
    """
    if value is None or best_value is None:
        return MoveReview(ply, player, played, best, value, best_value, 0.0, "good", phase, note)
    if value >= best_value:
        best, best_value = played, value
    loss = float(best_value) - float(value)
    return MoveReview(
        ply, player, played, best, value, best_value, loss, thresholds.grade(loss), phase, note
    )


@dataclass(frozen=True)
class PlayerSummary:
    """A player's moves reviewed, average loss per move and how many of each grade."""

    moves: int
    average_loss: float
    grades: dict[str, int]

    def json(self) -> JsonDict:
        return {
            "moves": self.moves,
            "average_loss": round(self.average_loss, 2),
            "grades": dict(self.grades),
        }


@dataclass(frozen=True)
class GameReview:
    """Every move of one game reviewed, in play order, and what the game kind adds.

    ``game`` is the MGN ``Game`` tag; ``method`` states the search and its limits (in English;
    ``method_params`` holds its figures, so a site can say it in the reader's language);
    ``details`` holds the game's own findings (Matrix Overload: ``winnable_at_start``,
    ``lost_at``).
    """

    game: str
    moves: tuple[MoveReview, ...]
    method: str = ""
    thresholds: Thresholds = field(default=MATHEMATICO)
    method_params: JsonDict = field(default_factory=dict)  # ``method``'s figures, for phrasing
    details: JsonDict = field(default_factory=dict)

    @property
    def summary(self) -> dict[str, PlayerSummary]:
        """Per player (in order of first move): moves, average loss per move, grade counts."""
        return summarise(self.moves)

    def json(self) -> JsonDict:
        return {
            "game": self.game,
            "method": self.method,
            "method_params": dict(self.method_params),
            "thresholds": self.thresholds._asdict(),
            "moves": [move.json() for move in self.moves],
            "summary": {name: s.json() for name, s in self.summary.items()},
            "details": dict(self.details),
        }


def summarise(moves: Sequence[MoveReview]) -> dict[str, PlayerSummary]:
    by_player: dict[str, list[MoveReview]] = {}
    for move in moves:
        by_player.setdefault(move.player, []).append(move)
    out: dict[str, PlayerSummary] = {}
    for name, mine in by_player.items():
        counts: dict[str, int] = dict.fromkeys(GRADES, 0)
        for move in mine:
            counts[move.grade] += 1
        out[name] = PlayerSummary(len(mine), sum(m.loss for m in mine) / len(mine), counts)
    return out
