"""The board of the Integer Matrix: squares, discs and the flanking rule.

Terms:

* A *square* is an index 0..48, ``column + 7 * row``: columns 0..6 are the letters a..g (left
  to right), rows 0..6 the digits 1..7 (bottom to top). ``a1`` is 0, ``d4`` (the centre) 24,
  ``g7`` 48. The *centre block* c3 to e5 is filled at setup; on it black lies where column + row
  is even (c3 e3 d4 c5 e5) and white on the others (d3 c4 e4 d5).
* A *colour* is ``"W"`` (white) or ``"B"`` (black). Colours are not owned: both players play
  both colours.
* A *disc* has a white face and a black face; a *sound* disc has one face ≥ 0 and the other
  ≤ 0 (never both > 0 nor both < 0). A *piece* is a disc lying on the board with one colour
  up; its *value* is the face of that colour.
* A *run* is an unbroken line of pieces of the other colour that starts next to the placed
  square in one of the 8 directions and is *closed* by a piece of the placed colour (the
  *closer*). Every closed run flips; a flipped piece keeps its disc and shows its other face.
* A *placement* (colour, square) is legal when the square is empty, it closes at least one
  run, and after the flips the board is not all one colour (the one-colour ban).

Invariants: a board is an immutable tuple of 49 entries, ``None`` for an empty square; no
function here mutates its arguments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Colour = Literal["W", "B"]
COLOURS: tuple[Colour, Colour] = ("W", "B")
SIZE = 7
SQUARES = SIZE * SIZE
FILES = "abcdefg"


def other(colour: Colour) -> Colour:
    """The other colour."""
    return "B" if colour == "W" else "W"


def colour_word(colour: Colour) -> str:
    """``white`` or ``black``."""
    return "white" if colour == "W" else "black"


@dataclass(frozen=True, slots=True)
class Disc:
    """A disc: the value printed on its white face and on its black face."""

    white: int
    black: int

    def face(self, colour: Colour) -> int:
        return self.white if colour == "W" else self.black

    @property
    def sound(self) -> bool:
        """One face ≥ 0 and the other ≤ 0."""
        both_positive = self.white > 0 and self.black > 0
        both_negative = self.white < 0 and self.black < 0
        return not (both_positive or both_negative)


BLANK = Disc(0, 0)


@dataclass(frozen=True, slots=True)
class Piece:
    """A disc on the board with ``up`` showing."""

    disc: Disc
    up: Colour

    @property
    def value(self) -> int:
        return self.disc.face(self.up)

    def flipped(self) -> Piece:
        return Piece(self.disc, other(self.up))


@dataclass(frozen=True, slots=True)
class Move:
    """One turn: the drawn disc, the colour it is laid with, the square, the written claim."""

    disc: Disc
    colour: Colour
    square: int
    claim: int | None = None


Board = tuple[Piece | None, ...]
EMPTY_BOARD: Board = (None,) * SQUARES


def square_name(square: int) -> str:
    column, row = square % SIZE, square // SIZE
    return f"{FILES[column]}{row + 1}"


def square_index(name: str) -> int | None:
    """The square called ``name`` (any case), or ``None`` when the board has no such square."""
    name = name.strip().lower()
    if len(name) != 2 or name[0] not in FILES or name[1] not in "1234567":
        return None
    return FILES.index(name[0]) + SIZE * (int(name[1]) - 1)


def column_row(square: int) -> tuple[int, int]:
    return square % SIZE, square // SIZE


CENTRE: tuple[int, ...] = tuple(c + SIZE * r for r in range(2, 5) for c in range(2, 5))


def setup_colour(square: int) -> Colour:
    """The colour a centre square shows at setup: black on c3 e3 d4 c5 e5, white elsewhere."""
    column, row = column_row(square)
    return "B" if (column + row) % 2 == 0 else "W"


def _rays(square: int) -> tuple[tuple[int, ...], ...]:
    column, row = column_row(square)
    rays: list[tuple[int, ...]] = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if dc == dr == 0:
                continue
            ray: list[int] = []
            c, r = column + dc, row + dr
            while 0 <= c < SIZE and 0 <= r < SIZE:
                ray.append(c + SIZE * r)
                c, r = c + dc, r + dr
            if ray:
                rays.append(tuple(ray))
    return tuple(rays)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_rays(s) for s in range(SQUARES))


@dataclass(frozen=True, slots=True)
class Flank:
    """What placing a colour on a square would do: the squares it flips and the closers."""

    flipped: tuple[int, ...]
    closers: tuple[int, ...]


def flank(board: Board, colour: Colour, square: int) -> Flank:
    """The runs a piece of ``colour`` on ``square`` closes (whether or not the square is empty)."""
    flipped: list[int] = []
    closers: list[int] = []
    for ray in RAYS[square]:
        run: list[int] = []
        for step in ray:
            piece = board[step]
            if piece is None:
                break
            if piece.up == colour:
                if run:
                    flipped.extend(run)
                    closers.append(step)
                break
            run.append(step)
    return Flank(tuple(sorted(flipped)), tuple(sorted(closers)))


def count(board: Board, colour: Colour) -> int:
    return sum(1 for piece in board if piece is not None and piece.up == colour)


def discs(board: Board) -> int:
    return sum(1 for piece in board if piece is not None)


Verdict = Literal["legal", "occupied", "no-run", "one-colour"]


def judge(board: Board, colour: Colour, square: int) -> tuple[Verdict, Flank]:
    """Whether ``colour`` may go on ``square``, and the runs it closes."""
    if board[square] is not None:
        return "occupied", Flank((), ())
    runs = flank(board, colour, square)
    if not runs.flipped:
        return "no-run", runs
    if len(runs.flipped) == count(board, other(colour)):
        return "one-colour", runs
    return "legal", runs


def legal_squares(board: Board, colour: Colour) -> tuple[int, ...]:
    """Every square where ``colour`` may be placed now, in square order."""
    return tuple(
        square
        for square in range(SQUARES)
        if board[square] is None and judge(board, colour, square)[0] == "legal"
    )


def place(board: Board, disc: Disc, colour: Colour, square: int, flipped: tuple[int, ...]) -> Board:
    """The board after laying ``disc`` with ``colour`` up on ``square`` and flipping ``flipped``."""
    cells = list(board)
    cells[square] = Piece(disc, colour)
    for step in flipped:
        piece = cells[step]
        assert piece is not None
        cells[step] = piece.flipped()
    return tuple(cells)


def describe_piece(piece: Piece) -> str:
    """``a black disc showing -3``."""
    return f"a {colour_word(piece.up)} disc showing {piece.value:+d}"
