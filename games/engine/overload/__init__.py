"""MATR1X 0VERL0AD, the solitaire (``spec/rules/matrix-overload.md``, ``records.md`` §4).

The package follows the engine protocol of ``games.engine.core``: ``new_game``,
``legal_moves``, ``apply``, ``outcome``, ``scores``, ``parse_move``, ``format_move``, plus
``replay`` and ``write_record`` for MGN records and ``random_game`` for seeded bot games.
Modules: ``cards`` (codes, values), ``board`` (piles, slots, firing lines), ``rules`` (state
and choices), ``notation`` (tokens and tags), ``explain`` (refusal sentences), ``game``
(protocol and replay), ``bots`` (seeded players), ``summary`` (what the site shows).
"""

from __future__ import annotations

from games.engine.overload.bots import POLICIES, random_game
from games.engine.overload.game import (
    NAME,
    apply,
    judge,
    new_game,
    outcome,
    replay,
    scores,
    write_record,
)
from games.engine.overload.notation import format_move, parse_move
from games.engine.overload.rules import Move, State, legal_moves, placements
from games.engine.overload.summary import history, picture, table

__all__ = [
    "NAME",
    "POLICIES",
    "Move",
    "State",
    "apply",
    "format_move",
    "history",
    "judge",
    "legal_moves",
    "new_game",
    "outcome",
    "parse_move",
    "picture",
    "placements",
    "random_game",
    "replay",
    "scores",
    "table",
    "write_record",
]
