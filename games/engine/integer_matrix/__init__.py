"""The Integer Matrix (2 players or teams): rules engine, MGN records and random games.

Rules: ``docs/rules/integer-matrix.md``. Modules, named as in every engine package (see
``games.engine``): ``board`` (squares, discs, flanking), ``scoring`` (matrix scores, result),
``notation`` (move and setup text), ``rules`` (the game protocol), ``records`` (tags, replay
and the canonical writer), ``random_game`` (seeded random games). The game has no cards: its
discs are defined in ``board``.
"""

from __future__ import annotations

from games.engine.integer_matrix.board import BLANK, Colour, Disc, Move, Piece, square_name
from games.engine.integer_matrix.notation import format_move
from games.engine.integer_matrix.random_game import POLICIES, random_game
from games.engine.integer_matrix.records import (
    NAME,
    final_position,
    replay,
    score_sheet,
    write_record,
)
from games.engine.integer_matrix.rules import (
    Options,
    State,
    Turn,
    apply,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    play,
    position,
    scores,
)

__all__ = [
    "BLANK",
    "NAME",
    "POLICIES",
    "Colour",
    "Disc",
    "Move",
    "Options",
    "Piece",
    "State",
    "Turn",
    "apply",
    "final_position",
    "format_move",
    "legal_moves",
    "new_game",
    "outcome",
    "parse_move",
    "play",
    "position",
    "random_game",
    "replay",
    "score_sheet",
    "scores",
    "square_name",
    "write_record",
]
