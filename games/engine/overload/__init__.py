"""MATR1X 0VERL0AD, the solitaire (``docs/rules/matrix-overload.md``, ``docs/records.md`` §4).

The package follows the engine protocol of ``games.engine.core``: ``new_game``,
``legal_moves``, ``apply``, ``outcome``, ``scores``, ``parse_move``, ``format_move``, plus
``replay`` and ``write_record`` for MGN records and ``random_game`` for seeded bot games.
Modules, named as in every engine package (see ``games.engine``): ``cards`` (codes, values),
``board`` (piles, slots, firing lines), ``rules`` (state, choices, ``apply``, outcome and
scores), ``notation`` (tokens and tags), ``records`` (the start position from the tags,
replay, canonical writer), ``explain`` (refusal sentences), ``random_game`` (seeded bot
players and their games), ``summary`` (what the site shows).
"""

from __future__ import annotations

from games.engine.overload.notation import format_move, parse_move
from games.engine.overload.position import Move, State, placements
from games.engine.overload.random_game import POLICIES, random_game
from games.engine.overload.records import NAME, judge, new_game, replay, write_record
from games.engine.overload.rules import apply, legal_moves, outcome, scores
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
