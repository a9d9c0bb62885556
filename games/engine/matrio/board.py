"""The MatriO board: 24 trays, the 3x3 grid of cells and their scores.

Terms: a tray is named by block (``R`` row block, ``C`` column block), line (1-3) and printed
suit, e.g. ``R2H``. Row r of the grid is the trays R r S/D/C/H, column c the trays
C c S/D/C/H. Cell (r, c) scores sum over suits s of value(top of R r s) x value(top of C c s).
Trays are numbered 0-23: rows 0-11, columns 12-23, in the order R1S R1D R1C R1H R2S ... C3H.
Cells are numbered 0-8 row by row; their JSON names are ``"11"`` .. ``"33"``.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.matrio.cards import SUIT_NAMES, VALUE

BOARD_SUITS = "SDCH"  # the order of the four trays of a line, as printed on the board
TRAYS: tuple[str, ...] = tuple(
    f"{block}{line}{suit}" for block in "RC" for line in "123" for suit in BOARD_SUITS
)
TRAY_INDEX: dict[str, int] = {name: i for i, name in enumerate(TRAYS)}
TRAY_SUIT: tuple[str, ...] = tuple(name[2] for name in TRAYS)
#: The line (0-5: rows 0-2, columns 3-5) each tray belongs to.
TRAY_LINE: tuple[int, ...] = tuple(i // 4 for i in range(24))
LINE_TRAYS: tuple[tuple[int, ...], ...] = tuple(tuple(range(4 * k, 4 * k + 4)) for k in range(6))
#: Trays of each printed suit.
SUIT_TRAYS: dict[str, tuple[int, ...]] = {
    s: tuple(i for i in range(24) if TRAY_SUIT[i] == s) for s in BOARD_SUITS
}
CELL_NAMES: tuple[str, ...] = tuple(f"{r}{c}" for r in "123" for c in "123")

Tops = Sequence[str | None]


def cell_of(row: int, col: int) -> int:
    return 3 * row + col


def line_complete(tops: Tops, line: int) -> bool:
    return all(tops[t] is not None for t in LINE_TRAYS[line])


def cells_completed(tops: Tops, line: int) -> list[int]:
    """The cells a just-completed line wins: its crossings with lines already complete."""
    if line < 3:
        return [cell_of(line, c) for c in range(3) if line_complete(tops, 3 + c)]
    col = line - 3
    return [cell_of(r, col) for r in range(3) if line_complete(tops, r)]


def _value(card: str | None) -> int:
    return 0 if card is None else VALUE[card]


def cell_score(tops: Tops, cell: int) -> int:
    row, col = divmod(cell, 3)
    return sum(_value(tops[4 * row + s]) * _value(tops[12 + 4 * col + s]) for s in range(4))


def cell_scores(tops: Tops) -> list[int]:
    values = [_value(card) for card in tops]
    return [
        sum(values[4 * row + s] * values[12 + 4 * col + s] for s in range(4))
        for row in range(3)
        for col in range(3)
    ]


def suit_name(suit: str) -> str:
    return SUIT_NAMES[suit]
