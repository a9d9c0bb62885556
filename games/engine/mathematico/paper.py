"""Finished paper boards: checking a whole board against the draw and replaying it as moves.

Terms: a *paper board* is the 25 values a player wrote on paper, row by row, top row first
(the board index of ``board.py``), every cell filled. It *matches* a draw when it holds the
same multiset of values: the order in which the values were placed is not on the paper and is
not needed to score it.

Invariants: :func:`mismatch` is empty exactly when the board matches the draw;
:func:`placements` gives, for a matching board, the cell of each drawn value in draw order
(equal values take their cells in board order), so replaying those moves with ``rules.apply``
fills the very board written on paper.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import NamedTuple

from games.engine.mathematico.board import CELLS
from games.engine.mathematico.cards import DEAL_SIZE, VALUES


class Difference(NamedTuple):
    """One value held a different number of times on the board than in the draw."""

    value: int
    on_board: int
    in_draw: int


def mismatch(board: Sequence[int], draw: Sequence[int]) -> tuple[Difference, ...]:
    """The values the board holds a different number of times than the draw, by value.

    Values outside 1..13 (an empty cell is 0) count as values the draw never has."""
    held, drawn = Counter(board), Counter(draw)
    return tuple(
        Difference(value, held[value], drawn[value])
        for value in sorted(held.keys() | drawn.keys())
        if held[value] != drawn[value]
    )


def is_full_board(board: Sequence[int]) -> bool:
    """25 values, each 1 to 13."""
    return len(board) == DEAL_SIZE and all(value in VALUES for value in board)


def placements(board: Sequence[int], draw: Sequence[int]) -> tuple[str, ...]:
    """The cell names where the board holds each drawn value, in draw order.

    ``ValueError`` unless the board matches the draw."""
    if len(board) != DEAL_SIZE or mismatch(board, draw):
        raise ValueError("the board does not hold the values of the draw")
    cells: dict[int, list[str]] = defaultdict(list)
    for index in reversed(range(DEAL_SIZE)):
        cells[board[index]].append(CELLS[index])
    return tuple(cells[value].pop() for value in draw)


def play_order(boards: Sequence[Sequence[int]], draw: Sequence[int]) -> tuple[str, ...]:
    """The moves of a whole game from its finished boards (seat order): card by card, each
    player's cell for it in seat order — the tokens a live game records for an upfront deal."""
    per_player = [placements(board, draw) for board in boards]
    return tuple(cells[card] for card in range(DEAL_SIZE) for cells in per_player)
