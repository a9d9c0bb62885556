"""MatriO: four players, a matrix-product scoring board (rules: ``docs/rules/matrio.md``).

The engine protocol (see ``games.engine.core``) plus the record layer and a random-game
generator. Modules, named as in every engine package (see ``games.engine``): ``cards`` (deck,
values), ``board`` (trays, cells, scores), ``rules`` (the protocol: legality, markers,
withdrawal, end, scores), ``notation`` (move tokens), ``records`` (tags, replay, canonical
writer), ``fast`` (the replay path for whole records), ``random_game`` (seeded random games).
"""

from __future__ import annotations

from games.engine.matrio.notation import parse_token
from games.engine.matrio.random_game import random_game
from games.engine.matrio.records import NAME, moves_of, play, replay, write_record
from games.engine.matrio.rules import (
    SEATS,
    Move,
    Options,
    State,
    apply,
    format_move,
    is_over,
    legal_moves,
    legal_trays,
    new_game,
    outcome,
    scores,
)

__all__ = [
    "NAME",
    "SEATS",
    "Move",
    "Options",
    "State",
    "apply",
    "format_move",
    "is_over",
    "legal_moves",
    "legal_trays",
    "moves_of",
    "new_game",
    "outcome",
    "parse_move",
    "parse_token",
    "play",
    "random_game",
    "replay",
    "scores",
    "write_record",
]


def parse_move(state: State, token: str) -> Move:
    """The move a token names (``+`` marks are checked by the record layer, not here)."""
    del state  # a MatriO token names its card and tray fully
    return parse_token(token)[0]
