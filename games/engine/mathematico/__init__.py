"""Mathematico (``docs/rules/mathematico.md``): every player fills a 5x5 board with the same
25 drawn values 1..13, and each row, column and long diagonal scores the best poker-like
combination its five values make.

Modules, named as in every engine package (see ``games.engine``): ``cards`` (values, the
``Deal``), ``board`` (cells, lines, board strings), ``scoring`` (combinations, totals,
per-line breakdown, modes and winners), ``profiles`` (rules profiles and the line keys the
lookup tables use), ``rules`` (the game protocol over immutable states), ``notation`` (tags,
player lines, ``Result``), ``records`` (replay and canonical writing of whole records),
``fast`` (the replay command's lane for whole files), ``paper`` (finished paper boards
checked against the draw and replayed as moves) and ``random_game`` (seeded random games).

The names below are imported from their module on first use (``__getattr__``), so the replay
command's fast lane loads only the modules it needs (``import`` time counts in its speed).
``random_game`` alone is imported at once: a function named like its module must be bound
before anything imports the module ``games.engine.mathematico.random_game`` (which would
otherwise leave the module under that name); the module imports its heavier helpers when a
game is made.
"""

from __future__ import annotations

import importlib
from typing import Any

from games.engine.mathematico.random_game import random_game as random_game

#: module -> the public names it gives the package
_EXPORTS: dict[str, tuple[str, ...]] = {
    "board": ("CELLS", "LINES", "board_string", "read_board"),
    "rules": (
        "Move",
        "Options",
        "State",
        "apply",
        "format_move",
        "legal_moves",
        "new_game",
        "outcome",
        "parse_move",
        "scores",
    ),
    "records": ("NAME", "replay", "replay_stepwise", "write_record"),
    "scoring": (
        "LineScore",
        "Mode",
        "board_total",
        "breakdown",
        "combination",
        "line_points",
        "winners",
    ),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted([*_MODULE_OF, "random_game"])


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
