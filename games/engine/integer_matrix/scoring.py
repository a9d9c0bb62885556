"""Matrix scores, net scores and the result of the Integer Matrix.

Terms:

* The *matrix* of a placement is scored after its flips. With ``rect`` scoring (the default)
  it is the smallest rectangle holding the placed disc, every disc flipped this turn and the
  closer of each run; with ``line`` scoring it is only those discs.
* The *matrix score* is the sum of the values showing on the discs of the placed colour inside
  the matrix (discs of the other colour inside a ``rect`` matrix are not counted). It is added
  to the mover's *net score*: the negative player moves on odd plies, the positive on even.
* The *result* compares the positive player's net P with the negative player's net N: the one
  farther from zero in their own direction (P versus -N) wins; equal is a draw, which both
  roles share. A ``Result`` tag reads ``negative: N; positive: P``.

Invariants: scores are exact integers; nothing here looks at whose turn it is except
:func:`mover`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from games.engine.integer_matrix.board import Board, Colour, column_row

Scoring = Literal["rect", "line"]
SCORINGS: tuple[Scoring, Scoring] = ("rect", "line")
Role = Literal["negative", "positive"]
ROLES: tuple[Role, Role] = ("negative", "positive")


def mover(ply: int) -> Role:
    """Who plays ``ply`` (1-based): the negative player on odd plies."""
    return "negative" if ply % 2 == 1 else "positive"


@dataclass(frozen=True, slots=True)
class Matrix:
    """The scored matrix of one placement.

    ``box`` is (first column, first row, last column, last row) of the rectangle (for ``line``
    scoring, the rectangle around the line discs); ``counted`` lists the squares whose values
    were summed, in square order, and ``values`` their values.
    """

    box: tuple[int, int, int, int]
    counted: tuple[int, ...]
    values: tuple[int, ...]

    @property
    def score(self) -> int:
        return sum(self.values)


def matrix(
    board: Board,
    colour: Colour,
    square: int,
    flipped: tuple[int, ...],
    closers: tuple[int, ...],
    scoring: Scoring,
) -> Matrix:
    """The matrix of ``colour`` placed on ``square``; ``board`` is the board after the flips."""
    members = sorted({square, *flipped, *closers})
    places = [column_row(s) for s in members]
    columns = [c for c, _ in places]
    rows = [r for _, r in places]
    box = (min(columns), min(rows), max(columns), max(rows))
    if scoring == "line":
        candidates = members
    else:
        candidates = [
            c + 7 * r for r in range(box[1], box[3] + 1) for c in range(box[0], box[2] + 1)
        ]
    counted: list[int] = []
    values: list[int] = []
    for step in sorted(candidates):
        piece = board[step]
        if piece is not None and piece.up == colour:
            counted.append(step)
            values.append(piece.value)
    return Matrix(box, tuple(counted), tuple(values))


def winners(negative: int, positive: int) -> tuple[Role, ...]:
    """The winning role(s): farther from zero in one's own direction; a draw lists both."""
    if positive > -negative:
        return ("positive",)
    if positive < -negative:
        return ("negative",)
    return ROLES


def result_text(negative: int, positive: int) -> str:
    """The canonical ``Result`` value."""
    return f"negative: {negative}; positive: {positive}"


_RESULT_ITEM = re.compile(r"\s*(negative|positive)\s*:\s*([+-]?\d{1,12})\s*\Z", re.IGNORECASE)
RESULT_EXAMPLE = '"negative: -15; positive: 16"'


def parse_result(value: str) -> tuple[int, int] | None:
    """``(N, P)`` from a ``Result`` value, or ``None`` when it is not written that way."""
    found: dict[str, int] = {}
    for part in value.split(";"):
        if not part.strip():
            continue
        match = _RESULT_ITEM.match(part)
        if match is None:
            return None
        role = match.group(1).lower()
        if role in found:
            return None
        found[role] = int(match.group(2))
    if set(found) != set(ROLES):
        return None
    return found["negative"], found["positive"]
