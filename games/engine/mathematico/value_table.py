"""The learned value of a Mathematico line, and fast greedy play over many boards at once.

Terms: a line's *state* is the multiset of its five cells (values 1..13, 0 for an empty
cell): one of 8,568, numbered in the order of their key (``WEIGHT``: a line's counts of each
value in base 6). Rows and columns use states ``0 .. 8567``, diagonals the same multisets
shifted by ``STATES`` (``8568 .. 17135``), so one array indexes both kinds and a diagonal's
points include its bonus. A board is the states of its 12 lines (``board.LINES`` order). The
*value table* ``values[t, s]`` is the expected final points of a line in state ``s`` when
``t`` more cards are still to be drawn (``t = 0``: the line's points), learned by
``training.py`` and shipped in ``data/value_table.npz``.

Invariants: ``Space.next[s, v]`` is the state after a value ``v`` goes into an empty cell of
a line in state ``s`` (``next[s, 0] == s``); ``Space.points[s]`` is the line's score under
the canonical profile (``scoring.line_points``); :func:`play_greedy` never reads a draw before
it is placed, and places each draw on the empty cell whose lines gain the most value.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from games.engine.mathematico.board import LINES, SIZE
from games.engine.mathematico.scoring import line_points as line_points_of

#: a line's key here is the sum of ``WEIGHT[v]`` over its cells: its counts in base 6, so
#: different multisets have different keys
WEIGHT: tuple[int, ...] = tuple(6**v for v in range(14))
STATES = 8568  # multisets of 5 among empty and 1..13: C(18, 5)
CELL_COUNT = SIZE * SIZE
LINE_COUNT = len(LINES)
HORIZON = CELL_COUNT  # t runs 0 .. 24 (draws still to come after a placement)
DATA = Path(__file__).resolve().parent / "data" / "value_table.npz"

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]


class Space(NamedTuple):
    """The line states: keys, transitions, points, and the board's cell-line incidence."""

    keys: IntArray  # (STATES,) sorted line keys
    next: IntArray  # (2 * STATES, 14) state after adding a value (column 0: unchanged)
    points: FloatArray  # (2 * STATES,) points of a line, diagonal bonus included
    cards: IntArray  # (2 * STATES,) number of cards in the line
    incidence: FloatArray  # (LINE_COUNT, CELL_COUNT): 1 where the line goes through the cell
    through: BoolArray  # (CELL_COUNT, LINE_COUNT): the transposed incidence
    diagonal: IntArray  # (LINE_COUNT,) STATES for a diagonal, 0 for a row or column
    next_flat: IntArray  # ``next`` flattened: ``next_flat[14 * s + v]``
    lines_through: IntArray  # (CELL_COUNT, 4): the lines through a cell, LINE_COUNT as padding


@cache
def space() -> Space:
    """The line states of the canonical profile (a few milliseconds, built once)."""
    weight = np.array(WEIGHT, dtype=np.int64)
    multisets = list(combinations_with_replacement(range(len(WEIGHT)), 5))
    keys_unsorted = weight[np.array(multisets)].sum(axis=1)
    order = np.argsort(keys_unsorted, kind="stable")
    keys = keys_unsorted[order]
    cards = np.array([5 - m.count(0) for m in multisets], dtype=np.int64)[order]
    after = keys[:, None] + weight[None, :] - weight[0]  # an empty cell takes the value
    index = np.searchsorted(keys, after).clip(0, STATES - 1)
    nxt = np.where((keys[index] == after) & (cards[:, None] < 5), index, np.arange(STATES)[:, None])
    nxt[:, 0] = np.arange(STATES)
    line_points = _points(np.stack([(keys // w) % 6 for w in WEIGHT], axis=1))
    bonus = line_points_of((7, 7, 0, 0, 0), diagonal=True) - line_points_of((7, 7, 0, 0, 0))
    diagonal_points = np.where(line_points > 0, line_points + bonus, 0).astype(np.float32)
    incidence = np.zeros((LINE_COUNT, CELL_COUNT), dtype=np.float32)
    for number, line in enumerate(LINES):
        incidence[number, list(line.cells)] = 1.0
    diagonal = np.array([STATES if line.kind == "diagonal" else 0 for line in LINES])
    through = np.full((CELL_COUNT, 4), LINE_COUNT, dtype=np.int64)
    for cell in range(CELL_COUNT):
        numbers = [n for n, line in enumerate(LINES) if cell in line.cells]
        through[cell, : len(numbers)] = numbers
    both = np.concatenate([nxt, nxt + STATES]).astype(np.int64)
    return Space(
        keys,
        both,
        np.concatenate([line_points, diagonal_points]),
        np.concatenate([cards, cards]),
        incidence,
        incidence.T > 0,
        diagonal.astype(np.int64),
        both.reshape(-1),
        through,
    )


def _points(counts: IntArray) -> FloatArray:
    """Points of lines given as counts of each value (column 0: empty cells), the checks of
    ``scoring.combination`` in its order; each combination's points read from ``scoring``
    (a test compares every state with ``scoring.line_points``)."""
    values = counts[:, 1:]
    top = np.sort(values, axis=1)[:, ::-1]
    held = values > 0
    low = held.argmax(axis=1)
    high = 12 - held[:, ::-1].argmax(axis=1)
    cards = values.sum(axis=1)
    ones, thirteens = values[:, 0], values[:, 12]
    royal = (ones == 1) & (values[:, 9:].min(axis=1) == 1) & (cards == 5)
    checks = [
        (ones >= 4, (1, 1, 1, 1, 0)),
        (top[:, 0] >= 4, (7, 7, 7, 7, 0)),
        (royal, (1, 10, 11, 12, 13)),
        ((ones == 3) & (thirteens == 2), (1, 1, 1, 13, 13)),
        ((top[:, 0] == 3) & (top[:, 1] == 2), (7, 7, 7, 8, 8)),
        ((cards == 5) & (top[:, 0] == 1) & (high - low == 4), (3, 4, 5, 6, 7)),
        (top[:, 0] == 3, (7, 7, 7, 0, 0)),
        ((top[:, 0] == 2) & (top[:, 1] == 2), (7, 7, 8, 8, 0)),
        (top[:, 0] == 2, (7, 7, 0, 0, 0)),
    ]
    points = np.select(
        [check for check, _ in checks], [line_points_of(sample) for _, sample in checks], 0
    )
    return points.astype(np.float32)


def line_states(boards: npt.ArrayLike) -> IntArray:
    """States (``(..., 12)``) of the lines of boards given as ``(..., 25)`` values, 0 = empty."""
    sp = space()
    cells = np.asarray(boards, dtype=np.int64)
    weight = np.array(WEIGHT, dtype=np.int64)[cells]
    keys = weight @ sp.incidence.T.astype(np.int64)
    return np.searchsorted(sp.keys, keys).astype(np.int64) + sp.diagonal


def totals(states: IntArray) -> FloatArray:
    """Board totals from line states (``(..., 12)`` -> ``(...)``)."""
    result: FloatArray = space().points[states].sum(axis=-1)
    return result


def gains(table: FloatArray, states: IntArray, draw: IntArray) -> tuple[FloatArray, IntArray]:
    """How much each cell's placement of ``draw`` (``(G, 1)``) raises the value of ``G``
    boards in line ``states`` (``(G, 12)``), by ``table`` (``values[t]``), and the states after
    the draw on each line. No BLAS: the sums run in a fixed order on one thread."""
    sp = space()
    after = np.take(sp.next_flat, states * 14 + draw)
    change = np.zeros((states.shape[0], LINE_COUNT + 1), dtype=np.float32)
    np.subtract(np.take(table, after), np.take(table, states), out=change[:, :LINE_COUNT])
    total = change[:, sp.lines_through[:, 0]]
    for column in range(1, sp.lines_through.shape[1]):
        total += change[:, sp.lines_through[:, column]]
    return total, after


def play_greedy(
    values: FloatArray, states: IntArray, empty: BoolArray, draws: IntArray
) -> IntArray:
    """Play ``draws`` (``(G, T)``) on ``G`` boards (``states (G, 12)``, ``empty (G, 25)``),
    each draw on the empty cell with the best gain in ``values``; returns the final states.

    The boards must have exactly ``T`` empty cells; ``states`` is updated in place.
    """
    sp = space()
    rows = np.arange(states.shape[0])
    penalty = np.where(empty, 0.0, -np.inf).astype(np.float32)
    steps = draws.shape[1]
    for step in range(steps):
        total, after = gains(values[steps - 1 - step], states, draws[:, step, None])
        total += penalty
        cell = total.argmax(axis=1)
        penalty[rows, cell] = -np.inf
        np.copyto(states, after, where=np.take(sp.through, cell, axis=0))
    return states


def save(path: Path | str, arrays: dict[str, npt.NDArray[np.generic]]) -> None:
    """Write an ``.npz`` whose bytes depend on the arrays only (no time stamps)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(arrays):
            data = io.BytesIO()
            np.lib.format.write_array(data, np.ascontiguousarray(arrays[name]), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data.getvalue(), compresslevel=9)
    Path(path).write_bytes(buffer.getvalue())


class Table(NamedTuple):
    """A loaded value table: ``values[t]`` over the ``2 * STATES`` line states."""

    values: FloatArray  # (HORIZON, 2 * STATES) float32

    def board_value(self, states: Sequence[int] | IntArray, remaining: int) -> float:
        """Expected final total of a board with these line states and draws still to come."""
        return float(self.values[remaining][np.asarray(states)].sum())


@cache
def load(path: Path | str = DATA) -> Table:
    """The value table shipped with the engine (or another ``.npz`` written by training)."""
    with np.load(path, allow_pickle=False) as data:
        values = np.asarray(data["values"], dtype=np.float32)
    expected = (HORIZON, 2 * STATES)
    if values.shape != expected:
        raise ValueError(f"{path}: value table of shape {values.shape}, expected {expected}")
    values.setflags(write=False)
    return Table(values)
