"""Mathematico: every player fills a 5x5 board with the same 25 drawn values 1..13.

The package's modules, by subject: ``cards`` (values, the Deal), ``board`` (cells and lines),
``scoring`` (combinations, totals, per-line breakdown, modes and winners), ``game`` (the
protocol over immutable states), ``notation`` (tags, player lines, Result), ``judge`` (replay
and canonical writing of whole records) and ``play`` (seeded random games).
"""

from __future__ import annotations

from games.engine.mathematico.board import CELLS, LINES, board_string, read_board
from games.engine.mathematico.game import (
    Move,
    Options,
    State,
    apply,
    format_move,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    scores,
)
from games.engine.mathematico.judge import NAME, replay, replay_stepwise, write_record
from games.engine.mathematico.play import random_game
from games.engine.mathematico.scoring import (
    LineScore,
    Mode,
    board_total,
    breakdown,
    combination,
    line_points,
    winners,
)

__all__ = [
    "CELLS",
    "LINES",
    "NAME",
    "LineScore",
    "Mode",
    "Move",
    "Options",
    "State",
    "apply",
    "board_string",
    "board_total",
    "breakdown",
    "combination",
    "format_move",
    "legal_moves",
    "line_points",
    "new_game",
    "outcome",
    "parse_move",
    "random_game",
    "read_board",
    "replay",
    "replay_stepwise",
    "scores",
    "winners",
    "write_record",
]
