"""Where to put the drawn value: a Monte Carlo move advisor for Mathematico.

Terms: a *position* is a board (25 values indexed row by row, ``0`` = empty, as in
``board.py``; or a board string) and the value just drawn. The *unseen cards* are the deck
(four of each value) minus the values on the board and the drawn one: the only thing the
advisor knows about the future. A *future* is a random order of the unseen cards, of which
the first ``t`` (the empty cells left after this placement) will be drawn.

How: every empty cell is a *candidate* (cells whose boards are the same up to a symmetry of
the lines are one candidate). Batches of futures are sampled; each candidate is played out
on the SAME futures (common random numbers) by the greedy policy of the learned line values
(``value_table``), and a candidate is dropped once it is clearly worse than the best on the
futures they share. When the time is up the best mean wins; its mean is the expected final
score. With one empty cell the exact final score is given; without time for one batch (or
with a single candidate) the line values alone decide and give the expected score.

Invariants: :func:`advise` reads only the board, the value and its own random numbers (never a
deck order); given an ``rng`` and ``samples`` (a fixed number of futures instead of a time
budget) its answer is a function of its arguments; the cell it names is empty.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Sequence
from functools import cache
from itertools import product
from typing import NamedTuple

import numpy as np

from games.engine.mathematico.board import CELLS, SIZE, read_board
from games.engine.mathematico.cards import CHARS, COPIES, VALUES
from games.engine.mathematico.value_table import (
    CELL_COUNT,
    IntArray,
    Table,
    gains,
    line_states,
    load,
    play_greedy,
    space,
)

DECK_SIZE = COPIES * len(VALUES)
_MARGIN = 0.8  # share of the time budget the search may plan to use
_SLICE = 0.012  # seconds: the longest batch planned
_FIRST_BATCH = 8  # futures in the first (timed) batch
_FIXED_BATCH = 32  # futures per batch when ``samples`` is given
_MAX_GAMES = 3072  # games played together (more run slower per game: caches)
_PRUNE_AFTER = 24  # futures shared with the best before a candidate may be dropped
_PRUNE_Z = 3.0  # standard errors below the best to drop a candidate


class Advice(NamedTuple):
    """The advised ``cell`` (``"c3"``), the expected final total, and the futures played."""

    cell: str
    expected: float
    futures: int


class PositionError(ValueError):
    """A position that cannot occur in a game; the message says why, for a club member."""


def check_position(board: Sequence[int] | str, value: int) -> tuple[int, ...]:
    """The board as 25 ints, or :class:`PositionError` saying what is wrong."""
    if isinstance(board, str):
        try:
            cells = read_board(board)
        except ValueError:
            raise PositionError(
                f"the board {board!r} is not 5 rows of 5 cells written with "
                "A23456789TJQK and . for an empty cell, rows joined by /"
            ) from None
    else:
        cells = tuple(int(v) for v in board)
        if len(cells) != CELL_COUNT or any(not 0 <= v <= len(VALUES) for v in cells):
            raise PositionError("a board is 25 values from 0 (empty) to 13")
    if not isinstance(value, int) or not 1 <= value <= len(VALUES):
        raise PositionError(f"the drawn value must be 1 to 13, not {value!r}")
    if 0 not in cells:
        raise PositionError("the board is full: there is no cell left for the drawn value")
    for v in VALUES:
        held = cells.count(v)
        name = f"{v}" if CHARS[v] == str(v) else f"{CHARS[v]} ({v})"
        if held > COPIES:
            raise PositionError(
                f"the board holds {held} cards of {name}, but the deck has only {COPIES} "
                "of each value"
            )
        if v == value and held == COPIES:
            raise PositionError(
                f"the board already holds all {COPIES} cards of {name}, so {name} "
                "cannot be the drawn value"
            )
    return cells


def unseen_cards(board: Sequence[int], value: int) -> IntArray:
    """The unseen cards (sorted): the deck minus the board's values and the drawn one."""
    left = [COPIES - board.count(v) - (v == value) for v in VALUES]
    return np.repeat(np.array(VALUES, dtype=np.int64), left)


@cache
def symmetries() -> IntArray:
    """``(32, 25)`` cell permutations that map the 12 lines onto themselves."""
    n = SIZE - 1
    orders: list[tuple[int, ...]] = []
    for swap, flip_outer, flip_inner in product((False, True), repeat=3):
        outer, inner = (1, 0) if swap else (0, 1)
        order = [0] * SIZE
        order[2] = 2
        for source, target, flip in ((0, outer, flip_outer), (1, inner, flip_inner)):
            order[source], order[n - source] = (
                (n - target, target) if flip else (target, n - target)
            )
        orders.append(tuple(order))
    perms = []
    for sigma in orders:
        for tau in (sigma, tuple(n - s for s in sigma)):
            for transpose in (False, True):
                perm = [0] * CELL_COUNT
                for r, c in product(range(SIZE), repeat=2):
                    rr, cc = (sigma[c], tau[r]) if transpose else (sigma[r], tau[c])
                    perm[SIZE * rr + cc] = SIZE * r + c
                perms.append(perm)
    return np.array(perms, dtype=np.int64)


def distinct_cells(board: Sequence[int], value: int) -> list[int]:
    """The empty cells, one per class of placements equal up to a symmetry of the lines."""
    empty = [i for i, v in enumerate(board) if not v]
    placed = np.tile(np.asarray(board, dtype=np.int8), (len(empty), 1))
    placed[np.arange(len(empty)), empty] = value
    variants = placed[:, symmetries()]  # (cells, 32, 25)
    seen: set[bytes] = set()
    kept = []
    for cell, boards in zip(empty, variants, strict=True):
        canonical = min(row.tobytes() for row in boards)
        if canonical not in seen:
            seen.add(canonical)
            kept.append(cell)
    return kept


def _generator(rng: np.random.Generator | random.Random | int | None) -> np.random.Generator:
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, random.Random):
        return np.random.default_rng(rng.getrandbits(64))
    if isinstance(rng, int):
        return np.random.default_rng(rng)
    return np.random.default_rng(secrets.randbits(64))


def table_choice(board: Sequence[int], value: int, table: Table | None = None) -> Advice:
    """The line values' own choice (greedy, under a millisecond) and its expected total."""
    cells = check_position(board, value)
    table = table or load()
    sp = space()
    states = line_states(cells)
    empty = [i for i, v in enumerate(cells) if not v]
    remaining = len(empty) - 1
    gain, after = gains(table.values[remaining], states[None, :], np.array([[value]]))
    cell = max(empty, key=lambda i: (float(gain[0, i]), -i))
    after = after[0]
    new = np.where(sp.through[cell], after, states)
    return Advice(CELLS[cell], table.board_value(new, remaining), 0)


def advise(
    board: Sequence[int] | str,
    value: int,
    *,
    ms: float | None = 50,
    rng: np.random.Generator | random.Random | int | None = None,
    samples: int | None = None,
    table: Table | None = None,
) -> Advice:
    """The advised cell for ``value`` on ``board`` and the expected final total.

    ``ms`` bounds the thinking time (the best answer found so far is given when it runs
    out); ``samples`` instead plays exactly that many futures (deterministic with ``rng``).
    ``PositionError`` when the position cannot occur.
    """
    started = time.perf_counter()
    deadline = started + (ms or 0) / 1000 * _MARGIN
    cells = check_position(board, value)
    table = table or load()
    fallback = table_choice(cells, value, table)
    empty_count = cells.count(0)
    remaining = empty_count - 1
    if remaining == 0:
        total = float(space().points[line_states(_placed(cells, cells.index(0), value))].sum())
        return Advice(fallback.cell, total, 0)
    candidates = distinct_cells(cells, value)
    if len(candidates) == 1 and samples is None:
        return fallback
    generator = _generator(rng)
    deck = unseen_cards(cells, value)
    sp = space()
    start_states = np.stack([line_states(_placed(cells, c, value)) for c in candidates])
    start_empty = np.array([[not v for v in _placed(cells, c, value)] for c in candidates])
    scores: list[list[IntArray]] = [[] for _ in candidates]  # per candidate, per batch
    active = list(range(len(candidates)))
    played = 0
    cost = 0.0  # seconds per (game x step), measured
    while True:
        if samples is not None:
            batch = min(_FIXED_BATCH, samples - played)
            if batch <= 0:
                break
        else:
            now = time.perf_counter()
            if cost == 0.0:
                batch = _FIRST_BATCH
            else:
                left = deadline - now
                aim = min(left / 3, _SLICE)  # small batches: a stall costs less overshoot
                batch = int(aim / (cost * len(active) * remaining))
                if batch < 4:
                    break
                batch = min(batch, max(4, _MAX_GAMES // len(active)))
            if now + cost * batch * len(active) * remaining > deadline:
                break
        futures = generator.permuted(np.tile(deck, (batch, 1)), axis=1)[:, :remaining]
        chosen = np.array(active)
        games = len(chosen) * batch
        tick = time.perf_counter()
        states = np.repeat(start_states[chosen], batch, axis=0)
        empty = np.repeat(start_empty[chosen], batch, axis=0)
        final = play_greedy(table.values, states, empty, np.tile(futures, (len(chosen), 1)))
        totals = sp.points[final].sum(axis=1).reshape(len(chosen), batch)
        cost = (time.perf_counter() - tick) / (games * remaining)  # falls as batches grow
        for row, candidate in enumerate(active):
            scores[candidate].append(totals[row])
        played += batch
        active = _prune(active, scores)
    if played == 0:
        return fallback
    means = {c: float(np.concatenate(scores[c]).mean()) for c in active}
    best = max(active, key=lambda c: (means[c], -candidates[c]))
    return Advice(CELLS[candidates[best]], means[best], played)


def _placed(board: Sequence[int], cell: int, value: int) -> tuple[int, ...]:
    return (*board[:cell], value, *board[cell + 1 :])


def _prune(active: list[int], scores: list[list[IntArray]]) -> list[int]:
    """Drop the candidates clearly worse than the best on the futures they share."""
    if len(active) < 2:
        return active
    played = {c: np.concatenate(scores[c]) for c in active}
    best = max(active, key=lambda c: float(played[c].mean()))
    if len(played[best]) < _PRUNE_AFTER:
        return active
    kept = []
    for c in active:
        if c == best:
            kept.append(c)
            continue
        diff = played[c] - played[best]
        se = float(diff.std(ddof=1)) / np.sqrt(len(diff)) if len(diff) > 1 else 0.0
        if float(diff.mean()) + _PRUNE_Z * se >= 0:
            kept.append(c)
    return kept
