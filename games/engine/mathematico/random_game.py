"""Seeded random Mathematico games, for tests, demo data and benchmarks.

Terms: a *policy* chooses where each player puts each drawn value: ``random`` picks an empty
cell uniformly, ``greedy`` picks the empty cell that raises the player's total the most right
now (ties broken at random).

Invariants: ``random_game(seed, policy)`` is a function of its arguments (same seed, same
text); the game is legal and complete, and the text is canonical MGN (``write_record`` of it
gives it back unchanged).

The package imports this module at once (see ``__init__``), and the replay command's fast lane
imports the package: so ``random``, ``scoring`` and ``records`` are imported when a game is
made, not here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.mathematico.board import CELLS, LINES_THROUGH
from games.engine.mathematico.cards import COPIES, DEAL_SIZE, VALUES, deal_text
from games.engine.mathematico.profiles import WEIGHT
from games.engine.record import read_records

if TYPE_CHECKING:
    import random

    from games.engine.mathematico.scoring import Tables

POLICIES = ("random", "greedy")
PLAYER_NAMES = ("Ada", "Bo", "Cyril", "Dana Smith")


def _gain(points: Tables, board: list[int], cell: int, value: int) -> int:
    """How much placing ``value`` on the empty ``cell`` raises the board's total."""
    line_table, diagonal_table = points
    gain = 0
    for line in LINES_THROUGH[cell]:
        table = diagonal_table if line.kind == "diagonal" else line_table
        key = sum(WEIGHT[board[i]] for i in line.cells)
        gain += table[key - WEIGHT[0] + WEIGHT[value]] - table[key]
    return gain


def _choose(rng: random.Random, points: Tables, policy: str, board: list[int], value: int) -> int:
    free = [i for i, v in enumerate(board) if not v]
    if policy == "random":
        return rng.choice(free)
    gains = [_gain(points, board, cell, value) for cell in free]
    best = max(gains)
    return rng.choice([cell for cell, gain in zip(free, gains, strict=True) if gain == best])


def random_game(seed: int, policy: str = "random") -> str:
    """A seeded random legal complete game with 1-4 players, as canonical MGN text."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: use one of {', '.join(POLICIES)}")
    import random

    from games.engine.mathematico.records import write_record
    from games.engine.mathematico.scoring import tables

    points = tables()
    rng = random.Random(seed)
    deck = [value for value in VALUES for _ in range(COPIES)]
    deal = rng.sample(deck, DEAL_SIZE)
    players = PLAYER_NAMES[: rng.randint(1, len(PLAYER_NAMES))]
    lines = []
    for name in players:
        board = [0] * len(CELLS)
        cells = []
        for value in deal:
            cell = _choose(rng, points, policy, board, value)
            board[cell] = value
            cells.append(CELLS[cell])
        lines.append(f"{name}: {' '.join(cells)}")
    text = (
        f'[Game "mathematico"]\n[Event "random game {seed} ({policy})"]\n'
        f'[Deal "{deal_text(deal)}"]\n\n' + "\n".join(lines) + "\n"
    )
    return write_record(read_records(text)[0])
