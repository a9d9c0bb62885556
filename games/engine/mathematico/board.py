"""The 5x5 board of one Mathematico player: cells, lines and the board string.

Terms: a *board* is a sequence of 25 values indexed row by row, top row first
(``index = 5 * row + column``); ``0`` is an empty cell. A *cell name* is a column letter
``a``..``e`` (left to right) followed by a row digit ``1``..``5`` (top to bottom), so ``c3`` is
the centre, index 12. The 12 scoring *lines* are the 5 rows, the 5 columns and the two long
diagonals ``a1-e5`` and ``a5-e1``.

Invariants: ``CELLS[i]`` is the canonical (lower-case) name of index ``i`` and
``CELL_INDEX`` reads every spelling of it (any case); ``"-"`` is not a cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.engine.mathematico.cards import CHARS

SIZE = 5
COLUMNS = "abcde"
CELLS: tuple[str, ...] = tuple(f"{COLUMNS[c]}{r + 1}" for r in range(SIZE) for c in range(SIZE))

#: cell name (any case) -> index
CELL_INDEX: dict[str, int] = {}
for _index, _name in enumerate(CELLS):
    CELL_INDEX[_name] = CELL_INDEX[_name.upper()] = _index


class Line(NamedTuple):
    """One scoring line: ``kind`` is row, column or diagonal; ``cells`` are board indexes."""

    kind: str
    label: str
    cells: tuple[int, int, int, int, int]


def _line(kind: str, label: str, cells: Sequence[int]) -> Line:
    a, b, c, d, e = cells
    return Line(kind, label, (a, b, c, d, e))


ROWS = tuple(_line("row", f"row {r + 1}", [SIZE * r + c for c in range(SIZE)]) for r in range(SIZE))
COLUMN_LINES = tuple(
    _line("column", f"column {COLUMNS[c]}", [SIZE * r + c for r in range(SIZE)])
    for c in range(SIZE)
)
DIAGONALS = (
    _line("diagonal", "diagonal a1-e5", [SIZE * i + i for i in range(SIZE)]),
    _line("diagonal", "diagonal a5-e1", [SIZE * (SIZE - 1 - i) + i for i in range(SIZE)]),
)
LINES: tuple[Line, ...] = (*ROWS, *COLUMN_LINES, *DIAGONALS)

#: for each cell, the lines through it (2, or 3 on a diagonal, 4 for the centre)
LINES_THROUGH: tuple[tuple[Line, ...], ...] = tuple(
    tuple(line for line in LINES if index in line.cells) for index in range(SIZE * SIZE)
)


def board_string(board: Sequence[int]) -> str:
    """``"AA7A7/2T2K2/5QK57/333J3/4Q4KQ"``: rows top first over ``A23456789TJQK``, ``.`` empty."""
    s = "".join([CHARS[v] for v in board])
    return f"{s[0:5]}/{s[5:10]}/{s[10:15]}/{s[15:20]}/{s[20:25]}"


_CHAR_VALUE = {char: value for value, char in enumerate(CHARS)}


def read_board(text: str) -> tuple[int, ...]:
    """Inverse of :func:`board_string` (``/`` optional, any case); ``ValueError`` if malformed."""
    chars = text.replace("/", "").upper()
    if len(chars) != SIZE * SIZE or any(c not in _CHAR_VALUE for c in chars):
        raise ValueError(f"{text!r} is not a board string of 25 cells over A23456789TJQK and .")
    return tuple(_CHAR_VALUE[c] for c in chars)
